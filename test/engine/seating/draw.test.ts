/**
 * The random draw (TDA 2017 r6, IP r19-3), late entries (TDA 2017 r7) and seat corrections
 * (TDA 2017 r6).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { seededRng } from '../../../server/engine/random.js';
import {
  addTable,
  advanceButton,
  applyMove,
  bustEntry,
  correctSeat,
  createRoom,
  drawSeats,
  seatLateEntry,
  seatOf,
  setButton,
  setSeatOutOfUse,
  snapshotRoom,
  tablesInOpenOrder,
  type Room,
} from '../../../server/engine/seating/index.js';
import { layout } from '../../helpers/room.js';
import { errorCode as code } from '../../helpers/engine.js';



function emptyRoom(tables: number, seats = 9): Room {
  let room = createRoom();
  for (let i = 1; i <= tables; i++) room = addTable(room, { id: `T${i}`, number: i, seats });
  return room;
}

const entries = (n: number, prefix = 'e') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const counts = (room: Room) => tablesInOpenOrder(room).map((t) => t.players);

describe('random draw', () => {
  it('seats everybody once and keeps the tables within one player (20 over 3 tables: 7, 7, 6)', () => {
    const { room, seatings } = drawSeats(emptyRoom(3), entries(20), seededRng('draw-1'));
    assert.equal(seatings.length, 20);
    assert.deepEqual([...counts(room)].sort(), [6, 7, 7]);
    const seats = new Set(seatings.map((s) => `${s.tableId}/${s.seat}`));
    assert.equal(seats.size, 20);
    for (const s of seatings) assert.deepEqual(seatOf(room, s.entryId), { tableId: s.tableId, seat: s.seat });
    assert.ok(seatings.every((s) => s.dealtIn === null), 'the button is not known yet');
    assert.equal(room.seatedCount, 20);
  });

  it('fills the shortest tables first when some players are already seated', () => {
    const room = layout(['A', 'a b c d e f . . .'], ['B', 'g . . . . . . . .'], ['C', '. . . . . . . . .']);
    const after = drawSeats(room, entries(8, 'n'), seededRng('draw-2')).room;
    // B and C fill to 4 each (7 players), A keeps its 6; the 8th goes to B or C, at random.
    const [a, b, c] = counts(after);
    assert.equal(a, 6);
    assert.deepEqual([b, c].sort(), [4, 5]);
  });

  it('never uses a seat out of use and refuses more entries than free seats', () => {
    let room = emptyRoom(1, 4);
    room = setSeatOutOfUse(room, 'T1', 2);
    const after = drawSeats(room, entries(3), seededRng('draw-3')).room;
    assert.equal(after.tables.get('T1')!.seats[1], null);
    assert.equal(code(() => drawSeats(room, entries(4), seededRng('x'))), 'room-full');
  });

  it('is a replayable function of the seed', () => {
    const a = drawSeats(emptyRoom(4), entries(30), seededRng('same'));
    const b = drawSeats(emptyRoom(4), entries(30), seededRng('same'));
    const c = drawSeats(emptyRoom(4), entries(30), seededRng('other'));
    assert.deepEqual(snapshotRoom(a.room), snapshotRoom(b.room));
    assert.notDeepEqual(snapshotRoom(a.room), snapshotRoom(c.room));
  });

  it('TDA 2017 r6: every seat is about equally likely for an entry', () => {
    // 18 entries over 2 tables of 9: every seat is used; entry e1 should land on each of the
    // 18 seats about 1/18 of the time.
    const hits = new Map<string, number>();
    const runs = 3600;
    for (let i = 0; i < runs; i++) {
      const { room } = drawSeats(emptyRoom(2), entries(18), seededRng(`u${i}`));
      const s = seatOf(room, 'e1')!;
      hits.set(`${s.tableId}/${s.seat}`, (hits.get(`${s.tableId}/${s.seat}`) ?? 0) + 1);
    }
    assert.equal(hits.size, 18);
    // Expected 200 per seat; a chi-square with 17 degrees of freedom stays under 40.8 with
    // probability 0.999.
    let chi = 0;
    for (const h of hits.values()) chi += (h - 200) ** 2 / 200;
    assert.ok(chi < 40.8, `chi-square ${chi.toFixed(1)}`);
  });

  it('refuses a repeated, seated or busted entry (a re-entry is a new entry id)', () => {
    const room = bustEntry(layout(['A', 'a b . .']), 'a');
    assert.equal(code(() => drawSeats(room, ['x', 'x'], seededRng('x'))), 'duplicate-entry');
    assert.equal(code(() => drawSeats(room, ['b'], seededRng('x'))), 'entry-seated');
    assert.equal(code(() => seatLateEntry(room, 'a', seededRng('x'))), 'entry-busted');
    assert.equal(seatLateEntry(room, 'a#2', seededRng('x')).seating.tableId, 'A');
  });
});

describe('late entries (TDA 2017 r7)', () => {
  it('take a random seat at one of the shortest tables', () => {
    const room = layout(['A', 'a b c . . .'], ['B', 'd e . . . .'], ['C', 'f g . . . .']);
    const tables = new Set<string>();
    for (let i = 0; i < 50; i++) tables.add(seatLateEntry(room, 'late', seededRng(`late${i}`)).seating.tableId);
    assert.deepEqual([...tables].sort(), ['B', 'C']);
  });

  it('are not dealt in between the small blind and the button, and are otherwise', () => {
    // Last hand: button 1, small blind 3, big blind 5 at a table with seats 2, 4, 7, 8 free.
    const room = advanceButton(setButton(layout(['A', 'a . c . e f . .']), 'A', 1), 'A');
    const seen = new Map<number, boolean | null>();
    for (let i = 0; i < 60; i++) {
      const { seating } = seatLateEntry(room, 'late', seededRng(`w${i}`));
      seen.set(seating.seat, seating.dealtIn);
    }
    // Next hand: button 3, small blind 5: seat 4 waits; 2, 7, 8 are dealt in.
    assert.deepEqual([...seen.entries()].sort((a, b) => a[0] - b[0]), [
      [2, true],
      [4, false],
      [7, true],
      [8, true],
    ]);
  });
});

describe('wrong seat (TDA 2017 r6)', () => {
  it('a player found in the wrong seat moves to his drawn seat with his stack', () => {
    const room = layout(['A', 'a b . .'], ['B', 'c . . .']);
    const move = correctSeat(room, 'a', { tableId: 'B', seat: 2 });
    assert.deepEqual(move, { kind: 'correct-seat', entryId: 'a', from: { tableId: 'B', seat: 2 }, to: { tableId: 'A', seat: 1 }, status: 'announced' });
    const done = applyMove(room, move);
    assert.equal(done.move.status, 'done');
    assert.equal(done.room, room, 'the record was right; nothing changes in the room');
    assert.equal(code(() => correctSeat(room, 'a', { tableId: 'A', seat: 1 })), 'same-seat');
    assert.equal(code(() => correctSeat(room, 'a', { tableId: 'B', seat: 9 })), 'seat-not-found');
  });
});
