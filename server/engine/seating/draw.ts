/**
 * The random seat draw (TDA 2017 r6, IP 2008 r19-3) and seats for late entries (TDA 2017 r7).
 *
 * What a floor does with seat cards: it lays out cards only for the seats it wants filled, so
 * that tables stay balanced, shuffles them and hands them out. The draw does the same:
 *
 * 1. Decide how many new players each table takes, filling the shortest tables first
 *    ("water-filling") so the tables end up as even as their free seats allow (differing by at
 *    most one when there is room). When the players do not divide evenly, the tables that get
 *    the extra player are chosen at random among the shortest.
 * 2. At each table pick that many of its free seats at random (empty seats land anywhere).
 * 3. Shuffle the entries and deal them the chosen seats: every entry is equally likely to get
 *    any of the seats in the pool.
 *
 * A late entry or re-entry is the same draw with one entry: a random seat at a random one of
 * the shortest tables (TDA 2017 r7: "from the same seat pool then in place for new players").
 * Every random choice uses the injected Rng, so the shell can record and replay it.
 */
import { EngineError } from '../errors.js';
import type { Rng } from '../random.js';
import { positions, type Positions } from './button.js';
import {
  freeSeatCount,
  freeSeats,
  requireUnseated,
  tableIndex,
  type EntryId,
  type Room,
  type TableId,
  type TableIndex,
} from './room.js';
import { relayout, type Placement } from './entries.js';

export interface Seating {
  readonly entryId: EntryId;
  readonly tableId: TableId;
  readonly seat: number;
  /**
   * Dealt into the next hand? false between the small blind and the button, where a new
   * player waits for the button to pass (TDA 2017 r7); null while the button is unknown.
   */
  readonly dealtIn: boolean | null;
}

/** How many new players each table takes (step 1 above), in open order. */
function shares(index: TableIndex, players: number, rng: Rng): Uint8Array {
  const { kinds, openPlayers: current, openCapacity: cap } = index;
  // Asked of the tables by kind (capacity, players): a late entry asks at 1,000 tables, and a
  // dozen kinds answer `need` as the whole list would, without walking it once per level.
  const need = (level: number) => {
    let sum = 0;
    for (const kind of kinds.values()) sum += Math.max(0, Math.min(level, kind.capacity) - kind.players) * kind.tables;
    return sum;
  };
  let level = 0;
  while (level < 10 && need(level + 1) <= players) level++;
  const share = new Uint8Array(current.length);
  for (let i = 0; i < current.length; i++) share[i] = Math.max(0, Math.min(level, cap[i]!) - current[i]!);
  // The remainder goes one each to tables that sit exactly at `level` after filling and still
  // have a free seat; there are more of them than the remainder, or level would be higher.
  const remainder = players - need(level);
  if (remainder > 0) {
    const eligible: number[] = [];
    for (let i = 0; i < current.length; i++) {
      if (current[i]! + share[i]! === level && cap[i]! > level) eligible.push(i);
    }
    for (const i of rng.sample(eligible, remainder)) share[i]!++;
  }
  return share;
}

/**
 * Draws seats for new entries over the open tables (see the file comment). Refuses an entry
 * that is already seated or busted (a re-entry is a new entry id), a repeated entry, and more
 * entries than free seats.
 */
export function drawSeats(room: Room, entryIds: readonly EntryId[], rng: Rng): { room: Room; seatings: Seating[] } {
  const unique = new Set(entryIds);
  if (unique.size !== entryIds.length) {
    throw new EngineError('duplicate-entry', 'The draw lists an entry more than once.', 'invalid');
  }
  for (const id of entryIds) requireUnseated(room, id);
  if (entryIds.length === 0) return { room, seatings: [] };
  const free = freeSeatCount(room);
  if (entryIds.length > free) {
    throw new EngineError(
      'room-full',
      `${entryIds.length} entries need seats but only ${free} seat(s) are free; open another table.`,
    );
  }
  const index = tableIndex(room);
  const share = shares(index, entryIds.length, rng);
  const poolTables: TableId[] = [];
  const poolSeats: number[] = [];
  for (let i = 0; i < share.length; i++) {
    const k = share[i]!;
    if (k === 0) continue;
    const t = index.open[i]!;
    const open = freeSeats(t);
    const chosen = k === open.length ? open : rng.sample(open, k);
    for (const seat of chosen) {
      poolTables.push(t.id);
      poolSeats.push(seat);
    }
  }
  const order = rng.shuffle(entryIds);
  const placements: Placement[] = new Array(order.length);
  for (let i = 0; i < order.length; i++) {
    placements[i] = { entryId: order[i]!, tableId: poolTables[i]!, seat: poolSeats[i]!, by: 'draw' };
  }
  const next = relayout(room, placements);
  // Positions per table once: a draw seats many entries at each table.
  const positionsOf = new Map<TableId, Positions | null>();
  const seatings: Seating[] = new Array(placements.length);
  for (let i = 0; i < placements.length; i++) {
    const { entryId, tableId, seat } = placements[i]!;
    let p = positionsOf.get(tableId);
    if (p === undefined) {
      p = positions(next.tables.get(tableId)!);
      positionsOf.set(tableId, p);
    }
    seatings[i] = { entryId, tableId, seat, dealtIn: p ? !p.waiting.includes(seat) : null };
  }
  return { room: next, seatings };
}

/**
 * A late entry, alternate or re-entry (a new entry id) draws a random seat at one of the
 * shortest tables (TDA 2017 r7, PPN r8). `dealtIn` tells the dealer whether to deal him in.
 */
export function seatLateEntry(room: Room, entryId: EntryId, rng: Rng): { room: Room; seating: Seating } {
  const { room: next, seatings } = drawSeats(room, [entryId], rng);
  return { room: next, seating: seatings[0]! };
}
