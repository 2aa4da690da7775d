/**
 * The final table (TDA 2017 r11, TDA 2015, ONK MEC r6, PPN r11, IP 2008 r23-4, r49).
 *
 * Size: `plus-one` is "a full table for the event, plus one" and "no final table should seat
 * more than 10" (TDA 2017 r11): 9-handed -> 10, 6-handed -> 7, 10-handed -> 10. A number is a
 * fixed size (ONK MEC r6 and PPN r11: 9). It is called when the players left fit at it
 * (table-break.ts `checkBreak`).
 *
 * Forming it: all remaining players redraw seats (IP r49-2: "moeten alle overblijvende spelers
 * 'herloten' om zitplaatsen") onto one table laid for exactly the players left, seats 1..n -
 * which may be more seats than the event's tables have (10 at a 9-handed event). The button goes
 * to the highest card dealt one per seat from seat 1 (IP r49-2a), suit order spades, hearts,
 * diamonds, clubs (IP r27). The host table is the last in the posted break order unless the TD
 * names another (a TV table); every other table closes.
 */
import { EngineError } from '../errors.js';
import type { RuleValues } from '../presets.js';
import type { Rng } from '../random.js';
import { drawForButton, type ButtonDraw } from './button.js';
import type { Move } from './moves.js';
import {
  MAX_SEATS,
  MIN_SEATS,
  putTable,
  removeTable,
  requireTable,
  seatedAt,
  tablesInBreakOrder,
  type Room,
  type TableId,
} from './room.js';
import { relayout } from './entries.js';

/** The final-table size the rules give. */
export function finalTableSize(rules: RuleValues): number {
  const size = rules.finalTable === 'plus-one' ? Math.min(rules.seatsPerTable + 1, MAX_SEATS) : rules.finalTable;
  if (!Number.isInteger(size) || size < MIN_SEATS || size > MAX_SEATS) {
    throw new EngineError('invalid-rules', `A final table seats ${MIN_SEATS}-${MAX_SEATS} players, not ${size}.`, 'invalid');
  }
  return size;
}

export interface FinalTablePlan {
  /** The table that hosts the final table. */
  readonly tableId: TableId;
  /** Seats laid at the final table: one per player left. */
  readonly seats: number;
  /** Every player's redraw, from his seat now to his final-table seat, status `announced`. */
  readonly moves: readonly Move[];
  /** The cards dealt for the button, to show and explain. */
  readonly buttonDraw: ButtonDraw;
}

/** Redraws every seated player onto the final table and draws for the button; changes nothing yet. */
export function planFinalTable(room: Room, rules: RuleValues, rng: Rng, options: { tableId?: TableId } = {}): FinalTablePlan {
  const size = finalTableSize(rules);
  const tables = tablesInBreakOrder(room);
  const hostId = options.tableId ?? tables[tables.length - 1]?.id;
  if (hostId === undefined) throw new EngineError('unknown-table', 'No table is open for the final table.');
  requireTable(room, hostId);
  const players = tables.flatMap((t) => seatedAt(t).map((s) => ({ ...s, tableId: t.id })));
  if (players.length > size) {
    throw new EngineError('too-many-players', `${players.length} players are left; the final table seats ${size}.`);
  }
  if (players.length < 2) {
    throw new EngineError('not-enough-players', `${players.length} player(s) left; a final table needs at least 2.`);
  }
  const seats = players.length;
  const order = rng.shuffle(players);
  const moves = order.map(
    (p, i): Move => ({
      kind: 'final-table',
      entryId: p.entryId,
      from: { tableId: p.tableId, seat: p.seat },
      to: { tableId: hostId, seat: i + 1 },
      status: 'announced',
    }),
  );
  moves.sort((a, b) => a.to.seat - b.to.seat);
  const buttonDraw = drawForButton(
    Array.from({ length: seats }, (_, i) => i + 1),
    rng,
  );
  return { tableId: hostId, seats, moves, buttonDraw };
}

/**
 * Forms the final table from a plan: the host table is laid with the plan's seats, everybody
 * takes his drawn seat, the button goes where the high card fell, and the other tables close.
 * Refused (`stale-plan`) if anybody busted, arrived or moved since the plan was made.
 */
export function applyFinalTable(room: Room, plan: FinalTablePlan): { room: Room; moves: Move[] } {
  if (plan.moves.length !== room.seatedCount) {
    throw new EngineError('stale-plan', 'Players changed since the final table was drawn; draw it again.');
  }
  for (const m of plan.moves) {
    const state = room.entries.get(m.entryId);
    if (state?.status !== 'seated' || state.tableId !== m.from.tableId || state.seat !== m.from.seat) {
      throw new EngineError('stale-plan', `Entry ${m.entryId} is not where the final-table draw found him; draw it again.`);
    }
  }
  const host = requireTable(room, plan.tableId);
  const laid = putTable(room, {
    ...host,
    seats: Array.from({ length: plan.seats }, () => null),
    outOfUse: [],
    players: 0,
    dealer: { kind: 'placed', button: plan.buttonDraw.buttonSeat },
  });
  let next = relayout(
    laid,
    plan.moves.map((m) => ({ entryId: m.entryId, tableId: plan.tableId, seat: m.to.seat, by: 'final-table' as const })),
  );
  for (const id of room.openOrder) if (id !== plan.tableId) next = removeTable(next, id);
  return { room: next, moves: plan.moves.map((m) => ({ ...m, status: 'done' })) };
}
