/**
 * The stream on the server (issue: stream overlays): the secure delay (a delayed socket never
 * receives a change before commit time + delay, keeps its feed across a restart and follows a
 * new delay without a reload), the producer's commands and their bad input, the table chip
 * count, countries and the player clock. Real server, real sockets, time moved by hand.
 *
 * "Not before" is proven without sleeping: the server answers a ping after everything it sent
 * earlier on the same socket, so a pong that arrives with no patch before it means no patch.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualTime, startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { rebuilt } from '../helpers/eventually.js';
import { TestClient, type TestPatch } from '../helpers/ws-client.js';
import type { PatchMessage, SnapshotMessage } from '../../server/protocol/messages.js';

const SEC = 1000;

/** A stream overlay's socket on the delayed feed, subscribed to `topics`; resolves with its first snapshot. */
async function overlay(server: TestServer, tournament: string, topics: string[]): Promise<{ client: TestClient; snapshot: SnapshotMessage }> {
  const client = await TestClient.connect(server.wsUrl.replace(/\/ws$/, '/ws/stream'));
  await client.next('hello');
  client.send({ type: 'subscribe', tournament, topics });
  return { client, snapshot: await client.next('snapshot') };
}

/** Every patch the socket got before the server answered a ping sent now (a barrier, no sleep). */
async function patchesSoFar(client: TestClient): Promise<TestPatch[]> {
  const t = Math.random();
  client.send({ type: 'ping', t });
  await client.next('pong', (m) => m.t === t);
  const patches = client.messages.filter((m): m is TestPatch => m.type === 'patch');
  for (const p of patches) client.messages.splice(client.messages.indexOf(p), 1);
  return patches;
}

/** The state as the TD reads it (the `stream` topic is for the TD and the producer: producer-text.ts). */
async function fieldOf(server: TestServer, id: string) {
  const body = (await (await fetch(`${server.url}/api/tournaments/${id}`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).json()) as { state: any };
  return body.state;
}

/**
 * Sets the stream delay and waits until its feed is in place: a longer delay's feed is rebuilt
 * from the log after the command is answered, and until then the feed in use holds.
 */
async function setDelay(server: TestServer, id: string, seconds: number): Promise<void> {
  await server.ok(id, { type: 'stream.delay', seconds });
  await rebuilt(server.riffle.registry.get(id)!);
}

describe('secure delay', () => {
  let time: ManualTime;
  let server: TestServer;
  before(async () => {
    time = new ManualTime();
    server = await startTestServer({ time });
  });
  after(() => server.close());

  it('a bust at T reaches a delayed overlay at T + delay, never before; the live feed at once', async () => {
    const id = await server.createTournament();
    const anna = (await server.ok(id, { type: 'entry.add', name: 'Anna Jansen' })).entryId as string;
    await server.ok(id, { type: 'entry.add', name: 'Bo Berg' });
    await server.ok(id, { type: 'entry.add', name: 'Cas de Wit' });
    await setDelay(server, id, 60);
    time.advance(61 * SEC); // the delay's own change is on air
    const { client, snapshot } = await overlay(server, id, ['players', 'field', 'stream']);
    assert.equal(snapshot.delayMs, 60 * SEC);
    assert.equal(snapshot.state.stream!.delaySeconds, 60);
    assert.equal(snapshot.state.field!.playersLeft, 3);
    const live = await TestClient.connect(server.wsUrl);
    await live.next('hello');
    live.send({ type: 'subscribe', tournament: id, topics: ['field'] });
    await live.next('snapshot');

    const bustAt = time.now();
    await server.ok(id, { type: 'entry.bust', entryIds: [anna] });
    const livePatch = await live.next('patch');
    assert.equal(livePatch.changes.field!.playersLeft, 2, 'the room sees it at once');

    time.advance(60 * SEC - 1);
    assert.deepEqual(await patchesSoFar(client), [], 'nothing 1 ms before T + delay');
    // A new overlay opened now sees the room as it was 60 s ago: Anna still in.
    const late = await overlay(server, id, ['field']);
    assert.equal(late.snapshot.state.field!.playersLeft, 3);

    time.advance(1);
    const [patch] = await patchesSoFar(client);
    assert.ok(patch, 'released at T + delay');
    assert.equal(time.now(), bustAt + 60 * SEC);
    assert.equal(patch.changes.field!.playersLeft, 2);
    const busted = patch.events!.find((e) => e.type === 'entry.busted');
    assert.ok(busted && busted.type === 'entry.busted');
    assert.equal(busted.name, 'Anna Jansen');
    assert.equal(busted.place, 3, '3 entries: the first out finishes 3rd');
    assert.equal((await late.client.next('patch')).changes.field!.playersLeft, 2);
    client.close();
    late.client.close();
    live.close();
  });

  it('the clock on the delayed feed is the room clock of then: the level change arrives delay later', async () => {
    const id = await server.createTournament();
    await setDelay(server, id, 120);
    await server.ok(id, { type: 'clock.start' });
    const startedAt = time.now();
    time.advance(20 * 60 * SEC); // level 1 (20 min) ends: level 2 in the room
    assert.equal((await fieldOf(server, id)).clock.current.n, 2);
    const { client, snapshot } = await overlay(server, id, ['clock']);
    assert.equal((snapshot.state.clock!.current as { n?: number }).n, 1, 'two minutes behind: still level 1 on the stream');
    assert.equal(snapshot.state.clock!.endsAt, startedAt + 20 * 60 * SEC, 'ending at the time the room saw');
    time.advance(120 * SEC - 1);
    assert.deepEqual(await patchesSoFar(client), []);
    time.advance(1);
    const [patch] = await patchesSoFar(client);
    assert.equal((patch!.changes.clock!.current as { n?: number }).n, 2);
    client.close();
  });

  it('a shorter delay releases what is due at once; a longer one goes back in time; both resend the snapshot', async () => {
    const id = await server.createTournament();
    const anna = (await server.ok(id, { type: 'entry.add', name: 'Anna Jansen' })).entryId as string;
    await server.ok(id, { type: 'entry.add', name: 'Bo Berg' });
    await server.ok(id, { type: 'entry.add', name: 'Cas de Wit' });
    await setDelay(server, id, 300);
    time.advance(301 * SEC);
    const { client } = await overlay(server, id, ['field']);
    await server.ok(id, { type: 'entry.bust', entryIds: [anna] });
    time.advance(100 * SEC);
    assert.deepEqual(await patchesSoFar(client), []);

    // 300 s -> 60 s: the bust (100 s ago) is due.
    await server.ok(id, { type: 'stream.delay', seconds: 60 });
    const released = await patchesSoFar(client);
    assert.equal(released.length, 1);
    assert.equal(released[0]!.changes.field!.playersLeft, 2);
    const resync = await client.next('snapshot');
    assert.equal(resync.delayMs, 60 * SEC);

    // 60 s -> 200 s: the stream shows 200 s ago again, before the bust (100 s ago).
    await server.ok(id, { type: 'stream.delay', seconds: 200 });
    const back = await client.next('snapshot');
    assert.equal(back.delayMs, 200 * SEC);
    assert.equal(back.state.field!.playersLeft, 3, 'rebuilt from the log: Anna still in 200 s ago');
    time.advance(100 * SEC);
    const [again] = await patchesSoFar(client);
    assert.equal(again!.changes.field!.playersLeft, 2, 'and her bust airs again at its time');
    client.close();
  });

  it('taking a running delay to 0 needs confirmed: true (confirm-delay without, nothing changes); from 0 or to another delay it does not', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'stream.delay', seconds: 0 });
    await setDelay(server, id, 30);
    const refused = await server.command(id, { type: 'stream.delay', seconds: 0 });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error.code, 'confirm-delay');
    assert.match(refused.body.error.message, /30 s behind/);
    assert.equal((await fieldOf(server, id)).stream.delaySeconds, 30);
    await setDelay(server, id, 20);
    await server.ok(id, { type: 'stream.delay', seconds: 0, confirmed: true });
    assert.equal((await fieldOf(server, id)).stream.delaySeconds, 0);
  });

  it('the delayed socket is read-only, whatever it asks', async () => {
    const id = await server.createTournament();
    const { client } = await overlay(server, id, ['clock']);
    client.send({ type: 'command', id: 'r1', tournament: id, command: { type: 'stream.delay', seconds: 0 } });
    const result = await client.next('result', (m) => m.id === 'r1');
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.error.code, 'not-authorized');
    client.send({ type: 'auth', token: 'test-admin-token-0123456789' });
    assert.equal((await client.next('error')).error.code, 'not-authorized');
    assert.equal((await fieldOf(server, id)).stream.delaySeconds, 0);
    client.close();
  });
});

describe('secure delay across a restart', () => {
  it('keeps the delayed feed continuous: rebuilt from the log, the bust still airs at T + delay', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-stream-'));
    const time = new ManualTime();
    try {
      let server = await startTestServer({ time, dataDir });
      const id = await server.createTournament();
      const anna = (await server.ok(id, { type: 'entry.add', name: 'Anna Jansen' })).entryId as string;
      await server.ok(id, { type: 'entry.add', name: 'Bo Berg' });
      await setDelay(server, id, 90);
      await server.ok(id, { type: 'stream.lowerThird', title: 'Heads-up', subtitle: 'for the title' });
      time.advance(91 * SEC);
      await server.ok(id, { type: 'entry.bust', entryIds: [anna] });
      const bustAt = time.now();
      await server.close();

      time.advance(30 * SEC);
      server = await startTestServer({ time, dataDir });
      const { client, snapshot } = await overlay(server, id, ['field', 'stream']);
      assert.equal(snapshot.delayMs, 90 * SEC);
      assert.equal(snapshot.state.field!.playersLeft, 2, 'the stream is 90 s behind: no bust yet');
      assert.equal(snapshot.state.stream!.lowerThird!.title, 'Heads-up', 'the producer state survives too');
      time.advance(60 * SEC - 1);
      assert.deepEqual(await patchesSoFar(client), []);
      time.advance(1);
      const [patch] = await patchesSoFar(client);
      assert.equal(time.now(), bustAt + 90 * SEC);
      assert.equal(patch!.changes.field!.playersLeft, 1);
      assert.ok(patch!.events!.some((e) => e.type === 'tournament.won'), 'the winner alert fires at its time too');
      client.close();
      await server.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('stream commands', () => {
  let server: TestServer;
  let id: string;
  let tableId: string;
  before(async () => {
    server = await startTestServer();
    id = await server.createTournament();
    for (const name of ['Anna Jansen', 'Bo Berg', 'Cas de Wit', 'Dirk Vos']) await server.ok(id, { type: 'entry.add', name });
    tableId = (await server.ok(id, { type: 'table.add' })).tableId ?? (await fieldOf(server, id)).seating.tables[0].id;
    await server.ok(id, { type: 'seating.draw' });
  });
  after(() => server.close());

  it('feature, lower third, ticker, show/hide and delay are in the stream topic', async () => {
    await server.ok(id, { type: 'stream.feature', tableId });
    await server.ok(id, { type: 'stream.lowerThird', title: 'Anna Jansen', subtitle: 'Chip leader', seconds: 10 });
    await server.ok(id, { type: 'stream.ticker', messages: ['Welcome', 'Next event Sunday 14:00'] });
    await server.ok(id, { type: 'stream.show', overlay: 'leaderboard', visible: false });
    await server.ok(id, { type: 'stream.delay', seconds: 45 });
    const { stream } = await fieldOf(server, id);
    assert.equal(stream.featuredTableId, tableId);
    assert.equal(stream.lowerThird.title, 'Anna Jansen');
    assert.equal(stream.lowerThird.subtitle, 'Chip leader');
    assert.ok(stream.lowerThird.until > 0);
    assert.deepEqual(stream.ticker, ['Welcome', 'Next event Sunday 14:00']);
    assert.deepEqual(stream.hidden, ['leaderboard']);
    assert.equal(stream.delaySeconds, 45);
    await server.ok(id, { type: 'stream.show', overlay: 'leaderboard', visible: true });
    await server.ok(id, { type: 'stream.hideLowerThird' });
    const after = (await fieldOf(server, id)).stream;
    assert.deepEqual(after.hidden, []);
    assert.equal(after.lowerThird, null);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const before = await fieldOf(server, id);
    const cases: Array<[Record<string, unknown>, number, string, RegExp]> = [
      [{ type: 'stream.lowerThird', title: 'x'.repeat(201) }, 400, 'invalid-command', /longer than 200/],
      [{ type: 'stream.lowerThird', title: 'ok', subtitle: 'y'.repeat(201) }, 400, 'invalid-command', /subtitle.*longer than 200/],
      [{ type: 'stream.ticker', messages: ['fine', 'z'.repeat(201)] }, 400, 'invalid-command', /longer than 200/],
      [{ type: 'stream.delay', seconds: 3601 }, 400, 'invalid-command', /3600/],
      [{ type: 'stream.delay', seconds: -1 }, 400, 'invalid-command', /negative/],
      [{ type: 'stream.feature', tableId: 'no-such-table' }, 400, 'unknown-table', /no open table/],
      [{ type: 'stream.show', overlay: 'weather', visible: true }, 400, 'invalid-command', /overlay/],
      [{ type: 'entry.add', name: 'Eve', country: 'Netherlands' }, 400, 'invalid-command', /country code/],
      [{ type: 'chips.count', counts: [{ entryId: 'e1', chips: 5 }, { entryId: 'e1', chips: 6 }] }, 400, 'invalid-command', /twice/],
    ];
    for (const [command, status, code, message] of cases) {
      const answer = await server.command(id, command);
      assert.equal(answer.status, status, JSON.stringify(command).slice(0, 80));
      assert.equal(answer.body.error.code, code);
      assert.match(answer.body.error.message, message);
    }
    assert.deepEqual(await fieldOf(server, id), before);
  });

  it('chips.count records a whole table in one command', async () => {
    const log = async () => ((await (await fetch(`${server.url}/api/tournaments/${id}/log?limit=1000`, { headers: { authorization: 'Bearer test-admin-token-0123456789' } })).json()) as { entries: Array<{ type: string }> }).entries;
    const before = (await log()).length;
    await server.ok(id, { type: 'chips.count', counts: [{ entryId: 'e1', chips: 31_500 }, { entryId: 'e2', chips: 8_500 }] });
    const entries = await log();
    assert.equal(entries.length, before + 1);
    assert.equal(entries.at(-1)!.type, 'chips.count');
    const players = (await fieldOf(server, id)).players.entries;
    assert.equal(players.find((p: any) => p.id === 'e1').chips, 31_500);
    assert.equal(players.find((p: any) => p.id === 'e2').chips, 8_500);
    // All or nothing: one bad count refuses the whole table.
    const refused = await server.command(id, { type: 'chips.count', counts: [{ entryId: 'e3', chips: 1 }, { entryId: 'e99', chips: 1 }] });
    assert.equal(refused.status, 400);
    assert.equal((await fieldOf(server, id)).players.entries.find((p: any) => p.id === 'e3').chips, 20_000);
  });

  it("the producer's chip count of one player (chips.set) is recorded, and the audit log names his session (issue 21)", async () => {
    const pair = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: TEST_PINS.stream }) });
    assert.equal(((await pair.json()) as { role: string }).role, 'stream');
    const cookie = pair.headers.get('set-cookie')!.split(';')[0]!;
    const res = await fetch(`${server.url}/api/tournaments/${id}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ type: 'chips.set', entryId: 'e4', chips: 27_300 }) });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await fieldOf(server, id)).players.entries.find((p: any) => p.id === 'e4').chips, 27_300);
    const log = (await (await fetch(`${server.url}/api/tournaments/${id}/log?limit=1000`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).json()) as { entries: Array<{ type: string; actor: string }> };
    assert.equal(log.entries.at(-1)!.type, 'chips.set');
    assert.match(log.entries.at(-1)!.actor, /^session:/);
  });

  it('a country at registration and later is on the player', async () => {
    const { playerId } = await server.ok(id, { type: 'entry.add', name: 'Emil Hansen', country: 'dk' });
    let player = (await fieldOf(server, id)).players.entries.find((p: any) => p.playerId === playerId);
    assert.equal(player.country, 'DK');
    await server.ok(id, { type: 'player.country', playerId, country: null });
    player = (await fieldOf(server, id)).players.entries.find((p: any) => p.playerId === playerId);
    assert.equal(player.country, undefined);
  });

  it('the player clock: the preset allowance on the table, then stopped', async () => {
    const table = (await fieldOf(server, id)).seating.tables[0];
    const seat = table.seats.find((s: any) => s.entryId).seat;
    await server.ok(id, { type: 'playerClock.start', tableId, seat });
    const clock = (await fieldOf(server, id)).seating.tables[0].playerClock;
    // TDA 2024 / ONK (the sample's preset): 30 s in all, the last 5 counted down (RULES.md).
    assert.equal(clock.endsAt - clock.startedAt, 30_000);
    assert.equal(clock.countdownMs, 5_000);
    assert.equal(clock.seat, seat);
    const empty = table.seats.find((s: any) => !s.entryId);
    if (empty) assert.equal((await server.command(id, { type: 'playerClock.start', tableId, seat: empty.seat })).body.error.code, 'empty-seat');
    await server.ok(id, { type: 'playerClock.stop', tableId });
    assert.equal((await fieldOf(server, id)).seating.tables[0].playerClock, undefined);
    assert.equal((await server.command(id, { type: 'playerClock.stop', tableId })).body.error.code, 'no-player-clock');
  });
});
