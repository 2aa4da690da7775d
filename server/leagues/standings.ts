/**
 * A season's standings from its tournaments' results (issue 27 item 3): pure, no I/O, never
 * stored; the routes cache them keyed by their inputs (cache.ts). docs/LEAGUES.md states the
 * rules this file follows:
 *
 * - A player's result in a tournament: his best place over his entries (a re-entry is a new
 *   entry, PPN r27; he scores once per tournament), his prizes, knockouts and money paid summed.
 * - Players finishing on a shared place (busted in one hand, IP r47-5) get the average of the
 *   places' points, as they share the places' money.
 * - Each result's points are rounded to the hundredth; a total is the sum of the rounded counted
 *   results, so the page adds up.
 * - Best N of M: a player's N highest results count (equal points: the earlier night counts).
 * - A player typed differently on two nights (one key: the normalized name, or his database id)
 *   is shown under the spelling used on most nights, the first met among equals.
 * - Ties (TIE_RULE): more points; then the better counted results compared best first; then more
 *   wins; then more cashes; then who reached his total first (his last counted score on an
 *   earlier night). Rows equal on all of them share the rank.
 */
import type { PointsFormula, StandingsResult, StandingsRow } from '../protocol/leagues.js';
import { compileFormula, FormulaError, roundPoints, type PointsInput } from './formula.js';

/** One player's finish in one tournament, as the loader (results.ts) reads it from the state. */
export interface PlayerResult {
  /** His venue database id (`playerId` of the player database), else `name:<normalized name>`. */
  key: string;
  name: string;
  /** Best place (of a shared range); null while any of his entries is still in play. */
  place: number | null;
  placeTo: number | null;
  /** Cents won. */
  prize: number;
  /** Cents paid: buy-ins, rebuys, add-ons, less the fees (the prize-pool and bounty parts). */
  paid: number;
  knockouts: number;
  entries: number;
}

export interface TournamentResults {
  tournamentId: string;
  /** The night's name, for an error that names it. */
  name?: string;
  finished: boolean;
  /** Entries (the field size n). */
  entries: number;
  /** Cents: one buy-in less the fee (the prize-pool part and the bounty part). */
  buyIn: number;
  players: PlayerResult[];
}

export interface SeasonInput {
  /** In the order they are played. */
  tournaments: readonly string[];
  bestOf: number | null;
}

export interface Standings {
  rows: StandingsRow[];
  provisional: boolean;
  /** Listed tournaments without results (not on this server). */
  missing: string[];
  /** Results a formula could not score (they count 0): e.g. a freeroll under a formula dividing by the buy-in. */
  warnings: string[];
}

/** Trim, one space between words, case-folded: the key of a result without a database id. */
export function normalizeName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

export function nameKey(name: string): string {
  return `name:${normalizeName(name)}`;
}

export const TIE_RULE = ['points', 'best-results', 'wins', 'cashes', 'earliest'] as const;

interface Acc {
  key: string;
  name: string;
  /** The spellings met, with how many nights each: the most used is shown, the first met among equals. */
  names: Map<string, number>;
  results: StandingsResult[];
  /** Season index of each result (the tie rule's "earliest"). */
  at: number[];
}

/**
 * The standings of a season. `resolve` maps a player key to the key he is kept under (merged
 * players: the player database's canonicalPlayerId; identity by default).
 * Throws FormulaError for a formula that cannot score (the routes check it when it is set).
 */
export function standings(
  season: SeasonInput,
  formula: PointsFormula,
  results: readonly TournamentResults[],
  resolve: (key: string) => string = (key) => key,
): Standings {
  const points = compileFormula(formula);
  const byId = new Map(results.map((r) => [r.tournamentId, r]));
  const players = new Map<string, Acc>();
  const missing: string[] = [];
  const warnings: string[] = [];
  let provisional = false;
  const seen = new Set<string>();

  season.tournaments.forEach((id, at) => {
    if (seen.has(id)) return;
    seen.add(id);
    const t = byId.get(id);
    if (!t) {
      missing.push(id);
      return;
    }
    if (!t.finished) provisional = true;
    // Two results under one key (a merged player, one name typed twice): one finish, the better place.
    const merged = new Map<string, PlayerResult>();
    for (const r of t.players) {
      const key = resolve(r.key);
      const before = merged.get(key);
      merged.set(key, before ? combine(before, r) : { ...r, key });
    }
    for (const r of merged.values()) {
      let scored = 0;
      if (r.place !== null) {
        try {
          scored = roundPoints(averageOver(r, t, points));
        } catch (err) {
          if (!(err instanceof FormulaError)) throw err;
          // A finish the formula gives no number for refuses the whole standings, naming the
          // night and the place: a NaN or an Infinity ranked nobody right (a freeroll's division
          // by zero alone scores 0 with a warning, as docs/LEAGUES.md says).
          if (err.code !== 'formula-divides-by-zero') {
            throw new FormulaError(err.code, `Night "${t.name ?? t.tournamentId}" (${t.tournamentId}), place ${r.place}${r.placeTo && r.placeTo !== r.place ? `-${r.placeTo}` : ''}: ${err.message} Change the formula.`);
          }
          warnings.push(`${t.tournamentId}: ${r.name}: ${err.message}`);
        }
      }
      let acc = players.get(r.key);
      if (!acc) players.set(r.key, (acc = { key: r.key, name: r.name, names: new Map(), results: [], at: [] }));
      // The spellings are counted only once a second one is met (most players keep theirs).
      if (r.name !== acc.name || acc.names.size > 0) {
        if (acc.names.size === 0) acc.names.set(acc.name, acc.results.length);
        const times = (acc.names.get(r.name) ?? 0) + 1;
        acc.names.set(r.name, times);
        if (times > acc.names.get(acc.name)!) acc.name = r.name;
      }
      acc.results.push({ tournamentId: id, place: r.place, placeTo: r.placeTo, points: scored, counted: false, prize: r.prize, knockouts: r.knockouts });
      acc.at.push(at);
    }
  });

  const rows = [...players.values()].map((acc) => row(acc, season.bestOf));
  rows.sort((a, b) => compareRows(a, b) || (a.row.name < b.row.name ? -1 : a.row.name > b.row.name ? 1 : a.row.key < b.row.key ? -1 : 1));
  // Ranks: 1, 2, 2, 4 … for rows equal on every tie rule.
  rows.forEach((r, i) => {
    const prev = rows[i - 1];
    r.row.rank = prev && compareRows(prev, r) === 0 ? prev.row.rank : i + 1;
  });
  return { rows: rows.map((r) => r.row), provisional, missing, warnings };
}

function combine(a: PlayerResult, b: PlayerResult): PlayerResult {
  const better = a.place === null ? a : b.place === null ? b : b.place < a.place ? b : a;
  return {
    key: a.key,
    name: a.name,
    place: better.place,
    placeTo: better.placeTo,
    prize: a.prize + b.prize,
    paid: a.paid + b.paid,
    knockouts: a.knockouts + b.knockouts,
    entries: a.entries + b.entries,
  };
}

/** Shared places (place..placeTo) get the average of their points; knockouts count once. */
function averageOver(r: PlayerResult, t: TournamentResults, points: (v: PointsInput) => number): number {
  const from = r.place!;
  const to = Math.max(from, r.placeTo ?? from);
  const input: PointsInput = { n: t.entries, p: from, b: t.buyIn / 100, e: r.paid / 100, prize: r.prize / 100, k: r.knockouts, entries: r.entries };
  if (to === from) return points(input);
  let sum = 0;
  for (let p = from; p <= to; p++) {
    input.p = p;
    sum += points(input);
  }
  return sum / (to - from + 1);
}

interface Ranked {
  row: StandingsRow;
  /** Counted points, best first (tie rule 2). */
  bests: number[];
  /** Season index of his last counted result that scored (tie rule 5); -1: none. */
  reached: number;
}

function row(acc: Acc, bestOf: number | null): Ranked {
  const results = acc.results;
  // Best N: highest points first, the earlier night first among equals (results are in night order).
  const order = results.map((_, i) => i).sort((a, b) => results[b]!.points - results[a]!.points || a - b);
  const kept = bestOf === null ? order : order.slice(0, bestOf);
  let total = 0;
  let reached = -1;
  const bests: number[] = [];
  for (const i of kept) {
    const r = results[i]!;
    r.counted = true;
    total += r.points;
    bests.push(r.points);
    if (r.points !== 0) reached = Math.max(reached, acc.at[i]!);
  }
  const out: StandingsRow = {
    rank: 0,
    key: acc.key,
    name: acc.name,
    points: roundPoints(total),
    played: results.length,
    counted: kept.length,
    best: bests[0] ?? 0,
    wins: results.filter((r) => r.place === 1).length,
    cashes: results.filter((r) => r.prize > 0).length,
    knockouts: results.reduce((s, r) => s + r.knockouts, 0),
    results,
  };
  return { row: out, bests, reached };
}

/** TIE_RULE in order; 0 only for rows equal on all of them. */
function compareRows(a: Ranked, b: Ranked): number {
  if (a.row.points !== b.row.points) return b.row.points - a.row.points;
  for (let i = 0; i < Math.max(a.bests.length, b.bests.length); i++) {
    const x = a.bests[i] ?? 0;
    const y = b.bests[i] ?? 0;
    if (x !== y) return y > x ? 1 : -1;
  }
  if (a.row.wins !== b.row.wins) return b.row.wins - a.row.wins;
  if (a.row.cashes !== b.row.cashes) return b.row.cashes - a.row.cashes;
  if (a.reached !== b.reached) return a.reached - b.reached;
  return 0;
}
