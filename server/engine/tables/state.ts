/**
 * `state.seating`: the seating room of one tournament, plus what the floor needs around it (the
 * moves board, the final-table draw, halts already reported, one undo step).
 *
 * The room is the engine's `Room` itself (seating/room.ts: persistent maps of tables and
 * entries, so a bust copies a few hundred references, not the room). Its JSON form is the
 * room's snapshot (seating/snapshot.ts), made and read by the store's codec
 * (server/host/state-json.ts) when a checkpoint is written or loaded, never per command.
 */
import { restoreRoom, type Move, type Room, type SeatRef, type TableId } from '../seating/index.js';
import type { MoveKindView, MoveView, SeatPlace } from '../../protocol/seating.js';
import type { HandTaken } from './misdeal.js';

/** A move on the board, stored with table numbers (a broken table's id is gone afterwards). */
export type BoardMove = Omit<MoveView, 'name'>;

export interface FinalTableRecord {
  tableId: TableId;
  table: number;
  seats: number;
  buttonSeat: number;
  /** The cards dealt for the button from seat 1 (IP 2008 r49-2a). */
  cards: { seat: number; card: string }[];
  at: number;
}

export interface UndoPoint {
  /** What the undo takes back, for the control panel ("Balance move: Table 7 → Table 3"). */
  label: string;
  type: string;
  at: number;
  /** The seating before the action, without its own undo point (one step only). */
  before: Omit<SeatingState, 'undo'>;
  /**
   * `version` right after the action and its follow-ups (null until the follow-up of the same
   * command stamps it); undo is refused once the room changed since.
   */
  version: number | null;
}

export interface SeatingState {
  /** The room (a persistent value; stored as its snapshot: server/host/state-json.ts). */
  room: Room;
  /** Bumped on every change of the room: tells undo whether anything happened since. */
  version: number;
  /** The first draw happened: from then on new entries get a seat by themselves (TDA 2017 r7). */
  drawn: boolean;
  /** The moves board, oldest first, at most MOVES_KEPT. */
  moves: BoardMove[];
  /** Moves recorded so far (numbers the board lines). */
  moveCount: number;
  /** Halted tables as last reported, so `table.halted` is sent once per halt. */
  halted: TableId[];
  /** Entries already reported waiting for a free seat (`seat.unavailable` is sent once). */
  waitingReported: string[];
  finalTable: FinalTableRecord | null;
  undo: UndoPoint | null;
  /**
   * The entries domain's hand-for-hand hand number last seen (`entries.handForHand.hand`):
   * each new hand-for-hand hand moves the button at every table, like `hand.next`.
   */
  handForHandSeen: number;
  /**
   * Set when hand-for-hand ended because a bust hand burst the money bubble: the hand-for-hand
   * hand it was on and that bust hand's number (`BustHand.n`). An undo of that bust hand puts
   * hand-for-hand back on at the same hand, which was dealt already: the buttons stay.
   */
  handForHandEnded?: { hand: number; bustHand: number };
  /**
   * Per table, the button and hand count before and after the last `hand.next` dealt there, so a
   * misdeal can take that hand back (tables/misdeal.ts; TDA 2017 r35). Absent in older states.
   */
  handsTaken?: Record<TableId, HandTaken>;
  /** The latest table-size change during play (MEC r5: `tables.resize`), for the announcement. */
  resized?: { seatsPerTable: number; from: number; moves: number; at: number };
}

export const MOVES_KEPT = 60;

export function initialSeating(): SeatingState {
  return { room: emptyRoom(), version: 0, drawn: false, moves: [], moveCount: 0, halted: [], waitingReported: [], finalTable: null, undo: null, handForHandSeen: 0 };
}

function emptyRoom(): Room {
  return restoreRoom({ tables: [] });
}

const INITIAL = initialSeating();

/** The seating of a state; states stored before seating existed have none yet. */
export function seatingOf(state: { seating?: SeatingState }): SeatingState {
  return state.seating ?? INITIAL;
}

/** The engine room of a seating (kept for the call-sites: the room is the state's own). */
export function loadRoom(seating: SeatingState): Room {
  return seating.room;
}

/** Table number for a table id, from the room before or after a change. */
export function placeOf(rooms: readonly Room[], ref: SeatRef): SeatPlace {
  for (const room of rooms) {
    const table = room.tables.get(ref.tableId);
    if (table) return { tableId: ref.tableId, table: table.number, seat: ref.seat };
  }
  return { tableId: ref.tableId, table: 0, seat: ref.seat };
}

/** A board line for an engine move. */
export function boardMove(n: number, move: Move, kind: MoveKindView, rooms: readonly Room[], at: number, from: SeatRef | null = move.from): BoardMove {
  return { n, kind, entryId: move.entryId, from: from ? placeOf(rooms, from) : null, to: placeOf(rooms, move.to), status: move.status, at };
}

/**
 * The seating with a new room and board lines added. `undo`: record an undo point for a seating
 * action (the state before it); omitted for the automatic follow-ups, which keep the old point
 * (it then no longer matches `version` and undo is refused).
 */
export function withRoom(
  seating: SeatingState,
  room: Room,
  added: readonly Omit<BoardMove, 'n'>[] = [],
  undo?: { label: string; type: string; at: number },
): SeatingState {
  let count = seating.moveCount;
  const lines = added.map((m) => ({ ...m, n: ++count }));
  const moves = lines.length ? [...seating.moves, ...lines].slice(-MOVES_KEPT) : seating.moves;
  const version = seating.version + 1;
  const { undo: _previous, ...before } = seating;
  return {
    ...seating,
    room,
    version,
    moves,
    moveCount: count,
    undo: undo ? { ...undo, before, version: null } : seating.undo,
  };
}

/**
 * Where an entry sits now (for other domains, e.g. to name the table of each bust of one hand,
 * IP r47-5); null when he has no seat.
 */
export function seatOfEntry(state: { seating?: SeatingState }, entryId: string): SeatPlace | null {
  const room = loadRoom(seatingOf(state));
  const where = room.entries.get(entryId);
  if (where?.status !== 'seated') return null;
  return { tableId: where.tableId, table: room.tables.get(where.tableId)!.number, seat: where.seat };
}
