/**
 * Bust-outs, places and prizes through applyCommand, from the rule books' own examples:
 * TDA 2024 AP 8 (payout rights at the hand-for-hand announcement), both MEC r7 examples,
 * IP r47-5 (same table: fewer chips at the start of the hand finishes lower); hand-for-hand
 * time (AP 8), payouts, deals (IP r8) and penalties (TDA 2017 r71, IP r9).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { allowedRoles } from '../../../server/protocol/roles.js';
import type { TournamentState } from '../../../server/engine/state.js';
import { finishingPlace } from '../../../server/engine/entries/busts.js';
import { entry, errorCode, field, MIN, payouts, players, run, runAll, T0, tournament, withPlayers } from './helpers.js';

/** `n` entries of 1,000 each and a custom ladder paying `paid` places: 500 each below 1st. */
function bubble(n: number, paid: number): TournamentState {
  let s = withPlayers(tournament({ settings: { lateRegistrationLevel: null } }), n);
  const amounts = [n * 1_000 - (paid - 1) * 500, ...new Array<number>(paid - 1).fill(500)];
  s = run(s, { type: 'payouts.set', amounts }).state;
  return s;
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `e${from + i}`);

describe('places and prizes', () => {
  it('a bust who re-enters finishes below every later bust: 4 players + 1 re-entry = places 5..1, each once', () => {
    // e1 busts with 4 in play (place 4); P1 re-enters as e5: 5 entries, e1 was out first -> 5th.
    // Then e2 (4 in play) 4th, e3 3rd, e4 2nd, e5 wins.
    // The place given at the bust stays as given (4th of 4 in play); the finishing place at the
    // end counts the re-entry that came after it (finishingPlace).
    let s = withPlayers(tournament(), 4);
    s = run(s, { type: 'entry.bust', entryIds: ['e1'] }).state;
    assert.equal(entry(s, 'e1').place, 4);
    s = run(s, { type: 'entry.reenter', playerId: 'p1' }).state;
    assert.equal(entry(s, 'e1').place, 4, 'a registration rewrites no bust');
    assert.deepEqual(finishingPlace(entry(s, 'e1'), 5), { place: 5, placeTo: 5 });
    s = runAll(s, [{ type: 'entry.bust', entryIds: ['e2'] }, { type: 'entry.bust', entryIds: ['e3'] }, { type: 'entry.bust', entryIds: ['e4'] }]);
    assert.deepEqual(['e1', 'e2', 'e3', 'e4', 'e5'].map((id) => finishingPlace(entry(s, id), 5)?.place), [5, 4, 3, 2, 1]);
  });

  it('TDA 2024 AP 8: 50 paid, 52 left, 3 bust in the announcement hand -> all 3 share the 50th-place payout', () => {
    let s = run(bubble(52, 50), { type: 'handForHand.start' }).state;
    const out = run(s, { type: 'entry.bust', entryIds: ['e1', 'e2', 'e3'], tables: { e1: 'A', e2: 'B', e3: 'C' } });
    s = out.state;
    for (const id of ['e1', 'e2', 'e3']) assert.deepEqual([entry(s, id).place, entry(s, id).placeTo], [50, 52]);
    assert.deepEqual(['e1', 'e2', 'e3'].map((id) => entry(s, id).prize).sort(), [166, 167, 167], '500 split exactly');
    assert.equal(payouts(s).places[49]!.paid, true);
    assert.equal(payouts(s).source, 'locked');
    assert.deepEqual(out.events.filter((e) => e.type === 'entry.busted').map((e) => (e as { place: number }).place), [50, 50, 50]);
  });

  it('AP 8: without the announcement, busts at different tables across the bubble must be entered one by one', () => {
    const s = bubble(52, 50);
    assert.equal(errorCode(() => run(s, { type: 'entry.bust', entryIds: ['e1', 'e2', 'e3'], tables: { e1: 'A', e2: 'B', e3: 'C' } })), 'hand-for-hand-required');
  });

  it('MEC r7 example 1: 50 left, 49 paid, 2 bust at different tables -> both share 49th', () => {
    let s = run(bubble(50, 49), { type: 'handForHand.start' }).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e1', 'e2'], tables: { e1: 'A', e2: 'B' } }).state;
    assert.deepEqual([entry(s, 'e1').place, entry(s, 'e1').placeTo, entry(s, 'e1').prize, entry(s, 'e2').prize], [49, 50, 250, 250]);
  });

  it('MEC r7 example 2: 50 left, 49 paid, 3 bust (2 at one table, 1 at another) -> the three share 48th + 49th', () => {
    let s = run(bubble(50, 49), { type: 'handForHand.start' }).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e1', 'e2', 'e3'], tables: { e1: 'A', e2: 'A', e3: 'B' }, startChips: { e1: 5_000, e2: 9_000 } }).state;
    assert.deepEqual(['e1', 'e2', 'e3'].map((id) => entry(s, id).place), [48, 48, 48]);
    assert.equal(['e1', 'e2', 'e3'].reduce((sum, id) => sum + entry(s, id).prize!, 0), 1_000);
  });

  it('IP r47-5 / MEC r7: at one table the smaller stack at the start of the hand finishes lower', () => {
    let s = bubble(10, 5);
    s = run(s, { type: 'entry.bust', entryIds: ['e1', 'e2'], tables: { e1: 'A', e2: 'A' }, startChips: { e1: 3_000, e2: 7_000 } }).state;
    assert.deepEqual([entry(s, 'e1').place, entry(s, 'e2').place], [10, 9]);
    assert.equal(errorCode(() => run(bubble(10, 5), { type: 'entry.bust', entryIds: ['e1', 'e2'], tables: { e1: 'A', e2: 'A' } })), 'invalid-busts');
  });

  it('plays down to a winner: every cent of the pool is paid, and the winner gets 1st', () => {
    let s = withPlayers(tournament(), 6);
    for (let i = 1; i <= 5; i++) s = run(s, { type: 'entry.bust', entryIds: [`e${i}`] }, T0 + i).state;
    const total = s.entries.entries.reduce((sum, e) => sum + (e.prize ?? 0), 0);
    assert.equal(total, field(s).prizePool);
    assert.equal(entry(s, 'e6').place, 1);
    assert.deepEqual(field(s).winner, { entryId: 'e6', name: 'P6' });
    assert.equal(errorCode(() => run(s, { type: 'entry.add', name: 'After' })), 'tournament-finished', 'over: no late entry');
  });

  it('refuses busting an entry not in play, changing nothing', () => {
    const s = run(withPlayers(tournament(), 3), { type: 'entry.bust', entryIds: ['e1'] }).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.bust', entryIds: ['e1'] })), 'entry-not-in-play');
    assert.equal(errorCode(() => run(s, { type: 'entry.bust', entryIds: ['e7'] })), 'unknown-entry');
  });

  it('undoes the latest hand: the player is back with his chips and the others move up', () => {
    let s = bubble(10, 5);
    s = run(s, { type: 'chips.set', entryId: 'e3', chips: 12_345 }).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e1', 'e2', 'e3'], tables: { e1: 'A', e2: 'A', e3: 'B' }, startChips: { e1: 100, e2: 200 } }).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.undoBust', entryId: 'e4' })), 'bust-not-latest');
    s = run(s, { type: 'entry.undoBust', entryId: 'e3' }).state;
    assert.equal(entry(s, 'e3').status, 'active');
    assert.equal(entry(s, 'e3').chips, 12_345);
    assert.deepEqual([entry(s, 'e1').place, entry(s, 'e2').place], [10, 9], 'the same-table pair is ranked by chips again');
    assert.deepEqual(players(s).lastBust, ['e1', 'e2']);
  });
});

describe('undoing a bust (the floor\'s most common correction)', () => {
  it('undoing the bust that crowned the winner: both are in play again, nobody holds 1st, no prize is paid', () => {
    let s = withPlayers(tournament(), 3);
    s = run(s, { type: 'entry.bust', entryIds: ['e1'] }, T0 + 1).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e2'] }, T0 + 2).state;
    assert.equal(entry(s, 'e3').place, 1);
    s = run(s, { type: 'entry.undoBust', entryId: 'e2' }, T0 + 3).state;
    assert.deepEqual(['e2', 'e3'].map((id) => [entry(s, id).status, entry(s, id).place, entry(s, id).prize]), [['active', undefined, undefined], ['active', undefined, undefined]]);
    assert.equal(entry(s, 'e1').place, 3, 'the earlier bust keeps his place');
    assert.equal(field(s).playersLeft, 2);
    assert.equal(field(s).winner ?? null, null, 'no winner shown');
  });

  it('is refused once the player has re-entered: the re-entry goes first', () => {
    let s = withPlayers(tournament(), 4);
    s = run(s, { type: 'entry.bust', entryIds: ['e2'] }).state;
    s = run(s, { type: 'entry.reenter', playerId: entry(s, 'e2').playerId }).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.undoBust', entryId: 'e2' })), 'player-reentered');
  });

  it('is refused once someone was disqualified after that hand (he holds a place below it)', () => {
    let s = withPlayers(tournament(), 4);
    s = run(s, { type: 'entry.bust', entryIds: ['e1'] }).state;
    s = run(s, { type: 'penalty.add', entryId: 'e3', kind: 'disqualification' }).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.undoBust', entryId: 'e1' })), 'bust-not-latest');
  });

  it('a disqualification before the hand does not stand in the way', () => {
    let s = withPlayers(tournament(), 4);
    s = run(s, { type: 'penalty.add', entryId: 'e3', kind: 'disqualification' }).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e1'] }).state;
    s = run(s, { type: 'entry.undoBust', entryId: 'e1' }).state;
    assert.equal(entry(s, 'e1').status, 'active');
    assert.equal(field(s).playersLeft, 3);
  });
});

describe('hand-for-hand (TDA 2024 AP 8)', () => {
  it('takes 2 minutes per hand off the clock and lets the blinds rise as it runs down', () => {
    let s = run(withPlayers(tournament(), 4), { type: 'clock.start' }).state;
    s = runAll(s, [{ type: 'clock.pause' }, { type: 'handForHand.start' }], T0 + 17 * MIN);
    assert.equal(field(s).handForHand.active, true);
    s = run(s, { type: 'handForHand.nextHand' }, T0 + 18 * MIN).state;
    assert.equal(s.clock.remainingMs, 1 * MIN);
    const out = run(s, { type: 'handForHand.nextHand' }, T0 + 19 * MIN);
    assert.equal(out.state.clock.index, 1, 'level 2 starts');
    assert.equal(out.state.clock.remainingMs, 19 * MIN, 'the minute left over comes off level 2');
    assert.equal(field(out.state).handForHand.hand, 3);
    assert.equal(errorCode(() => run(out.state, { type: 'handForHand.start' })), 'hand-for-hand-active');
    const stopped = run(out.state, { type: 'handForHand.stop' }).state;
    assert.equal(errorCode(() => run(stopped, { type: 'handForHand.nextHand' })), 'hand-for-hand-not-active');
  });

  it('AP 8: ends by itself in the hand whose bust bursts the money bubble (reason bubble)', () => {
    let s = runAll(bubble(11, 10), [{ type: 'handForHand.start' }, { type: 'handForHand.nextHand' }]);
    const out = run(s, { type: 'entry.bust', entryIds: ['e1'] }, T0 + 5 * MIN);
    s = out.state;
    assert.deepEqual(field(s).handForHand, { active: false, hand: 0 });
    assert.deepEqual(out.events.filter((e) => e.type === 'handForHand.stopped'), [{ type: 'handForHand.stopped', at: T0 + 5 * MIN, reason: 'bubble' }]);
    assert.equal(s.entries.hands.at(-1)!.endedHandForHand, 2, 'the hand-for-hand hand it was on');
    assert.deepEqual([entry(s, 'e1').place, entry(s, 'e1').prize], [11, 0], 'the bubble');
    const tdStop = run(runAll(bubble(11, 10), [{ type: 'handForHand.start' }]), { type: 'handForHand.stop' }).events;
    assert.deepEqual(tdStop, [{ type: 'handForHand.stopped', at: T0 }], "the TD's stop has no reason");
  });

  it('MEC r7: two busts at different tables across the money line share the place and stop it once', () => {
    let s = run(bubble(11, 10), { type: 'handForHand.start' }).state;
    const out = run(s, { type: 'entry.bust', entryIds: ['e1', 'e2'], tables: { e1: 'A', e2: 'B' } });
    s = out.state;
    assert.deepEqual([entry(s, 'e1').place, entry(s, 'e1').placeTo, entry(s, 'e1').prize, entry(s, 'e2').prize], [10, 11, 250, 250]);
    assert.equal(out.events.filter((e) => e.type === 'handForHand.stopped').length, 1);
    assert.equal(field(s).handForHand.active, false);
  });

  it('started with the field in the money already (a final-table bubble), a bust does not stop it', () => {
    let s = bubble(12, 10);
    s = runAll(s, [{ type: 'entry.bust', entryIds: ['e1'] }, { type: 'entry.bust', entryIds: ['e2'] }, { type: 'handForHand.start' }]);
    assert.equal(field(s).playersLeft, 10);
    const out = run(s, { type: 'entry.bust', entryIds: ['e3'] });
    assert.deepEqual(field(out.state).handForHand, { active: true, hand: 1 });
    assert.equal(out.events.some((e) => e.type === 'handForHand.stopped'), false);
    assert.equal(out.state.entries.hands.at(-1)!.endedHandForHand, undefined);
  });

  it('a bust that leaves the field above the money keeps it on', () => {
    let s = runAll(bubble(13, 10), [{ type: 'handForHand.start' }, { type: 'handForHand.nextHand' }]);
    s = run(s, { type: 'entry.bust', entryIds: ['e1', 'e2'], tables: { e1: 'A', e2: 'B' } }).state;
    assert.equal(field(s).playersLeft, 11);
    assert.deepEqual(field(s).handForHand, { active: true, hand: 2 });
  });

  it('undoing the bust that burst the bubble puts hand-for-hand back on at the same hand', () => {
    let s = runAll(bubble(11, 10), [{ type: 'handForHand.start' }, { type: 'handForHand.nextHand' }, { type: 'handForHand.nextHand' }]);
    const before = s;
    s = run(s, { type: 'entry.bust', entryIds: ['e1'] }).state;
    const out = run(s, { type: 'entry.undoBust', entryId: 'e1' }, T0 + MIN);
    assert.deepEqual(field(out.state).handForHand, { active: true, hand: 3 });
    assert.deepEqual(out.events.map((e) => e.type), ['entry.bustUndone', 'handForHand.started']);
    assert.deepEqual(out.state.entries, before.entries, 'as before the hand');
    assert.deepEqual(field(run(out.state, { type: 'entry.bust', entryIds: ['e1'] }).state).handForHand, { active: false, hand: 0 }, 'the same bust bursts it again');
  });

  it('undoing one of two busts that burst the bubble: the other, placed again, ends it again only if it still crosses the line', () => {
    const two = { type: 'entry.bust', entryIds: ['e1', 'e2'], tables: { e1: 'A', e2: 'B' } };
    // 11 left, 10 paid: e2 alone still takes the field to 10.
    let s = runAll(bubble(11, 10), [{ type: 'handForHand.start' }, { type: 'handForHand.nextHand' }, two]);
    let out = run(s, { type: 'entry.undoBust', entryId: 'e1' });
    assert.deepEqual(field(out.state).handForHand, { active: false, hand: 0 });
    assert.equal(out.state.entries.hands.at(-1)!.endedHandForHand, 2);
    assert.deepEqual([entry(out.state, 'e2').place, entry(out.state, 'e2').prize], [11, 0]);
    assert.deepEqual(out.events.map((e) => e.type), ['entry.bustUndone', 'handForHand.started', 'entry.busted', 'handForHand.stopped']);
    // 12 left, 10 paid: e2 alone leaves 11, above the money.
    s = runAll(bubble(12, 10), [{ type: 'handForHand.start' }, { type: 'handForHand.nextHand' }, two]);
    assert.equal(field(s).handForHand.active, false);
    out = run(s, { type: 'entry.undoBust', entryId: 'e1' });
    assert.deepEqual(field(out.state).handForHand, { active: true, hand: 2 });
    assert.equal(out.state.entries.hands.at(-1)!.endedHandForHand, undefined);
  });

  it('needs the TD to start it and floor staff for the next hand', () => {
    assert.deepEqual(allowedRoles('handForHand.start'), ['td']);
    assert.deepEqual(allowedRoles('handForHand.nextHand'), ['floor', 'td']);
    assert.deepEqual(allowedRoles('entry.bust'), ['floor', 'td']);
    assert.deepEqual(allowedRoles('payouts.set'), ['td']);
    assert.deepEqual(allowedRoles('deal.apply'), ['td']);
  });
});

describe('payouts and deals', () => {
  it('refuses payouts that do not add up to the pool', () => {
    const s = withPlayers(tournament(), 10);
    assert.equal(errorCode(() => run(s, { type: 'payouts.set', amounts: [6_000, 3_000] })), 'payouts-mismatch');
    assert.equal(errorCode(() => run(s, { type: 'payouts.set', amounts: [3_000, 7_000] })), 'invalid-payouts');
    const ok = run(s, { type: 'payouts.set', amounts: [7_000, 3_000] }).state;
    assert.equal(payouts(ok).source, 'custom');
  });

  it('defaults to the template, rounded to the unit, and adds the overlay to meet the guarantee', () => {
    const s = withPlayers(tournament({ settings: { guarantee: 50_000, payoutRoundingUnit: 500 } }), 10);
    const p = payouts(s);
    assert.equal(p.prizePool, 50_000);
    assert.equal(field(s).overlay, 40_000);
    assert.equal(p.places.reduce((sum, x) => sum + x.amount, 0), 50_000);
    assert.ok(p.places.slice(1).every((x) => x.amount % 500 === 0));
  });

  it('deal.propose returns ICM and chip-chop for everyone left and changes nothing; deal.apply needs everyone (IP r8)', () => {
    let s = withPlayers(tournament(), 10);
    for (let i = 1; i <= 7; i++) s = run(s, { type: 'entry.bust', entryIds: [`e${i}`] }).state;
    s = runAll(s, [{ type: 'chips.set', entryId: 'e8', chips: 100_000 }, { type: 'chips.set', entryId: 'e9', chips: 60_000 }, { type: 'chips.set', entryId: 'e10', chips: 40_000 }]);
    const proposal = run(s, { type: 'deal.propose' });
    assert.equal(proposal.state, s);
    const r = proposal.result as { dealt: number; players: Array<{ entryId: string; icm: number; chipChop: number }> };
    assert.equal(r.players.length, 3);
    assert.equal(r.players.reduce((sum, x) => sum + x.icm, 0), r.dealt);
    assert.equal(r.players.reduce((sum, x) => sum + x.chipChop, 0), r.dealt);
    const amounts = Object.fromEntries(r.players.map((x) => [x.entryId, x.icm]));
    const { e10: _, ...twoOfThree } = amounts;
    assert.equal(errorCode(() => run(s, { type: 'deal.apply', amounts: twoOfThree, confirmed: true })), 'deal-needs-everyone');
    assert.equal(errorCode(() => run(s, { type: 'deal.apply', amounts: { ...amounts, e8: amounts.e8! + 1 }, confirmed: true })), 'payouts-mismatch');
    assert.equal(errorCode(() => run(s, { type: 'deal.apply', amounts })), 'invalid-command');
    s = run(s, { type: 'deal.apply', amounts, confirmed: true }).state;
    s = runAll(s, [{ type: 'entry.bust', entryIds: ['e10'] }, { type: 'entry.bust', entryIds: ['e9'] }]);
    for (const id of ['e8', 'e9', 'e10']) assert.equal(entry(s, id).prize, amounts[id]);
    assert.equal(s.entries.entries.reduce((sum, e) => sum + (e.prize ?? 0), 0), field(s).prizePool);
  });
});

describe('penalties', () => {
  it('TDA 2017 r71: missed rounds = rounds x players at the table', () => {
    const s = run(withPlayers(tournament(), 3), { type: 'penalty.add', entryId: 'e1', kind: 'missed-rounds', rounds: 2, playersAtTable: 7 }).state;
    assert.deepEqual(players(s).entries[0]!.penalties, [{ id: 'p1', kind: 'missed-rounds', hands: 14 }]);
    const cleared = run(s, { type: 'penalty.clear', penaltyId: 'p1' }).state;
    assert.equal(players(cleared).entries[0]!.penalties, undefined);
  });

  it('IP r9: time-outs in steps of 10 minutes, shown with their end time', () => {
    const s = withPlayers(tournament({ preset: 'ip-2008' }), 2);
    const out = run(s, { type: 'penalty.add', entryId: 'e2', kind: 'time-out', minutes: 20 }, T0 + 5 * MIN);
    assert.equal(players(out.state).entries[1]!.penalties![0]!.until, T0 + 25 * MIN);
    assert.equal(errorCode(() => run(s, { type: 'penalty.add', entryId: 'e2', kind: 'time-out', minutes: 15 })), 'invalid-penalty');
  });

  it('a disqualified player leaves play, his chips leave play, and it needs the TD', () => {
    const s = run(withPlayers(tournament(), 3), { type: 'penalty.add', entryId: 'e1', kind: 'disqualification' }).state;
    assert.equal(entry(s, 'e1').out, 'disqualified');
    assert.equal(entry(s, 'e1').place, 3, 'he finishes at the place he holds (as MEC r4 for a removed stack)');
    assert.equal(field(s).totalChips, 40_000);
    assert.equal(field(s).playersLeft, 2);
    assert.deepEqual(allowedRoles('penalty.add', { kind: 'disqualification' }), ['td']);
    assert.deepEqual(allowedRoles('penalty.add', { kind: 'warning' }), ['floor', 'td']);
  });
});
