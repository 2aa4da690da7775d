/**
 * Finding a player among the venue's (issue 27 target: 20,000 players, an answer within 20 ms
 * p99). A real server on loopback with an in-memory database; `players` records imported through
 * POST /api/players/import (5,000 a file), names made from first and last names of the five
 * languages' countries (seeded: every run the same players). Then `queries` searches through
 * GET /api/players?q= one after another, as a phone types: 2 to 9 letters of the start of one of a
 * random player's names, with one letter dropped, doubled or swapped in a third of those of 5 or
 * more letters (the typos the index must forgive). Timed: the whole answer as the phone waits for
 * it (HTTP on loopback included), and the index's search alone (server/players/search.ts).
 * Also how many of the typed-with-a-typo searches had the player among the matches.
 *
 * Shared CPU: the times are noisy; say so with any figure.
 *
 * Usage: npx tsx bench/player-search.ts [players=20000] [queries=2000]
 */
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { startRiffle } from '../server/server.js';
import { PlayerIndex } from '../server/players/search.js';

const PLAYERS = Number(process.argv[2] ?? 20_000);
const QUERIES = Number(process.argv[3] ?? 2_000);
const TOKEN = 'bench-admin-token-0123456789abcdef';

const FIRST = 'Anna Bram Cees Daan Eva Femke Gijs Hanna Iris Jan Kees Lars Mette Niels Ole Pia Rasmus Sofie Tobias Ulla Viggo Ana Ivan Marko Luka Petra Josip Mateja Đurđica Stjepan Jürgen Müller Klaus Heike Sabine Dieter Björn Åse Søren Mirjam Lotte Pieter Willem Sven Frederik Mads Katarina Zoran Dragana Tomislav Goran Vesna Nikolina Hans Greta Wolfgang Ingrid'.split(' ');
const LAST = 'Jansen de Vries van den Berg Bakker Visser Smit Meijer de Boer Mulder Hansen Nielsen Jensen Pedersen Andersen Christensen Larsen Sørensen Rasmussen Horvat Kovačević Babić Marić Jurić Novak Knežević Vuković Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Đurđević Petrović Šarić Lindqvist Østergaard Dijkstra'.split(' ');

// mulberry32: seeded, so every run makes the same players and queries.
let seed = 0x2f6e2b1;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

// Half the surnames made of syllables, so the venue has thousands of distinct words, as a real
// one does (the index's scans are over distinct words).
const SYLLABLES = 'ber ko van sen dal ric mar ten hof lin ska vic dor ham sto gaard ber wil mo rak jen tu pe la nov ki'.split(' ');
const madeUp = () => {
  const n = 2 + Math.floor(rand() * 3);
  let w = '';
  for (let i = 0; i < n; i++) w += pick(SYLLABLES);
  return w[0]!.toUpperCase() + w.slice(1);
};
const surname = () => (rand() < 0.5 ? madeUp() : pick(LAST));
const names: string[] = [];
for (let i = 0; i < PLAYERS; i++) names.push(`${pick(FIRST)} ${surname()}${rand() < 0.3 ? `-${surname()}` : ''}`);

const riffle = await startRiffle({ port: 0, hostname: '127.0.0.1', dataDir: ':memory:', auth: { adminToken: TOKEN }, log: pino({ level: 'silent' }) });
const base = `http://127.0.0.1:${riffle.port}/api/players`;
const auth = { authorization: `Bearer ${TOKEN}` };
let t = performance.now();
for (let i = 0; i < names.length; i += 5000) {
  const csv = `name\n${names.slice(i, i + 5000).map((n) => `"${n}"`).join('\n')}\n`;
  const res = await fetch(`${base}/import`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: csv });
  if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`);
}
const importMs = performance.now() - t;

/** A typo a phone makes: a letter dropped, doubled, or two swapped. */
function typo(s: string): string {
  const i = 1 + Math.floor(rand() * (s.length - 2));
  const kind = Math.floor(rand() * 3);
  return kind === 0 ? s.slice(0, i) + s.slice(i + 1) : kind === 1 ? s.slice(0, i) + s[i] + s.slice(i) : s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
}

const queries: { q: string; name: string; typo: boolean }[] = [];
for (let i = 0; i < QUERIES; i++) {
  const name = pick(names);
  const word = pick(name.split(/[\s-]+/));
  const typed = word.slice(0, 2 + Math.floor(rand() * 8));
  const withTypo = typed.length >= 5 && rand() < 1 / 3;
  queries.push({ q: withTypo ? typo(typed) : typed, name, typo: withTypo });
}

// Warm-up, not counted: the JIT, and the garbage of the import collected (a server that has run
// for a while has neither in front of the first search).
for (const { q } of queries.slice(0, 200)) await (await fetch(`${base}?q=${encodeURIComponent(q)}`, { headers: auth })).json();

// Warm-up, not counted: the JIT, and the garbage of the import collected (a server that has run
// for a while has neither in front of the first search).
for (const { q } of queries.slice(0, 200)) await (await fetch(`${base}?q=${encodeURIComponent(q)}`, { headers: auth })).json();

const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const http: number[] = [];
/** CPU time of each round trip (the client and the server share this process): its cost without the waits for a core. */
const httpCpu: number[] = [];
let typos = 0;
let found = 0;
for (const { q, name, typo: withTypo } of queries) {
  const c0 = process.cpuUsage();
  t = performance.now();
  const res = await fetch(`${base}?q=${encodeURIComponent(q)}`, { headers: auth });
  const body = (await res.json()) as { matches: { name: string }[] };
  http.push(performance.now() - t);
  const c1 = process.cpuUsage(c0);
  httpCpu.push((c1.user + c1.system) / 1000);
  if (withTypo) {
    typos++;
    // Found: among the matches, or the answer is full of players the query fits as well.
    if (body.matches.some((m) => m.name === name) || body.matches.length === 12) found++;
    else if (process.env.MISSES) console.log(`missed: ${q} | ${name} | ${body.matches.map((m) => m.name).join('; ')}`);
  }
}

const index = new PlayerIndex();
t = performance.now();
names.forEach((name, i) => index.put({ id: `p${i}`, name }));
const buildMs = performance.now() - t;
// Wall time, and the process's CPU time (user + system) of each search: on a shared machine the
// wall time also holds the moments another process had the core; the CPU time does not.
const alone: number[] = [];
const cpu: number[] = [];
for (const { q } of queries) {
  const c = process.cpuUsage();
  t = performance.now();
  index.search(q);
  alone.push(performance.now() - t);
  const used = process.cpuUsage(c);
  cpu.push((used.user + used.system) / 1000);
}
await riffle.close();

const ms = (v: number) => `${v.toFixed(2)} ms`;
console.log(`${new Set(names.flatMap((n) => n.toLowerCase().split(/[\s-]+/))).size} distinct words`);
console.log(`${PLAYERS} players imported in ${(importMs / 1000).toFixed(1)} s; index made whole in ${ms(buildMs)}`);
console.log(`GET /api/players?q= (loopback, ${QUERIES} queries): p50 ${ms(pct(http, 0.5))}, p99 ${ms(pct(http, 0.99))}, max ${ms(Math.max(...http))}; CPU time (client and server) p50 ${ms(pct(httpCpu, 0.5))}, p99 ${ms(pct(httpCpu, 0.99))}`);
console.log(`index search alone: p50 ${ms(pct(alone, 0.5))}, p99 ${ms(pct(alone, 0.99))}, max ${ms(Math.max(...alone))}; CPU time p50 ${ms(pct(cpu, 0.5))}, p99 ${ms(pct(cpu, 0.99))}`);
console.log(`load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(`with a typo: ${found} of ${typos} found (or a full page of equally good matches)`);
