/**
 * The player database under attack (floor searches in a loop, a large import, start-up over a large database), against a real server process whose
 * database holds `players` records of three random words of the letters a-e (3 to 8 letters:
 * about 200,000 distinct words at 100,000 players, every short query fitting thousands):
 *
 *   npx tsx bench/player-flood.ts [players=100000] [seconds=10]
 *
 * 1. Start-up: time from spawn to the first /healthz answer, and until the search's answers are
 *    no longer partial (the index filled in slices).
 * 2. The TD's chip counts (HTTP, admin token, 15 a second, one at a time) for `seconds` alone
 *    (the baseline), then for `seconds` while two floor phones (each paired with the floor PIN,
 *    in a child process) search `?q=` of five random two-letter words in a loop, as fast as they
 *    are answered (Retry-After ignored); /healthz asked every 50 ms throughout.
 * 3. An import of 5,000 new rows into the database as the TD, /healthz asked every 5 ms
 *    meanwhile: its longest answer bounds the event loop's longest block.
 *
 * Targets: TD p99 during the loops within 3x the baseline; /healthz under 100 ms; /healthz within
 * 10 s of start-up; no /healthz answer during the import over 50 ms. Loopback only.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seatedField } from './lib/field.js';
import { api, BENCH_ADMIN_TOKEN, freePort, machine, percentile, sleep, startServerProcess, type ServerProcess } from './lib/server-process.js';
import { loadavg } from 'node:os';

const players = Number(process.argv[2] ?? 100_000);
const seconds = Number(process.argv[3] ?? 10);
const ENTRIES = 200;
const TD_RATE = 15;

let seed = 0x5eed;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};
const word = (min: number, max: number) => Array.from({ length: min + Math.floor(rand() * (max - min + 1)) }, () => 'abcde'[Math.floor(rand() * 5)]).join('');
const hostileName = () => `${word(3, 8)} ${word(3, 8)} ${word(3, 8)}`;

function summary(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  return `n ${s.length}, p50 ${percentile(s, 50).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, max ${(s.at(-1) ?? NaN).toFixed(1)} ms`;
}

/** Asks /healthz every `everyMs`; each answer's time. */
function watchHealth(server: ServerProcess, everyMs: number): { stop(): Promise<number[]> } {
  let running = true;
  const times: number[] = [];
  const loop = (async () => {
    while (running) {
      const asked = performance.now();
      await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(60_000) }).then((r) => r.arrayBuffer()).catch(() => undefined);
      times.push(performance.now() - asked);
      await sleep(Math.max(0, everyMs - (performance.now() - asked)));
    }
  })();
  return { stop: async () => ((running = false), await loop, times) };
}

async function tdCounts(server: ServerProcess, tournament: string, until: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; performance.now() < until; i++) {
    const sent = performance.now();
    const answer = await api(server.url, 'POST', `/api/tournaments/${tournament}/commands`, { type: 'chips.set', entryId: `e${1 + (i % ENTRIES)}`, chips: 30_000 + i });
    if (answer.status !== 200) throw new Error(`TD command: ${answer.status} ${JSON.stringify(answer.body)}`);
    out.push(performance.now() - sent);
    await sleep(Math.max(0, 1000 / TD_RATE - (performance.now() - sent)));
  }
  return out;
}

/** The floor phones' loops, in a child process (their work does not slow the TD's timing here). */
async function floorLoops(server: ServerProcess): Promise<{ stop(): Promise<string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--floor', server.url, server.floorPin], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return { stop: () => new Promise((resolve) => (child.once('message', (m) => resolve(String(m))), child.send('stop'))) };
}

async function floorChild(url: string, pin: string): Promise<void> {
  const cookies: string[] = [];
  for (let k = 0; k < 2; k++) {
    const res = await fetch(`${url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin }) });
    cookies.push(res.headers.get('set-cookie')!.split(';')[0]!);
  }
  let running = true;
  const statuses = new Map<string, number>();
  const searchMs: number[] = [];
  const loops = cookies.map(async (cookie) => {
    while (running) {
      const q = Array.from({ length: 5 }, () => word(2, 2)).join(' ');
      const t = performance.now();
      const res = await fetch(`${url}/api/players?q=${encodeURIComponent(q)}`, { headers: { cookie } }).catch(() => null);
      const body = (await res?.json().catch(() => null)) as { partial?: boolean } | null;
      const key = `${res?.status ?? 0}${body?.partial ? ' partial' : ''}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (res?.status === 200) searchMs.push(performance.now() - t);
    }
  });
  process.send!('ready');
  process.once('message', async () => {
    running = false;
    await Promise.all(loops);
    process.send!(`${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}; answered searches: ${summary(searchMs)}`, () => process.exit(0));
  });
}

async function main(): Promise<void> {
  console.log(`player-flood: ${machine()}`);
  console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const field = seatedField('pf', ENTRIES, { listener: { change() {}, delayChanged() {}, error(err: unknown) { throw err; } } });
  const tournament = field.host.id;
  field.registry.close();
  const sql = field.db.$client;
  const insert = sql.prepare('INSERT INTO players (id, name, folded, created_at, updated_at) VALUES (?, ?, ?, 0, 0)');
  sql.transaction(() => {
    for (let n = 0; n < players; n++) {
      let id = 'p_';
      for (let k = 0, v = n; k < 10; k++, v = Math.floor(v / 32)) id += 'abcdefghijklmnopqrstuvwxyz234567'[v % 32];
      const name = hostileName();
      insert.run(id, name, name);
    }
  })();
  sql.close();
  const spawned = performance.now();
  const server = await startServerProcess({ port: await freePort(), dataDir: field.dataDir, sample: false, env: { RIFFLE_DATA: field.dataDir } });
  try {
    await fetch(`${server.url}/healthz`);
    console.log(`start-up with ${players} players: /healthz answered ${((performance.now() - spawned) / 1000).toFixed(2)} s after spawn`);
    for (;;) {
      const { body } = await api(server.url, 'GET', '/api/players?q=abcde');
      if (!body.partial) break;
      await sleep(200);
    }
    console.log(`  the index whole (search not partial) ${((performance.now() - spawned) / 1000).toFixed(1)} s after spawn`);

    let health = watchHealth(server, 50);
    const base = await tdCounts(server, tournament, performance.now() + seconds * 1000);
    console.log(`baseline: TD chip counts ${summary(base)}; /healthz ${summary(await health.stop())}`);
    const floor = await floorLoops(server);
    health = watchHealth(server, 50);
    const during = await tdCounts(server, tournament, performance.now() + seconds * 1000);
    const healthDuring = await health.stop();
    const loops = await floor.stop();
    console.log(`two floor search loops: TD chip counts ${summary(during)}; /healthz ${summary(healthDuring)}`);
    console.log(`  floor: ${loops}`);
    const p99 = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 99);
    console.log(`  TD p99 ratio ${(p99(during) / p99(base)).toFixed(2)}x (target <= 3); /healthz max ${Math.max(...healthDuring).toFixed(1)} ms (target < 100)`);

    const csv = `name\n${Array.from({ length: 5000 }, hostileName).join('\n')}\n`;
    health = watchHealth(server, 5);
    const t = performance.now();
    const res = await fetch(`${server.url}/api/players/import`, { method: 'POST', headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'text/csv' }, body: csv });
    const took = performance.now() - t;
    const during5k = await health.stop();
    console.log(`import of 5,000 rows into ${players}: ${res.status} in ${took.toFixed(0)} ms; /healthz meanwhile ${summary(during5k)} (target: max <= 50)`);
  } finally {
    await server.kill();
    rmSync(field.dataDir, { recursive: true, force: true });
    console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  }
}

if (process.argv[2] === '--floor') await floorChild(process.argv[3]!, process.argv[4]!);
else await main();
