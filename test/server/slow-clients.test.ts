/**
 * Clients that stop reading or vanish (issue: hostile Wi-Fi): the server's memory for one
 * socket is bounded, a socket that re-subscribes without reading gets no pile of snapshots,
 * and a socket that no longer answers pings is dropped, while a normal screen keeps receiving
 * every patch in order. Real server, real sockets on loopback.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { CLOSE_TOO_SLOW } from '../../server/ws/hub.js';
import { PROTOCOL_VERSION } from '../../server/protocol/messages.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { TestClient, type TestPatch } from '../helpers/ws-client.js';
import { eventually } from '../helpers/eventually.js';

const ADMIN = { role: 'td' as const, id: 'admin' };

/** A client that completes the handshake, subscribes, then never reads again. */
async function stalledClient(url: string, tournament: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  ws.send(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }));
  ws.send(JSON.stringify({ type: 'subscribe', id: 1, tournament }));
  (ws as unknown as { _socket: { pause(): void } })._socket.pause();
  return { ws, closed };
}

describe('slow and dead clients', () => {
  let server: TestServer;
  let id: string;
  const bufferLimit = 256 * 1024;
  before(async () => {
    // No server pings here (an hour apart): a stalled socket must be dropped for its buffer
    // alone, not because it also misses pings.
    server = await startTestServer({ ws: { maxBufferedBytes: bufferLimit, pingIntervalMs: 3_600_000 } });
    id = await server.createTournament();
    const host = server.riffle.registry.get(id)!;
    for (let i = 0; i < 200; i++) host.dispatch({ type: 'entry.add', name: `Player ${i + 1}` }, ADMIN);
    for (let i = 0; i < 23; i++) host.dispatch({ type: 'table.add' }, ADMIN);
    host.dispatch({ type: 'seating.draw' }, ADMIN);
  });
  after(() => server.close());

  it('drops a socket that stops reading once its send buffer is full; a normal screen misses nothing', async () => {
    const host = server.riffle.registry.get(id)!;
    const screen = await TestClient.connect(server.wsUrl);
    await screen.next('hello');
    screen.send({ type: 'subscribe', tournament: id, topics: ['structure'] });
    const snapshot = await screen.next('snapshot');
    const stalled = await stalledClient(server.wsUrl, id);
    await eventually(async () => server.riffle.hub.connectionCount, (n) => n === 2, 5000, 'both sockets open');
    // Each command replaces a structure of 150 levels (every level's length changes): about
    // 8 KB of the structure topic to both. (A hand is too small now: protocol 3 sends a table's
    // changed fields only, a few bytes per button.)
    const structure = (minutes: number) => Array.from({ length: 150 }, (_, i) => ({ kind: 'level', smallBlind: 25 * (i + 1), bigBlind: 50 * (i + 1), minutes }));
    let commands = 0;
    while (server.riffle.hub.connectionCount > 1 && commands < 5000) {
      const answer = host.dispatch({ type: 'structure.set', structure: structure(20 + (commands % 2)) }, ADMIN);
      assert.equal(answer.status, 200, JSON.stringify(answer.answer));
      commands++;
      if (commands % 50 === 0) await new Promise((r) => setImmediate(r)); // let the sockets write
    }
    assert.equal(server.riffle.hub.connectionCount, 1, `the stalled socket was dropped after ${commands} changes`);
    (stalled.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    const code = await stalled.closed;
    assert.ok(code === CLOSE_TOO_SLOW || code === 1006, `closed with ${code}`);
    // The normal screen got every change, each exactly once and in order.
    const last = host.seq;
    await eventually(async () => screen.messages.filter((m) => m.type === 'patch').length, (n) => n === commands, 10_000, 'every patch');
    const patches = screen.messages.filter((m): m is TestPatch => m.type === 'patch');
    // The first patch's `prev` is the structure topic's last change before it (its version).
    let seq = snapshot.versions.structure as number;
    for (const p of patches) {
      assert.equal(p.prev, seq, 'no gap');
      seq = p.seq;
    }
    assert.equal(seq, last);
    screen.close();
  });

  it('a socket that re-subscribes without reading gets no pile of snapshots: each newer subscribe takes the place of the waiting one', async () => {
    // A big field: a snapshot of about 150 KB, so 60 of them (what the rate limit lets through
    // at once) would be 9 MB queued for one socket.
    const big = await server.createTournament();
    const host = server.riffle.registry.get(big)!;
    for (let i = 0; i < 1000; i++) host.dispatch({ type: 'entry.add', name: `Player number ${i + 1} with a long name for the list`.slice(0, 60) }, ADMIN);
    const stalled = await stalledClient(server.wsUrl, big);
    const frames: string[] = [];
    stalled.ws.on('message', (data) => frames.push(String(data)));
    for (let i = 0; i < 58; i++) stalled.ws.send(JSON.stringify({ type: 'subscribe', id: 100 + i, tournament: big }));
    await eventually(async () => server.riffle.hub.health().snapshotsWaiting, (n) => n === 0, 5000, 'every subscribe served or replaced');
    (stalled.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await eventually(async () => frames.filter((f) => f.includes('"id":157')).length, (n) => n === 1, 5000, 'the last subscribe answered');
    const messages = frames.map((f) => JSON.parse(f) as { type: string; id?: number; error?: { code: string } });
    const snapshots = messages.filter((m) => m.type === 'snapshot');
    // The first subscribe's snapshot may have gone out before the others arrived; the rest
    // waited and were replaced: every subscribe got exactly one answer.
    assert.ok(snapshots.length <= 2, `${snapshots.length} snapshots`);
    assert.equal(snapshots.at(-1)!.id, 157, 'the newest subscribe got the snapshot');
    const replaced = messages.filter((m) => m.type === 'error' && m.error?.code === 'rate-limited').map((m) => m.id);
    assert.equal(replaced.length + snapshots.length, 59, 'one answer per subscribe');
    stalled.ws.terminate();
  });

  it('drops a socket that no longer answers pings; one that answers stays', async () => {
    server.riffle.hub.startHeartbeat(300);
    const dead = new WebSocket(server.wsUrl, { autoPong: false });
    const closed = new Promise<void>((resolve) => dead.once('close', () => resolve()));
    await new Promise<void>((resolve) => dead.once('open', () => resolve()));
    const alive = await TestClient.connect(server.wsUrl);
    await alive.next('hello');
    await closed; // two missed pings later (300 ms apart)
    const t = Math.random();
    alive.send({ type: 'ping', t });
    assert.equal((await alive.next('pong', (m) => m.t === t)).t, t, 'the answering socket is still served');
    assert.equal(server.riffle.hub.connectionCount, 1);
    alive.close();
  });
});
