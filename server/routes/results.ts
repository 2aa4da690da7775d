/** GET /api/tournaments/:id/results.csv: the finishing order with payouts, for the venue's books (one row per entry). */
import { Hono } from 'hono';
import { stringify } from 'csv-stringify/sync';
import type { Deal, Entry } from '../engine/entries/model.js';
import { finishingPlace } from '../engine/entries/busts.js';
import { errorResponse, type Deps, type Env } from './context.js';

/** Cents as a decimal amount ("1234.50"); currencies without minor units are not special-cased. */
function amount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/**
 * A text cell a spreadsheet would run as a formula (`=HYPERLINK(...)` as a player's name) is
 * neutralised as OWASP's CSV-injection guidance says: a leading `'` before `=`, `+`, `-`, `@`,
 * tab or carriage return, so it shows as the text typed. Only names come from users; places and
 * amounts are written by Riffle and stay numbers.
 */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * `deal`: the prize is the player's share of a deal (IP r8), `deal-below-guarantee` when the TD
 * confirmed it below the prize he was sure of (issue 23); empty otherwise.
 */
export function resultsCsv(entries: readonly Entry[], names: { get(playerId: string): { name: string } | undefined }, currency: string, deal: Deal | null = null): string {
  const dealOf = (e: Entry) => (deal?.amounts[e.id] === undefined ? '' : deal.belowGuarantee?.includes(e.id) ? 'deal-below-guarantee' : 'deal');
  // One row per entry: the ones still in play first (they finish above every place given so
  // far), then the places best first, then entries that left without a place (a stack
  // forfeited to re-enter, TDA 2017 r7).
  // Places as they stand at the end (finishingPlace: an entry that came in later finishes above).
  const places = new Map(entries.map((e) => [e.id, finishingPlace(e, entries.length)]));
  const placeOf = (e: Entry) => places.get(e.id) ?? null;
  const rank = (e: Entry) => (e.place !== undefined ? 1 : e.status === 'active' ? 0 : 2);
  const ordered = entries.slice().sort((a, b) => rank(a) - rank(b) || (placeOf(a)?.place ?? 0) - (placeOf(b)?.place ?? 0) || (a.id < b.id ? -1 : 1));
  const status = (e: Entry) =>
    e.status === 'active' ? (e.place === undefined ? 'in-play' : 'winner') : e.out === 'disqualified' ? 'disqualified' : e.out === 'forfeit' ? 'forfeit' : 'busted';
  const rows = ordered.map((e) => [
    ((p) => (p === null ? '' : p.place === p.placeTo ? String(p.place) : `${p.place}-${p.placeTo}`))(placeOf(e)),
    safeText(names.get(e.playerId)?.name ?? e.playerId),
    e.playerId,
    e.id,
    e.n,
    status(e),
    amount(e.prize ?? 0),
    currency,
    dealOf(e),
  ]);
  return stringify(rows, { header: true, columns: ['place', 'name', 'player', 'entry', 'entry_number', 'status', 'prize', 'currency', 'deal'] });
}

export function resultsRoutes({ registry }: Deps) {
  return new Hono<Env>().get('/:id/results.csv', (c) => {
    const host = registry.get(c.req.param('id'));
    if (!host) return errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${c.req.param('id').slice(0, 40)}".` });
    const { entries, players, deal } = host.state.entries;
    const csv = resultsCsv(entries, players, host.state.settings.currency, deal);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="results-${host.id}.csv"`);
    return c.body(csv);
  });
}
