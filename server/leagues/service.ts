/**
 * The loader: a season's standings from the tournaments the registry holds in memory (their
 * engine state, as results.csv reads it), cached keyed by their inputs: the season (its name,
 * tournaments, formula and best N, as JSON) and each listed tournament's state object (immutable: a new command makes a new
 * one). Nothing is stored by hand; nothing here writes.
 */
import type { TournamentState } from '../engine/state.js';
import type { LeagueView, StandingsView } from '../protocol/leagues.js';
import { tournamentResults } from './results.js';
import { standings } from './standings.js';
import type { SeasonRecord } from './store.js';

/** Seasons whose standings are kept (one entry each, the last computed). */
const CACHE_MAX = 64;

export interface StandingsSource {
  /** A tournament's current state, or undefined when it is not on this server. */
  state(tournamentId: string): TournamentState | undefined;
}

/**
 * A number per state object: the cache compares these, so it keeps no old state alive (a
 * 10,000-entry night's state is megabytes; each command makes a new one).
 */
const stateNumbers = new WeakMap<TournamentState, number>();
let nextStateNumber = 1;
function numberOf(state: TournamentState | undefined): number {
  if (!state) return 0;
  let n = stateNumbers.get(state);
  if (n === undefined) stateNumbers.set(state, (n = nextStateNumber++));
  return n;
}

export class StandingsCache {
  private readonly entries = new Map<string, { inputs: string; states: number[]; view: StandingsView }>();

  constructor(
    private readonly source: StandingsSource,
    /** Merged players: the player database's canonicalPlayerId (wired by the lead); identity by default. */
    private readonly resolve: (key: string) => string = (key) => key,
  ) {}

  /** The standings with every name and key as stored (routes/leagues.ts makes the public view). Throws FormulaError. */
  of(league: Pick<LeagueView, 'id' | 'name'>, whole: SeasonRecord, options: { finishedOnly?: boolean } = {}): StandingsView {
    let season = whole;
    let states = season.tournaments.map((id) => this.source.state(id));
    if (options.finishedOnly) {
      // The stream's view: nights over only (a running night's busts would reach the air before the secure delay).
      const kept = season.tournaments.map((id, i) => ({ id, state: states[i] })).filter((x) => x.state?.clock.status === 'finished');
      season = { ...season, tournaments: kept.map((x) => x.id) };
      states = kept.map((x) => x.state);
    }
    const key = options.finishedOnly ? `${season.id}:finished` : season.id;
    const inputs = JSON.stringify([season.name, season.tournaments, season.formula, season.bestOf]);
    const hit = this.entries.get(key);
    const numbers = states.map(numberOf);
    if (hit && hit.inputs === inputs && hit.states.length === numbers.length && hit.states.every((n, i) => n === numbers[i])) {
      return { ...hit.view, league: { id: league.id, name: league.name } };
    }
    const results = states.filter((s): s is TournamentState => s !== undefined).map(tournamentResults);
    const made = standings(season, season.formula, results, this.resolve);
    const view: StandingsView = {
      league: { id: league.id, name: league.name },
      season: { id: season.id, name: season.name, bestOf: season.bestOf, formula: season.formula, tournaments: whole.tournaments.length },
      provisional: made.provisional,
      rows: made.rows,
      missing: made.missing,
      ...(made.warnings.length ? { warnings: made.warnings.slice(0, 50) } : {}),
    };
    this.entries.delete(key);
    this.entries.set(key, { inputs, states: numbers, view });
    if (this.entries.size > CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    return view;
  }
}
