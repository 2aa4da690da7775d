/** The WebSocket protocol on a real server with real `ws` clients. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TOPICS } from '../../server/protocol/views.js';
import { ManualTime, startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

const MIN = 60_000;
let server: TestServer;
let time: ManualTime;
let id: string;
const clients: TestClient[] = [];

async function connect(headers: Record<string, string> = {}): Promise<TestClient> {
  const client = await TestClient.connect(server.wsUrl, { headers });
  clients.push(client);
  await client.next('hello');
  return client;
}

async function subscribe(client: TestClient, topics?: string[]) {
  client.send({ type: 'subscribe', tournament: id, ...(topics ? { topics } : {}) });
  return client.next('snapshot');
}

async function tdCookie(): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: TEST_PINS.td }) });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

before(async () => {
  time = new ManualTime();
  server = await startTestServer({ time });
  id = await server.createTournament();
});
after(async () => {
  for (const c of clients) c.close();
  await server.close();
});

describe('subscribe and patches', () => {
  it('greets with the server time and answers a subscription with a snapshot', async () => {
    const client = await TestClient.connect(server.wsUrl);
    clients.push(client);
    const hello = await client.next('hello');
    assert.equal(hello.serverTime, time.now());
    assert.equal(hello.role, 'viewer');
    const snap = await subscribe(client);
    assert.equal(snap.tournament, id);
    assert.equal(snap.seq, 0);
    // Every topic but the producer's text, which airs late (issue 24: server/host/producer-text.ts).
    assert.deepEqual(Object.keys(snap.state).sort(), TOPICS.filter((t) => t !== 'stream').sort());
    assert.equal(snap.state.clock!.status, 'idle');
  });

  it('answers ping with pong carrying the server time', async () => {
    const client = await connect();
    client.send({ type: 'ping', t: 123.5 });
    const pong = await client.next('pong');
    assert.deepEqual(pong, { type: 'pong', t: 123.5, serverTime: time.now() });
  });

  it('sends one patch per command with only the clock topic, "level N ends at T", and no ticking', async () => {
    const client = await connect();
    const info = await connect();
    // The field topic also changes here: it carries late registration's close time, derived from the running clock.
    const snap = await subscribe(client, ['info', 'structure', 'clock']);
    await subscribe(info, ['info']);
    const { body } = await server.command(id, { type: 'clock.start' });
    const patch = await client.next('patch');
    assert.equal(patch.seq, body.seq);
    assert.equal(patch.prev, snap.seq);
    assert.deepEqual(Object.keys(patch.changes), ['clock']);
    assert.equal(patch.changes.clock!.status, 'running');
    assert.equal(patch.changes.clock!.endsAt, time.now() + 20 * MIN);
    assert.ok(client.bytesOf(patch) < 300, `a clock patch is small (${client.bytesOf(patch)} bytes)`);
    // Time passes inside the level: nothing is sent to anybody. A ping's pong comes after
    // anything the server had queued for the socket, so only the pong may have arrived.
    time.advance(10 * MIN);
    for (const screen of [client, info]) {
      screen.send({ type: 'ping', t: 1 });
      await screen.next('pong');
    }
    assert.deepEqual(client.messages, []);
    assert.deepEqual(info.messages, [], 'a screen that follows only info hears nothing of the clock');
    // And the next clock patch follows the start directly: no change of the clock in between.
    const { body: adjusted } = await server.command(id, { type: 'clock.adjust', seconds: 60 });
    const next = await client.next('patch');
    assert.deepEqual({ seq: next.seq, prev: next.prev }, { seq: adjusted.seq, prev: patch.seq });
    const { body: back } = await server.command(id, { type: 'clock.adjust', seconds: -60 });
    await client.next('patch', (p) => p.seq === back.seq);
  });

  it('a screen following every topic gets only the clock, under 300 bytes, for a clock command', async () => {
    const client = await connect();
    await subscribe(client);
    for (const command of [{ type: 'clock.adjust', seconds: 60 }, { type: 'clock.pause' }, { type: 'clock.resume' }, { type: 'clock.adjust', seconds: -60 }]) {
      const { body } = await server.command(id, command);
      const patch = await client.next('patch', (p) => p.seq === body.seq);
      assert.deepEqual(Object.keys(patch.changes), ['clock'], `${command.type} changes only the clock topic`);
      const bytes = client.bytesOf(patch);
      assert.ok(bytes <= 300, `${command.type}: ${bytes} bytes`);
    }
    assert.equal(client.binaryFrames, 0, 'patches are text frames, though encoded once for every screen');
  });

  it('wakes at the level boundary: one logged tick, one patch with the level-change event', async () => {
    const client = await connect();
    await subscribe(client, ['clock']);
    const before = server.riffle.registry.get(id)!.seq;
    time.advance(10 * MIN); // reaches the end of level 1
    const patch = await client.next('patch');
    assert.equal(patch.seq, before + 1);
    assert.equal(patch.changes.clock!.current.index, 1);
    assert.deepEqual(patch.events, [{ type: 'level.changed', index: 1, at: time.now(), cause: 'clock' }]);
    const row = server.riffle.db.$client.prepare('select type, actor from commands where tournament_id = ? and seq = ?').get(id, before + 1);
    assert.deepEqual(row, { type: 'clock.tick', actor: 'system' });
  });

  it('gives prev so a client can tell it missed a change', async () => {
    const a = await connect();
    const snap = await subscribe(a, ['clock']);
    await server.command(id, { type: 'clock.adjust', seconds: 60 });
    const p1 = await a.next('patch');
    assert.equal(p1.prev, snap.seq);
    await server.command(id, { type: 'clock.adjust', seconds: 60 });
    const p2 = await a.next('patch');
    assert.equal(p2.prev, p1.seq, 'prev names the patch before, so a lost p1 would show as prev > last seq');
  });
});

describe('commands over the socket', () => {
  it('refuses commands from an anonymous socket', async () => {
    const client = await connect();
    client.send({ type: 'command', id: 1, tournament: id, command: { type: 'clock.pause' } });
    const result = await client.next('result');
    assert.equal(result.ok, false);
    assert.equal(result.ok === false && result.error.code, 'not-authenticated');
  });

  it('takes commands from a paired phone, with the same answers as HTTP (idempotent ids)', async () => {
    const cookie = await tdCookie();
    const client = await TestClient.connect(server.wsUrl, { headers: { cookie, origin: server.url } });
    clients.push(client);
    assert.equal((await client.next('hello')).role, 'td');
    client.send({ type: 'command', id: 'a', tournament: id, command: { type: 'clock.pause', id: 'ws-pause-1' } });
    const first = await client.next('result', (m) => m.id === 'a');
    assert.equal(first.ok, true);
    client.send({ type: 'command', id: 'b', tournament: id, command: { type: 'clock.pause', id: 'ws-pause-1' } });
    const again = await client.next('result', (m) => m.id === 'b');
    assert.deepEqual({ ...again, id: 'a' }, first);
    client.send({ type: 'command', id: 'c', tournament: id, command: { type: 'clock.pause' } });
    const refused = await client.next('result', (m) => m.id === 'c');
    assert.equal(refused.ok === false && refused.error.code, 'clock-not-running');
  });

  it('never takes commands from a socket opened by another site, even with the cookie', async () => {
    const cookie = await tdCookie();
    const client = await TestClient.connect(server.wsUrl, { headers: { cookie, origin: 'http://evil.example' } });
    clients.push(client);
    assert.equal((await client.next('hello')).role, 'viewer');
    const seq = server.riffle.registry.get(id)!.seq;
    client.send({ type: 'command', id: 1, tournament: id, command: { type: 'clock.resume' } });
    const result = await client.next('result');
    assert.equal(result.ok === false && result.error.code, 'bad-origin');
    client.send({ type: 'auth', token: TEST_ADMIN_TOKEN });
    assert.equal((await client.next('error')).error.code, 'bad-origin');
    assert.equal(server.riffle.registry.get(id)!.seq, seq);
  });

  it('accepts the admin token for automation', async () => {
    const client = await connect({ authorization: `Bearer ${TEST_ADMIN_TOKEN}` });
    client.send({ type: 'command', id: 1, tournament: id, command: { type: 'clock.resume' } });
    assert.equal((await client.next('result')).ok, true);
  });
});

describe('bad messages', () => {
  const cases: Array<[string, string, string]> = [
    ['not JSON', '{oops', 'bad-json'],
    ['an array', '[1,2]', 'invalid-command'],
    ['no type', '{"tournament":"x"}', 'invalid-command'],
    ['an unknown type', '{"type":"explode"}', 'unknown-command'],
    ['an unknown tournament', '{"type":"subscribe","tournament":"nope"}', 'unknown-tournament'],
    ['bad topics', '{"type":"subscribe","tournament":"ID","topics":["secrets"]}', 'invalid-command'],
  ];
  for (const [name, raw, code] of cases) {
    it(`answers ${name} with ${code} and stays open`, async () => {
      const client = await connect();
      client.send(raw.replace('ID', id));
      assert.equal((await client.next('error')).error.code, code);
      client.send({ type: 'ping', t: 1 });
      await client.next('pong');
    });
  }

  it('closes a socket that sends a message over the size limit', async () => {
    const client = await connect();
    const closed = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)));
    client.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(70 * 1024) }));
    assert.equal(await closed, 1009);
  });
});
