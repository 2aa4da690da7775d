/**
 * A paused owner (docs/SCALING.md "A paused owner"): the host that holds a tournament's lease is
 * stopped with SIGSTOP (a frozen VM, a stalled disk, a debugger) while an edge relays the TD's
 * commands. Its lease runs out and the standby takes the tournament over; commands through the
 * edge must be answered again within 5 s of the lease moving, although the stopped process still
 * holds its NATS subscriptions and PostgreSQL connections. When it is let go (SIGCONT) it serves
 * the tournament no more, and the log has every acknowledged command once.
 * Real processes: PostgreSQL and NATS (test/helpers), hosts A and B, the edge in this process.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { freePort, startServerProcess, BENCH_ADMIN_TOKEN, type ServerProcess } from '../../bench/lib/server-process.js';
import { startEdge, type Edge } from '../../server/edge/server.js';
import { sampleTournament } from '../../server/sample.js';
import type { ResultMessage } from '../../server/protocol/messages.js';
import { within } from '../helpers/eventually.js';
import { startNats, type TestNats } from '../helpers/nats.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { TestClient } from '../helpers/ws-client.js';

let postgres: TestPostgres;
let nats: TestNats;
before(async () => {
  [postgres, nats] = await Promise.all([startPostgres(), startNats()]);
});
after(async () => {
  await nats?.destroy();
  postgres?.destroy();
});

function command(client: TestClient, tournament: string, cmd: { type: string; id: string } & Record<string, unknown>, timeoutMs = 15_000): Promise<ResultMessage> {
  client.send({ type: 'command', id: cmd.id, tournament, command: cmd });
  return client.next('result', (m) => m.id === cmd.id, timeoutMs);
}

describe('a paused owner', () => {
  it('SIGSTOP of the owner: commands through the edge are answered again within 5 s of its lease moving; let go, it serves no more', async () => {
    const url = await postgres.database();
    const dirs = [mkdtempSync(join(tmpdir(), 'riffle-a-')), mkdtempSync(join(tmpdir(), 'riffle-b-'))];
    const procs: ServerProcess[] = [];
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    let edge: Edge | null = null;
    let td: TestClient | null = null;
    let running = true;
    try {
      const env = { RIFFLE_DATABASE_URL: url, RIFFLE_NATS_URL: nats.url };
      const a = await startServerProcess({ port: await freePort(), dataDir: dirs[0]!, sample: false, env });
      procs.push(a);
      const created = await fetch(`${a.url}/api/tournaments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
        body: JSON.stringify(sampleTournament()),
      });
      assert.equal(created.status, 201);
      const { id } = (await created.json()) as { id: string };
      const b = await startServerProcess({ port: await freePort(), dataDir: dirs[1]!, sample: false, env });
      procs.push(b);
      edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: nats.url, log: pino({ level: 'silent' }) });
      td = await TestClient.connect(`ws://127.0.0.1:${edge.port}/ws`);
      await td.next('hello');
      td.send({ type: 'auth', id: 'auth', token: BENCH_ADMIN_TOKEN });
      assert.equal((await td.next('result', (m) => m.id === 'auth')).ok, true);
      const started = await within(10_000, 'the owner answers through the edge', async () => {
        const r = await command(td!, id, { type: 'clock.start', id: 'p-start' });
        return r.ok ? r : undefined;
      });
      assert.equal(started.ok, true);
      const lease = async () => (await db.query<{ epoch: number }>('SELECT epoch FROM leases WHERE tournament_id = $1', [id])).rows[0]!.epoch;
      const epochBefore = await lease();

      // The TD keeps working: one command after another, each answered or timed out.
      const acked = new Map<string, number>();
      let n = 0;
      const answeredAt: number[] = [];
      const tdLoop = (async () => {
        while (running) {
          const cid = `p-${n++}`;
          const r = await command(td!, id, { type: 'clock.adjust', id: cid, seconds: n % 2 ? 1 : -1 }, 20_000).catch(() => null);
          if (r?.ok) {
            acked.set(cid, r.seq);
            answeredAt.push(Date.now());
          } else await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      // The same through the edge's /api (relayed by NATS to the owner), as a script or the phone's HTTP fallback does.
      const httpAnsweredAt: number[] = [];
      const httpLoop = (async () => {
        let k = 0;
        while (running) {
          const cid = `h-${k++}`;
          const r = await fetch(`http://127.0.0.1:${edge!.port}/api/tournaments/${id}/commands`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
            body: JSON.stringify({ type: 'clock.adjust', id: cid, seconds: k % 2 ? 1 : -1 }),
            signal: AbortSignal.timeout(20_000),
          }).catch(() => null);
          const body = r ? ((await r.json().catch(() => null)) as { ok?: boolean; seq?: number } | null) : null;
          if (r?.status === 200 && body?.ok) {
            acked.set(cid, body.seq!);
            httpAnsweredAt.push(Date.now());
          } else await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      await within(5_000, 'a few commands acknowledged', () => (acked.size >= 3 && httpAnsweredAt.length >= 3 ? true : undefined));

      a.child.kill('SIGSTOP');
      const stoppedAt = Date.now();
      const movedAt = await within(15_000, 'the lease moves to B', async () => ((await lease()) > epochBefore ? Date.now() : undefined));
      const again = await within(12_000, 'a command through the edge\'s socket is answered after the lease moved', () => answeredAt.find((t) => t > movedAt));
      const httpAgain = await within(12_000, 'a command through the edge\'s /api is answered after the lease moved', () => httpAnsweredAt.find((t) => t > movedAt));
      a.child.kill('SIGCONT');
      const gaps = `socket ${again - movedAt} ms, /api ${httpAgain - movedAt} ms after the lease moved (${movedAt - stoppedAt} ms after the stop)`;
      assert.ok(again - movedAt <= 5_000 && httpAgain - movedAt <= 5_000, `answered again: ${gaps}`);

      // Let go, A serves it no more: commands go on through B, each acknowledged one logged once.
      const after = acked.size;
      await within(10_000, 'more commands after A is let go', () => (acked.size >= after + 3 ? true : undefined));
      running = false;
      await Promise.all([tdLoop, httpLoop]);
      const rows = (await db.query<{ seq: number; command_id: string }>('SELECT seq, command_id FROM commands WHERE tournament_id = $1 ORDER BY seq', [id])).rows;
      const logged = new Map(rows.map((r) => [r.command_id, r.seq]));
      for (const [cid, seq] of acked) assert.equal(logged.get(cid), seq, cid);
      assert.equal(new Set(rows.map((r) => r.seq)).size, rows.length);
    } finally {
      running = false;
      for (const p of procs) {
        p.child.kill('SIGCONT');
        await p.kill('SIGKILL');
      }
      td?.close();
      await edge?.close();
      await db.end();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });
});
