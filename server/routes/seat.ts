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
import type { SeatingView, TableView } from '../protocol/seating.js';
import type { PlayersView } from '../protocol/entries-views.js';
import { SEAT_MATCHES_MAX, SEAT_QUERY_MAX, SEAT_QUERY_MIN, type SeatLookupAnswer, type SeatMatch } from '../protocol/seat-lookup.js';
import { errorResponse, type Deps, type Env } from './context.js';
import { foldName } from '../protocol/fold.js';

/** Case- and accent-insensitive: "Đurđević" is found by "durd", "Müller" by "mull" (protocol/fold.ts). */
export { foldName };
const foldOf = foldName;

interface Row {
  folded: string;
  match: SeatMatch;
}

/**
 * Everyone a lookup can find, folded once: the seated (table and seat), the waiting, and the
 * players who are out and have not re-entered (with the place of their latest entry: "not in
 * play: 14th" tells him more than "no player found"). Made whole (a new host, a bench).
 */
export function seatIndex(seating: SeatingView, players: PlayersView): SeatIndex {
  const index = new SeatIndex();
  index.update(seating, players);
  return index;
}

/** The matches of a query (already checked for length), by name, at most `limit`. */
export function lookupSeats(index: SeatIndex, query: string, limit = SEAT_MATCHES_MAX): { matches: SeatMatch[]; more: boolean } {
  return index.lookup(query, limit);
}

/**
 * The seat lookup's index, kept up to date by the change rather than made again (issue 23):
 * made whole once per host, then at each later seq only the lines of the views that are new
 * objects are looked at (the views reuse an item for an entity that did not change), so a bust
 * at 10,000 entries touches one table, one entry and one name, not the field.
 */
export class SeatIndex {
  /** Names that have a row, in lookup order (folded, then as typed). */
  private readonly names: { folded: string; name: string }[] = [];
  private readonly rowsOf = new Map<string, Set<Row>>();
  /** The rows each source gave: a table item, a waiting item, a player (his out row). */
  private readonly given = new Map<object | string, Row[]>();
  private readonly entriesOf = new Map<string, Set<PlayersView['entries'][number]>>();
  private tables: readonly TableView[] = [];
  private waiting: SeatingView['waiting'] = [];
  private entries: PlayersView['entries'] = [];
  private readonly folds = new Map<string, string>();
  private unsorted = false;

  /** Brings the index to these views, looking only at the lines that changed. */
  update(seating: SeatingView, players: PlayersView): void {
    // Made whole: the names are put in order once at the end, not one by one.
    this.unsorted = this.names.length === 0;
    walk(this.tables, seating.tables, (t) => this.give(t, []), (t) => this.give(t, tableRows(t, this)));
    walk(this.waiting, seating.waiting, (w) => this.give(w, []), (w) => this.give(w, w.name ? [this.row(w.name, { name: w.name, table: null, seat: null })] : []));
    const touched = new Set<string>();
    walk(
      this.entries,
      players.entries,
      (e) => {
        this.entriesOf.get(e.playerId)?.delete(e);
        touched.add(e.playerId);
      },
      (e) => {
        let set = this.entriesOf.get(e.playerId);
        if (!set) this.entriesOf.set(e.playerId, (set = new Set()));
        set.add(e);
        touched.add(e.playerId);
      },
    );
    for (const playerId of touched) this.give(`p:${playerId}`, this.outRows(playerId));
    this.tables = seating.tables;
    this.waiting = seating.waiting;
    this.entries = players.entries;
    if (this.unsorted) {
      // Folded names compared as strings: a collator took 360 ms for 10,000 names.
      this.names.sort((a, b) => (a.folded < b.folded ? -1 : a.folded > b.folded ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      this.unsorted = false;
    }
  }

  /** The matches of a query (already checked for length), by name, at most `limit`. */
  lookup(query: string, limit = SEAT_MATCHES_MAX): { matches: SeatMatch[]; more: boolean } {
    const q = foldOf(query);
    const found: SeatMatch[] = [];
    for (const n of this.names) {
      if (!n.folded.includes(q)) continue;
      for (const r of this.rowsOf.get(n.name)!) {
        if (found.length === limit) return { matches: found, more: true };
        found.push(r.match);
      }
    }
    return { matches: found, more: false };
  }

  row(name: string, match: SeatMatch): Row {
    let folded = this.folds.get(name);
    if (folded === undefined) this.folds.set(name, (folded = foldOf(name)));
    return { folded, match };
  }

  /** A player out of play and not re-entered: his latest entry's place. */
  private outRows(playerId: string): Row[] {
    const set = this.entriesOf.get(playerId);
    if (!set?.size) return [];
    let latest: PlayersView['entries'][number] | undefined;
    for (const e of set) {
      if (e.status === 'active') return [];
      if (!latest || e.n > latest.n) latest = e;
    }
    if (!latest || latest.status !== 'busted') return [];
    const out = { ...(latest.place !== undefined ? { place: latest.place } : {}), ...(latest.placeTo !== undefined ? { placeTo: latest.placeTo } : {}) };
    return [this.row(latest.name, { name: latest.name, table: null, seat: null, out })];
  }

  /** Replaces the rows a source gave. */
  private give(source: object | string, rows: Row[]): void {
    for (const r of this.given.get(source) ?? []) {
      const set = this.rowsOf.get(r.match.name)!;
      set.delete(r);
      if (!set.size) {
        this.rowsOf.delete(r.match.name);
        this.names.splice(this.at(r.folded, r.match.name), 1);
      }
    }
    if (rows.length) this.given.set(source, rows);
    else this.given.delete(source);
    for (const r of rows) {
      let set = this.rowsOf.get(r.match.name);
      if (!set) {
        this.rowsOf.set(r.match.name, (set = new Set()));
        const name = { folded: r.folded, name: r.match.name };
        if (this.unsorted) this.names.push(name);
        else this.names.splice(this.at(r.folded, r.match.name), 0, name);
      }
      set.add(r);
    }
  }

  /** Where (folded, name) is or would go in `names` (binary search). */
  private at(folded: string, name: string): number {
    let lo = 0;
    let hi = this.names.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const m = this.names[mid]!;
      if (m.folded < folded || (m.folded === folded && m.name < name)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function tableRows(t: TableView, index: SeatIndex): Row[] {
  const rows: Row[] = [];
  for (const s of t.seats) if (s.name) rows.push(index.row(s.name, { name: s.name, table: t.number, seat: s.seat }));
  return rows;
}

/** Calls `gone` for each line of `before` that is not in `after` at its place, `came` for each new one. */
function walk<T extends object>(before: readonly T[], after: readonly T[], gone: (x: T) => void, came: (x: T) => void): void {
  if (before === after) return;
  const n = Math.max(before.length, after.length);
  // Old lines first: a line moved within the list is taken out before it is put back.
  for (let i = 0; i < n; i++) if (before[i] !== after[i] && before[i] !== undefined) gone(before[i]!);
  for (let i = 0; i < n; i++) if (before[i] !== after[i] && after[i] !== undefined) came(after[i]!);
}

const indexes = new WeakMap<TournamentHost, { seq: number; index: SeatIndex }>();
/** The kept index of a host, brought up to its seq (the route's; exported for the test). */
export function indexOf(host: TournamentHost): SeatIndex {
  let kept = indexes.get(host);
  if (!kept) indexes.set(host, (kept = { seq: -1, index: new SeatIndex() }));
  if (kept.seq !== host.seq) {
    kept.index.update(host.view('seating'), host.view('players'));
    kept.seq = host.seq;
  }
  return kept.index;
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
