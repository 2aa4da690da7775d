/**
 * The table index of a room (room.ts `tableIndex`): its tables in open and break order, their
 * players and seats in use, and the tables counted by kind. A room made from another by a few
 * changes gets its index from that room's; whatever the path, the index must read as the room
 * itself does. The expected index here is worked out from the room's own fields, table by
 * table, the way the definition reads.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { seededRng, type Rng } from '../../../server/engine/random.js';
import {
  addTable,
  advanceButton,
  applyMove,
  bustEntry,
  createRoom,
  drawSeats,
  freeSeats,
  planMove,
  removeTable,
  restoreRoom,
  seatLateEntry,
  setBreakOrder,
  setButton,
  setSeatOutOfUse,
  snapshotRoom,
  tableIndex,
  type Room,
} from '../../../server/engine/seating/index.js';

/** The index as the definition reads it: every table looked up, every seat counted. */
function expected(room: Room) {
  const open = room.openOrder.map((id) => room.tables.get(id)!);
  const players = (t: (typeof open)[number]) => t.seats.filter((e) => e !== null).length;
  const inUse = (t: (typeof open)[number]) => t.seats.length - t.outOfUse.length;
  const kinds = new Map<string, number>();
  for (const t of open) kinds.set(`${inUse(t)}/${players(t)}`, (kinds.get(`${inUse(t)}/${players(t)}`) ?? 0) + 1);
  return {
    open: open.map((t) => t.id),
    breaking: room.breakOrder,
    players: open.map(players),
    capacity: open.map(inUse),
    kinds: [...kinds].sort(),
  };
}

function actual(room: Room) {
  const index = tableIndex(room);
  // The lists hold the room's own table objects, not copies.
  index.open.forEach((t, i) => assert.equal(t, room.tables.get(room.openOrder[i]!)));
  index.breaking.forEach((t, i) => assert.equal(t, room.tables.get(room.breakOrder[i]!)));
  return {
    open: index.open.map((t) => t.id),
    breaking: index.breaking.map((t) => t.id),
    players: [...index.openPlayers],
    capacity: [...index.openCapacity],
    kinds: [...index.kinds.values()].map((k) => [`${k.capacity}/${k.players}`, k.tables] as [string, number]).sort(),
  };
}

function openRoom(tables: number, prefix: string): Room {
  let room = createRoom();
  for (let i = 1; i <= tables; i++) room = addTable(room, { id: `${prefix}${i}`, number: i, seats: i % 3 === 0 ? 10 : 9 });
  return room;
}

/** One random change of the room, of the kinds a tournament makes. */
function change(room: Room, rng: Rng, step: number, prefix: string): Room {
  const seated = [...room.entries.entries()].filter(([, s]) => s.status === 'seated').map(([id]) => id);
  const tables = room.openOrder.map((id) => room.tables.get(id)!);
  const withFree = tables.filter((t) => freeSeats(t).length > 0);
  switch (rng.int(9)) {
    case 0:
    case 1:
      if (withFree.length) return seatLateEntry(room, `${prefix}late${step}`, rng).room;
      return room;
    case 2:
    case 3:
      return seated.length ? bustEntry(room, rng.pick(seated)) : room;
    case 4: {
      if (!seated.length || !withFree.length) return room;
      const to = rng.pick(withFree);
      return applyMove(room, planMove(room, 'balance', rng.pick(seated), { tableId: to.id, seat: rng.pick(freeSeats(to)) })).room;
    }
    case 5:
      return addTable(room, { id: `${prefix}new${step}`, seats: 9, breakPosition: rng.int(2) ? 'first' : 'last' });
    case 6: {
      const empty = tables.filter((t) => t.players === 0);
      if (empty.length) return removeTable(room, rng.pick(empty).id);
      return withFree.length ? setSeatOutOfUse(room, withFree[0]!.id, freeSeats(withFree[0]!)[0]!) : room;
    }
    case 7:
      return setBreakOrder(room, rng.shuffle(room.openOrder));
    default: {
      const t = rng.pick(tables);
      return t.players >= 2 ? advanceButton(setButton(room, t.id, t.seats.findIndex((e) => e !== null) + 1), t.id) : room;
    }
  }
}

describe('table index', () => {
  it('reads as the room does after every change of a random tournament (300 tables, 400 changes)', () => {
    const rng = seededRng('table-index-1');
    let room = drawSeats(openRoom(300, 'T'), Array.from({ length: 2_000 }, (_, i) => `e${i}`), rng).room;
    assert.deepEqual(actual(room), expected(room));
    for (let step = 0; step < 400; step++) {
      room = change(room, rng, step, 'x');
      assert.deepEqual(actual(room), expected(room), `after change ${step}`);
    }
  });

  it('keeps two tournaments apart when their changes interleave, and branches of one room apart', () => {
    const rng = seededRng('table-index-2');
    let a = drawSeats(openRoom(120, 'A'), Array.from({ length: 700 }, (_, i) => `a${i}`), rng).room;
    let b = drawSeats(openRoom(120, 'B'), Array.from({ length: 900 }, (_, i) => `b${i}`), rng).room;
    for (let step = 0; step < 150; step++) {
      a = change(a, rng, step, 'a');
      b = change(b, rng, step, 'b');
      assert.deepEqual(actual(a), expected(a), `A after change ${step}`);
      assert.deepEqual(actual(b), expected(b), `B after change ${step}`);
      // Two rooms made from the same one (a refused command's room is dropped, the next is
      // made from the room before it).
      const left = change(a, rng, step, 'l');
      const right = change(a, rng, step, 'r');
      assert.deepEqual(actual(right), expected(right), `right branch ${step}`);
      assert.deepEqual(actual(left), expected(left), `left branch ${step}`);
    }
  });

  it('is the same for a room restored from its snapshot', () => {
    const rng = seededRng('table-index-3');
    let room = drawSeats(openRoom(80, 'T'), Array.from({ length: 500 }, (_, i) => `e${i}`), rng).room;
    for (let step = 0; step < 50; step++) room = change(room, rng, step, 'x');
    const restored = restoreRoom(JSON.parse(JSON.stringify(snapshotRoom(room))));
    assert.deepEqual(actual(restored), expected(room));
  });
});
