/**
 * A room as plain JSON and back: for storing the seating with the tournament, for the wire, and
 * for test fixtures. `restoreRoom` goes through the same validation as live commands, so a
 * damaged snapshot is refused with the same error codes instead of building an impossible room.
 */
import { EngineError } from '../errors.js';
import {
  addTable,
  createRoom,
  putTable,
  requireSeat,
  requireTable,
  requireUnseated,
  setBreakOrder,
  tablesInOpenOrder,
  type Arrival,
  type DealerState,
  type EntryId,
  type Room,
  type SeatRef,
  type TableId,
} from './room.js';
import { seatEntry } from './entries.js';

export interface TableSnapshot {
  id: TableId;
  number: number;
  /** Occupant per seat, index = seat - 1; the length is the seat count. */
  seats: (EntryId | null)[];
  outOfUse?: number[];
  dealer?: DealerState | null;
  handsPlayed?: number;
}

export interface RoomSnapshot {
  /** In the order the tables were opened. */
  tables: TableSnapshot[];
  /** Default: the order of `tables`. */
  breakOrder?: TableId[];
  busted?: { entryId: EntryId; from: SeatRef }[];
  /** How seated entries arrived (default: `assigned` at hand 0). */
  arrivals?: Record<EntryId, Arrival>;
  arrivalSeq?: number;
  haltWaivers?: TableId[];
}

type BustedRecord = { entryId: EntryId; from: SeatRef };

/** Per shard of `room.entries`: its seated entries' arrivals and its busted entries (sorted). */
const shardParts = new WeakMap<object, { arrivals: [EntryId, Arrival][]; busted: BustedRecord[] }>();
const tableParts = new WeakMap<object, TableSnapshot>();

function byEntryId(a: BustedRecord, b: BustedRecord): number {
  return a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0;
}

/**
 * The room as plain JSON. What did not change since the last snapshot (a table, a shard of the
 * entries map) is reused, so a bust at 10,000 entries does not rebuild 1,112 tables.
 */
export function snapshotRoom(room: Room): RoomSnapshot {
  const bustedParts: BustedRecord[][] = [];
  const arrivals: Record<EntryId, Arrival> = {};
  for (const shard of room.entries.shards()) {
    let part = shardParts.get(shard);
    if (!part) {
      part = { arrivals: [], busted: [] };
      for (const [entryId, state] of shard) {
        if (state.status === 'busted') part.busted.push({ entryId, from: state.from });
        else part.arrivals.push([entryId, state.arrival]);
      }
      part.busted.sort(byEntryId);
      shardParts.set(shard, part);
    }
    for (const [entryId, arrival] of part.arrivals) arrivals[entryId] = arrival;
    if (part.busted.length) bustedParts.push(part.busted);
  }
  const busted = bustedParts.length === 1 ? bustedParts[0]!.slice() : bustedParts.flat().sort(byEntryId);
  return {
    tables: tablesInOpenOrder(room).map((t) => {
      let snap = tableParts.get(t);
      if (!snap) {
        snap = { id: t.id, number: t.number, seats: [...t.seats], outOfUse: [...t.outOfUse], dealer: t.dealer, handsPlayed: t.handsPlayed };
        tableParts.set(t, snap);
      }
      return snap;
    }),
    breakOrder: [...room.breakOrder],
    busted,
    arrivals,
    arrivalSeq: room.arrivalSeq,
    haltWaivers: [...room.haltWaivers],
  };
}

export function restoreRoom(snapshot: RoomSnapshot): Room {
  let room = createRoom();
  for (const t of snapshot.tables) {
    room = addTable(room, { id: t.id, number: t.number, seats: t.seats.length, outOfUse: t.outOfUse ?? [], breakPosition: 'last' });
  }
  for (const t of snapshot.tables) {
    t.seats.forEach((entryId, i) => {
      if (entryId != null) room = seatEntry(room, entryId, { tableId: t.id, seat: i + 1 });
    });
    const table = requireTable(room, t.id);
    const dealer = t.dealer ?? null;
    if (dealer) {
      requireSeat(table, dealer.button);
      if (dealer.kind === 'played') {
        requireSeat(table, dealer.smallBlind);
        requireSeat(table, dealer.bigBlind);
      }
    }
    const handsPlayed = t.handsPlayed ?? 0;
    if (!Number.isInteger(handsPlayed) || handsPlayed < 0) {
      throw new EngineError('invalid-snapshot', `Table "${t.id}" has a bad hand count ${handsPlayed}.`, 'invalid');
    }
    room = putTable(room, { ...table, dealer, handsPlayed });
  }
  if (snapshot.breakOrder) room = setBreakOrder(room, snapshot.breakOrder);
  const busted = snapshot.busted ?? [];
  for (const b of busted) requireUnseated(room, b.entryId);
  const arrivals = snapshot.arrivals ?? {};
  const entries = room.entries.batch((draft) => {
    for (const b of busted) {
      if (draft.get(b.entryId)) throw new EngineError('invalid-snapshot', `Entry ${b.entryId} is listed twice.`, 'invalid');
      draft.set(b.entryId, { status: 'busted', from: { ...b.from } });
    }
    for (const [entryId, arrival] of Object.entries(arrivals)) {
      const state = draft.get(entryId);
      if (state?.status !== 'seated') {
        throw new EngineError('invalid-snapshot', `Arrival given for entry ${entryId}, who is not seated.`, 'invalid');
      }
      draft.set(entryId, { ...state, arrival: { ...arrival } });
    }
  });
  const haltWaivers = snapshot.haltWaivers ?? [];
  for (const id of haltWaivers) requireTable(room, id);
  return {
    ...room,
    entries,
    bustedCount: busted.length,
    arrivalSeq: snapshot.arrivalSeq ?? room.arrivalSeq,
    haltWaivers: [...haltWaivers],
  };
}
