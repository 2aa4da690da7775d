/**
 * An erase reaches every feed a client can read (docs/SECURITY.md "Erasure"): after
 * `DELETE /api/players/:id` no socket is sent the name again. A `/ws` resume from before the
 * erase gets a snapshot, not the kept patches that name him; the stream's delayed feed, which
 * still shows the room of before, is rewritten (its views now, its pending patches and their
 * events as they are released), and rebuilt from the log after a restart without him.
 * Real server, real sockets, the stream's time moved by hand; every byte each socket received
 * is searched for the name.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualTime, startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

const SEC = 1000;
const NAME = 'Wilhelmina Vergeetmij';
const TD = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };

/** A socket and every text frame it received. */
async function socket(url: string): Promise<{ client: TestClient; heard: string[] }> {
  const client = await TestClient.connect(url);
  const heard: string[] = [];
  client.ws.on('message', (data) => heard.push(String(data)));
  await client.next('hello');
  return { client, heard };
}

/** Everything the socket received up to its answer to a ping sent now (a barrier, no sleep). */
async function heardSoFar(s: { client: TestClient; heard: string[] }): Promise<string> {
  const t = Math.random();
  s.client.send({ type: 'ping', t });
  await s.client.next('pong', (m) => m.t === t);
  return s.heard.join('\n');
}

async function venuePlayer(server: TestServer, name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/players`, { method: 'POST', headers: TD, body: JSON.stringify({ name }) });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { player: { id: string } }).player.id;
}

async function erase(server: TestServer, playerId: string): Promise<void> {
  const res = await fetch(`${server.url}/api/players/${playerId}`, { method: 'DELETE', headers: TD });
  assert.equal(res.status, 200, await res.text());
}

async function setDelay(server: TestServer, id: string, seconds: number): Promise<void> {
  await server.ok(id, { type: 'stream.delay', seconds });
  while (server.riffle.registry.get(id)!.rebuilding) await new Promise((r) => setTimeout(r, 1));
}

describe('erasure: the live feed', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('a resume from before the erase gets a snapshot without the name, never the kept patches', async () => {
    const id = await server.createTournament();
    const pid = await venuePlayer(server, NAME);
    const first = await socket(server.wsUrl);
    first.client.send({ type: 'subscribe', id: 1, tournament: id });
    const snapshot = await first.client.next('snapshot');
    // Patches kept in the host's history that name him (his entry, his seat).
    await server.ok(id, { type: 'entry.add', name: NAME, venuePlayerId: pid });
    await server.ok(id, { type: 'entry.add', name: 'Bo Berg' });
    assert.ok((await heardSoFar(first)).includes(NAME), 'the room was told his name before the erase');

    // Before the erase a resume from there replays those patches (the control of this test).
    const control = await socket(server.wsUrl);
    control.client.send({ type: 'subscribe', id: 2, tournament: id, since: snapshot.seq });
    await control.client.next('resumed');
    assert.ok((await heardSoFar(control)).includes(NAME));

    await erase(server, pid);
    const again = await socket(server.wsUrl);
    again.client.send({ type: 'subscribe', id: 3, tournament: id, since: snapshot.seq });
    const answer = await again.client.next('snapshot');
    assert.equal(answer.id, 3);
    const names = (answer.state.players!.entries as { name: string }[]).map((e) => e.name).sort();
    assert.deepEqual(names, ['Bo Berg', 'Erased player']);
    assert.ok(!(await heardSoFar(again)).includes('Wilhelmina'), 'the resume sent his name');
    for (const s of [first, control, again]) s.client.close();
  });
});

describe('erasure: the stream delayed feed', () => {
  let dataDir: string;
  let time: ManualTime;
  let server: TestServer;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'riffle-erasure-'));
    time = new ManualTime();
    server = await startTestServer({ time, dataDir });
  });
  after(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const stream = () => server.wsUrl.replace(/\/ws$/, '/ws/stream');

  it('the delayed feed stops naming him at the erase: its views, its pending patches and their events', async () => {
    const id = await server.createTournament();
    const pid = await venuePlayer(server, NAME);
    await setDelay(server, id, 60);
    const him = (await server.ok(id, { type: 'entry.add', name: NAME, venuePlayerId: pid })).entryId as string;
    await server.ok(id, { type: 'entry.add', name: 'Bo Berg' });
    await server.ok(id, { type: 'entry.add', name: 'Cas de Wit' });
    await server.ok(id, { type: 'clock.start' });
    time.advance(61 * SEC); // his entry is on air
    const onAir = await socket(stream());
    onAir.client.send({ type: 'subscribe', id: 1, tournament: id });
    await onAir.client.next('snapshot');
    assert.ok((await heardSoFar(onAir)).includes(NAME), 'the stream shows him before the erase');
    // Pending on the delayed feed: his bust (a patch and an event with his name).
    await server.ok(id, { type: 'entry.bust', entryIds: [him] });
    time.advance(10 * SEC);

    await erase(server, pid);
    onAir.heard.length = 0;
    const opened = await socket(stream());
    opened.client.send({ type: 'subscribe', id: 1, tournament: id });
    const snapshot = await opened.client.next('snapshot');
    assert.equal(snapshot.state.field!.playersLeft, 3, 'still the room of 60 s ago: he is in');
    assert.ok(!(await heardSoFar(opened)).includes('Wilhelmina'), 'a delayed snapshot after the erase names him');
    // The overlay on air is sent the feed anew.
    assert.equal((await onAir.client.next('snapshot')).delayMs, 60 * SEC);
    // The bust airs at its time, with its event, and without his name.
    time.advance(51 * SEC);
    const patch = await opened.client.next('patch', (p) => (p.events ?? []).some((e) => e.type === 'entry.busted'));
    const busted = patch.events!.find((e) => e.type === 'entry.busted')!;
    assert.equal((busted as { name: string }).name, 'Erased player');
    assert.equal(patch.changes.field!.playersLeft, 2);
    for (const s of [onAir, opened]) assert.ok(!(await heardSoFar(s)).includes('Wilhelmina'), 'the delayed feed sent his name after the erase');
    for (const s of [onAir, opened]) s.client.close();
  });

  it('a restart within the delay rebuilds the feed from the log (which holds the name as typed) without him', async () => {
    const id = await server.createTournament();
    const pid = await venuePlayer(server, 'Wilhelmina Tweede');
    await setDelay(server, id, 60);
    await server.ok(id, { type: 'entry.add', name: 'Wilhelmina Tweede', venuePlayerId: pid });
    await server.ok(id, { type: 'entry.add', name: 'Bo Berg' });
    time.advance(20 * SEC);
    await erase(server, pid);
    await server.ok(id, { type: 'entry.add', name: 'Dirk Laat' });
    await server.close();
    time = new ManualTime(time.now());
    server = await startTestServer({ time, dataDir });
    const back = await socket(stream());
    back.client.send({ type: 'subscribe', id: 1, tournament: id });
    await back.client.next('snapshot');
    time.advance(61 * SEC);
    await back.client.next('patch', (p) => JSON.stringify(p.changes).includes('Dirk Laat'));
    const heard = await heardSoFar(back);
    assert.ok(heard.includes('Bo Berg') && heard.includes('Erased player'), 'his entry aired, as an erased player');
    assert.ok(!heard.includes('Wilhelmina'), 'the rebuilt delayed feed sent his name');
    back.client.close();
  });
});
