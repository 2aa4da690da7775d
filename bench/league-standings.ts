/**
 * Issue 27's target: the standings of a 40-night season with 3,000 players recomputed within
 * 200 ms. Builds `nights` finished tournaments through the engine itself (createTournamentState,
 * parseCommand, applyCommand: the states the store would hold), each of `perNight` entries drawn
 * from a pool of `players` names (every player plays at least once; some re-enter), every entry
 * busted one by one until a winner, knockouts recorded on a third of the nights (a knockout
 * format). Then times, each `runs` times:
 * - `every night read anew + standings`: the worst read (after a restart): every night's results
 *   read from its state (new state objects, so no cached results) and the standings made;
 * - `one night read anew + standings`: a read after a command tonight (the other nights' results
 *   are cached by their state objects);
 * - `standings only`: the pure function over the results already read (a change of formula);
 * - `cached`: the route's cache hit (nothing changed).
 * Formulas: the square-root one and a typed one. Shared CPU: the times are noisy.
 *
 * Usage: npx tsx bench/league-standings.ts [nights=40] [players=3000] [perNight=300] [runs=20]
 */
import { performance } from 'node:perf_hooks';
import { applyCommand, parseCommand } from '../server/engine/apply.js';
import { lazyRng } from '../server/engine/random.js';
import { createTournamentState, type TournamentState } from '../server/engine/state.js';
import { sampleTournament } from '../server/sample.js';
import { tournamentResults } from '../server/leagues/results.js';
import { standings } from '../server/leagues/standings.js';
import { StandingsCache } from '../server/leagues/service.js';
import type { PointsFormula } from '../server/protocol/leagues.js';

const NIGHTS = Number(process.argv[2] ?? 40);
const PLAYERS = Number(process.argv[3] ?? 3000);
const PER_NIGHT = Number(process.argv[4] ?? 300);
const RUNS = Number(process.argv[5] ?? 20);

let seed = 12345;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

function night(n: number): TournamentState {
  const sample = sampleTournament();
  const knockout = n % 3 === 0;
  let state = createTournamentState(`night${n}`, { ...sample, name: `Night ${n + 1}`, settings: { ...sample.settings, lateRegistrationLevel: 16, ...(knockout ? { bounty: { format: 'knockout', amount: 1_000, share: 50, finalTwo: 'whole', rebuy: 0, addon: 0, mysteryFrom: 'money', unclaimed: 'players' } } : {}) } }, 0);
  let now = 1;
  const run = (raw: Record<string, unknown>) => {
    state = applyCommand(state, parseCommand(raw), { now: now++, rng: lazyRng('ab'.repeat(32)) }).state;
  };
  // Players n*75 .. n*75+74 play for sure (every one of the pool at least once), the rest at random.
  const chosen = new Set<number>();
  const share = Math.ceil(PLAYERS / NIGHTS);
  for (let i = 0; i < share && chosen.size < PER_NIGHT; i++) chosen.add((n * share + i) % PLAYERS);
  while (chosen.size < PER_NIGHT) chosen.add(Math.floor(random() * PLAYERS));
  for (const p of chosen) run({ type: 'entry.add', name: `Player number ${p + 1}` });
  // Bust in a random order until one is left; under a knockout format, the next entry in play knocks him out.
  const ids = state.entries.entries.map((e) => e.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  for (let i = 0; i < ids.length - 1; i++) {
    run({ type: 'entry.bust', entryIds: [ids[i]], ...(knockout ? { eliminators: { [ids[i]!]: [ids[i + 1]] } } : {}) });
  }
  return state;
}

const t0 = performance.now();
const states = Array.from({ length: NIGHTS }, (_, n) => night(n));
const buildMs = performance.now() - t0;
const finished = states.filter((s) => s.clock.status === 'finished').length;
const season = { tournaments: states.map((s) => s.id), bestOf: Math.round(NIGHTS * 0.75) };

const stats = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!, max: s[s.length - 1]! };
};
const fmt = (x: { median: number; p95: number; max: number }) => `median ${x.median.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms, max ${x.max.toFixed(1)} ms`;

const formulas: [string, PointsFormula][] = [
  ['sqrt', { kind: 'sqrt', scale: 10, knockoutPoints: 1 }],
  ['typed', { kind: 'custom', expression: 'sqrt(n * b * b / e) / (p + 1) + 2 * k' }],
];
console.log(`${NIGHTS} nights of ${PER_NIGHT} entries from ${PLAYERS} players (${finished} finished), best ${season.bestOf}; built in ${(buildMs / 1000).toFixed(1)} s`);
for (const [label, formula] of formulas) {
  const full: number[] = [];
  const pure: number[] = [];
  const tonight: number[] = [];
  let rows = 0;
  for (let r = 0; r < RUNS; r++) {
    // New state objects: the loader's per-state cache misses, as after a change to every night.
    const fresh = states.map((s) => ({ ...s }));
    let start = performance.now();
    const results = fresh.map(tournamentResults);
    rows = standings(season, formula, results).rows.length;
    full.push(performance.now() - start);
    start = performance.now();
    standings(season, formula, results);
    pure.push(performance.now() - start);
    // A command tonight: one night's results read anew (the others' are cached by their state), then the standings.
    const changed = { ...states[NIGHTS - 1]! };
    start = performance.now();
    standings(season, formula, [...fresh.slice(0, -1).map(tournamentResults), tournamentResults(changed)]);
    tonight.push(performance.now() - start);
  }
  const byId = new Map(states.map((s) => [s.id, s]));
  const cache = new StandingsCache({ state: (id) => byId.get(id) });
  const record = { id: 's', leagueId: 'l', name: 'Season', ...season, formula, updatedAt: 0 };
  cache.of({ id: 'l', name: 'League' }, record);
  const hits: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    cache.of({ id: 'l', name: 'League' }, record);
    hits.push(performance.now() - start);
  }
  console.log(`${label}: ${rows} rows; every night read anew + standings ${fmt(stats(full))}; one night read anew + standings ${fmt(stats(tonight))}; standings only ${fmt(stats(pure))}; cached ${fmt(stats(hits))}`);
}
