/**
 * Balancing and halting play (TDA 2017 r10, TDA 2024 r11, IP 2008 r25, PPN r11, HR house rules).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../../server/engine/presets.js';
import {
  advanceButton,
  applyMove,
  checkBalance,
  planMove,
  positions,
  restoreRoom,
  seatOf,
  setBreakOrder,
  snapshotRoom,
  waiveHalt,
  worstSeat,
  type Room,
} from '../../../server/engine/seating/index.js';
import { layout } from '../../helpers/room.js';


const TDA = PRESETS['tda-2015-munkebjerg'].rules; // TDA defaults: big blind next, tolerance 1, halt at 3 short
const HR = PRESETS['tda-2017-hr'].rules; // balanceMove: utg
const FULL = 's1 s2 s3 s4 s5 s6 s7 s8 s9';
const placed = (button: number) => ({ dealer: { kind: 'placed' as const, button } });
const played = (button: number, smallBlind: number, bigBlind: number) => ({
  dealer: { kind: 'played' as const, button, smallBlind, bigBlind },
});

describe('halting play', () => {
  it('TDA 2024 r11 example: 9-handed, table A has 5 and table B has 8: play stops at table A', () => {
    // "NLHE 9-handed, tafel A heeft 5 spelers, tafel B heeft de meeste spelers met 8. Het spel
    // stopt aan tafel A. Zodra de toernooileiding een speler aan tafel A heeft geplaatst, mag het
    // spel hervat worden."
    const room = layout(['A', 'a1 a2 a3 a4 a5 . . . .'], ['B', 'b1 b2 b3 b4 b5 b6 b7 b8 .']);
    const check = checkBalance(room, TDA);
    assert.deepEqual(check.halted, ['A']);
    assert.equal(check.balanced, false);
    assert.equal(check.suggestion!.move.to.tableId, 'A');
    const after = applyMove(room, check.suggestion!.move).room;
    const again = checkBalance(after, TDA);
    assert.deepEqual(again.halted, []);
    assert.equal(again.balanced, true, '6 and 7');
  });

  it('TDA 2017 r10D: the TD may waive the halt until a player arrives', () => {
    const room = waiveHalt(layout(['A', 'a1 a2 a3 a4 a5 . . . .'], ['B', 'b1 b2 b3 b4 b5 b6 b7 b8 .']), 'A');
    const check = checkBalance(room, TDA);
    assert.deepEqual(check.halted, []);
    assert.deepEqual(check.waived, ['A']);
    assert.deepEqual([...applyMove(room, check.suggestion!.move).room.haltWaivers], []);
  });

  it('an empty table is not halted (nobody plays there: it is broken), a short one still is', () => {
    // 9-handed: A empty, B 5, C 8 (the most): B is 3 short and halts; A has no play to halt.
    const room = layout(['A', '. . . . . . . . .'], ['B', 'b1 b2 b3 b4 b5 . . . .'], ['C', 'c1 c2 c3 c4 c5 c6 c7 c8 .']);
    assert.deepEqual(checkBalance(room, TDA).halted, ['B']);
  });

  it('two short is not a halt; 6-handed events halt only when the TD says so', () => {
    assert.deepEqual(checkBalance(layout(['A', 'a1 a2 a3 a4 a5 a6 . . .'], ['B', FULL.replace('s9', '.')]), TDA).halted, []);
    const sixMax = { ...TDA, seatsPerTable: 6 };
    const room = layout(['A', 'a1 a2 a3 . . .'], ['B', 'b1 b2 b3 b4 b5 b6']);
    assert.deepEqual(checkBalance(room, sixMax).halted, []);
    assert.deepEqual(checkBalance(room, sixMax, { halting: true }).halted, ['A']);
  });
});

describe('balancing: who moves and where (TDA 2017 r10A)', () => {
  it('tables within the tolerance are balanced and nothing is suggested', () => {
    const check = checkBalance(layout(['A', FULL], ['B', 'b1 b2 b3 b4 b5 b6 b7 b8 .']), TDA);
    assert.equal(check.balanced, true);
    assert.equal(check.suggestion, undefined);
  });

  it('the player due for the big blind next moves to the big blind at the short table', () => {
    // Source: button on seat 1, so seat 3 is big blind next. Short table: last hand button 1,
    // small blind 2, big blind 3; seat 4 is free, so a newcomer there is the next big blind.
    const room = layout(['S', FULL, placed(1)], ['D', 'b1 b2 b3 . b5 b6 b7 . .', played(1, 2, 3)]);
    const check = checkBalance(room, TDA);
    const s = check.suggestion!;
    assert.equal(s.exact, true);
    assert.equal(s.player, 'big-blind-next');
    assert.equal(s.seat, 'big-blind');
    assert.deepEqual(s.move, { kind: 'balance', entryId: 's3', from: { tableId: 'S', seat: 3 }, to: { tableId: 'D', seat: 4 }, status: 'announced' });
    assert.match(s.instruction, /Move entry s3 \(big blind next, table 1 seat 3\) to table 2 seat 4, the big blind/);
    const after = applyMove(room, s.move).room;
    assert.equal(positions(after.tables.get('D')!)!.bigBlind, 4, 'he posts the big blind next hand');
    assert.equal(positions(after.tables.get('S')!)!.bigBlind, 4, 'the big blind at his old table moves on to seat 4');
  });

  it('without a free big-blind seat he gets the free seat closest after the big blind (PPN r11A)', () => {
    const room = layout(['S', FULL, placed(1)], ['D', 'b1 b2 b3 b4 b5 . b7 . .', played(1, 2, 3)]);
    const s = checkBalance(room, TDA).suggestion!;
    assert.equal(s.seat, 'closest-to-big-blind');
    assert.deepEqual(s.move.to, { tableId: 'D', seat: 6 });
  });

  it('worst position is never the small blind, even when that seat is nearer the big blind', () => {
    // The big blind (seat 3) busted: next hand seat 3 is the (dead) small blind, seat 4 the big blind.
    const room = layout(['S', FULL, placed(1)], ['D', 'b1 b2 . b4 b5 b6 b7 . .', played(1, 2, 3)]);
    const s = checkBalance(room, TDA).suggestion!;
    assert.deepEqual(s.move.to, { tableId: 'D', seat: 8 });
    const after = applyMove(room, s.move).room;
    assert.notEqual(positions(after.tables.get('D')!)!.smallBlind, 8);
  });

  it('when the only free seat is the small blind it waits one hand, then suggests it', () => {
    const dest = played(1, 2, 3);
    const room = layout(['S', FULL, placed(1)], ['D', 'b1 b2 . b4 b5 b6 b7 . .', { ...dest, outOfUse: [8, 9] }]);
    assert.equal(worstSeat(room.tables.get('D')!), null);
    const check = checkBalance(room, TDA);
    assert.equal(check.suggestion, undefined);
    assert.deepEqual(check.blocked, { reason: 'small-blind-only', tableIds: ['D'] });
    const later = checkBalance(advanceButton(room, 'D'), TDA);
    assert.deepEqual(later.suggestion!.move.to, { tableId: 'D', seat: 3 });
  });

  it('a short table whose free seats are out of use cannot take anybody', () => {
    const room = layout(['A', FULL], ['B', 'b1 b2 b3 b4 b5 b6 . . .', { outOfUse: [7, 8, 9] }]);
    assert.deepEqual(checkBalance(room, TDA).blocked, { reason: 'no-free-seat', tableIds: ['B'] });
  });

  it('checking never moves anybody', () => {
    const room = layout(['S', FULL, placed(1)], ['D', 'b1 b2 b3 . . . . . .', played(1, 2, 3)]);
    const before = JSON.stringify(snapshotRoom(room));
    checkBalance(room, TDA);
    assert.equal(JSON.stringify(snapshotRoom(room)), before);
  });
});

describe('the predetermined procedure (TDA 2017 r10C)', () => {
  const three = () => layout(['A', FULL.replace(/s/g, 'a')], ['B', FULL.replace(/s/g, 'b')], ['C', 'c1 c2 c3 c4 c5 c6 . . .']);

  it('takes from the fullest table that breaks next in the posted order', () => {
    assert.equal(checkBalance(three(), TDA).suggestion!.move.from.tableId, 'A');
    assert.equal(checkBalance(setBreakOrder(three(), ['B', 'C', 'A']), TDA).suggestion!.move.from.tableId, 'B');
  });

  it('or, configured, from the fullest table with the lowest number', () => {
    const room = setBreakOrder(three(), ['B', 'C', 'A']);
    const s = checkBalance(room, TDA, { sourceTable: 'lowest-number' }).suggestion!;
    assert.equal(s.move.from.tableId, 'A');
    assert.match(s.tables, /ties: the lowest table number/);
  });

  it('sends the player to the shortest table that breaks last', () => {
    const room = layout(['A', FULL.replace(/s/g, 'a')], ['B', 'b1 b2 b3 b4 b5 b6 b7 . .'], ['C', 'c1 c2 c3 c4 c5 c6 c7 . .']);
    assert.equal(checkBalance(room, TDA).suggestion!.move.to.tableId, 'C');
    assert.equal(checkBalance(setBreakOrder(room, ['C', 'B', 'A']), TDA).suggestion!.move.to.tableId, 'B');
  });
});

describe('button unknown: the rule-book instruction and the candidates', () => {
  it('at the source table the TD picks the player due for the big blind next', () => {
    const room = layout(['S', FULL], ['D', 'b1 b2 b3 . b5 b6 b7 . .', played(1, 2, 3)]);
    const s = checkBalance(room, TDA).suggestion!;
    assert.equal(s.exact, false);
    assert.equal(s.player, 'td-choice');
    assert.equal(s.seat, 'big-blind', 'the destination seat is still known');
    assert.equal(s.candidates.entryIds.length, 9);
    assert.match(s.instruction, /Button unknown at table 1: move the player due for the big blind next at table 1 to the seat in the worst position at table 2/);
    // The TD picks s7; planMove builds the move, applyMove carries it out.
    const chosen = planMove(room, 'balance', 's7', s.move.to);
    assert.deepEqual(seatOf(applyMove(room, chosen).room, 's7'), { tableId: 'D', seat: 4 });
  });

  it('at the short table the TD picks the seat; the proposal is applicable as it stands', () => {
    const room = layout(['S', FULL, placed(1)], ['D', 'b1 b2 b3 . b5 b6 b7 . .']);
    const s = checkBalance(room, TDA).suggestion!;
    assert.equal(s.exact, false);
    assert.equal(s.player, 'big-blind-next');
    assert.equal(s.seat, 'td-choice');
    assert.deepEqual(s.candidates.seats, [4, 8, 9]);
    assert.match(s.instruction, /Button unknown at table 2: .*the big blind if free, otherwise the free seat closest after it, never the small blind/);
    assert.equal(applyMove(room, s.move).move.status, 'done');
  });
});

describe('HR house rule: the UTG player moves', () => {
  const dest = ['D', 'd1 d2 d3 d4 d5 d6 . . .', played(1, 2, 3)] as const;

  it('moves UTG (the first player after the big blind)', () => {
    const room = layout(['S', FULL, placed(1)], [...dest]);
    const s = checkBalance(room, HR).suggestion!;
    assert.equal(s.player, 'utg');
    assert.equal(s.move.entryId, 's4');
    assert.match(s.rule, /HR house rules/);
  });

  it('passes over a player who recently arrived from another table and the chip leader', () => {
    const room = restoreRoom({
      tables: [
        { id: 'S', number: 1, seats: FULL.split(' '), ...placed(1), handsPlayed: 4 },
        { id: 'D', number: 2, seats: dest[1].split(' ').map((s) => (s === '.' ? null : s)), ...dest[2] },
      ],
      arrivals: { s4: { by: 'balance', hand: 2, seq: 1 } },
    });
    const chips = new Map([['s5', 90_000], ['s6', 20_000]]); // the others' stacks are not known
    const s = checkBalance(room, HR, { chips }).suggestion!;
    assert.equal(s.move.entryId, 's6');
    assert.deepEqual(s.passedOver, [
      { entryId: 's4', reason: 'recent-arrival' },
      { entryId: 's5', reason: 'chip-leader' },
    ]);
    // An orbit later s4 is no longer a recent arrival.
    const orbitLater = restoreRoom({ ...snapshotRoom(room), tables: snapshotRoom(room).tables.map((t) => (t.id === 'S' ? { ...t, handsPlayed: 11 } : t)) });
    assert.equal(checkBalance(orbitLater, HR, { chips }).suggestion!.move.entryId, 's4');
  });
});
