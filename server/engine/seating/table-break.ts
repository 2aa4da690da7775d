/**
 * Breaking tables (TDA 2017 r9, TDA 2024 r10, IP 2008 r24, PPN r10).
 *
 * When: as soon as the players left fit at the open tables minus the next one in the posted
 * break order, each counted at no more than the event's table size (`seatsPerTable`) and its
 * seats in use. Two exceptions: when the players left fit at the final table, the final table is
 * called instead (final-table.ts); and two tables never break into one before that - the last
 * break *is* the final table, so it forms at exactly its size (TDA 2017 r11).
 *
 * How the players are placed:
 * - `random-two-step` (TDA 2017 r9, "a 2-step random process"): each player in seat order
 *   draws a random table, then a random free seat at it. The random table is drawn among the
 *   tables with a free seat that have the fewest players (`tableChoice: 'shortest'`, default),
 *   so the break itself keeps the tables balanced. With `tableChoice: 'any-free'` the table is
 *   drawn among all tables with a free seat, literally; the result can then be unbalanced and
 *   the usual balancing (balance.ts) follows.
 * - `seat-cards` (TDA 2024 r10B, ONK): the floor prepares one seat card per player for free seats
 *   at the shortest tables, shuffles them and deals them "vanaf seat 1 ... tot aan de laatste
 *   seat": the player in the lowest seat gets the first card.
 *
 * Either way new players may land on the big blind, the small blind or the button and take its
 * duties; only between the small blind and the button are they not dealt in (TDA 2017 r9).
 */
import { EngineError } from '../errors.js';
import type { RuleValues } from '../presets.js';
import type { Rng } from '../random.js';
import { finalTableSize } from './final-table.js';
import { applyMoves, type Move } from './moves.js';
import {
  capacity,
  freeSeats,
  removeTable,
  requireTable,
  seatedAt,
  tableLabel,
  tableIndex,
  tablesInBreakOrder,
  type Room,
  type SeatRef,
  type Table,
  type TableId,
} from './room.js';

export type BreakDecision =
  | { readonly kind: 'none'; readonly reason: string }
  | { readonly kind: 'break'; readonly tableId: TableId; readonly reason: string }
  | { readonly kind: 'final-table'; readonly size: number; readonly reason: string };

export interface BreakPlan {
  readonly tableId: TableId;
  readonly method: RuleValues['tableBreak'];
  /** One move per player of the broken table, from seat 1 upward, status `announced`. */
  readonly moves: readonly Move[];
}

export interface BreakOptions {
  /** `random-two-step` only: which tables the random table is drawn from (file comment). */
  tableChoice?: 'shortest' | 'any-free';
}

/** Seats a table counts for when deciding a break: its seats in use, at most the table size. */
function breakSeats(seatsInUse: number, rules: RuleValues): number {
  return Math.min(seatsInUse, rules.seatsPerTable);
}

/**
 * Whether a table breaks now, given the players left in the event (normally the seated count).
 * Never changes the room; `planBreak` or `planFinalTable` follow.
 */
export function checkBreak(room: Room, playersLeft: number, rules: RuleValues): BreakDecision {
  if (!Number.isInteger(playersLeft) || playersLeft < 0) {
    throw new EngineError('invalid-players-left', `Players left must be a whole number, not ${playersLeft}.`, 'invalid');
  }
  const { breaking: tables, kinds } = tableIndex(room);
  if (tables.length <= 1) return { kind: 'none', reason: 'One table or none is open.' };
  const size = finalTableSize(rules);
  // One player left is the winner: there is no final table to form (planFinalTable needs 2).
  if (playersLeft < 2) return { kind: 'none', reason: `${playersLeft} player(s) left: no final table to form.` };
  if (playersLeft <= size) {
    return { kind: 'final-table', size, reason: `${playersLeft} players left fit at the final table of ${size} (TDA 2017 r11).` };
  }
  if (tables.length === 2) {
    return { kind: 'none', reason: `Two tables stay until ${size} players are left for the final table.` };
  }
  const next = tables[0]!;
  // Counted by kind of table, not table by table: this runs after every registration and bust.
  let seatsLeft = -breakSeats(capacity(next), rules);
  for (const kind of kinds.values()) seatsLeft += breakSeats(kind.capacity, rules) * kind.tables;
  if (playersLeft <= seatsLeft) {
    return {
      kind: 'break',
      tableId: next.id,
      reason:
        `${playersLeft} players fit at the other ${tables.length - 1} tables (${seatsLeft} seats); ` +
        `${tableLabel(next)} is next in the posted break order.`,
    };
  }
  return { kind: 'none', reason: `${playersLeft} players need more than the ${seatsLeft} seats left if ${tableLabel(next)} broke.` };
}

/**
 * A random table among `tables` with a free seat (among those with the fewest players, when
 * `shortestOnly`), then a random free seat there: the seat leaves `free` and the table's
 * `count` goes up by one, so the next draw sees it taken.
 */
export function drawFreeSeat(tables: readonly Table[], free: Map<TableId, number[]>, count: Map<TableId, number>, rng: Rng, shortestOnly = true): SeatRef {
  let eligible = tables.filter((t) => free.get(t.id)!.length > 0);
  if (shortestOnly) {
    const fewest = Math.min(...eligible.map((t) => count.get(t.id)!));
    eligible = eligible.filter((t) => count.get(t.id) === fewest);
  }
  const table = rng.pick(eligible);
  const seats = free.get(table.id)!;
  const seat = seats.splice(rng.int(seats.length), 1)[0]!;
  count.set(table.id, count.get(table.id)! + 1);
  return { tableId: table.id, seat };
}

/**
 * Plans the moves for breaking `tableId` (normally the one `checkBreak` named). Refuses the
 * last table and a break the other tables have no room for.
 */
export function planBreak(room: Room, tableId: TableId, rules: RuleValues, rng: Rng, options: BreakOptions = {}): BreakPlan {
  const broken = requireTable(room, tableId);
  const others = tablesInBreakOrder(room).filter((t) => t.id !== tableId);
  if (others.length === 0) {
    throw new EngineError('last-table', `${tableLabel(broken)} is the last table; it cannot be broken.`);
  }
  const players = seatedAt(broken);
  const free = new Map(others.map((t) => [t.id, freeSeats(t)]));
  const count = new Map(others.map((t) => [t.id, t.players]));
  let totalFree = 0;
  for (const seats of free.values()) totalFree += seats.length;
  if (players.length > totalFree) {
    throw new EngineError(
      'room-full',
      `${tableLabel(broken)} seats ${players.length} players but only ${totalFree} seats are free at the other tables.`,
    );
  }
  const shortestOnly = rules.tableBreak === 'seat-cards' || options.tableChoice !== 'any-free';
  // Step 1 and 2 for one player (or one seat card): a random table, then a random free seat.
  const drawSeat = (): SeatRef => drawFreeSeat(others, free, count, rng, shortestOnly);
  let destinations: SeatRef[];
  if (rules.tableBreak === 'seat-cards') {
    // TDA 2024 r10B: the cards are prepared, shuffled, then dealt from seat 1.
    const cards = players.map(() => drawSeat());
    destinations = rng.shuffle(cards);
  } else {
    destinations = players.map(() => drawSeat());
  }
  const moves = players.map(
    ({ seat, entryId }, i): Move => ({
      kind: 'break',
      entryId,
      from: { tableId, seat },
      to: destinations[i]!,
      status: 'announced',
    }),
  );
  return { tableId, method: rules.tableBreak, moves };
}

/**
 * Carries out a break plan and closes the broken table; all or nothing. Refused when the room
 * changed so that a move no longer fits, or somebody else now sits at the broken table.
 */
export function applyBreak(room: Room, plan: BreakPlan): { room: Room; moves: Move[] } {
  const { room: moved, moves } = applyMoves(room, plan.moves);
  return { room: removeTable(moved, plan.tableId), moves };
}
