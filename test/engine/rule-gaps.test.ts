/**
 * Issue 26: the rule books' last gaps. Each expected value is worked out from the book cited in
 * the test's name, by hand, never read back from the engine.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TournamentState } from '../../server/engine/state.js';
import { may } from '../../server/protocol/roles.js';
import { setupWarnings } from '../../server/protocol/rules/setup-warnings.js';
import { TOPIC_VIEWS } from '../../server/engine/views.js';
import { PRESETS } from '../../server/engine/presets.js';
import { positions, restoreRoom, snapshotRoom } from '../../server/engine/seating/index.js';
import { newcomersSittingOut } from '../../server/engine/seating/newcomers.js';
import { entry, errorCode, field, lv, MIN, run, runAll, T0, tick, tournament, withPlayers } from './entries/helpers.js';

const table = (s: TournamentState) => TOPIC_VIEWS.seating(s).tables[0]!;
const penalty = (s: TournamentState, id: string) => s.entries.penalties.find((p) => p.id === id)!;

describe('IP 2008 r16-4: a reduced late stack only when no unsold seat with a stack is free', () => {
  const structure = [lv(25, 50), lv(50, 100), lv(100, 200)];
  /** IP 2008, one 9-seat table, 6 drawn, late registration through level 3; 3 unsold seats with stacks. */
  function ip(unsold: boolean): TournamentState {
    let s = withPlayers(tournament({ preset: 'ip-2008', structure, settings: { lateRegistrationLevel: 3 } }), 6);
    s = runAll(s, [{ type: 'table.add' }, { type: 'seating.draw' }]);
    if (unsold) s = run(s, { type: 'unsold.place' }).state;
    return run(s, { type: 'clock.start' }).state;
  }
  const at = T0 + 30 * MIN;

  it('r16-4 "als er geen zitplaatsen met stapels startfiches beschikbaar zijn": with 3 unsold seats free a late entry.add is refused, nothing changed', () => {
    const s = ip(true);
    const before = JSON.stringify(s);
    assert.equal(errorCode(() => run(s, { type: 'entry.add', name: 'Late' }, at)), 'unsold-seat-available');
    assert.match(String((() => { try { run(s, { type: 'entry.add', name: 'Late' }, at); } catch (e) { return (e as Error).message; } })()), /IP r16-4/);
    assert.equal(JSON.stringify(s), before);
  });

  it('r16-3 then r16-4: once the 3 unsold seats are taken, a late entrant 30 minutes in loses one period at level 1: 20,000 - (25 + 50) = 19,925', () => {
    let s = ip(true);
    const free = snapshotRoom(s.seating.room).tables[0]!.outOfUse ?? [];
    assert.equal(free.length, 3);
    for (const [i, seat] of free.entries()) s = run(s, { type: 'unsold.take', name: `U${i}`, tableId: 't1', seat, chips: 20_000 }, at).state;
    const out = run(s, { type: 'entry.add', name: 'Late' }, at);
    assert.equal(entry(out.state, 'e10').stack, 19_925);
  });

  it('no unsold seats placed: the r16-4 deduction applies at once (19,925)', () => {
    const out = run(ip(false), { type: 'entry.add', name: 'Late' }, at);
    assert.equal(entry(out.state, 'e7').stack, 19_925);
  });
});

describe('Misdeals: the original deal and the re-deal are one hand (TDA 2024 r35C, PPN r35C, TDA 2015, HR r35)', () => {
  /** 6 players at one table, the button placed at seat 1, the clock running; e1 owes 2 missed hands. */
  function dealt(): { s: TournamentState; seat: number } {
    let s = withPlayers(tournament(), 6);
    s = runAll(s, [{ type: 'table.add' }, { type: 'seating.draw' }, { type: 'button.set', tableId: 't1', seat: 1 }, { type: 'clock.start' }]);
    s = run(s, { type: 'penalty.add', entryId: 'e1', kind: 'missed-hands', hands: 2 }).state;
    return { s, seat: 1 };
  }

  it('the re-deal tapped as "next hand", then misdeal: the button stays where hand 1 put it, 1 hand played, 1 of 2 penalty hands served', () => {
    let { s } = dealt();
    s = run(s, { type: 'hand.next', tableId: 't1' }).state;
    const afterHand1 = table(s);
    assert.equal(afterHand1.handsPlayed, 1);
    assert.equal(penalty(s, 'p1').served, 1);
    // Hand 1 was misdealt and the floor tapped "next hand" for its re-deal.
    s = run(s, { type: 'hand.next', tableId: 't1' }).state;
    assert.equal(penalty(s, 'p1').served, 2, 'over-counted before the misdeal is recorded');
    const out = run(s, { type: 'hand.misdeal', tableId: 't1' });
    s = out.state;
    // r35C: "De button blijft op dezelfde positie"; "als één hand en niet als twee".
    assert.deepEqual([table(s).button, table(s).smallBlind, table(s).bigBlind], [afterHand1.button, afterHand1.smallBlind, afterHand1.bigBlind]);
    assert.equal(table(s).handsPlayed, 1);
    assert.equal(penalty(s, 'p1').served, 1);
    assert.equal(penalty(s, 'p1').cleared, undefined, 'the penalty is open again: 1 of 2 hands');
    assert.equal((out.result as { hand: number }).hand, 2, 'the hand taken back was hand 2');
  });

  it('misdeal tapped first, then "next hand" for the re-deal: the same one hand, the same button', () => {
    let { s } = dealt();
    s = run(s, { type: 'hand.next', tableId: 't1' }).state;
    const afterHand1 = table(s);
    s = run(s, { type: 'hand.misdeal', tableId: 't1' }).state;
    assert.equal(table(s).handsPlayed, 0);
    assert.equal(penalty(s, 'p1').served ?? 0, 0);
    s = run(s, { type: 'hand.next', tableId: 't1' }).state;
    assert.deepEqual(table(s), afterHand1, 'the re-deal is an exact re-play (TDA 2017 r35)');
    assert.equal(penalty(s, 'p1').served, 1);
  });

  it('a misdeal of the hand that served the penalty out reopens it: 2 hands, the 2nd misdealt -> 1 of 2', () => {
    let { s } = dealt();
    s = runAll(s, [{ type: 'hand.next', tableId: 't1' }, { type: 'hand.next', tableId: 't1' }]);
    assert.equal(penalty(s, 'p1').cleared, true);
    s = run(s, { type: 'hand.misdeal', tableId: 't1' }).state;
    assert.equal(penalty(s, 'p1').served, 1);
    assert.equal(penalty(s, 'p1').cleared, undefined);
  });

  it('MEC r9: the hands left at the end of the day are not over-counted by a re-deal', () => {
    let { s } = dealt();
    const out = run(s, { type: 'day.end' }, T0 + 100 * MIN);
    const hands = (out.result as { hands: number }).hands;
    s = runAll(out.state, [{ type: 'hand.next', tableId: 't1' }, { type: 'hand.next', tableId: 't1' }, { type: 'hand.misdeal', tableId: 't1' }], T0 + 101 * MIN);
    assert.equal(field(s).day?.endOfDay?.tables[0]?.handsLeft, hands - 1, 'one hand played, its re-deal not counted');
  });

  it('bad input: no hand in play (none dealt, taken back already, or the table changed since) -> no-hand-in-play naming the rule, nothing changed', () => {
    let { s } = dealt();
    const check = (state: TournamentState) => {
      const before = JSON.stringify(state);
      assert.equal(errorCode(() => run(state, { type: 'hand.misdeal', tableId: 't1' })), 'no-hand-in-play');
      assert.equal(JSON.stringify(state), before);
    };
    check(s);
    s = run(s, { type: 'hand.next', tableId: 't1' }).state;
    const redealt = run(s, { type: 'hand.misdeal', tableId: 't1' }).state;
    check(redealt);
    // A bust at the table after the deal: that hand was played, not misdealt.
    check(run(s, { type: 'entry.bust', entryIds: ['e2'] }).state);
    assert.equal(errorCode(() => run(s, { type: 'hand.misdeal', tableId: 't9' })), 'unknown-table');
    try {
      run(redealt, { type: 'hand.misdeal', tableId: 't1' });
    } catch (e) {
      assert.match((e as Error).message, /TDA 2017 r35/);
    }
  });

  it('the floor and the TD may declare a misdeal; a screen may not', () => {
    assert.equal(may('floor', 'hand.misdeal'), true);
    assert.equal(may('td', 'hand.misdeal'), true);
    assert.equal(may('stream', 'hand.misdeal'), false);
    assert.equal(may('viewer', 'hand.misdeal'), false);
  });
});

describe('ONK MEC r1B: a registered player\'s stack placed after late registration, with the TD\'s approval', () => {
  /** ONK, late registration through level 1 (20 minutes), 3 players, the clock run past level 1. */
  function closed(): TournamentState {
    let s = withPlayers(tournament({ settings: { lateRegistrationLevel: 1 } }), 3);
    s = runAll(s, [{ type: 'table.add' }, { type: 'seating.draw' }, { type: 'clock.start' }]);
    return tick(s, T0 + 21 * MIN);
  }

  it('MEC r1A: after the close a plain entry.add is refused (registration-closed), naming the override', () => {
    const s = closed();
    assert.equal(errorCode(() => run(s, { type: 'entry.add', name: 'Late' }, T0 + 25 * MIN)), 'registration-closed');
  });

  it('MEC r1B: with afterClose the stack (a full 20,000, TDA r8) goes on the table, blinded (absent) until he arrives; the event says so', () => {
    const now = T0 + 25 * MIN;
    const out = run(closed(), { type: 'entry.add', name: 'Delayed', afterClose: true }, now);
    const e = entry(out.state, 'e4');
    assert.equal(e.stack, 20_000);
    assert.equal(e.absentSince, now, '"afgeblind totdat de speler aanwezig is"');
    assert.ok(out.events.some((x) => x.type === 'entry.added' && x.afterClose === true));
    assert.equal(field(out.state).entries, 4);
    // He arrives: the floor marks him at the table (MEC r4's absence ends).
    const back = run(out.state, { type: 'entry.absent', entryId: 'e4', absent: false }, now + 10 * MIN).state;
    assert.equal(entry(back, 'e4').absentSince, undefined);
  });

  it('MEC r1B "bij goedkeuring door de toernooileiding": the TD alone may send afterClose; before the close it is refused', () => {
    assert.equal(may('td', 'entry.add', { name: 'X', afterClose: true }), true);
    assert.equal(may('floor', 'entry.add', { name: 'X', afterClose: true }), false);
    assert.equal(may('floor', 'entry.add', { name: 'X' }), true);
    const open = withPlayers(tournament({ settings: { lateRegistrationLevel: 1 } }), 2);
    assert.equal(errorCode(() => run(open, { type: 'entry.add', name: 'X', afterClose: true })), 'registration-open');
    assert.equal(errorCode(() => run(open, { type: 'entry.add', playerId: 'p1', afterClose: true })), 'invalid-command');
  });
});

describe('Add-ons: as many as addon.max allows (RULES.md re-audit 2026-11; IP r18, TDA r27)', () => {
  const structure = [lv(25, 50), lv(50, 100), lv(100, 200)];
  const addon = { price: 1_000, chips: 10_000, untilIndex: 2 };

  it('addon.max 2: two add-ons give 20,000 + 2 x 10,000 = 40,000; a third is refused naming addon.max, nothing changed', () => {
    let s = withPlayers(tournament({ structure, settings: { addon: { ...addon, max: 2 } } }), 2);
    s = run(s, { type: 'clock.start' }).state;
    s = runAll(s, [{ type: 'entry.addon', entryId: 'e1' }, { type: 'entry.addon', entryId: 'e1' }]);
    assert.equal(entry(s, 'e1').chips, 40_000);
    assert.equal(entry(s, 'e1').addons, 2);
    const before = JSON.stringify(s);
    assert.equal(errorCode(() => run(s, { type: 'entry.addon', entryId: 'e1' })), 'addon-limit-reached');
    try {
      run(s, { type: 'entry.addon', entryId: 'e1' });
    } catch (e) {
      assert.match((e as Error).message, /2 of 2 add-ons \(addon\.max/);
    }
    assert.equal(JSON.stringify(s), before);
  });

  it('addon.max left blank: one add-on per entry, as before', () => {
    let s = withPlayers(tournament({ structure, settings: { addon } }), 2);
    s = run(s, { type: 'clock.start' }).state;
    s = run(s, { type: 'entry.addon', entryId: 'e1' }).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.addon', entryId: 'e1' })), 'addon-limit-reached');
  });
});

describe('IP r45-2: dodging the blinds costs one round of missed hands once seated', () => {
  it('"één ronde gemiste hand": at a 7-handed table, 7 hands (one per player, himself included, TDA 2017 r71)', () => {
    let s = withPlayers(tournament({ preset: 'ip-2008' }), 7);
    s = runAll(s, [{ type: 'table.add' }, { type: 'seating.draw' }]);
    const out = run(s, { type: 'penalty.add', entryId: 'e3', kind: 'blind-dodge' });
    assert.equal((out.result as { hands: number }).hands, 7);
  });
});

describe('ONK "TDA REGEL 27: Rebuy — N.V.T voor het ONK Poker": a warning at set-up, never a refusal', () => {
  const rebuy = { price: 1_000, chips: 20_000, untilIndex: 2 };
  it('ONK with rebuys warns; ONK without rebuys and PPN with rebuys do not', () => {
    assert.deepEqual(setupWarnings('tda-2024-onk', { rebuy }).map((w) => w.code), ['rebuys-not-in-preset']);
    assert.deepEqual(setupWarnings('tda-2024-onk', { rebuy: null }), []);
    assert.deepEqual(setupWarnings('ppn-2024', { rebuy }), []);
  });
  it('settings.set with rebuys under ONK is applied and answers the warning', () => {
    const s = tournament({ structure: [lv(25, 50), lv(50, 100), lv(100, 200)] });
    const out = run(s, { type: 'settings.set', rebuy });
    assert.equal(out.state.settings.rebuy?.chips, 20_000);
    assert.deepEqual((out.result as { warnings: { code: string }[] }).warnings.map((w) => w.code), ['rebuys-not-in-preset']);
  });
});

describe('HR r7/r9: the Croatian house text and the English TDA 2017 text of the same book (rules.newcomerSitsOut)', () => {
  /**
   * One 6-seat table, all seats taken, 3 hands dealt, the last with the button on seat 2 (SB 3,
   * BB 4): the next hand has the button on 3, the small blind on 4, the big blind on 5 (TDA 2017
   * r32), nobody between the small blind and the button. Seat 3 came from a broken table and seat
   * 4 is a late entry, both since the last hand; the others sat down before hand 1.
   */
  const room = restoreRoom({
    tables: [{ id: 't1', number: 1, seats: ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'], dealer: { kind: 'played', button: 2, smallBlind: 3, bigBlind: 4 }, handsPlayed: 3 }],
    arrivals: {
      e1: { by: 'draw', hand: 0, seq: 1 },
      e2: { by: 'draw', hand: 0, seq: 2 },
      e3: { by: 'break', hand: 3, seq: 7 },
      e4: { by: 'draw', hand: 3, seq: 8 },
      e5: { by: 'draw', hand: 0, seq: 5 },
      e6: { by: 'draw', hand: 0, seq: 6 },
    },
  });
  const t = room.tables.get('t1')!;

  it('the next hand: button 3, small blind 4, big blind 5, nobody between them (TDA 2017 r32)', () => {
    const p = positions(t)!;
    assert.deepEqual([p.button, p.smallBlind, p.bigBlind, p.waiting], [3, 4, 5, []]);
  });

  it('English TDA 2017 r7/r9 ("dealt in except between small blind and button"): both newcomers are dealt in', () => {
    assert.deepEqual(newcomersSittingOut(room, t, { newcomerOnSmallBlindSitsOut: false, newcomerSitsOut: 'between-blind-and-button' }), []);
  });

  it('Croatian r9 "Na pozicijama buttona i small blinda igrač preskače hand" and r7 (late entry on the small blind): seats 3 and 4 skip the hand', () => {
    assert.deepEqual(newcomersSittingOut(room, t, { newcomerOnSmallBlindSitsOut: false, newcomerSitsOut: 'small-blind-and-button' }).sort(), [3, 4]);
  });

  it('the house line "s drugog stola ... small blind, propušta ruku" alone: the late entry on the small blind (not from another table) is dealt in', () => {
    assert.deepEqual(newcomersSittingOut(room, t, { newcomerOnSmallBlindSitsOut: true, newcomerSitsOut: 'between-blind-and-button' }), []);
  });

  it('the HR preset reads the Croatian text; every other preset the English one', () => {
    assert.equal(PRESETS['tda-2017-hr'].rules.newcomerSitsOut, 'small-blind-and-button');
    for (const id of ['tda-2024-onk', 'ppn-2024', 'tda-2015-munkebjerg', 'ip-2008'] as const) assert.equal(PRESETS[id].rules.newcomerSitsOut, 'between-blind-and-button');
  });
});

describe('IP 2008 r23-1 / r23-3: the redraw before the final table, as the TD posted it', () => {
  /** IP, 2 tables of 9, 12 players drawn 6 + 6, buttons drawn; 2 bust at table 1 -> 4 + 6 = 10 left. */
  function twoTables(): TournamentState {
    let s = withPlayers(tournament({ preset: 'ip-2008' }), 12);
    s = runAll(s, [{ type: 'table.add' }, { type: 'table.add' }, { type: 'seating.draw' }, { type: 'button.draw' }]);
    const atT1 = snapshotRoom(s.seating.room).tables[0]!.seats.filter((e): e is string => e !== null);
    return runAll(s, [{ type: 'entry.bust', entryIds: [atT1[0]!] }, { type: 'entry.bust', entryIds: [atT1[1]!] }]);
  }
  const seatedIds = (s: TournamentState) => snapshotRoom(s.seating.room).tables.flatMap((t) => t.seats.filter((e): e is string => e !== null)).sort();

  it('r23-3 "zullen de spelers opnieuw loten om zitplaatsen": all 10 remaining players get new seats, 5 + 5 (the draw fills the shortest tables first), the buttons are drawn again (r40)', () => {
    const s0 = twoTables();
    const out = run(s0, { type: 'seating.redraw' });
    const s = out.state;
    assert.deepEqual(seatedIds(s), seatedIds(s0), 'the same 10 players, each seated once');
    assert.deepEqual(snapshotRoom(s.seating.room).tables.map((t) => t.seats.filter((e) => e !== null).length), [5, 5]);
    assert.deepEqual(TOPIC_VIEWS.seating(s).tables.map((t) => t.button), [null, null], 'IP r40: draw for the button after a redraw');
    assert.equal((out.result as { redrawn: number }).redrawn, 10);
    // One undo step, like every seating action.
    assert.deepEqual(snapshotRoom(run(s, { type: 'seating.undo' }).state.seating.room), snapshotRoom(s0.seating.room));
  });

  it('r23-1 "De toernooidirecteur behoudt zich het recht voor": the TD\'s command; no tables -> no-tables', () => {
    assert.equal(may('td', 'seating.redraw'), true);
    assert.equal(may('floor', 'seating.redraw'), false);
    assert.equal(errorCode(() => run(withPlayers(tournament({ preset: 'ip-2008' }), 3), { type: 'seating.redraw' })), 'no-tables');
  });
});

describe('Misdeals give back only the penalty hand the misdealt hand served', () => {
  it('e1 served out 2 hands at hands 1-2; hand 3 is misdealt: his served-out penalty stays served (2 of 2); e2\'s penalty given after hand 3 was dealt stays at 0', () => {
    let s = withPlayers(tournament(), 6);
    s = runAll(s, [{ type: 'table.add' }, { type: 'seating.draw' }, { type: 'button.set', tableId: 't1', seat: 1 }, { type: 'clock.start' }]);
    s = run(s, { type: 'penalty.add', entryId: 'e1', kind: 'missed-hands', hands: 2 }).state;
    s = runAll(s, [{ type: 'hand.next', tableId: 't1' }, { type: 'hand.next', tableId: 't1' }, { type: 'hand.next', tableId: 't1' }]);
    s = run(s, { type: 'penalty.add', entryId: 'e2', kind: 'missed-hands', hands: 1 }).state;
    s = run(s, { type: 'hand.misdeal', tableId: 't1' }).state;
    assert.deepEqual([penalty(s, 'p1').served, penalty(s, 'p1').cleared], [2, true]);
    assert.equal(penalty(s, 'p2').served ?? 0, 0);
    assert.equal(table(s).handsPlayed, 2);
  });
});
