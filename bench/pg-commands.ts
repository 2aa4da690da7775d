/**
 * Command answer time on PostgreSQL against SQLite, same run, same load: two Riffle servers in
 * child processes (server/main.ts), one on its SQLite file (the embedded default), one on a
 * PostgreSQL 15 started here on a loopback port (test/helpers/postgres.ts, as root: run as the
 * `postgres` user), each with one tournament; `clients` HTTP clients send `clock.adjust`
 * commands one after another (each waits for its answer), taking turns between the two servers
 * round by round, so that a loaded machine slows both alike. The answer is sent once the
 * command is saved (SQLite: the group fsync; PostgreSQL: its commit with synchronous_commit on).
 *
 * Usage: npx tsx bench/pg-commands.ts [clients=4] [rounds=10] [perRound=50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startPostgres } from '../test/helpers/postgres.js';
import { sampleTournament } from '../server/sample.js';
import { BENCH_ADMIN_TOKEN, freePort, machine, percentile, startServerProcess, type ServerProcess } from './lib/server-process.js';

const [clients = 4, rounds = 10, perRound = 50] = process.argv.slice(2).map(Number);


const headers = { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };

async function tournament(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/tournaments`, { method: 'POST', headers, body: JSON.stringify(sampleTournament()) });
  const { id } = (await res.json()) as { id: string };
  const start = await fetch(`${server.url}/api/tournaments/${id}/commands`, { method: 'POST', headers, body: JSON.stringify({ type: 'clock.start' }) });
  if (start.status !== 200) throw new Error(`clock.start: ${start.status}`);
  return id;
}

let n = 0;
async function burst(server: ServerProcess, id: string, into: number[]): Promise<void> {
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perRound; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.url}/api/tournaments/${id}/commands`, { method: 'POST', headers, body: JSON.stringify({ type: 'clock.adjust', id: `b-${++n}`, seconds: n % 2 ? 1 : -1 }) });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`answer ${res.status}`);
        into.push(performance.now() - t0);
      }
    }),
  );
}

const postgres = await startPostgres();
const dirs = [mkdtempSync(join(tmpdir(), 'riffle-bench-sqlite-')), mkdtempSync(join(tmpdir(), 'riffle-bench-pg-'))];
const servers: ServerProcess[] = [];
try {
  const url = await postgres.database();
  const sqlite = await startServerProcess({ port: await freePort(), dataDir: dirs[0]!, sample: false });
  servers.push(sqlite);
  const pg = await startServerProcess({ port: await freePort(), dataDir: dirs[1]!, sample: false, env: { RIFFLE_DATABASE_URL: url } });
  servers.push(pg);
  const ids = [await tournament(sqlite), await tournament(pg)];
  const times: number[][] = [[], []];
  // One warm-up round each, not counted.
  await burst(sqlite, ids[0]!, []);
  await burst(pg, ids[1]!, []);
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? [1, 0] : [0, 1];
    for (const i of order) await burst(servers[i]!, ids[i]!, times[i]!);
  }
  for (const t of times) t.sort((a, b) => a - b);
  const line = (name: string, t: number[]) => `${name}: ${t.length} commands, p50 ${percentile(t, 50).toFixed(2)} ms, p99 ${percentile(t, 99).toFixed(2)} ms`;
  console.log(machine());
  console.log(line('SQLite    ', times[0]!));
  console.log(line('PostgreSQL', times[1]!));
  console.log(`p50 ratio PostgreSQL / SQLite: ${(percentile(times[1]!, 50) / percentile(times[0]!, 50)).toFixed(2)} (target ≤ 2)`);
} finally {
  for (const s of servers) await s.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  postgres.destroy();
}
