/**
 * Entries through applyCommand with injected time: registration and late registration,
 * PPN r27 re-entries, TDA 2017 r7 forfeits, IP r16 late stacks, rebuys and add-ons.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { brk, entry, errorCode, field, lv, MIN, players, run, runAll, T0, tick, tournament, withPlayers } from './helpers.js';

describe('registration and late registration', () => {
  it('counts entries, unique players, chips and the average stack', () => {
    const s = withPlayers(tournament(), 3);
    const f = field(s);
    assert.deepEqual([f.playersLeft, f.entries, f.uniquePlayers], [3, 3, 3]);
    assert.equal(f.totalChips, 60_000);
    assert.equal(f.avgStack, 20_000);
    assert.equal(f.avgStackBB, 400, '20,000 at 25/50 is 400 big blinds');
    assert.equal(f.prizePool, 3_000, 'the buy-in goes to the pool, the fee to the house');
    assert.equal(players(s).entries[0]!.name, 'P1');
  });

  it('stays open until the end of lateRegistrationLevel and closes by itself (derived from the clock)', () => {
    let s = run(withPlayers(tournament(), 1), { type: 'clock.start' }).state;
    assert.equal(field(s).lateRegistration.untilIndex, 1, 'closes at the end of level 2 (index 1)');
    s = run(s, { type: 'entry.add', name: 'Late' }, T0 + 39 * MIN).state;
    assert.equal(field(s).entries, 2);
    assert.equal(errorCode(() => run(s, { type: 'entry.add', name: 'Too late' }, T0 + 40 * MIN)), 'registration-closed');
  });

  it('without late registration, closes when the clock starts', () => {
    const s = run(tournament({ settings: { lateRegistrationLevel: null } }), { type: 'clock.start' }).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.add', name: 'X' }, T0 + 1)), 'registration-closed');
  });
});

describe('re-entries (PPN r27: one re-entry, up to and including the first break)', () => {
  const ppn = () => run(withPlayers(tournament({ preset: 'ppn-2024', settings: { lateRegistrationLevel: 1 } }), 3), { type: 'clock.start' }).state;

  it('allows one re-entry during the first break, not a second one', () => {
    let s = run(ppn(), { type: 'entry.bust', entryIds: ['e1'] }, T0 + 10 * MIN).state;
    // Late registration (level 1) is over, but the re-entry window runs through the break.
    s = run(s, { type: 'entry.reenter', playerId: 'p1' }, T0 + 45 * MIN).state;
    assert.equal(entry(s, 'e4').playerId, 'p1');
    assert.equal(entry(s, 'e4').n, 2);
    assert.deepEqual([field(s).entries, field(s).uniquePlayers, field(s).reentries], [4, 3, 1]);
    s = run(s, { type: 'entry.bust', entryIds: ['e4'] }, T0 + 46 * MIN).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.reenter', playerId: 'p1' }, T0 + 47 * MIN)), 'reentry-limit-reached');
  });

  it('refuses a re-entry after the first break and while the player is in play', () => {
    const s = run(ppn(), { type: 'entry.bust', entryIds: ['e1'] }, T0 + 10 * MIN).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.reenter', playerId: 'p1' }, T0 + 50 * MIN)), 'reentry-window-closed');
    assert.equal(errorCode(() => run(s, { type: 'entry.reenter', playerId: 'p2' }, T0 + 20 * MIN)), 'player-still-in-play');
    assert.equal(errorCode(() => run(s, { type: 'entry.reenter', playerId: 'nobody' }, T0 + 20 * MIN)), 'unknown-player');
  });

  it('TDA 2017 r7: a forfeited stack leaves play (TDA 2015 preset; PPN r27 allows no forfeit)', () => {
    let s = run(withPlayers(tournament({ preset: 'tda-2015-munkebjerg', settings: { lateRegistrationLevel: 1 } }), 3), { type: 'clock.start' }).state;
    s = run(s, { type: 'chips.set', entryId: 'e2', chips: 3_000 }, T0 + 10 * MIN).state;
    s = run(s, { type: 'entry.reenter', playerId: 'p2', forfeit: true }, T0 + 11 * MIN).state;
    assert.equal(entry(s, 'e2').out, 'forfeit');
    assert.equal(entry(s, 'e2').place, undefined, 'a forfeit takes no place');
    assert.equal(field(s).totalChips, 80_000 - 3_000);
    assert.equal(field(s).playersLeft, 3);
  });
});

describe('IP 2008 r16: late stacks', () => {
  it('removes one small + big blind per missed 20 minutes, plus a round of antes when antes were in play', () => {
    const structure = [lv(25, 50), lv(50, 100, 20, 10, 'ante'), lv(100, 200, 20, 25, 'ante')];
    let s = run(withPlayers(tournament({ preset: 'ip-2008', structure, settings: { lateRegistrationLevel: 3 } }), 1), { type: 'clock.start' }).state;
    // 45 minutes in: two complete periods missed, at 25/50 and at 50/100 with a 10 ante (9 seats).
    const out = run(s, { type: 'entry.add', name: 'Late' }, T0 + 45 * MIN);
    s = out.state;
    const removed = 75 + (150 + 9 * 10);
    assert.equal(entry(s, 'e2').stack, 20_000 - removed);
    assert.equal(field(s).totalChips, 40_000 - removed, 'the removed chips leave play');
  });

  it('gives a full stack under the other presets (TDA 2017 r7)', () => {
    let s = run(withPlayers(tournament(), 1), { type: 'clock.start' }).state;
    s = run(s, { type: 'entry.add', name: 'Late' }, T0 + 30 * MIN).state;
    assert.equal(entry(s, 'e2').stack, 20_000);
  });
});

describe('rebuys and add-ons', () => {
  const settings = {
    rebuy: { price: 1_000, fee: 0, chips: 10_000, fromIndex: 0, untilIndex: 1, max: 2 },
    addon: { price: 500, fee: 0, chips: 15_000, fromIndex: 2, untilIndex: 2 },
  };
  it('sells them in their periods only, with their own chips and price', () => {
    let s = run(withPlayers(tournament({ settings }), 2), { type: 'clock.start' }).state;
    s = runAll(s, [{ type: 'entry.rebuy', entryId: 'e1' }, { type: 'entry.rebuy', entryId: 'e1' }], T0 + 5 * MIN);
    assert.equal(errorCode(() => run(s, { type: 'entry.rebuy', entryId: 'e1' }, T0 + 6 * MIN)), 'rebuy-limit-reached');
    assert.equal(errorCode(() => run(s, { type: 'entry.addon', entryId: 'e1' }, T0 + 6 * MIN)), 'addon-closed');
    s = run(s, { type: 'entry.addon', entryId: 'e2' }, T0 + 41 * MIN).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.addon', entryId: 'e2' }, T0 + 42 * MIN)), 'addon-limit-reached');
    assert.equal(errorCode(() => run(s, { type: 'entry.rebuy', entryId: 'e2' }, T0 + 42 * MIN)), 'rebuy-closed');
    const f = field(s);
    assert.equal(f.totalChips, 40_000 + 20_000 + 15_000);
    assert.equal(f.prizePool, 2_000 + 2_000 + 500);
    assert.deepEqual([f.rebuys, f.addons], [2, 1]);
  });
});

describe('chips', () => {
  it('refuses negative or fractional chips and entries not in play, changing nothing', () => {
    const s = withPlayers(tournament(), 2);
    assert.equal(errorCode(() => run(s, { type: 'chips.set', entryId: 'e1', chips: -5 })), 'invalid-command');
    assert.equal(errorCode(() => run(s, { type: 'chips.set', entryId: 'e1', chips: 10.5 })), 'invalid-command');
    assert.equal(errorCode(() => run(s, { type: 'chips.set', entryId: 'e9', chips: 10 })), 'unknown-entry');
    const after = run(s, { type: 'chips.set', entryId: 'e1', chips: 31_000 }).state;
    assert.equal(entry(after, 'e1').chips, 31_000);
    assert.equal(field(after).totalChips, 40_000, 'a count moves chips between players, never in or out of play');
  });

  it('TDA 2017 r24 / PPN r24C: colour-up leftovers 4 x 25 -> 100, 2 x 25 removed', () => {
    const structure = [lv(25, 50), lv(50, 100), brk(10, 25), lv(100, 200)];
    let s = withPlayers(tournament({ structure, settings: { chipSet: [25, 100, 500, 1000] } }), 2);
    s = run(s, { type: 'clock.start' }).state;
    assert.deepEqual(field(s).colorUp, { denomination: 25, breakIndex: 2, now: false });
    s = tick(s, T0 + 41 * MIN);
    assert.equal(field(s).colorUp?.now, true, 'shown at its break');
    const out = run(s, { type: 'chips.colorUp', denomination: 25, leftovers: [{ entryId: 'e1', count: 4 }, { entryId: 'e2', count: 2 }] }, T0 + 42 * MIN);
    const x = (out.result as { exchanges: Array<{ entryId: string; exchanged: number; removedValue: number }> }).exchanges;
    assert.deepEqual(x.map((r) => [r.entryId, r.exchanged, r.removedValue]), [['e1', 1, 0], ['e2', 0, 50]]);
    assert.equal(field(out.state).totalChips, 40_000 - 50);
    assert.equal(entry(out.state, 'e2').chips, 20_000 - 50);
    assert.equal(field(out.state).colorUp, null);
  });

  it('reports colour-up problems of the chip set (money/colorup.ts)', () => {
    const s = tournament({ structure: [lv(25, 50), brk(10, 25), lv(50, 100), lv(75, 150)] });
    const out = run(s, { type: 'settings.set', chipSet: [25, 100, 500] });
    assert.match((out.result as { chipSetProblems: string[] }).chipSetProblems.join(' '), /still needs it \(IP r37-1\)/);
  });
});
