/**
 * Entries in seats: seating one by hand, busting one, and `relayout`, the single place where
 * seats change hands (draws, moves, breaks and the final table all go through it), so the
 * entry index and the tables can never disagree.
 */
import { EngineError } from '../errors.js';
import {
  putTable,
  requireFreeSeat,
  requireSeated,
  requireTable,
  requireUnseated,
  seatLabel,
  tableLabel,
  type ArrivalKind,
  type EntryId,
  type EntryState,
  type Room,
  type SeatRef,
  type Table,
  type TableId,
} from './room.js';

/** Seats an entry at a seat the TD chose (special needs, TDA 2017 r8; restoring a layout). */
export function seatEntry(room: Room, entryId: EntryId, at: SeatRef): Room {
  requireUnseated(room, entryId);
  requireFreeSeat(requireTable(room, at.tableId), at.seat);
  return relayout(room, [{ entryId, tableId: at.tableId, seat: at.seat, by: 'assigned' }]);
}

/** The entry busted out: the seat becomes free. */
export function bustEntry(room: Room, entryId: EntryId): Room {
  const state = requireSeated(room, entryId);
  const table = requireTable(room, state.tableId);
  const seats = table.seats.slice();
  seats[state.seat - 1] = null;
  return {
    ...putTable(room, { ...table, seats, players: table.players - 1 }),
    entries: room.entries.set(entryId, { status: 'busted', from: { tableId: state.tableId, seat: state.seat } }),
    seatedCount: room.seatedCount - 1,
    bustedCount: room.bustedCount + 1,
  };
}

/** Forgets an entry's bust (the bust was undone): he has no seat until one is given to him. */
export function unbustEntry(room: Room, entryId: EntryId): Room {
  if (room.entries.get(entryId)?.status !== 'busted') return room;
  return { ...room, entries: room.entries.delete(entryId), bustedCount: room.bustedCount - 1 };
}

/** @internal A seat assignment to carry out. */
export interface Placement {
  readonly entryId: EntryId;
  readonly tableId: TableId;
  readonly seat: number;
  readonly by: ArrivalKind;
}

/**
 * @internal Carries out placements in one step: every placed entry first leaves its old seat,
 * then all take their new seats, so swaps (a final-table redraw) work. Callers validate; the
 * only check here is the safety net that no seat is held twice.
 */
export function relayout(room: Room, placements: readonly Placement[]): Room {
  // One writable seat array per touched table; a draw of 10,000 entries touches ~1,100.
  const touched = new Map<TableId, { table: Table; seats: (EntryId | null)[] }>();
  const writable = (tableId: TableId) => {
    let t = touched.get(tableId);
    if (!t) {
      const table = requireTable(room, tableId);
      t = { table, seats: table.seats.slice() };
      touched.set(tableId, t);
    }
    return t;
  };
  let newlySeated = 0;
  const receiving = new Set<TableId>();
  for (const p of placements) {
    const before = room.entries.get(p.entryId);
    if (before?.status === 'seated') {
      const { seats } = writable(before.tableId);
      if (seats[before.seat - 1] === p.entryId) seats[before.seat - 1] = null;
      if (before.tableId !== p.tableId) receiving.add(p.tableId);
    } else {
      newlySeated++;
      receiving.add(p.tableId);
    }
  }
  const states: EntryState[] = new Array(placements.length);
  let seq = room.arrivalSeq;
  for (let i = 0; i < placements.length; i++) {
    const p = placements[i]!;
    const { table, seats } = writable(p.tableId);
    const held = seats[p.seat - 1];
    if (held === undefined) throw new EngineError('seat-not-found', `There is no seat ${p.seat} at ${tableLabel(table)}.`, 'invalid');
    if (held !== null) throw new EngineError('seat-taken', `${seatLabel(table, p.seat)} is already taken by entry ${held}.`);
    seats[p.seat - 1] = p.entryId;
    states[i] = { status: 'seated', tableId: p.tableId, seat: p.seat, arrival: { by: p.by, hand: table.handsPlayed, seq: ++seq } };
  }
  const tables = room.tables.batch((draft) => {
    for (const { table, seats } of touched.values()) {
      let players = 0;
      for (const e of seats) if (e != null) players++;
      draft.set(table.id, { ...table, seats, players });
    }
  });
  const entries = room.entries.batch((draft) => {
    for (let i = 0; i < placements.length; i++) draft.set(placements[i]!.entryId, states[i]!);
  });
  return {
    ...room,
    tables,
    entries,
    seatedCount: room.seatedCount + newlySeated,
    arrivalSeq: seq,
    haltWaivers: receiving.size ? room.haltWaivers.filter((id) => !receiving.has(id)) : room.haltWaivers,
  };
}
