/**
 * Budgets of the WebSocket hub (issues 21 and 29), with a real server and real sockets on
 * loopback aliases (127.0.0.2 and .3 are other clients):
 *  - the message budget and the snapshot-byte budget follow the client, not its connection;
 *  - a flood of resumes from one address is served in its turn, after another client's command;
 *  - a resume that would outweigh the snapshot is sent as the snapshot;
 *  - one budget for everything queued: slow readers are dropped, the screen that keeps up gets
 *    every patch in order, and /healthz says so.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';
import { TestClient, type TestPatch } from '../helpers/ws-client.js';
import { eventually } from '../helpers/eventually.js';
import { PROTOCOL_VERSION } from '../../server/protocol/messages.js';
import type { HubOptions } from '../../server/ws/hub.js';

const ADMIN = { role: 'td' as const, id: 'admin' };
const servers: TestServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
});

async function start(ws: HubOptions): Promise<TestServer> {
  // In memory: thousands of commands without an fsync each. No server pings: a socket is dropped
  // for what it holds, not for a missed ping.
  const server = await startTestServer({ dataDir: ':memory:', ws: { pingIntervalMs: 3_600_000, ...ws } });
  servers.push(server);
  return server;
}

const from = (address: string) => ({ localAddress: address });

/** Sends `n` pings; resolves with the pongs answered before the first `rate-limited` (or all n). */
async function pings(client: TestClient, n: number): Promise<{ pongs: number; limited: boolean }> {
  for (let i = 0; i < n; i++) client.send({ type: 'ping', t: i });
  await eventually(
    async () => client.messages.filter((m) => m.type === 'pong').length + (client.messages.some((m) => m.type === 'error') ? n : 0),
    (k) => k >= n,
    5000,
    'every ping answered, or a rate-limited error',
  );
  const limitedAt = client.messages.findIndex((m) => m.type === 'error' && m.error.code === 'rate-limited');
  const answered = limitedAt < 0 ? client.messages : client.messages.slice(0, limitedAt);
  return { pongs: answered.filter((m) => m.type === 'pong').length, limited: limitedAt >= 0 };
}

/** A tournament of `entries` players with long names (a snapshot of ~150 B per entry). */
async function bigTournament(server: TestServer, entries: number): Promise<string> {
  const id = await server.createTournament();
  const host = server.riffle.registry.get(id)!;
  for (let i = 0; i < entries; i++) host.dispatch({ type: 'entry.add', name: `Player number ${i + 1} with a long name for the list`.slice(0, 60) }, ADMIN);
  return id;
}

describe('budgets per client', () => {
  it('the message budget follows the address across reconnects', async () => {
    const server = await start({ limitLoopback: true, clientMessagesPerSecond: 1, clientBurst: 100 });
    // Each socket: its hello and 59 pings, within the per-connection burst of 60.
    const first = await TestClient.connect(server.wsUrl, from('127.0.0.2'));
    assert.deepEqual(await pings(first, 59), { pongs: 59, limited: false });
    first.close();
    const again = await TestClient.connect(server.wsUrl, from('127.0.0.2'));
    const second = await pings(again, 59);
    assert.equal(second.limited, true, 'the reconnected socket found the address’s budget spent');
    assert.ok(second.pongs <= 45, `${second.pongs} pongs (100 - 60 - its hello, plus a token a second)`);
    const other = await TestClient.connect(server.wsUrl, from('127.0.0.3'));
    assert.deepEqual(await pings(other, 59), { pongs: 59, limited: false }, 'another address has its own');
    again.close();
    other.close();
  });

  it('the snapshot-byte budget follows the address across reconnects: another client is served first', async () => {
    // A burst of 1 byte and 1 KiB a second: the first snapshot puts 127.0.0.2 in debt for seconds.
    const server = await start({ bulkBytesPerSecond: 1024, bulkBurst: 1 });
    const id = await server.createTournament();
    const first = await TestClient.connect(server.wsUrl, from('127.0.0.2'));
    first.send({ type: 'subscribe', id: 1, tournament: id });
    await first.next('snapshot');
    first.close();
    const again = await TestClient.connect(server.wsUrl, from('127.0.0.2'));
    again.send({ type: 'subscribe', id: 2, tournament: id });
    await eventually(async () => server.riffle.hub.health().snapshotsWaiting, (n) => n === 1, 5000, 'the reconnected socket waits');
    const other = await TestClient.connect(server.wsUrl, from('127.0.0.3'));
    other.send({ type: 'subscribe', id: 3, tournament: id });
    await other.next('snapshot');
    assert.equal(again.messages.filter((m) => m.type === 'snapshot').length, 0, 'still waiting when the other address got its snapshot');
    assert.equal(server.riffle.hub.health().snapshotsWaiting, 1);
    again.close();
    other.close();
  });

  it('a flood of resumes from one address is served in slices and within its budget: the TD’s command goes first', async () => {
    const budget = 1024 * 1024;
    const server = await start({ bulkBytesPerSecond: budget, bulkBurst: budget });
    const id = await bigTournament(server, 1000);
    const host = server.riffle.registry.get(id)!;
    const since = host.seq;
    for (let i = 0; i < 200; i++) host.dispatch({ type: 'chips.set', entryId: `e${i + 1}`, chips: 20_000 + i }, ADMIN);
    const probe = await TestClient.connect(server.wsUrl);
    probe.send({ type: 'subscribe', id: 'probe', tournament: id });
    const snapshotBytes = probe.bytesOf(await probe.next('snapshot'));
    probe.close();

    const flood = await Promise.all(Array.from({ length: 16 }, () => TestClient.connect(server.wsUrl, from('127.0.0.2'))));
    const td = await TestClient.connect(server.wsUrl);
    td.send({ type: 'auth', id: 'auth', token: TEST_ADMIN_TOKEN });
    await td.next('result', (m) => m.id === 'auth');
    // What the server had sent of snapshots and resumes when it dispatched the TD's command.
    let sentBefore = -1;
    const dispatch = host.dispatch.bind(host);
    host.dispatch = (command, actor, soon) => {
      if ((command as { name?: string }).name === 'TD command') sentBefore = server.riffle.hub.health().snapshotBytesSent;
      return dispatch(command, actor, soon);
    };
    const started = performance.now();
    const sentAtStart = server.riffle.hub.health().snapshotBytesSent;
    for (let round = 0; round < 20; round++) for (const c of flood) c.send({ type: 'subscribe', tournament: id, since });
    td.send({ type: 'command', id: 'cmd', tournament: id, command: { type: 'entry.add', name: 'TD command' } });
    const answer = await td.next('result', (m) => m.id === 'cmd', 10_000);
    const seconds = (performance.now() - started) / 1000;
    assert.equal(answer.ok, true);
    // Unbounded, the 320 requests ahead of it would have been ~320 snapshots (48 MB).
    const allowed = budget + budget * seconds + snapshotBytes + 2048;
    assert.ok(sentBefore - sentAtStart <= allowed, `${sentBefore - sentAtStart} bytes sent before the command, allowed ${Math.round(allowed)}`);
    host.dispatch = dispatch;
    for (const c of [...flood, td]) c.close();
  });

  it('a resume that would weigh more than the snapshot is sent as the snapshot', async () => {
    const server = await start({});
    const id = await server.createTournament();
    const host = server.riffle.registry.get(id)!;
    // 20 players: a snapshot of a few KB, more than one patch, less than 300.
    for (let i = 0; i < 20; i++) host.dispatch({ type: 'entry.add', name: `Player ${i + 1}` }, ADMIN);
    const old = host.seq;
    for (let i = 0; i < 300; i++) host.dispatch({ type: 'chips.set', entryId: 'e1', chips: 20_000 + i }, ADMIN);
    const recent = host.seq;
    host.dispatch({ type: 'chips.set', entryId: 'e1', chips: 1 }, ADMIN);
    const client = await TestClient.connect(server.wsUrl);
    client.send({ type: 'subscribe', id: 'old', tournament: id, topics: ['players'], since: old });
    const snapshot = await client.next('snapshot', (m) => m.id === 'old');
    assert.equal(snapshot.seq, host.seq);
    assert.equal(client.messages.filter((m) => m.type === 'resumed').length, 0);
    client.send({ type: 'subscribe', id: 'recent', tournament: id, topics: ['players'], since: recent });
    const resumed = await client.next('resumed', (m) => m.id === 'recent');
    assert.equal(resumed.since, recent);
    const patch = await client.next('patch');
    assert.equal(patch.seq, host.seq);
    client.close();
  });
});

/** A socket that completes the handshake, subscribes, then reads as `read` says (or never). */
async function slowReader(url: string, address: string, tournament: string): Promise<{ ws: WebSocket; socket: { pause(): void; resume(): void; read(n?: number): unknown } }> {
  const ws = new WebSocket(url, from(address));
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }));
  ws.send(JSON.stringify({ type: 'subscribe', id: 1, tournament }));
  const socket = (ws as unknown as { _socket: { pause(): void; resume(): void; read(n?: number): unknown } })._socket;
  socket.pause();
  return { ws, socket };
}

describe('one budget for what the sockets hold', () => {
  it('drops the slow readers as the largest holders; the screen that keeps up gets every patch in order; /healthz counts them', async () => {
    const total = 2 * 1024 * 1024;
    const server = await start({ maxQueuedBytes: total, maxBufferedBytes: 64 * 1024 * 1024 });
    const id = await server.createTournament();
    const host = server.riffle.registry.get(id)!;
    const screen = await TestClient.connect(server.wsUrl);
    screen.send({ type: 'subscribe', tournament: id, topics: ['structure'] });
    const snapshot = await screen.next('snapshot');
    const never = await slowReader(server.wsUrl, '127.0.0.2', id);
    const byteAtATime = await slowReader(server.wsUrl, '127.0.0.3', id);
    const bursts = await slowReader(server.wsUrl, '127.0.0.4', id);
    const trickle = setInterval(() => byteAtATime.socket.read(1), 1000);
    // A few chunks (16-64 KiB each) every 200 ms: less than it is sent.
    const burst = setInterval(() => {
      for (let i = 0; i < 3; i++) bursts.socket.read(65536) ?? bursts.socket.read();
    }, 200);
    await eventually(async () => server.riffle.hub.connectionCount, (n) => n === 4, 5000, 'all four open');
    // ~8 KB of the structure topic per command to each socket (as in slow-clients.test.ts).
    const structure = (minutes: number) => Array.from({ length: 150 }, (_, i) => ({ kind: 'level', smallBlind: 25 * (i + 1), bigBlind: 50 * (i + 1), minutes }));
    let commands = 0;
    let peak = 0;
    try {
      while (server.riffle.hub.connectionCount > 1 && commands < 5000) {
        assert.equal(host.dispatch({ type: 'structure.set', structure: structure(20 + (commands % 2)) }, ADMIN).status, 200);
        commands++;
        if (commands % 20 === 0) {
          peak = Math.max(peak, server.riffle.hub.health().queuedBytes);
          await new Promise((r) => setImmediate(r));
        }
      }
    } finally {
      clearInterval(trickle);
      clearInterval(burst);
    }
    assert.equal(server.riffle.hub.connectionCount, 1, `the three slow readers were dropped after ${commands} changes`);
    assert.equal(screen.closed, null, 'the screen is still open');
    assert.ok(peak <= total + 64 * 1024, `held at most the budget (and one patch): ${peak}`);
    const last = host.seq;
    await eventually(async () => screen.messages.filter((m) => m.type === 'patch').length, (n) => n === commands, 20_000, 'every patch');
    let seq = snapshot.versions.structure as number;
    for (const p of screen.messages.filter((m): m is TestPatch => m.type === 'patch')) {
      assert.equal(p.prev, seq, 'no gap');
      seq = p.seq;
    }
    assert.equal(seq, last);
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as { slowDrops: number; queuedBytes: number; queuedBytesLimit: number };
    assert.equal(health.slowDrops, 3);
    assert.equal(health.queuedBytesLimit, total);
    assert.equal(typeof health.queuedBytes, 'number');
    for (const s of [never, byteAtATime, bursts]) s.ws.terminate();
    screen.close();
  });
});
