/**
 * The delay covers what the stream writes (issue 24, item 7): producer text (the lower third,
 * the ticker, a cued lower third, the library of saved lower thirds) reaches the TD, the
 * producer and the delayed feed, never an anonymous live client (`/ws` and
 * `GET /api/tournaments/:id`) before the delayed feed airs it; the delayed feed airs it at
 * commit time + delay. Chips and busts stay public and live.
 *
 * Real server, real sockets, time moved by hand. "Never before" is proven without sleeping: the
 * server answers a ping after everything it sent earlier on the same socket.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ManualTime, startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { rebuilt } from '../helpers/eventually.js';
import { TestClient, type TestPatch } from '../helpers/ws-client.js';

const SEC = 1000;
const SECRET = 'Anna Jansen, three-time Sunday champion';
const TICKER = 'Secret ticker: final table tomorrow';
const CUED = 'Bo Berg, cued bio';
const SAVED = 'Cas de Wit, saved bio';

async function patchesSoFar(client: TestClient): Promise<TestPatch[]> {
  const t = Math.random();
  client.send({ type: 'ping', t });
  await client.next('pong', (m) => m.t === t);
  const patches = client.messages.filter((m): m is TestPatch => m.type === 'patch');
  for (const p of patches) client.messages.splice(client.messages.indexOf(p), 1);
  return patches;
}

const mentionsProducerText = (text: string) => [SECRET, TICKER, CUED, SAVED].some((s) => text.includes(s));

describe('producer text airs late: never to an anonymous live client', () => {
  let time: ManualTime;
  let server: TestServer;
  let id: string;
  let producerCookie: string;
  before(async () => {
    time = new ManualTime();
    server = await startTestServer({ time });
    id = await server.createTournament();
    const res = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: TEST_PINS.stream }) });
    producerCookie = res.headers.get('set-cookie')!.split(';')[0]!;
  });
  after(() => server.close());

  it('an anonymous /ws client asking for everything gets every topic but the stream; asking for the stream alone is refused', async () => {
    const client = await TestClient.connect(server.wsUrl);
    await client.next('hello');
    client.send({ type: 'subscribe', id: 's1', tournament: id });
    const snapshot = await client.next('snapshot');
    assert.ok(snapshot.state.clock && snapshot.state.players && snapshot.state.field, 'the public topics');
    assert.equal(snapshot.state.stream, undefined);
    client.send({ type: 'subscribe', id: 's2', tournament: id, topics: ['stream'] });
    const refused = await client.next('error');
    assert.equal(refused.error.code, 'not-authorized');
    assert.match(refused.error.message, /TD and the producer.*\/ws\/stream/);
    client.close();
  });

  it('the audit log: floor staff read who set a lower third and when, not its text; the TD reads it all', async () => {
    await server.ok(id, { type: 'stream.lowerThird', title: 'Secret Bio Title', subtitle: 'Not yet aired' });
    const pair = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: TEST_PINS.floor }) });
    const floorCookie = pair.headers.get('set-cookie')!.split(';')[0]!;
    const read = async (headers: Record<string, string>) => ((await (await fetch(`${server.url}/api/tournaments/${id}/log?limit=1000`, { headers })).json()) as { entries: { type: string; args: unknown }[] }).entries;
    const floorLog = await read({ cookie: floorCookie });
    const floorEntry = floorLog.filter((e) => e.type === 'stream.lowerThird').at(-1)!;
    assert.deepEqual(floorEntry.args, { redacted: true });
    assert.doesNotMatch(JSON.stringify(floorLog), /Secret Bio Title/);
    const tdEntry = (await read({ authorization: `Bearer ${TEST_ADMIN_TOKEN}` })).filter((e) => e.type === 'stream.lowerThird').at(-1)!;
    assert.equal((tdEntry.args as { title: string }).title, 'Secret Bio Title');
    // The producer does not read the log at all (log.read is the floor's and the TD's).
    assert.equal((await fetch(`${server.url}/api/tournaments/${id}/log`, { headers: { cookie: producerCookie } })).status, 403);
  });

  it('a lower third, ticker, cue and library: the producer and the TD at once, the delayed feed after the delay, anonymous live never', async () => {
    await server.ok(id, { type: 'stream.delay', seconds: 20 });
    await rebuilt(server.riffle.registry.get(id)!);
    const anna = (await server.ok(id, { type: 'entry.add', name: 'Anna Jansen' })).entryId as string;
    await server.ok(id, { type: 'entry.add', name: 'Bo Berg' });

    const anonymous = await TestClient.connect(server.wsUrl);
    await anonymous.next('hello');
    anonymous.send({ type: 'subscribe', tournament: id, topics: ['players', 'field', 'stream'] });
    const anonymousSnapshot = await anonymous.next('snapshot');
    assert.equal(anonymousSnapshot.state.stream, undefined, 'the stream topic left out, the rest sent');
    assert.ok(anonymousSnapshot.state.players);

    const producer = await TestClient.connect(server.wsUrl, { headers: { cookie: producerCookie } });
    assert.equal((await producer.next('hello')).role, 'stream');
    producer.send({ type: 'subscribe', tournament: id, topics: ['stream'] });
    await producer.next('snapshot');

    const delayed = await TestClient.connect(server.wsUrl.replace(/\/ws$/, '/ws/stream'));
    await delayed.next('hello');
    delayed.send({ type: 'subscribe', tournament: id, topics: ['stream'] });
    await delayed.next('snapshot');

    await server.ok(id, { type: 'stream.lowerThird', title: SECRET, subtitle: 'Chip leader' });
    await server.ok(id, { type: 'stream.ticker', messages: [TICKER] });
    await server.ok(id, { type: 'stream.cue', lowerThird: { title: CUED } });
    await server.ok(id, { type: 'stream.library.save', title: SAVED });
    // Chips stay public and live.
    await server.ok(id, { type: 'chips.count', counts: [{ entryId: anna, chips: 31_500 }] });
    const committedAt = time.now();

    const producerPatches = JSON.stringify(await patchesSoFar(producer));
    for (const text of [SECRET, TICKER, CUED, SAVED]) assert.ok(producerPatches.includes(text), `the producer reads "${text}" at once`);

    const anonymousPatches = await patchesSoFar(anonymous);
    assert.ok(!mentionsProducerText(JSON.stringify(anonymousPatches)), 'no producer text on the anonymous live socket');
    assert.ok(anonymousPatches.some((p) => JSON.stringify(p.changes.players ?? {}).includes('31500')), 'the chip count is live and public');

    const anonymousGet = await (await fetch(`${server.url}/api/tournaments/${id}`)).text();
    assert.ok(!mentionsProducerText(anonymousGet), 'no producer text in the anonymous GET');
    assert.equal(JSON.parse(anonymousGet).state.stream, undefined);
    assert.ok(anonymousGet.includes('31500'), 'the chip count is public');
    for (const headers of [{ cookie: producerCookie }, { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }] as Record<string, string>[]) {
      const state = ((await (await fetch(`${server.url}/api/tournaments/${id}`, { headers })).json()) as { state: any }).state;
      assert.equal(state.stream.lowerThird.title, SECRET, 'the producer and the TD read it live');
      assert.equal(state.stream.cued.title, CUED);
      assert.deepEqual(state.stream.ticker, [TICKER]);
      assert.equal(state.stream.library[0].title, SAVED);
    }

    // The delayed feed: nothing a millisecond before commit + 20 s, everything at it.
    time.advance(20 * SEC - 1);
    assert.ok(!mentionsProducerText(JSON.stringify(await patchesSoFar(delayed))), 'the delayed feed: not before the delay');
    time.advance(1);
    assert.equal(time.now(), committedAt + 20 * SEC);
    const aired = JSON.stringify(await patchesSoFar(delayed));
    assert.ok(aired.includes(SECRET) && aired.includes(TICKER), 'the delayed feed airs it at commit + delay');

    // Still never on the anonymous live socket or GET, after the delay too (they read the delayed feed).
    assert.ok(!mentionsProducerText(JSON.stringify(await patchesSoFar(anonymous))));
    assert.ok(!mentionsProducerText(await (await fetch(`${server.url}/api/tournaments/${id}`)).text()));
    for (const c of [anonymous, producer, delayed]) c.close();
  });
});

describe('cue then take, the library of saved lower thirds, and their bad input', () => {
  let time: ManualTime;
  let server: TestServer;
  let id: string;
  const TD = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
  const stream = async () => ((await (await fetch(`${server.url}/api/tournaments/${id}`, { headers: TD })).json()) as { state: any }).state.stream;
  before(async () => {
    time = new ManualTime();
    server = await startTestServer({ time });
    id = await server.createTournament();
  });
  after(() => server.close());

  it('a cued lower third is not on air; take airs it in one command and clears the cue; changedAt says when', async () => {
    await server.ok(id, { type: 'stream.cue', lowerThird: { title: 'Bo Berg', subtitle: 'Amsterdam', seconds: 15 } });
    let s = await stream();
    assert.equal(s.lowerThird, null, 'cued, not on air');
    assert.deepEqual(s.cued, { title: 'Bo Berg', subtitle: 'Amsterdam', seconds: 15 });
    time.advance(2 * SEC);
    const takenAt = time.now();
    await server.ok(id, { type: 'stream.take' });
    s = await stream();
    assert.equal(s.cued, null);
    assert.equal(s.lowerThird.title, 'Bo Berg');
    assert.equal(s.lowerThird.subtitle, 'Amsterdam');
    assert.equal(s.lowerThird.until, takenAt + 15 * SEC, 'its seconds count from the take');
    assert.equal(s.changedAt['lower-third'], takenAt);
    const refused = await server.command(id, { type: 'stream.take' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error.code, 'nothing-cued');
  });

  it('saves, replaces and removes player bios; ids are the library\'s own', async () => {
    await server.ok(id, { type: 'stream.library.save', title: 'Anna Jansen', subtitle: 'Three-time Sunday champion' });
    await server.ok(id, { type: 'stream.library.save', title: 'Bo Berg' });
    let library = (await stream()).library;
    assert.deepEqual(library, [
      { id: 'lt1', title: 'Anna Jansen', subtitle: 'Three-time Sunday champion' },
      { id: 'lt2', title: 'Bo Berg' },
    ]);
    await server.ok(id, { type: 'stream.library.save', lowerThirdId: 'lt2', title: 'Bo Berg', subtitle: 'Chip leader' });
    await server.ok(id, { type: 'stream.library.remove', lowerThirdId: 'lt1' });
    library = (await stream()).library;
    assert.deepEqual(library, [{ id: 'lt2', title: 'Bo Berg', subtitle: 'Chip leader' }]);
    await server.ok(id, { type: 'stream.library.save', title: 'Cas de Wit' });
    assert.equal((await stream()).library[1].id, 'lt3', 'a removed id is never given again');
  });

  it('a lower third of 10,000 characters, an unknown saved one: a clear error and nothing changed', async () => {
    const before = await stream();
    const long = 'x'.repeat(10_000);
    const cases: Array<[Record<string, unknown>, number, string, RegExp]> = [
      [{ type: 'stream.lowerThird', title: long }, 400, 'invalid-command', /title.*longer than 200 characters/],
      [{ type: 'stream.cue', lowerThird: { title: 'ok', subtitle: long } }, 400, 'invalid-command', /subtitle.*longer than 200 characters/],
      [{ type: 'stream.library.save', title: long }, 400, 'invalid-command', /title.*longer than 200 characters/],
      [{ type: 'stream.library.save', lowerThirdId: 'lt99', title: 'Eva Smit' }, 400, 'unknown-lower-third', /no saved lower third "lt99"/],
      [{ type: 'stream.library.remove', lowerThirdId: 'lt99' }, 400, 'unknown-lower-third', /no saved lower third/],
    ];
    for (const [command, status, code, message] of cases) {
      const answer = await server.command(id, command);
      assert.equal(answer.status, status, JSON.stringify(command).slice(0, 80));
      assert.equal(answer.body.error.code, code);
      assert.match(answer.body.error.message, message);
      assert.ok(answer.body.error.message.length < 300, 'the message does not repeat the 10,000 characters');
    }
    assert.deepEqual(await stream(), before);
  });
});
