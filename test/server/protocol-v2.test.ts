/**
 * Protocol v2 on a real server with real `ws` clients: the versioned handshake, request ids,
 * resume from a seq, and patches that carry the change, not the field.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOSE_PROTOCOL_VERSION, PROTOCOL_VERSION } from '../../server/protocol/messages.js';
import { ManualTime, startTestServer, TEST_PINS, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

let server: TestServer;
let id: string;
const clients: TestClient[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'riffle-v2-'));
const time = new ManualTime();

async function connect(options: { hello?: boolean } = {}): Promise<TestClient> {
  const client = await TestClient.connect(server.wsUrl, options);
  clients.push(client);
  await client.next('hello');
  return client;
}

async function closed(client: TestClient): Promise<number> {
  await new Promise<void>((resolve) => (client.closed ? resolve() : client.ws.once('close', () => resolve())));
  return client.closed!.code;
}

before(async () => {
  server = await startTestServer({ time, dataDir });
  id = await server.createTournament();
  for (const name of ['Anna Jansen', 'Bram de Vries', 'Carla Smit', 'Dirk Bakker']) await server.ok(id, { type: 'entry.add', name });
});
after(async () => {
  for (const c of clients) c.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('protocol v2: the handshake', () => {
  it('a client of another version is told so, by the id of its hello, and the socket closes with 4010 (reload)', async () => {
    const client = await connect({ hello: false });
    client.send({ type: 'hello', id: 'h1', protocol: 1 });
    const error = await client.next('error');
    assert.equal(error.id, 'h1');
    assert.equal(error.error.code, 'protocol-version');
    assert.match(error.error.message, /Reload the page/);
    assert.equal(await closed(client), CLOSE_PROTOCOL_VERSION);
  });

  it('an old page that subscribes without saying its version gets the same answer, not a snapshot', async () => {
    const client = await connect({ hello: false });
    client.send({ type: 'subscribe', tournament: id });
    assert.equal((await client.next('error')).error.code, 'protocol-version');
    assert.equal(await closed(client), CLOSE_PROTOCOL_VERSION);
    assert.equal(client.messages.filter((m) => m.type === 'snapshot').length, 0);
  });

  it('every request is answered with its id: hello, subscribe (snapshot), command (result), a refused subscribe (error)', async () => {
    const client = await connect({ hello: false });
    client.send({ type: 'hello', id: 7, protocol: PROTOCOL_VERSION });
    assert.deepEqual(await client.next('result', (m) => m.id === 7), { type: 'result', id: 7, ok: true, seq: 0 });
    client.send({ type: 'subscribe', id: 8, tournament: id, topics: ['clock', 'players'] });
    const snapshot = await client.next('snapshot');
    assert.equal(snapshot.id, 8);
    assert.deepEqual(Object.keys(snapshot.versions).sort(), ['clock', 'players'], 'a version per subscribed topic');
    assert.equal(snapshot.versions.players, 4, 'the players topic last changed with the fourth registration');
    client.send({ type: 'subscribe', id: 9, tournament: 'no-such-one' });
    const refused = await client.next('error');
    assert.deepEqual([refused.id, refused.error.code], [9, 'unknown-tournament']);
  });
});

describe('protocol v2: patches and resume', () => {
  it('a chip count sends the fields of the one player it changed (a first count also marks him counted)', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', id: 1, tournament: id, topics: ['players'] });
    await client.next('snapshot');
    const { body } = await server.command(id, { type: 'chips.set', entryId: 'e3', chips: 41_250 });
    const patch = await client.next('patch', (p) => p.seq === body.seq);
    // counted: the server time of the count (this server's own clock, whatever it reads).
    const counted = (patch.ops[0] as { patch?: { entries?: Array<{ counted?: unknown }> } } | undefined)?.patch?.entries?.[0]?.counted;
    assert.equal(typeof counted, 'number');
    assert.deepEqual(patch.ops, [
      { topic: 'players', patch: { entries: [{ id: 'e3', chips: 41_250, counted }] } },
    ]);
  });

  it('a client that comes back gets only what it missed, and ends in the state of a fresh one', async () => {
    const first = await connect();
    first.send({ type: 'subscribe', id: 1, tournament: id });
    const snapshot = await first.next('snapshot');
    first.close();
    await server.ok(id, { type: 'chips.set', entryId: 'e1', chips: 12_000 });
    await server.ok(id, { type: 'entry.add', name: 'Eva Visser' });
    const last = (await server.command(id, { type: 'entry.bust', entryIds: ['e2'] })).body.seq as number;

    const again = await connect();
    again.state.set(id, first.state.get(id)!); // what the page still holds
    again.send({ type: 'subscribe', id: 2, tournament: id, since: snapshot.seq });
    const resumed = await again.next('resumed');
    assert.deepEqual([resumed.id, resumed.since, resumed.seq], [2, snapshot.seq, last]);
    const patches = [];
    while (patches.at(-1)?.seq !== last) patches.push(await again.next('patch'));
    assert.deepEqual(patches.map((p) => p.seq), [snapshot.seq + 1, snapshot.seq + 2, snapshot.seq + 3], 'the three changes it missed, in order');
    assert.equal(again.messages.filter((m) => m.type === 'snapshot').length, 0, 'no snapshot');

    const fresh = await connect();
    fresh.send({ type: 'subscribe', id: 3, tournament: id });
    const now = await fresh.next('snapshot');
    assert.deepEqual(again.state.get(id), now.state, 'the resumed client holds what a fresh snapshot shows');
    assert.ok(again.bytesReceived < fresh.bytesReceived, `resuming (${again.bytesReceived} B) costs less than a snapshot (${fresh.bytesReceived} B)`);
  });

  it('a resume from a seq the server no longer keeps (or never had) gets a snapshot', async () => {
    const seq = server.riffle.registry.get(id)!.seq;
    const ahead = await connect();
    ahead.send({ type: 'subscribe', id: 1, tournament: id, since: seq + 50 });
    assert.equal((await ahead.next('snapshot')).seq, seq, 'a seq from the future: a snapshot');

    // After a restart the server keeps nothing from before it.
    for (const c of clients) c.close();
    await server.close();
    server = await startTestServer({ time, dataDir });
    const back = await connect();
    back.send({ type: 'subscribe', id: 2, tournament: id, since: seq - 2 });
    const snapshot = await back.next('snapshot');
    assert.equal(snapshot.id, 2);
    assert.equal(snapshot.seq, seq);

    back.send({ type: 'subscribe', id: 3, tournament: id, since: 'yesterday' });
    assert.equal((await back.next('error', (m) => m.id === 3)).error.code, 'invalid-command');
  });
});

describe('protocol v2: roles as data', () => {
  async function helloAs(pin?: string) {
    const headers: Record<string, string> = {};
    if (pin) {
      const res = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin }) });
      headers.cookie = res.headers.get('set-cookie')!.split(';')[0]!;
      headers.origin = server.url;
    }
    const client = await TestClient.connect(server.wsUrl, { headers });
    clients.push(client);
    return client.next('hello');
  }

  it('hello names what the socket may send: a screen nothing, floor staff the floor\'s commands, the producer the stream\'s and chip counts', async () => {
    assert.deepEqual((await helloAs()).may, []);
    const floor = await helloAs(TEST_PINS.floor);
    assert.equal(floor.role, 'floor');
    for (const type of ['entry.add', 'entry.bust', 'chips.set', 'chips.count', 'seating.draw', 'hand.next']) assert.ok(floor.may.includes(type), type);
    for (const type of ['clock.start', 'clock.pause', 'payouts.set', 'table.add', 'stream.delay']) assert.ok(!floor.may.includes(type), type);
    const producer = await helloAs(TEST_PINS.stream);
    for (const type of ['stream.delay', 'stream.feature', 'chips.set', 'chips.count']) assert.ok(producer.may.includes(type), type);
    for (const type of ['entry.bust', 'entry.add', 'clock.pause']) assert.ok(!producer.may.includes(type), type);
    const td = await helloAs(TEST_PINS.td);
    for (const type of ['clock.start', 'entry.bust', 'stream.delay', 'payouts.set']) assert.ok(td.may.includes(type), type);
  });
});
