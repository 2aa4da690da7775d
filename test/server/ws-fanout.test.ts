/**
 * The queued fan-out (server/ws/hub.ts, issue 11 "the answer never waits for the fan-out"):
 * a command is answered while its patch is still on its way to a large room of screens, and
 * every screen still gets every patch, in order. A real server on loopback, 2,000 real `ws`
 * screens (more than one slice of the fan-out can reach), a TD socket signed in with the token.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

const SCREENS = 2000;

let server: TestServer;
let tournament: string;
const screens: TestClient[] = [];
let td: TestClient;

before(async () => {
  server = await startTestServer();
  tournament = await server.createTournament();
  await server.ok(tournament, { type: 'clock.start' });
  for (let i = 0; i < SCREENS; i += 100) {
    const batch = await Promise.all(Array.from({ length: Math.min(100, SCREENS - i) }, () => TestClient.connect(server.wsUrl)));
    await Promise.all(
      batch.map(async (screen) => {
        await screen.next('hello');
        screen.send({ type: 'subscribe', id: 1, tournament });
        await screen.next('snapshot');
      }),
    );
    for (const screen of batch) track(screen);
    screens.push(...batch);
  }
  td = await TestClient.connect(server.wsUrl);
  await td.next('hello');
  td.send({ type: 'auth', id: 'auth', token: TEST_ADMIN_TOKEN });
  assert.equal((await td.next('result', (m) => m.id === 'auth')).ok, true);
});

after(async () => {
  for (const s of [...screens, td]) s?.close();
  await server?.close();
});

/** Every patch of the tournament each screen has received, in arrival order (seq and prev). */
const received = new Map<TestClient, Array<{ seq: number; prev: number }>>();
const arrivals: Array<() => void> = [];

function track(screen: TestClient): void {
  const list: Array<{ seq: number; prev: number }> = [];
  received.set(screen, list);
  screen.ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as { type: string; tournament?: string; seq: number; prev: number };
    if (m.type !== 'patch' || m.tournament !== tournament) return;
    list.push({ seq: m.seq, prev: m.prev });
    for (const check of [...arrivals]) check();
  });
}

const patches = (screen: TestClient) => received.get(screen)!;

/** Resolves when every screen holds `seq` (awaits the sockets' messages, no polling). */
function everyScreenHas(seq: number): Promise<void> {
  const done = () => screens.every((s) => patches(s).some((p) => p.seq === seq));
  if (done()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not every screen got seq ${seq} in 20 s`)), 20_000);
    const check = () => {
      if (!done()) return;
      clearTimeout(timer);
      arrivals.splice(arrivals.indexOf(check), 1);
      resolve();
    };
    arrivals.push(check);
  });
}

describe('fan-out to a large room', () => {
  it(`answers a command while its patch is still being sent to ${SCREENS} screens`, async () => {
    const holding = () => screens.filter((s) => patches(s).length > 0).length;
    td.send({ type: 'command', id: 'first', tournament, command: { type: 'clock.adjust', seconds: -1 } });
    const answer = await td.next('result', (m) => m.id === 'first');
    // Read in the same turn as the answer: the server has not yet reached every socket.
    const backlog = server.riffle.hub.fanoutBacklog;
    const heldAtAnswer = holding();
    assert.equal(answer.ok, true);
    assert.ok(backlog > 0, `the fan-out was still under way when the answer arrived (backlog ${backlog})`);
    assert.ok(heldAtAnswer < SCREENS, `some screens did not have the patch yet when the answer arrived (${heldAtAnswer} had it)`);
    const seq = (answer as { seq: number }).seq;
    await everyScreenHas(seq);
    assert.equal(server.riffle.hub.fanoutBacklog, 0);
    for (const s of screens) assert.deepEqual(patches(s), [{ seq, prev: seq - 1 }]);
  });

  it('sends every patch of commands sent back to back to every screen, in order, each answered at once', async () => {
    const before = screens.map((s) => patches(s).length);
    const ids = ['a', 'b', 'c', 'd', 'e'];
    for (const [i, id] of ids.entries()) td.send({ type: 'command', id, tournament, command: { type: 'clock.adjust', seconds: i % 2 ? 1 : -1 } });
    const seqs: number[] = [];
    for (const id of ids) {
      const answer = await td.next('result', (m) => m.id === id);
      assert.equal(answer.ok, true, id);
      seqs.push((answer as { seq: number }).seq);
    }
    // All five answers are in while the first patches are still going out.
    assert.ok(server.riffle.hub.fanoutBacklog > 0, 'the answers did not wait for the fan-out');
    const last = seqs[seqs.length - 1]!;
    await everyScreenHas(last);
    for (const [i, s] of screens.entries()) {
      const got = patches(s).slice(before[i]);
      assert.deepEqual(
        got,
        seqs.map((seq, k) => ({ seq, prev: k === 0 ? seq - 1 : seqs[k - 1]! })),
        `screen ${i} got every patch in order`,
      );
    }
  });

  it(`pings ${SCREENS} screens in slices: a ping round never runs in one go, and every screen is pinged and stays`, async () => {
    const pinged = screens.map((s) => new Promise<void>((resolve) => s.ws.once('ping', () => resolve())));
    const open = server.riffle.hub.connectionCount;
    server.riffle.hub.pingRound();
    // The first slice has run; the rest waits for later turns of the event loop.
    assert.ok(server.riffle.hub.pingBacklog > 0, `the ping round went out in one go (backlog ${server.riffle.hub.pingBacklog})`);
    td.send({ type: 'ping', t: 1 });
    await td.next('pong');
    await Promise.all(pinged);
    assert.equal(server.riffle.hub.pingBacklog, 0);
    assert.equal(server.riffle.hub.connectionCount, open, 'no screen was dropped');
    assert.ok(screens.every((s) => s.closed === null));
  });

  it('the TD\'s own patch comes before its answer and once only; the host\'s kept change holds no socket', async () => {
    const phone = await TestClient.connect(server.wsUrl);
    try {
      await phone.next('hello');
      phone.send({ type: 'auth', id: 'auth', token: TEST_ADMIN_TOKEN });
      await phone.next('result', (m) => m.id === 'auth');
      phone.send({ type: 'subscribe', id: 'sub', tournament });
      await phone.next('snapshot');
      const seen: Array<{ type: string; seq?: number; id?: unknown }> = [];
      phone.ws.on('message', (data) => seen.push(JSON.parse(String(data)) as { type: string; seq?: number; id?: unknown }));
      phone.send({ type: 'command', id: 'own', tournament, command: { type: 'clock.adjust', seconds: -1 } });
      const answer = (await phone.next('result', (m) => m.id === 'own')) as { ok: boolean; seq: number };
      assert.equal(answer.ok, true);
      const own = answer.seq;
      // A second command: its patch, which follows the fan-out of the first, proves that nothing
      // of the first is still on its way to this socket.
      phone.send({ type: 'command', id: 'next', tournament, command: { type: 'clock.adjust', seconds: 1 } });
      const second = (await phone.next('result', (m) => m.id === 'next')) as { seq: number };
      await phone.next('patch', (m) => (m as { seq?: number }).seq === second.seq);
      const order = seen.map((m) => (m.type === 'patch' ? `patch ${m.seq}` : `${m.type} ${String(m.id)}`));
      assert.deepEqual(order.slice(0, 2), [`patch ${own}`, 'result own'], 'its own patch first, then the answer');
      assert.equal(order.filter((m) => m === `patch ${own}`).length, 1, 'the fan-out skipped the socket it was sent to ahead');
      assert.ok(order.includes(`patch ${second.seq}`));
      const kept = server.riffle.registry.get(tournament)!.changesSince(own - 1)![0]!;
      assert.deepEqual(Object.keys(kept).sort(), ['at', 'events', 'feed', 'lastChanged', 'ops', 'seq', 'tournament']);
      await everyScreenHas(second.seq);
    } finally {
      phone.close();
    }
  });
});
