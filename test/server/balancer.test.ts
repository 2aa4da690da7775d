/**
 * The balancer sample that docs/SCALING.md gives, run: a real haproxy started with
 * docs/cluster/haproxy.cfg (its addresses replaced by loopback ports) in front of two edge
 * processes (`server/edge/main.ts`, RIFFLE_HOSTS=riffle.example as the sample's health check
 * names, RIFFLE_TRUSTED_PROXIES=127.0.0.1), a host on SQLite and a real NATS. Its health checks
 * (`/readyz` with the Host header) pass; the client's address reaches the host's request budget
 * through haproxy and an edge (a phone over its budget is refused, another is served); an edge
 * killed with kill -9: haproxy takes it down and its screens, reconnecting through haproxy, are
 * served by the other edge and get the next change.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, startServerProcess, type ServerProcess } from '../../bench/lib/server-process.js';
import { startNats, type TestNats } from '../helpers/nats.js';
import { startHaproxy, type TestHaproxy } from '../helpers/haproxy.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';
import { eventually, within } from '../helpers/eventually.js';

/** 64 KiB of burst: a few requests of the sample tournament's state use it up (by hand: ~6 KiB each). */
const BUDGET = { bytesPerSecond: 1024, burstBytes: 64 * 1024 };

let nats: TestNats;
let host: TestServer;
let edges: ServerProcess[] = [];
let haproxy: TestHaproxy;
let port: number;
let id: string;
const dirs: string[] = [];

/** The sample with the test's addresses: the front on a loopback port, e1 and e2 the edges. */
function sample(front: number, e1: number, e2: number): string {
  const text = readFileSync(join(ROOT, 'docs', 'cluster', 'haproxy.cfg'), 'utf8');
  for (const needle of ['bind :80', '10.0.0.21:8080', '10.0.0.22:8080']) assert.ok(text.includes(needle), needle);
  return text.replace('bind :80', `bind 127.0.0.1:${front}`).replace('10.0.0.21:8080', `127.0.0.1:${e1}`).replace('10.0.0.22:8080', `127.0.0.1:${e2}`);
}

before(async () => {
  nats = await startNats();
  host = await startTestServer({ natsUrl: nats.url, requestBudget: BUDGET });
  id = await host.createTournament();
  const ports = [await freePort(), await freePort()];
  edges = await Promise.all(
    ports.map((p) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'riffle-edge-'));
      dirs.push(dataDir);
      return startServerProcess({
        port: p,
        dataDir,
        script: 'server/edge/main.ts',
        ready: /Riffle edge is running/,
        env: { LOG_LEVEL: 'info', RIFFLE_NATS_URL: nats.url, RIFFLE_HOSTS: 'riffle.example', RIFFLE_TRUSTED_PROXIES: '127.0.0.1' },
      });
    }),
  );
  port = await freePort();
  haproxy = await startHaproxy(sample(port, ports[0]!, ports[1]!), port);
});
after(async () => {
  await haproxy?.stop();
  for (const e of edges) await e.kill();
  await host?.close();
  await nats?.destroy();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A GET through haproxy from a chosen loopback address (fetch cannot choose it). */
function get(path: string, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress: from, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function screen(): Promise<TestClient> {
  const client = await TestClient.connect(`ws://127.0.0.1:${port}/ws`);
  await client.next('hello');
  client.send({ type: 'subscribe', id: 'tv', tournament: id });
  await client.next('snapshot', () => true, 10_000);
  return client;
}

describe('the haproxy sample in front of two edges', () => {
  it('its health checks (/readyz with the Host header) pass on both edges', async () => {
    const servers = await eventually(() => haproxy.servers(), (s) => s.length === 2 && s.every((x) => x.status === 'UP' && x.check === 'L7OK'), 15_000, 'both edges UP after an L7OK check');
    assert.deepEqual(servers.map((s) => s.server), ['e1', 'e2']);
  });

  it('the client address reaches the request budget: a phone over its budget is refused, another is served', async () => {
    let refusedAfter = 0;
    for (let n = 1; n <= 300 && !refusedAfter; n++) {
      const status = await get(`/api/tournaments/${id}`, '127.0.0.2');
      if (status === 429) refusedAfter = n;
      else assert.equal(status, 200);
    }
    assert.ok(refusedAfter > 1 && refusedAfter < 300, `refused after ${refusedAfter} requests`);
    assert.equal(await get(`/api/tournaments/${id}`, '127.0.0.3'), 200);
  });

  it('an edge killed: haproxy takes it down, its screens reconnect through haproxy to the other edge and get the next change', async () => {
    const screens: TestClient[] = [];
    try {
      for (let i = 0; i < 6; i++) screens.push(await screen());
      const closed = screens.map((s) => new Promise<void>((resolve) => s.ws.once('close', () => resolve())));
      const isClosed = screens.map(() => false);
      closed.forEach((p, i) => void p.then(() => (isClosed[i] = true)));
      await edges[0]!.kill('SIGKILL');
      await eventually(() => haproxy.servers(), (s) => s.find((x) => x.server === 'e1')?.status.startsWith('DOWN') === true, 15_000, 'haproxy takes e1 down');
      const moved = isClosed.filter(Boolean).length;
      assert.ok(moved >= 1 && moved <= 5, `${moved} of 6 screens were on the killed edge (leastconn spreads them)`);
      for (let i = 0; i < screens.length; i++) if (isClosed[i]) screens[i] = await within(10_000, 'a screen reconnects through haproxy', () => screen());
      const started = await host.command(id, { type: 'clock.start', id: 'b-start' });
      assert.equal(started.status, 200);
      for (const s of screens) await s.next('patch', (m) => m.seq === started.body.seq, 10_000);
    } finally {
      for (const s of screens) s.close();
    }
  });
});
