/**
 * GET /api/tournaments/:id/seat?q=: the seat lookup's one read (issue 23, item 5). A player's
 * phone asks for the few players whose name holds the letters typed, never the field: at 10,000
 * entries the answer is a few hundred bytes where the seating and players topics are megabytes.
 *
 * Bounded: the query is 2..40 characters, the answer at most SEAT_MATCHES_MAX names, and the
 * search runs over an index of folded names made once per seq of the tournament (cost follows
 * the change, not the requests). Anonymous callers pay for every request under the /api request
 * budget (app.ts: 1 KiB + the answer, 1 MiB/s a address), so a loop of lookups is refused 429.
 */
import { Hono } from 'hono';
import type { TournamentHost } from '../host/tournament-host.js';
import type { SeatingView } from '../protocol/seating.js';
import type { PlayersView } from '../protocol/entries-views.js';
import { SEAT_MATCHES_MAX, SEAT_QUERY_MAX, SEAT_QUERY_MIN, type SeatLookupAnswer, type SeatMatch } from '../protocol/seat-lookup.js';
import { errorResponse, type Deps, type Env } from './context.js';

/** Case- and accent-insensitive: "Đurđević" is found by "durd", "Müller" by "mull". */
export function foldName(s: string): string {
  return foldOf(s);
}
function foldOf(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').replace(/ø/g, 'o').replace(/Ø/g, 'O').replace(/æ/g, 'ae').replace(/Æ/g, 'AE').toLowerCase().trim();
}

interface Row {
  folded: string;
  match: SeatMatch;
}

/**
 * Everyone a lookup can find, folded once: the seated (table and seat), the waiting, and the
 * players who are out and have not re-entered (with the place of their latest entry: "not in
 * play: 14th" tells him more than "no player found").
 */
export function seatIndex(seating: SeatingView, players: PlayersView, folds: Map<string, string> = new Map()): Row[] {
  const rows: Row[] = [];
  // Names rarely change: each is folded once per host, not once per seq.
  const foldName = (name: string) => {
    let folded = folds.get(name);
    if (folded === undefined) folds.set(name, (folded = foldOf(name)));
    return folded;
  };
  for (const t of seating.tables) {
    for (const s of t.seats) if (s.name) rows.push({ folded: foldName(s.name), match: { name: s.name, table: t.number, seat: s.seat } });
  }
  for (const w of seating.waiting) if (w.name) rows.push({ folded: foldName(w.name), match: { name: w.name, table: null, seat: null } });
  const inPlay = new Set<string>();
  const latest = new Map<string, PlayersView['entries'][number]>();
  for (const e of players.entries) {
    if (e.status === 'active') inPlay.add(e.playerId);
    const kept = latest.get(e.playerId);
    if (!kept || e.n > kept.n) latest.set(e.playerId, e);
  }
  for (const e of latest.values()) {
    if (inPlay.has(e.playerId) || e.status !== 'busted') continue;
    const out = { ...(e.place !== undefined ? { place: e.place } : {}), ...(e.placeTo !== undefined ? { placeTo: e.placeTo } : {}) };
    rows.push({ folded: foldName(e.name), match: { name: e.name, table: null, seat: null, out } });
  }
  // In name order once, so a lookup stops at its first matches (a query of two common letters
  // matches most of the field: sorting them per request took 24 ms at 10,000 entries).
  // Folded names compared as strings: a collator took 360 ms for 10,000 names.
  return rows.sort((a, b) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : a.match.name < b.match.name ? -1 : a.match.name > b.match.name ? 1 : 0));
}

/** The matches of a query (already checked for length), by name, at most `limit`. */
export function lookupSeats(rows: readonly Row[], query: string, limit = SEAT_MATCHES_MAX): { matches: SeatMatch[]; more: boolean } {
  const q = foldName(query);
  const found: SeatMatch[] = [];
  for (const r of rows) {
    if (!r.folded.includes(q)) continue;
    if (found.length === limit) return { matches: found, more: true };
    found.push(r.match);
  }
  return { matches: found, more: false };
}

const indexes = new WeakMap<TournamentHost, { seq: number; rows: Row[]; folds: Map<string, string> }>();
function indexOf(host: TournamentHost): Row[] {
  const kept = indexes.get(host);
  if (kept?.seq === host.seq) return kept.rows;
  const folds = kept?.folds ?? new Map<string, string>();
  const rows = seatIndex(host.view('seating'), host.view('players'), folds);
  indexes.set(host, { seq: host.seq, rows, folds });
  return rows;
}

export function seatRoutes({ registry }: Deps) {
  return new Hono<Env>().get('/:id/seat', (c) => {
    const host = registry.get(c.req.param('id'));
    if (!host) return errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${c.req.param('id').slice(0, 40)}".` });
    const q = (c.req.query('q') ?? '').trim();
    if ([...q].length < SEAT_QUERY_MIN || [...q].length > SEAT_QUERY_MAX) {
      return errorResponse(c, 400, { code: 'invalid-query', message: `Type ${SEAT_QUERY_MIN} to ${SEAT_QUERY_MAX} letters of the name.` });
    }
    const answer: SeatLookupAnswer = { ok: true, seq: host.seq, ...lookupSeats(indexOf(host), q) };
    const body = JSON.stringify(answer);
    // The length stated: an anonymous caller is charged for the answer too (app.ts).
    return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store' });
  });
}
