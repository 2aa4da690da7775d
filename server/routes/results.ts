/** GET /api/tournaments/:id/results.csv: the finishing order with payouts, for the venue's books (one row per entry). */
import { Hono } from 'hono';
import { stringify } from 'csv-stringify/sync';
import type { Deal, Entry } from '../engine/entries/model.js';
import { finishingPlace } from '../engine/entries/busts.js';
import { errorResponse, type Deps, type Env } from './context.js';
import type { TournamentState } from '../engine/state.js';
import { bountiesOf } from '../engine/bounties/model.js';
import { knockoutsRows } from '../engine/bounties/views.js';
import { safeCell } from '../files/csv-cell.js';

/** Cents as a decimal amount ("1234.50"); currencies without minor units are not special-cased. */
function amount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/**
 * `deal`: the prize is the player's share of a deal (IP r8), `deal-below-guarantee` when the TD
 * confirmed it below the prize he was sure of (issue 23); empty otherwise.
 */
export function resultsCsv(
  entries: readonly Entry[],
  names: { get(playerId: string): { name: string } | undefined },
  currency: string,
  deal: Deal | null = null,
  /**
   * Per entry: eliminations won, bounty money won, who eliminated him (names) and the bounty money
   * the cashier marked handed out; absent: no columns.
   */
  knockouts?: (entryId: string) => { count: number; amount: number; by: string[]; paid: number },
): string {
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
    safeCell(names.get(e.playerId)?.name ?? e.playerId),
    e.playerId,
    e.id,
    e.n,
    status(e),
    amount(e.prize ?? 0),
    currency,
    dealOf(e),
    ...(knockouts ? ((k) => [k.count, amount(k.amount), safeCell(k.by.join(' + ')), amount(k.paid)])(knockouts(e.id)) : []),
  ]);
  const columns = ['place', 'name', 'player', 'entry', 'entry_number', 'status', 'prize', 'currency', 'deal'];
  return stringify(rows, { header: true, columns: knockouts ? [...columns, 'knockouts', 'bounties_won', 'eliminated_by', 'bounties_paid'] : columns });
}

/** The bounty columns of results.csv, when the tournament has a bounty format or recorded who eliminated whom. */
function knockoutColumns(state: TournamentState): ((entryId: string) => { count: number; amount: number; by: string[]; paid: number }) | undefined {
  const bs = bountiesOf(state);
  if (!state.settings.bounty && bs.knockouts.length === 0) return undefined;
  const rows = new Map(knockoutsRows(state).map((r) => [r.entryId, r]));
  return (id) => {
    const r = rows.get(id);
    return { count: r?.count ?? 0, amount: r?.amount ?? 0, by: r?.eliminatedBy ?? [], paid: bs.cashed?.[id] ?? 0 };
  };
}

export function resultsRoutes({ registry }: Deps) {
  return new Hono<Env>()
    // The "knockouts" view (issue 25): players by bounty money won, then eliminations.
    .get('/:id/knockouts', (c) => {
      const host = registry.get(c.req.param('id'));
      if (!host) return errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${c.req.param('id').slice(0, 40)}".` });
      return c.json({ format: host.state.settings.bounty?.format ?? null, players: knockoutsRows(host.state) });
    })
    .get('/:id/results.csv', (c) => {
    const host = registry.get(c.req.param('id'));
    if (!host) return errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${c.req.param('id').slice(0, 40)}".` });
    const { entries, players, deal } = host.state.entries;
    const csv = resultsCsv(entries, players, host.state.settings.currency, deal, knockoutColumns(host.state));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="results-${host.id}.csv"`);
    return c.body(csv);
  });
}
