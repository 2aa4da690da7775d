/**
 * The seating room: tables, seats and where every entry sits, as an immutable value.
 *
 * Every function returns a new `Room` and never changes its argument, so the shell can keep the
 * previous version, diff it, or drop the new one when a later step refuses. Refusals throw an
 * `EngineError` before anything is built. Seat numbers are 1-based: seat 1 is the seat left of
 * the dealer and seats run clockwise (IP 2008 r19-1).
 *
 * Sizes: a 10,000-player room has ~1,112 tables. Tables and entries live in persistent maps
 * (`pmap.ts`), so a bust or a move copies a few hundred references instead of the whole room.
 */
import { EngineError } from '../errors.js';
import { PMap } from './pmap.js';
import { slot } from '../speed/slots.js';

export type EntryId = string;
export type TableId = string;

/** A seat in the room. */
export interface SeatRef {
  readonly tableId: TableId;
  readonly seat: number;
}

/**
 * Where the dealer button stands, per table (button.ts explains the model).
 * `placed`: staff put the button on a seat for the next hand; the blinds are the next players.
 * `played`: the button, small blind and big blind seats of the last hand dealt; the next hand
 * follows the dead-button rule from them (TDA 2017 r32).
 */
export type DealerState =
  | { readonly kind: 'placed'; readonly button: number }
  | { readonly kind: 'played'; readonly button: number; readonly smallBlind: number; readonly bigBlind: number };

export interface Table {
  readonly id: TableId;
  /** The number on the table, shown to players and in the posted break order. */
  readonly number: number;
  /** Occupant per seat, index = seat - 1; the length is the table's seat count (2..10). */
  readonly seats: readonly (EntryId | null)[];
  /** Seats taken out of use (a broken chair, a 9-handed event at a 10-seat table), ascending. */
  readonly outOfUse: readonly number[];
  /** Number of seated entries (cached: balancing reads it for every table). */
  readonly players: number;
  /** null: the button position is not known to the engine yet. */
  readonly dealer: DealerState | null;
  /** Hands dealt at this table since it opened (counted by `advanceButton`). */
  readonly handsPlayed: number;
  /** IP 2008 r41-4 instead of the TDA dead button (rules.buttonRule; button.ts). Absent: TDA. */
  readonly buttonRule?: 'ip-2008';
}

/**
 * How an entry came to its seat. `balance` and `break` are arrivals from another table, which
 * the HR house rule protects from being moved again soon (balance.ts).
 */
export type ArrivalKind = 'draw' | 'assigned' | 'balance' | 'break' | 'final-table';

export interface Arrival {
  readonly by: ArrivalKind;
  /** The table's `handsPlayed` when the entry sat down. */
  readonly hand: number;
  /** The room's arrival counter at that moment (orders arrivals across tables). */
  readonly seq: number;
}

export type EntryState =
  | { readonly status: 'seated'; readonly tableId: TableId; readonly seat: number; readonly arrival: Arrival }
  | { readonly status: 'busted'; readonly from: SeatRef };

export interface Room {
  readonly tables: PMap<Table>;
  /** Table ids in the order the tables were opened. */
  readonly openOrder: readonly TableId[];
  /** The posted break order (IP 2008 part I §1, r24): the first id breaks next. */
  readonly breakOrder: readonly TableId[];
  readonly entries: PMap<EntryState>;
  readonly seatedCount: number;
  readonly bustedCount: number;
  /** Arrivals so far; the marker stored with each arrival. */
  readonly arrivalSeq: number;
  /** Tables whose halt the TD waived (TDA 2017 r10); cleared when a player arrives there. */
  readonly haltWaivers: readonly TableId[];
  /** Open table ids by table number (keeps `addTable` O(1) in a 1,000-table room). */
  readonly tableNumbers: PMap<TableId>;
  /** The highest table number opened so far. */
  readonly highestNumber: number;
}

export const MIN_SEATS = 2;
export const MAX_SEATS = 10;

export function createRoom(): Room {
  return {
    tables: PMap.empty(),
    openOrder: [],
    breakOrder: [],
    entries: PMap.empty(),
    seatedCount: 0,
    bustedCount: 0,
    arrivalSeq: 0,
    haltWaivers: [],
    tableNumbers: PMap.empty(),
    highestNumber: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Lookups and validation shared by the other seating modules.

export function tableLabel(table: Table): string {
  return `table ${table.number}`;
}

export function seatLabel(table: Table, seat: number): string {
  return `table ${table.number} seat ${seat}`;
}

export function getTable(room: Room, tableId: TableId): Table | undefined {
  return room.tables.get(tableId);
}

export function requireTable(room: Room, tableId: TableId): Table {
  const table = room.tables.get(tableId);
  if (!table) throw new EngineError('unknown-table', `There is no open table "${tableId}".`, 'invalid');
  return table;
}

/** The seat must exist at the table (any use state). */
export function requireSeat(table: Table, seat: number): void {
  if (!Number.isInteger(seat) || seat < 1 || seat > table.seats.length) {
    throw new EngineError(
      'seat-not-found',
      `${tableLabel(table)} has seats 1-${table.seats.length}; there is no seat ${seat}.`,
      'invalid',
    );
  }
}

/** The seat must exist, be in use and be empty, ready for `entryId`. */
export function requireFreeSeat(table: Table, seat: number): void {
  requireSeat(table, seat);
  if (table.outOfUse.includes(seat)) {
    throw new EngineError('seat-out-of-use', `${seatLabel(table, seat)} is out of use.`);
  }
  const occupant = table.seats[seat - 1];
  if (occupant != null) {
    throw new EngineError('seat-taken', `${seatLabel(table, seat)} is already taken by entry ${occupant}.`);
  }
}

/** The entry must be seated; busted and unknown entries are refused with their own codes. */
export function requireSeated(room: Room, entryId: EntryId): Extract<EntryState, { status: 'seated' }> {
  const state = room.entries.get(entryId);
  if (!state) throw new EngineError('entry-not-seated', `Entry ${entryId} is not seated.`);
  if (state.status === 'busted') throw new EngineError('entry-busted', `Entry ${entryId} has busted out.`);
  return state;
}

/** The entry must not be seated or busted yet (new entries and re-entries only). */
export function requireUnseated(room: Room, entryId: EntryId): void {
  if (typeof entryId !== 'string' || entryId === '') {
    throw new EngineError('invalid-entry', 'An entry id must be a non-empty string.', 'invalid');
  }
  const state = room.entries.get(entryId);
  if (state?.status === 'busted') throw new EngineError('entry-busted', `Entry ${entryId} has busted out.`);
  if (state?.status === 'seated') {
    const table = room.tables.get(state.tableId);
    const where = table ? seatLabel(table, state.seat) : `seat ${state.seat}`;
    throw new EngineError('entry-seated', `Entry ${entryId} is already seated at ${where}.`);
  }
}

/** Tables with the same seats in use and the same players, counted (balancing and draws ask by kind). */
export interface TableKind {
  readonly capacity: number;
  readonly players: number;
  /** How many open tables are of this kind (never 0: a kind no table has is not listed). */
  readonly tables: number;
}

/**
 * A room's tables in both of its orders, and counted by kind: what the draw, the break check
 * and the balance check read on every registration and bust. Made once per room; a room made
 * from another by changing a few tables (a seat taken, a bust) gets it from that room's
 * index by replacing those tables, instead of looking up 1,000 table ids again.
 */
export interface TableIndex {
  readonly open: readonly Table[];
  /** Players and capacity of each table in open order, for the draw's walk over every table. */
  readonly openPlayers: Uint8Array;
  readonly openCapacity: Uint8Array;
  readonly breaking: readonly Table[];
  /** By `capacity * 1024 + players`. */
  readonly kinds: ReadonlyMap<number, TableKind>;
}

const indexes = slot<Room, TableIndex>('table index');
/** Where each id stands in an order (openOrder or breakOrder), made once per order array. */
const orderPositions = slot<readonly TableId[], ReadonlyMap<TableId, number>>('order positions');
/**
 * The last rooms indexed, newest first: a new room is indexed from one with the same orders.
 * Module-wide like a cache should not be, but a room does not know the room it was made from,
 * and a handful of recent rooms is what every command makes.
 */
const recent: Array<{ room: Room; index: TableIndex }> = [];
const RECENT_ROOMS = 4;
/** More changed shards than this and the index is made anew (a move of every button). */
const DERIVE_SHARDS = 16;

function kindKey(t: Table): number {
  return capacity(t) * 1024 + t.players;
}

function countKind(kinds: Map<number, TableKind>, t: Table, by: 1 | -1): void {
  const key = kindKey(t);
  const kind = kinds.get(key);
  const n = (kind?.tables ?? 0) + by;
  if (n === 0) kinds.delete(key);
  else kinds.set(key, { capacity: capacity(t), players: t.players, tables: n });
}

function positionsIn(order: readonly TableId[]): ReadonlyMap<TableId, number> {
  let known = orderPositions.get(order);
  if (!known) {
    const made = new Map<TableId, number>();
    order.forEach((id, i) => made.set(id, i));
    orderPositions.set(order, (known = made));
  }
  return known;
}

function buildIndex(room: Room): TableIndex {
  const open = room.openOrder.map((id) => room.tables.get(id)!);
  const breaking = room.breakOrder.map((id) => room.tables.get(id)!);
  const kinds = new Map<number, TableKind>();
  const openPlayers = new Uint8Array(open.length);
  const openCapacity = new Uint8Array(open.length);
  open.forEach((t, i) => {
    countKind(kinds, t, 1);
    openPlayers[i] = t.players;
    openCapacity[i] = capacity(t);
  });
  return { open, openPlayers, openCapacity, breaking, kinds };
}

/** The index of `room` from that of `base` (same orders), or null when too much changed. */
function deriveIndex(base: { room: Room; index: TableIndex }, room: Room): TableIndex | null {
  if (base.room.tables === room.tables) return base.index;
  const before = base.room.tables.shards();
  const after = room.tables.shards();
  const changed: Table[] = [];
  let shards = 0;
  for (let i = 0; i < after.length; i++) {
    const a = before[i]!;
    const b = after[i]!;
    if (a === b) continue;
    if (++shards > DERIVE_SHARDS || a.size !== b.size) return null;
    for (const [id, t] of b) {
      const old = a.get(id);
      if (old === undefined) return null;
      if (old !== t) changed.push(t);
    }
  }
  const open = base.index.open.slice();
  const openPlayers = base.index.openPlayers.slice();
  const openCapacity = base.index.openCapacity.slice();
  const breaking = base.index.breaking.slice();
  const kinds = new Map(base.index.kinds);
  const openAt = positionsIn(room.openOrder);
  const breakAt = positionsIn(room.breakOrder);
  for (const t of changed) {
    const o = openAt.get(t.id);
    const b = breakAt.get(t.id);
    if (o === undefined || b === undefined) return null;
    countKind(kinds, open[o]!, -1);
    countKind(kinds, t, 1);
    open[o] = t;
    openPlayers[o] = t.players;
    openCapacity[o] = capacity(t);
    breaking[b] = t;
  }
  return { open, openPlayers, openCapacity, breaking, kinds };
}

/** The room's tables in both orders and by kind (see TableIndex). */
export function tableIndex(room: Room): TableIndex {
  let index = indexes.get(room);
  if (index) return index;
  const base = recent.find((r) => r.room.openOrder === room.openOrder && r.room.breakOrder === room.breakOrder);
  index = (base && deriveIndex(base, room)) ?? buildIndex(room);
  indexes.set(room, index);
  recent.unshift({ room, index });
  if (recent.length > RECENT_ROOMS) recent.pop();
  return index;
}

/** Free seats in use over all open tables (from the tables counted by kind). */
export function freeSeatCount(room: Room): number {
  let free = 0;
  for (const kind of tableIndex(room).kinds.values()) free += (kind.capacity - kind.players) * kind.tables;
  return free;
}

/** The tables in the order they were opened. */
export function tablesInOpenOrder(room: Room): readonly Table[] {
  return tableIndex(room).open;
}

/** The tables in the posted break order. */
export function tablesInBreakOrder(room: Room): readonly Table[] {
  return tableIndex(room).breaking;
}

export function seatOf(room: Room, entryId: EntryId): SeatRef | null {
  const state = room.entries.get(entryId);
  return state?.status === 'seated' ? { tableId: state.tableId, seat: state.seat } : null;
}

export function occupant(table: Table, seat: number): EntryId | null {
  return table.seats[seat - 1] ?? null;
}

/** Seats in use (not out of use), ascending. */
export function inUseSeats(table: Table): number[] {
  const out: number[] = [];
  for (let s = 1; s <= table.seats.length; s++) if (!table.outOfUse.includes(s)) out.push(s);
  return out;
}

/** Empty seats in use, ascending. */
export function freeSeats(table: Table): number[] {
  const out: number[] = [];
  for (let s = 1; s <= table.seats.length; s++) {
    if (table.seats[s - 1] == null && !table.outOfUse.includes(s)) out.push(s);
  }
  return out;
}

/** Players the table can hold: its seats in use. */
export function capacity(table: Table): number {
  return table.seats.length - table.outOfUse.length;
}

/** Entries seated at the table with their seats, in seat order (from seat 1). */
export function seatedAt(table: Table): { seat: number; entryId: EntryId }[] {
  const out: { seat: number; entryId: EntryId }[] = [];
  table.seats.forEach((entryId, i) => {
    if (entryId != null) out.push({ seat: i + 1, entryId });
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tables.

export interface NewTable {
  id: TableId;
  /** Defaults to one more than the highest number opened so far. */
  number?: number;
  /** Seats at the table, 2..10. */
  seats: number;
  outOfUse?: readonly number[];
  /**
   * Where the table enters the posted break order. Default `first`: the table opened last
   * breaks first, the usual posted order; `last` for a table meant to stay (a TV table).
   */
  breakPosition?: 'first' | 'last';
  /** The button rule of the tournament (rules.buttonRule); default the TDA dead button. */
  buttonRule?: 'dead-button' | 'ip-2008';
}

/** Opens a table during the event (before the draw or for late registration). */
export function addTable(room: Room, spec: NewTable): Room {
  if (typeof spec.id !== 'string' || spec.id === '') {
    throw new EngineError('invalid-table', 'A table id must be a non-empty string.', 'invalid');
  }
  if (room.tables.has(spec.id)) throw new EngineError('table-exists', `Table "${spec.id}" is already open.`);
  if (!Number.isInteger(spec.seats) || spec.seats < MIN_SEATS || spec.seats > MAX_SEATS) {
    throw new EngineError('invalid-seat-count', `A table has ${MIN_SEATS}-${MAX_SEATS} seats, not ${spec.seats}.`, 'invalid');
  }
  const number = spec.number ?? room.highestNumber + 1;
  if (!Number.isInteger(number) || number < 1) {
    throw new EngineError('invalid-table', `A table number must be a positive integer, not ${number}.`, 'invalid');
  }
  if (room.tableNumbers.has(String(number))) {
    throw new EngineError('table-number-taken', `Table number ${number} is already open.`);
  }
  const outOfUse = [...new Set(spec.outOfUse ?? [])].sort((a, b) => a - b);
  const table: Table = {
    id: spec.id,
    number,
    seats: Array.from({ length: spec.seats }, () => null),
    outOfUse,
    players: 0,
    dealer: null,
    handsPlayed: 0,
    ...(spec.buttonRule === 'ip-2008' ? { buttonRule: 'ip-2008' as const } : {}),
  };
  for (const s of outOfUse) requireSeat(table, s);
  return {
    ...room,
    tables: room.tables.set(table.id, table),
    tableNumbers: room.tableNumbers.set(String(number), table.id),
    highestNumber: Math.max(room.highestNumber, number),
    openOrder: [...room.openOrder, table.id],
    breakOrder: spec.breakPosition === 'last' ? [...room.breakOrder, table.id] : [table.id, ...room.breakOrder],
  };
}

/** Closes an empty table. An occupied table is refused: break it (table-break.ts) first. */
export function removeTable(room: Room, tableId: TableId): Room {
  const table = requireTable(room, tableId);
  if (table.players > 0) {
    throw new EngineError(
      'table-occupied',
      `${tableLabel(table)} still seats ${table.players} player(s); move them before closing it.`,
    );
  }
  return {
    ...room,
    tables: room.tables.delete(tableId),
    tableNumbers: room.tableNumbers.delete(String(table.number)),
    openOrder: room.openOrder.filter((id) => id !== tableId),
    breakOrder: room.breakOrder.filter((id) => id !== tableId),
    haltWaivers: room.haltWaivers.filter((id) => id !== tableId),
  };
}

/** Takes an empty seat out of use, or puts it back in use. */
export function setSeatOutOfUse(room: Room, tableId: TableId, seat: number, outOfUse = true): Room {
  const table = requireTable(room, tableId);
  requireSeat(table, seat);
  if (outOfUse && table.seats[seat - 1] != null) {
    throw new EngineError('seat-taken', `${seatLabel(table, seat)} is taken by entry ${table.seats[seat - 1]}; move the player first.`);
  }
  const rest = table.outOfUse.filter((s) => s !== seat);
  const next = outOfUse ? [...rest, seat].sort((a, b) => a - b) : rest;
  return putTable(room, { ...table, outOfUse: next });
}

/** Posts a new break order: every open table exactly once, the first breaks next. */
export function setBreakOrder(room: Room, tableIds: readonly TableId[]): Room {
  const unique = new Set(tableIds);
  if (unique.size !== tableIds.length || unique.size !== room.openOrder.length || !tableIds.every((id) => room.tables.has(id))) {
    throw new EngineError('invalid-break-order', 'The break order must list every open table exactly once.', 'invalid');
  }
  return { ...room, breakOrder: [...tableIds] };
}

/** TDA 2017 r10: "TDs may waive halting play". The waiver ends when a player arrives there. */
export function waiveHalt(room: Room, tableId: TableId, waived = true): Room {
  requireTable(room, tableId);
  const rest = room.haltWaivers.filter((id) => id !== tableId);
  return { ...room, haltWaivers: waived ? [...rest, tableId] : rest };
}

// ---------------------------------------------------------------------------------------------
// Building block for the other seating modules (not re-exported by index.ts).

/** @internal Replaces one table. */
export function putTable(room: Room, table: Table): Room {
  return { ...room, tables: room.tables.set(table.id, table) };
}
