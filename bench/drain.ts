/**
 * Draining a host (docs/SCALING.md "Ownership"; targets: every tournament moved, 0 acknowledged
 * commands lost, commands answered again within 5 s).
 *
 * A PostgreSQL 15 and a NATS (test/helpers/), hosts A and B and one edge as child processes.
 * `tournaments` tournaments created on A; `clients` clients send commands through the edge's HTTP
 * relay one after another (clock adjustments, round-robin over the tournaments), a 503 sent again
 * with the same id. Then `POST /api/cluster/drain` to A: printed are the drain's answer time,
 * when B owns every tournament (`GET /api/cluster`), the longest wait of a command for its
 * answer across the drain, and whether every acknowledged command is in PostgreSQL with its
 * seq. `rounds` drains back and forth (A to B, then B to A after undraining A, ...).
 *
 * Usage: npx tsx bench/drain.ts [tournaments=20] [clients=4] [rounds=3]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import pg from 'pg';
import { startPostgres } from '../test/helpers/postgres.js';
import { startNats } from '../test/helpers/nats.js';
import { sampleTournament } from '../server/sample.js';
import { BENCH_ADMIN_TOKEN, freePort, machine, sleep, startServerProcess, type ServerProcess } from './lib/server-process.js';

const [tournamentCount = 20, clientCount = 4, rounds = 3] = process.argv.slice(2, 5).map(Number);
const headers = { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };

const postgres = await startPostgres();
const nats = await startNats();
const dirs = [0, 1, 2].map((i) => mkdtempSync(join(tmpdir(), `riffle-drain-${i}-`)));
const procs: ServerProcess[] = [];
let running = true;
try {
  const databaseUrl = await postgres.database();
  const env = { RIFFLE_DATABASE_URL: databaseUrl, RIFFLE_NATS_URL: nats.url };
  const a = await startServerProcess({ port: await freePort(), dataDir: dirs[0]!, sample: false, env, startTimeoutMs: 180_000 });
  procs.push(a);
  const ids: string[] = [];
  for (let i = 0; i < tournamentCount; i++) {
    const res = await fetch(`${a.url}/api/tournaments`, { method: 'POST', headers, body: JSON.stringify({ ...sampleTournament(), name: `Event ${i + 1}` }) });
    ids.push(((await res.json()) as { id: string }).id);
  }
  const b = await startServerProcess({ port: await freePort(), dataDir: dirs[1]!, sample: false, env, startTimeoutMs: 180_000 });
  procs.push(b);
  const edge = await startServerProcess({ port: await freePort(), dataDir: dirs[2]!, script: 'server/edge/main.ts', ready: /Riffle edge is running/, env: { ...env, LOG_LEVEL: 'info' }, startTimeoutMs: 180_000 });
  procs.push(edge);
  const self = async (url: string) => ((await (await fetch(`${url}/api/cluster`, { headers })).json()) as { self: string }).self;
  const owners = { a: await self(a.url), b: await self(b.url) };

  const acked = new Map<string, { tournament: string; seq: number }>();
  /** Each command's wait for its answer (ms, from its first send), with when it was answered. */
  const waits: Array<{ at: number; ms: number }> = [];
  const clients = Array.from({ length: clientCount }, async (_, c) => {
    for (let n = 0; running; n++) {
      const tournament = ids[(n * clientCount + c) % ids.length]!;
      const id = `c${c}-${n}`;
      const first = performance.now();
      while (running) {
        const res = await fetch(`${edge.url}/api/tournaments/${tournament}/commands`, { method: 'POST', headers, body: JSON.stringify({ type: 'clock.adjust', id, seconds: n % 2 ? 1 : -1 }) }).catch(() => null);
        const body = res ? ((await res.json().catch(() => ({}))) as { ok?: boolean; seq?: number }) : {};
        if (res?.status === 200 && body.ok) {
          acked.set(id, { tournament, seq: body.seq! });
          waits.push({ at: performance.now(), ms: performance.now() - first });
          break;
        }
        await sleep(50);
      }
      await sleep(150);
    }
  });

  console.log(`drain of a host with ${tournamentCount} tournaments, ${clientCount} clients through an edge; ${machine()}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  let from = { url: a.url, owner: owners.a };
  let to = { url: b.url, owner: owners.b };
  for (let round = 1; round <= rounds; round++) {
    await sleep(3000);
    const before = acked.size;
    const start = performance.now();
    const res = await fetch(`${from.url}/api/cluster/drain`, { method: 'POST', headers, body: JSON.stringify({ owner: from.owner }) });
    const answered = performance.now() - start;
    const handedOver = ((await res.json()) as { handedOver: string[] }).handedOver.length;
    let movedMs = NaN;
    for (;;) {
      const view = (await (await fetch(`${to.url}/api/cluster`, { headers })).json()) as { tournaments: Array<{ owner: string | null }> };
      if (view.tournaments.every((t) => t.owner === to.owner)) {
        movedMs = performance.now() - start;
        break;
      }
      if (performance.now() - start > 30_000) break;
      await sleep(50);
    }
    await sleep(3000);
    const across = waits.filter((w) => w.at >= start).map((w) => w.ms);
    console.log(
      `round ${round}: drain answered in ${answered.toFixed(0)} ms (${handedOver} handed over); all ${tournamentCount} owned by the other host after ${movedMs.toFixed(0)} ms; longest wait of a command for its answer since the drain ${Math.max(...across).toFixed(0)} ms; ${acked.size - before} commands acknowledged in the round`,
    );
    await fetch(`${from.url}/api/cluster/undrain`, { method: 'POST', headers });
    [from, to] = [to, from];
  }
  running = false;
  await Promise.all(clients);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = (await client.query<{ tournament_id: string; command_id: string; seq: number }>('SELECT tournament_id, command_id, seq FROM commands')).rows;
  await client.end();
  const logged = new Map(rows.map((r) => [r.command_id, `${r.tournament_id}:${r.seq}`]));
  const lost = [...acked].filter(([id, w]) => logged.get(id) !== `${w.tournament}:${w.seq}`).length;
  console.log(`acknowledged commands: ${acked.size}, lost or with another seq: ${lost}; load average after ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  running = false;
  for (const p of procs) await p.kill().catch(() => {});
  postgres.destroy();
  await nats.destroy();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
