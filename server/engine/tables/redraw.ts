/**
 * A redraw of every seat in the room (`seating.redraw`), IP 2008 r23:
 *
 * - r23-1: "De toernooidirecteur behoudt zich het recht voor om 'zitplaatsen te herloten' door
 *   willekeurig 'zitplaatskaartjes' toe te kennen." The TD's decision (protocol/roles.ts).
 * - r23-3: "Voorafgaand aan de finale tafel zullen de spelers opnieuw loten om zitplaatsen, zoals
 *   vooraf bepaald door de toernooirecteur": before the final table, at the point the TD posted
 *   in advance (e.g. two tables left), every remaining player draws a new seat. (r23-4, the draw
 *   once the final table is formed, is `finalTable.form`.)
 * - r23-2 hands the seat cards out in the order of high cards dealt from seat 1; every player is
 *   as likely to get any seat either way, so the seats are drawn as at the start (the water-filling
 *   draw of seating/draw.ts over the open tables, TDA 2017 r6 / IP r19-3), with the command's
 *   logged random numbers.
 * - IP r40: after a redraw the button is drawn again (high card from seat 1, `button.draw`): every
 *   table's button is unknown until then.
 *
 * One undo step (`seating.undo`), like the other seating actions.
 */
import { EngineError } from '../errors.js';
import type { ApplyContext, Outcome } from '../commands/types.js';
import type { TournamentState } from '../state.js';
import { drawSeats, restoreRoom, snapshotRoom } from '../seating/index.js';
import { loadRoom, seatingOf, withRoom } from './state.js';

export function redrawSeats(state: TournamentState, ctx: ApplyContext): Outcome {
  const room = loadRoom(seatingOf(state));
  if (room.tables.size === 0) throw new EngineError('no-tables', 'Open tables before a redraw.');
  const snap = snapshotRoom(room);
  const ids = snap.tables.flatMap((t) => t.seats.filter((e): e is string => e != null));
  if (ids.length < 2) throw new EngineError('not-enough-players', 'A redraw needs at least 2 seated players (IP r23).');
  const seated = new Set(ids);
  const arrivals = Object.fromEntries(Object.entries(snap.arrivals ?? {}).filter(([id]) => !seated.has(id)));
  const empty = restoreRoom({ ...snap, tables: snap.tables.map((t) => ({ ...t, seats: t.seats.map(() => null), dealer: null })), arrivals });
  // Every seat card in the same order as the seats were held: the draw's shuffle makes it random.
  const { room: next, seatings } = drawSeats(empty, ids, ctx.rng());
  const seating = withRoom(seatingOf(state), next, [], { label: `Redraw of ${ids.length} seats (IP r23)`, type: 'seating.redraw', at: ctx.now });
  return {
    state: { ...state, seating },
    events: [{ type: 'seats.drawn', count: seatings.length, at: ctx.now }],
    result: {
      redrawn: seatings.length,
      seatings: seatings.map((s) => ({ entryId: s.entryId, tableId: s.tableId, table: next.tables.get(s.tableId)!.number, seat: s.seat })),
    },
  };
}
