/**
 * Ownership operations on PostgreSQL (server/routes/cluster.ts, docs/SCALING.md "Ownership"):
 * who owns what (`GET /api/cluster`), and draining a host (`POST /api/cluster/drain`): its
 * tournaments move to the other host without a kill while commands keep coming through an edge,
 * none acknowledged is lost, and commands are answered again within 5 s. Two in-process hosts on
 * a real PostgreSQL 15, a real NATS and an edge. The lease's timing: bounds by hand.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import pg from 'pg';
import { startRiffle, type Riffle } from '../../server/server.js';
import { startEdge, type Edge } from '../../server/edge/server.js';
import { leaseTiming } from '../../server/host/pg/pg-db.js';
import { sampleTournament } from '../../server/sample.js';
import { TEST_ADMIN_TOKEN, TEST_PINS } from '../helpers/server.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { startNats, type TestNats } from '../helpers/nats.js';
import { eventually } from '../helpers/eventually.js';

let postgres: TestPostgres;
let nats: TestNats;
before(async () => {
  [postgres, nats] = await Promise.all([startPostgres(), startNats()]);
});
after(async () => {
  postgres?.destroy();
  await nats?.destroy();
});

const quiet = () => pino({ level: process.env.TEST_LOG ? 'debug' : 'silent' });
const admin = { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => {});
});

async function host(databaseUrl: string): Promise<{ riffle: Riffle; url: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'riffle-own-'));
  const riffle = await startRiffle({ port: 0, hostname: '127.0.0.1', dataDir, databaseUrl, natsUrl: nats.url, auth: { adminToken: TEST_ADMIN_TOKEN, pins: TEST_PINS }, sample: false, log: quiet() });
  closers.push(async () => {
    await riffle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { riffle, url: `http://127.0.0.1:${riffle.port}` };
}

interface ClusterView {
  self: string;
  draining: boolean;
  tournaments: Array<{ id: string; owner: string | null; epoch: number | null; leaseLeftMs: number }>;
}
async function view(url: string): Promise<ClusterView> {
  const res = await fetch(`${url}/api/cluster`, { headers: admin });
  assert.equal(res.status, 200);
  return (await res.json()) as ClusterView;
}

describe('ownership: who owns what, and draining a host', () => {
  it('GET /api/cluster names each owner; a drain moves every tournament of A to B while commands come through an edge: 0 acknowledged lost, answered again within 5 s', async () => {
    const url = await postgres.database();
    const a = await host(url);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${a.url}/api/tournaments`, { method: 'POST', headers: admin, body: JSON.stringify({ ...sampleTournament(), name: `Event ${i + 1}` }) });
      assert.equal(res.status, 201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const b = await host(url);
    const edge: Edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: nats.url, log: quiet() });
    closers.push(() => edge.close());
    const selfA = a.riffle.pg!.store.owner;
    const selfB = b.riffle.pg!.store.owner;
    const before = await view(b.url);
    assert.equal(before.self, selfB);
    assert.deepEqual(before.tournaments.map((t) => t.owner), ids.map(() => selfA));
    assert.ok(before.tournaments.every((t) => t.epoch === 1 && t.leaseLeftMs > 0));
    assert.equal((await fetch(`${a.url}/api/cluster`)).status, 401, 'for the TD only');

    // Through the edge: each tournament's commands in a loop, the same id again until answered.
    const acked = new Map<string, { tournament: string; seq: number }>();
    let stop = false;
    let longestGap = 0;
    const loops = ids.map(async (id, t) => {
      let lastOk = Date.now();
      for (let n = 0; !stop; n++) {
        const commandId = `d-${t}-${n}`;
        for (;;) {
          const res = await fetch(`http://127.0.0.1:${edge.port}/api/tournaments/${id}/commands`, { method: 'POST', headers: admin, body: JSON.stringify({ type: 'clock.adjust', id: commandId, seconds: n % 2 ? 1 : -1 }) });
          const body = (await res.json()) as { ok?: boolean; seq?: number };
          if (res.status === 200 && body.ok) {
            acked.set(commandId, { tournament: id, seq: body.seq! });
            longestGap = Math.max(longestGap, Date.now() - lastOk);
            lastOk = Date.now();
            break;
          }
          assert.equal(res.status, 503, JSON.stringify(body));
          if (stop) return;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    });
    await eventually(async () => acked.size, (n) => n >= 10, 15_000, 'commands answered through the edge');
    const drained = await fetch(`${a.url}/api/cluster/drain`, { method: 'POST', headers: admin, body: JSON.stringify({ owner: selfA }) });
    assert.equal(drained.status, 200);
    assert.deepEqual(((await drained.json()) as { handedOver: string[] }).handedOver.sort(), [...ids].sort());
    await eventually(() => view(a.url), (v) => v.draining && v.tournaments.every((t) => t.owner === selfB), 5_000, 'every tournament owned by B');
    const afterDrain = acked.size;
    await eventually(async () => acked.size, (n) => n >= afterDrain + 10, 15_000, 'commands answered by B');
    stop = true;
    await Promise.all(loops);
    assert.ok(longestGap < 5_000, `commands answered again after at most ${longestGap} ms`);
    // A drained host takes nothing: a tournament created on B stays B's; a wrong owner is refused.
    assert.equal((await fetch(`${b.url}/api/cluster/drain`, { method: 'POST', headers: admin, body: JSON.stringify({ owner: selfA }) })).status, 409);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const rows = (await client.query<{ tournament_id: string; command_id: string; seq: number }>('SELECT tournament_id, command_id, seq FROM commands')).rows;
    await client.end();
    const logged = new Map(rows.map((r) => [r.command_id, { tournament: r.tournament_id, seq: r.seq }]));
    for (const [commandId, where] of acked) assert.deepEqual(logged.get(commandId), where, commandId);
  });

  it('the lease timing: RIFFLE_LEASE_MS from 1 s to 60 s, renewed three times a lease', () => {
    assert.deepEqual(leaseTiming(3000), { leaseMs: 3000, renewMs: 1000 });
    assert.deepEqual(leaseTiming(10_000), { leaseMs: 10_000, renewMs: 3333 });
    for (const bad of [999, 60_001, 2500.5, Number.NaN]) assert.throws(() => leaseTiming(bad), /RIFFLE_LEASE_MS must be a whole number of milliseconds from 1000 to 60000/);
  });
});
