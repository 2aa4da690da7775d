/**
 * The room model: tables during the event, seats out of use, validation errors, immutability,
 * snapshots.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EngineError } from '../../../server/engine/errors.js';
import {
  addTable,
  applyMove,
  bustEntry,
  createRoom,
  freeSeats,
  planMove,
  removeTable,
  restoreRoom,
  seatEntry,
  seatOf,
  setBreakOrder,
  setSeatOutOfUse,
  snapshotRoom,
  waiveHalt,
  type Room,
} from '../../../server/engine/seating/index.js';
import { layout } from '../../helpers/room.js';


function error(fn: () => unknown): EngineError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof EngineError, `expected an EngineError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected the call to throw');
}
const code = (fn: () => unknown) => error(fn).code;

describe('tables', () => {
  it('opens tables with 2-10 seats, numbered in turn; the newest breaks first unless told otherwise', () => {
    let room = createRoom();
    room = addTable(room, { id: 't1', seats: 9 });
    room = addTable(room, { id: 't2', seats: 9 });
    room = addTable(room, { id: 'tv', seats: 8, breakPosition: 'last' });
    assert.deepEqual([...room.openOrder], ['t1', 't2', 'tv']);
    assert.deepEqual([...room.breakOrder], ['t2', 't1', 'tv']);
    assert.equal(room.tables.get('t2')!.number, 2);
    assert.equal(code(() => addTable(room, { id: 'x', seats: 1 })), 'invalid-seat-count');
    assert.equal(code(() => addTable(room, { id: 'x', seats: 11 })), 'invalid-seat-count');
    assert.equal(code(() => addTable(room, { id: 't1', seats: 9 })), 'table-exists');
    assert.equal(code(() => addTable(room, { id: 'x', number: 2, seats: 9 })), 'table-number-taken');
    assert.equal(code(() => addTable(room, { id: 'x', seats: 9, outOfUse: [10] })), 'seat-not-found');
  });

  it('removes an empty table and refuses an occupied one', () => {
    const room = layout(['A', 'a . .'], ['B', '. . .']);
    const err = error(() => removeTable(room, 'A'));
    assert.equal(err.code, 'table-occupied');
    assert.match(err.message, /table 1 still seats 1 player/);
    const after = removeTable(room, 'B');
    assert.deepEqual([...after.openOrder], ['A']);
    assert.deepEqual([...after.breakOrder], ['A']);
    assert.equal(code(() => removeTable(after, 'B')), 'unknown-table');
  });

  it('posts a break order that names every open table once', () => {
    const room = layout(['A', '. .'], ['B', '. .'], ['C', '. .']);
    assert.deepEqual([...setBreakOrder(room, ['C', 'A', 'B']).breakOrder], ['C', 'A', 'B']);
    assert.equal(code(() => setBreakOrder(room, ['C', 'A'])), 'invalid-break-order');
    assert.equal(code(() => setBreakOrder(room, ['C', 'A', 'A'])), 'invalid-break-order');
    assert.equal(code(() => setBreakOrder(room, ['C', 'A', 'Z'])), 'invalid-break-order');
  });

  it('takes empty seats out of use and back; an occupied seat is refused', () => {
    let room = layout(['A', 'a . . .']);
    assert.equal(code(() => setSeatOutOfUse(room, 'A', 1)), 'seat-taken');
    assert.equal(code(() => setSeatOutOfUse(room, 'A', 5)), 'seat-not-found');
    room = setSeatOutOfUse(room, 'A', 3);
    assert.deepEqual(freeSeats(room.tables.get('A')!), [2, 4]);
    assert.equal(code(() => seatEntry(room, 'x', { tableId: 'A', seat: 3 })), 'seat-out-of-use');
    room = setSeatOutOfUse(room, 'A', 3, false);
    assert.deepEqual(freeSeats(room.tables.get('A')!), [2, 3, 4]);
  });
});

describe('entries and validation', () => {
  it('refuses a seat that does not exist or is taken, with a clear message', () => {
    const room = layout(['A', 'a . .']);
    const missing = error(() => seatEntry(room, 'x', { tableId: 'A', seat: 4 }));
    assert.equal(missing.code, 'seat-not-found');
    assert.equal(missing.kind, 'invalid');
    assert.match(missing.message, /table 1 has seats 1-3; there is no seat 4/);
    const taken = error(() => seatEntry(room, 'x', { tableId: 'A', seat: 1 }));
    assert.equal(taken.code, 'seat-taken');
    assert.match(taken.message, /table 1 seat 1 is already taken by entry a/);
    assert.equal(code(() => seatEntry(room, 'x', { tableId: 'Q', seat: 1 })), 'unknown-table');
  });

  it('a busted entry stays busted: it cannot be seated, busted or moved again', () => {
    const room = bustEntry(layout(['A', 'a b .'], ['B', '. . .']), 'a');
    assert.deepEqual(room.entries.get('a'), { status: 'busted', from: { tableId: 'A', seat: 1 } });
    assert.equal(code(() => bustEntry(room, 'a')), 'entry-busted');
    assert.equal(code(() => seatEntry(room, 'a', { tableId: 'B', seat: 1 })), 'entry-busted');
    assert.equal(code(() => planMove(room, 'balance', 'a', { tableId: 'B', seat: 1 })), 'entry-busted');
    assert.equal(code(() => bustEntry(room, 'nobody')), 'entry-not-seated');
    assert.equal(code(() => seatEntry(room, 'b', { tableId: 'B', seat: 1 })), 'entry-seated');
  });

  it('moves refuse a stale start, an unseated player and a taken seat', () => {
    const room = layout(['A', 'a b .'], ['B', 'c . .']);
    const move = planMove(room, 'balance', 'a', { tableId: 'B', seat: 2 });
    assert.equal(code(() => applyMove(bustEntry(room, 'a'), move)), 'entry-busted');
    assert.equal(code(() => applyMove(room, { ...move, entryId: 'ghost' })), 'entry-not-seated');
    assert.equal(code(() => applyMove(room, { ...move, to: { tableId: 'B', seat: 1 } })), 'seat-taken');
    assert.equal(code(() => applyMove(room, { ...move, from: { tableId: 'A', seat: 2 } })), 'entry-not-at-seat');
    const done = applyMove(room, move);
    assert.equal(done.move.status, 'done');
    assert.deepEqual(seatOf(done.room, 'a'), { tableId: 'B', seat: 2 });
  });

  it('never changes the room it is given', () => {
    const room = layout(['A', 'a b .'], ['B', 'c . .']);
    const before = JSON.stringify(snapshotRoom(room));
    bustEntry(room, 'a');
    applyMove(room, planMove(room, 'balance', 'b', { tableId: 'B', seat: 3 }));
    waiveHalt(room, 'B');
    setSeatOutOfUse(room, 'A', 3);
    assert.equal(JSON.stringify(snapshotRoom(room)), before);
  });

  it('a halt waiver lasts until a player arrives at the table', () => {
    let room = waiveHalt(layout(['A', 'a b .'], ['B', 'c . .']), 'B');
    assert.deepEqual([...room.haltWaivers], ['B']);
    room = applyMove(room, planMove(room, 'balance', 'a', { tableId: 'B', seat: 2 })).room;
    assert.deepEqual([...room.haltWaivers], []);
  });

  it('snapshots round-trip, including busts, arrivals and the dealer', () => {
    let room = layout(['A', 'a b c .', { dealer: { kind: 'placed', button: 2 }, handsPlayed: 3 }], ['B', 'd . . .']);
    room = bustEntry(room, 'c');
    room = applyMove(room, planMove(room, 'balance', 'a', { tableId: 'B', seat: 3 })).room;
    const snap = snapshotRoom(room);
    const again = restoreRoom(JSON.parse(JSON.stringify(snap)));
    assert.deepEqual(snapshotRoom(again), snap);
    assert.equal(again.seatedCount, 3);
    assert.equal(again.bustedCount, 1);
    assert.equal(code(() => restoreRoom({ tables: [{ id: 'A', number: 1, seats: ['a', 'a'] }] })), 'entry-seated');
  });
});
