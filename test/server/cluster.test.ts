/**
 * The cluster of issue 28 end to end: host A and standby B (real processes on one real
 * PostgreSQL), a real NATS, and an edge holding the screens' sockets (docs/ARCHITECTURE.md
 * "Edges"). Commands through the edge are answered by the owner; `kill -9` of A: B takes over,
 * commands through the edge are answered again, nothing acknowledged is lost, and the edge's TV
 * ends with what a fresh snapshot from B shows. The stream overlay on the edge gets the delayed
 * feed no earlier than its delay. NATS killed and restarted: the host goes on serving its own
 * sockets, the edge answers commands storage-unavailable meanwhile and catches up after.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { within } from '../helpers/eventually.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import pg from 'pg';
import { freePort, startServerProcess, BENCH_ADMIN_TOKEN, type ServerProcess } from '../../bench/lib/server-process.js';
import { startEdge, type Edge } from '../../server/edge/server.js';
import { sampleTournament } from '../../server/sample.js';
import type { ResultMessage } from '../../server/protocol/messages.js';
import { startTestServer, TEST_ADMIN_TOKEN } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { startNats, type TestNats } from '../helpers/nats.js';

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

/** Sends a command on a socket; resolves with its result (matched by the command's id). */
function command(client: TestClient, tournament: string, cmd: { type: string; id: string } & Record<string, unknown>, timeoutMs = 15_000): Promise<ResultMessage> {
  client.send({ type: 'command', id: cmd.id, tournament, command: cmd });
  return client.next('result', (m) => m.id === cmd.id, timeoutMs);
}

/** A socket on `url`, greeted; subscribed to `tournament` (all topics) when given, its snapshot taken. */
async function screen(url: string, tournament?: string): Promise<TestClient> {
  const client = await TestClient.connect(url);
  await client.next('hello');
  if (tournament) {
    client.send({ type: 'subscribe', id: 'sub', tournament });
    await client.next('snapshot');
  }
  return client;
}

/** The seq a client last applied for the tournament, kept from snapshots and patches as they arrive. */
function seqOf(client: TestClient): { seq: number; arrived: Map<number, number> } {
  const seen = { seq: 0, arrived: new Map<number, number>() };
  client.ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { type: string; seq?: number };
    if ((msg.type === 'snapshot' || msg.type === 'patch') && typeof msg.seq === 'number') {
      seen.seq = msg.type === 'snapshot' ? msg.seq : Math.max(seen.seq, msg.seq);
      if (msg.type === 'patch' && !seen.arrived.has(msg.seq)) seen.arrived.set(msg.seq, Date.now());
    }
  });
  return seen;
}

describe('an edge in front of two hosts on PostgreSQL, through NATS', () => {
  it('serves screens and commands; kill -9 of the owner: the standby takes over, nothing acknowledged is lost, the screens end as the new owner shows', async () => {
    const url = await postgres.database();
    const dirs = [mkdtempSync(join(tmpdir(), 'riffle-a-')), mkdtempSync(join(tmpdir(), 'riffle-b-'))];
    const procs: ServerProcess[] = [];
    let edge: Edge | null = null;
    let lateEdge: Promise<Edge> | null = null;
    const clients: TestClient[] = [];
    try {
      const env = { RIFFLE_DATABASE_URL: url, RIFFLE_NATS_URL: nats.url };
      const [portA, portB] = [await freePort(), await freePort()];
      const [a, b] = await Promise.all([
        startServerProcess({ port: portA, dataDir: dirs[0]!, sample: false, env }),
        startServerProcess({ port: portB, dataDir: dirs[1]!, sample: false, env }),
      ]);
      procs.push(a, b);
      edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: nats.url, log: quiet() });
      const edgeWs = `ws://127.0.0.1:${edge.port}/ws`;
      const created = await fetch(`${a.url}/api/tournaments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
        body: JSON.stringify(sampleTournament()),
      });
      assert.equal(created.status, 201);
      const { id } = (await created.json()) as { id: string };

      // A subscribe through the edge to a tournament no host serves.
      const stranger = await screen(edgeWs);
      clients.push(stranger);
      stranger.send({ type: 'subscribe', id: 'nope', tournament: 'nosuchtourn' });
      assert.equal((await stranger.next('error', (m) => m.id === 'nope')).error.code, 'unknown-tournament');

      // The TD signs in on the edge with the admin token (checked by a host), the TV follows.
      const td = await screen(edgeWs);
      clients.push(td);
      td.send({ type: 'auth', id: 'auth', token: BENCH_ADMIN_TOKEN });
      assert.equal((await td.next('result', (m) => m.id === 'auth')).ok, true);
      const tv = await within(10_000, 'the TV gets a snapshot through the edge', async () => {
        const client = await screen(edgeWs);
        client.send({ type: 'subscribe', id: 'tv', tournament: id });
        const first = await Promise.race([client.next('snapshot'), client.next('error', (m) => m.id === 'tv').then(() => null)]);
        if (first) return client;
        client.close();
        return undefined;
      });
      clients.push(tv);
      const tvSeen = seqOf(tv);

      const start = await command(td, id, { type: 'clock.start', id: 'e-start' });
      assert.equal(start.ok, true);
      const startSeq = start.ok ? start.seq : 0;
      await tv.next('patch', (m) => m.seq === startSeq);
      // An overlay on the edge's /ws/stream; then the stream is set to run 2 s behind: the
      // overlay gets a new snapshot with the delay (once the owner's delayed feed is rebuilt).
      const overlay = await TestClient.connect(`ws://127.0.0.1:${edge.port}/ws/stream`);
      clients.push(overlay);
      await overlay.next('hello');
      const overlaySeen = seqOf(overlay);
      overlay.send({ type: 'subscribe', id: 'o', tournament: id });
      assert.equal((await overlay.next('snapshot')).delayMs, 0);
      const delay = await command(td, id, { type: 'stream.delay', id: 'e-delay', seconds: 2 });
      assert.equal(delay.ok, true, JSON.stringify(delay));
      await overlay.next('snapshot', (m) => m.delayMs === 2000, 8_000);
      const sentAt = Date.now();
      const adjusted = await command(td, id, { type: 'clock.adjust', id: 'e-adjust', seconds: -30 });
      assert.equal(adjusted.ok, true);
      const adjustSeq = adjusted.ok ? adjusted.seq : 0;
      // Live on the TV at once; on the overlay not before it was committed plus the delay.
      await tv.next('patch', (m) => m.seq === adjustSeq);
      await overlay.next('patch', (m) => m.seq === adjustSeq, 8_000);
      const onAir = overlaySeen.arrived.get(adjustSeq)!;
      assert.ok(onAir - sentAt >= 2000, `the delayed change reached the overlay ${onAir - sentAt} ms after it was sent (delay 2000 ms)`);

      // A burst through the edge, and A killed once a few are acknowledged.
      const acked = new Map<string, number>();
      let someAcked!: () => void;
      const five = new Promise<void>((r) => (someAcked = r));
      const inflight = Array.from({ length: 30 }, (_, i) =>
        command(td, id, { type: 'clock.adjust', id: `e-${i}`, seconds: i % 2 ? 1 : -1 })
          .then((r) => {
            if (r.ok) acked.set(`e-${i}`, r.seq);
            if (acked.size >= 5) someAcked();
          })
          .catch(() => undefined),
      );
      await five;
      await a.kill('SIGKILL');
      const killedAt = Date.now();
      // A screen that comes to another edge while no host owns the tournament waits for the
      // new owner (it is not told the tournament is unknown).
      lateEdge = startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: nats.url, log: quiet() });
      const late = lateEdge.then(async (e) => {
        const c = await screen(`ws://127.0.0.1:${e.port}/ws`);
        clients.push(c);
        const subscribedAt = Date.now();
        c.send({ type: 'subscribe', id: 'late', tournament: id });
        const first = await Promise.race([c.next('snapshot', () => true, 12_000), c.next('error', (m) => m.id === 'late', 12_000)]);
        return { first, subscribedAt };
      });

      // B answers through the edge again: an acknowledged id gets its own answer back. (Commands
      // that were on their way to A are answered 503 once B is heard: "send the same id again".)
      const [firstId, firstSeq] = [...acked][0]!;
      let retried = 0;
      const again = await within(15_000, 'commands through the edge are answered again', async () => {
        const r = await command(td, id, { type: 'clock.adjust', id: firstId, seconds: 1 }, 12_000);
        retried++;
        return r.ok ? r : undefined;
      });
      const gap = Date.now() - killedAt;
      assert.deepEqual({ ok: again.ok, seq: again.ok && again.seq }, { ok: true, seq: firstSeq });
      assert.ok(gap < 8_000, `answered again after ${gap} ms (${retried} tries)`);
      await Promise.all(inflight);
      const { first: lateFirst, subscribedAt } = await late;
      assert.equal(lateFirst.type, 'snapshot', JSON.stringify(lateFirst));
      assert.ok(subscribedAt - killedAt < 3_000, `the late screen subscribed ${subscribedAt - killedAt} ms after the kill (inside the take-over gap)`);
      // Every acknowledged command is in B's log with its seq.
      for (const [commandId, seq] of acked) {
        const r = await command(td, id, { type: 'clock.adjust', id: commandId, seconds: 1 });
        assert.deepEqual({ ok: r.ok, seq: r.ok && r.seq }, { ok: true, seq }, commandId);
      }
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const rows = (await client.query<{ seq: number; command_id: string }>('SELECT seq, command_id FROM commands WHERE tournament_id = $1 ORDER BY seq', [id])).rows;
      await client.end();
      const logged = new Map(rows.map((r) => [r.command_id, r.seq]));
      for (const [commandId, seq] of acked) assert.equal(logged.get(commandId), seq, commandId);

      // A new command after the take-over reaches the TV through the edge.
      const paused = await command(td, id, { type: 'clock.pause', id: 'e-pause' });
      assert.equal(paused.ok, true);
      const pausedSeq = paused.ok ? paused.seq : 0;
      assert.equal(pausedSeq, rows.length + 1);
      await within(5_000, 'the TV has the pause', () => (tvSeen.seq >= pausedSeq ? true : undefined));

      const health = (await (await fetch(`http://127.0.0.1:${edge.port}/healthz`)).json()) as { edge: boolean; nats: { connected: boolean }; tournaments: number; connections: number };
      assert.deepEqual({ edge: health.edge, nats: health.nats, tournaments: health.tournaments, connections: health.connections }, { edge: true, nats: { connected: true, error: null, refused: false }, tournaments: 1, connections: 4 });

      // The edge's TV shows what a fresh snapshot from B shows.
      const fresh = await screen(b.wsUrl, id);
      clients.push(fresh);
      const freshState = fresh.state.get(id);
      await within(5_000, "the edge's TV equals B's snapshot", () => {
        try {
          assert.deepEqual(tv.state.get(id), freshState);
          return true;
        } catch {
          return undefined;
        }
      });
      assert.deepEqual(tv.state.get(id), freshState);
      assert.equal(tv.state.get(id)?.clock?.status, 'paused');
      // The overlay gets the pause once the delay has passed, on B's delayed feed.
      await within(8_000, 'the overlay has the pause', () => (overlaySeen.seq >= pausedSeq ? true : undefined));
      assert.equal(overlay.state.get(id)?.clock?.status, 'paused');
    } finally {
      for (const c of clients) c.close();
      await edge?.close();
      await lateEdge?.then((e) => e.close());
      for (const p of procs) await p.kill('SIGKILL');
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });

  it('NATS killed and restarted: the host serves its own sockets, the edge answers storage-unavailable meanwhile and catches up after', async () => {
    // SQLite with NATS (epoch 0): one host owns every tournament.
    const host = await startTestServer({ natsUrl: nats.url });
    let edge: Edge | null = null;
    const clients: TestClient[] = [];
    try {
      const id = await host.createTournament();
      edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: nats.url, log: quiet(), forgetAfterMs: 300 });
      const edgeWs = `ws://127.0.0.1:${edge.port}/ws`;
      await within(5_000, 'the edge connects', () => (edge!.mirrors.natsConnected ? true : undefined));
      const td = await screen(edgeWs);
      clients.push(td);
      td.send({ type: 'auth', id: 'auth', token: TEST_ADMIN_TOKEN });
      assert.equal((await within(5_000, 'the host answers the sign-in', async () => {
        const r = await td.next('result', (m) => m.id === 'auth').catch(() => null);
        if (r?.ok) return r;
        td.send({ type: 'auth', id: 'auth', token: TEST_ADMIN_TOKEN });
        return undefined;
      })).ok, true);
      const tv = await within(5_000, 'the TV subscribes through the edge', async () => {
        const c = await screen(edgeWs);
        c.send({ type: 'subscribe', id: 'tv', tournament: id });
        const first = await Promise.race([c.next('snapshot'), c.next('error').then(() => null)]);
        if (first) return c;
        c.close();
        return undefined;
      });
      clients.push(tv);
      const tvSeen = seqOf(tv);
      const own = await screen(host.wsUrl, id);
      clients.push(own);
      const ownSeen = seqOf(own);
      assert.equal((await command(td, id, { type: 'clock.start', id: 'n-start' })).ok, true);

      await nats.stop();
      await within(5_000, 'the edge notices NATS is gone', () => (edge!.mirrors.natsConnected ? undefined : true));
      // The host goes on: its own socket gets the change at once.
      const during = await host.command(id, { type: 'clock.adjust', id: 'n-during', seconds: -60 });
      assert.equal(during.status, 200);
      await within(2_000, "the host's own screen has it", () => (ownSeen.seq >= during.body.seq ? true : undefined));
      // The edge answers at once, and clearly.
      const refused = await command(td, id, { type: 'clock.pause', id: 'n-refused' });
      assert.equal(refused.ok, false);
      assert.equal(!refused.ok && refused.error.code, 'storage-unavailable');
      assert.match(!refused.ok ? refused.error.message : '', /NATS/);

      await nats.start();
      // The edge asks the owner what it missed: its TV catches up to the host's own.
      await within(10_000, 'the edge TV catches up', () => (tvSeen.seq >= during.body.seq ? true : undefined));
      assert.deepEqual(tv.state.get(id), own.state.get(id));
      const after = await within(10_000, 'commands through the edge are answered again', async () => {
        const r = await command(td, id, { type: 'clock.pause', id: 'n-after' });
        return r.ok ? r : undefined;
      });
      assert.equal(after.ok && after.seq, during.body.seq + 1);
      await within(5_000, 'the pause reaches both screens', () => (tvSeen.seq >= during.body.seq + 1 && ownSeen.seq >= during.body.seq + 1 ? true : undefined));
      assert.deepEqual(tv.state.get(id), own.state.get(id));
      assert.equal(tv.state.get(id)?.clock?.status, 'paused');
      // The refused command was never made.
      assert.equal(host.riffle.registry.get(id)!.seq, during.body.seq + 1);

      // A screen that reconnects to the edge resumes from it (subscribe.since): the change it missed, as a patch.
      const back = await screen(edgeWs);
      clients.push(back);
      back.send({ type: 'subscribe', id: 'again', tournament: id, since: during.body.seq });
      const resumed = await back.next('resumed');
      assert.deepEqual({ since: resumed.since, seq: resumed.seq }, { since: during.body.seq, seq: during.body.seq + 1 });
      assert.equal((await back.next('patch')).seq, during.body.seq + 1);

      // The TD follows the clock on the edge: its command's patch comes before its answer.
      const order: string[] = [];
      td.ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as { type: string; id?: string };
        if (m.type === 'patch' || (m.type === 'result' && m.id === 'n-resume')) order.push(m.type);
      });
      td.send({ type: 'subscribe', id: 'td-sub', tournament: id, topics: ['clock'] });
      await td.next('snapshot');
      assert.equal((await command(td, id, { type: 'clock.resume', id: 'n-resume' })).ok, true);
      assert.deepEqual(order, ['patch', 'result']);

      // No socket follows the tournament any more: the edge forgets it (and its feed).
      for (const c of clients) c.close();
      await within(5_000, 'the edge forgets the mirror', () => (edge!.mirrors.size === 0 ? true : undefined));
    } finally {
      for (const c of clients) c.close();
      await edge?.close();
      await host.close();
    }
  });
  it('NATS down at start: host and edge run and say so; once it is up they connect by themselves', async () => {
    await nats.stop();
    const host = await startTestServer({ natsUrl: nats.url });
    let edge: Edge | null = null;
    const clients: TestClient[] = [];
    try {
      const id = await host.createTournament();
      assert.equal((await host.command(id, { type: 'clock.start', id: 'd-start' })).status, 200);
      edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: nats.url, log: quiet() });
      // Alive, but not ready: a balancer sends its screens elsewhere.
      const health = (await (await fetch(`http://127.0.0.1:${edge.port}/healthz`)).json()) as { ok: boolean; nats: { connected: boolean; refused: boolean } };
      assert.deepEqual({ ok: health.ok, connected: health.nats.connected, refused: health.nats.refused }, { ok: false, connected: false, refused: false });
      assert.equal((await fetch(`http://127.0.0.1:${edge.port}/readyz`)).status, 503);
      const early = await screen(`ws://127.0.0.1:${edge.port}/ws`);
      clients.push(early);
      early.send({ type: 'subscribe', id: 'early', tournament: id });
      const refused = await early.next('error', (m) => m.id === 'early');
      assert.equal(refused.error.code, 'storage-unavailable');
      assert.match(refused.error.message, /NATS/);

      await nats.start();
      const tv = await within(10_000, 'the edge serves the tournament once NATS is up', async () => {
        const c = await screen(`ws://127.0.0.1:${edge!.port}/ws`);
        c.send({ type: 'subscribe', id: 'tv', tournament: id });
        const first = await Promise.race([c.next('snapshot'), c.next('error').then(() => null)]);
        if (first) return c;
        c.close();
        return undefined;
      });
      clients.push(tv);
      assert.equal(tv.state.get(id)?.clock?.status, 'running');
    } finally {
      for (const c of clients) c.close();
      await edge?.close();
      await host.close();
    }
  });
});
