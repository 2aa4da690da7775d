/**
 * The end of the night over the wire (issue 23): the bust that leaves one player makes the
 * tournament `finished` in the clock topic (WebSocket), in GET /api/tournaments/:id and in the
 * list, in one command; a bust or a clock command afterwards is refused with
 * `tournament-finished` and changes nothing; the undo of the last bust reopens it. Real server on
 * loopback, a real WebSocket client, time moved by hand.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ManualTime, startTestServer, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

const MIN = 60_000;
const time = new ManualTime();
let server: TestServer;
let id: string;
let client: TestClient;

async function read(): Promise<{ tournament: any; listed: any }> {
  const tournament = await (await fetch(`${server.url}/api/tournaments/${id}`)).json();
  const { tournaments } = (await (await fetch(`${server.url}/api/tournaments`)).json()) as { tournaments: any[] };
  return { tournament, listed: tournaments.find((t) => t.id === id) };
}

before(async () => {
  server = await startTestServer({ time });
  id = await server.createTournament();
  for (const name of ['Anna', 'Bram', 'Cees']) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'clock.start' });
  client = await TestClient.connect(server.wsUrl);
  client.send({ type: 'subscribe', id: 1, tournament: id, topics: ['clock'] });
  await client.next('snapshot');
});
after(async () => {
  client.close();
  await server.close();
});

describe('the end over the wire', () => {
  it('the last bust: finished in the clock topic, the tournament route and the list', async () => {
    const start = time.now();
    time.advance(3 * MIN);
    await server.ok(id, { type: 'entry.bust', entryIds: ['e1'] });
    time.advance(4 * MIN);
    await server.ok(id, { type: 'entry.bust', entryIds: ['e2'] });
    const patch = await client.next('patch', (m) => m.changes.clock?.status === 'finished');
    // The sample's level 1 runs 20 min; the last bust came 3 + 4 = 7 min in: 13 min left.
    assert.deepEqual(patch.changes.clock, { ...patch.changes.clock, remainingMs: 13 * MIN, startedAt: start, finishedAt: start + 7 * MIN });
    const { tournament, listed } = await read();
    assert.equal(tournament.state.clock.status, 'finished');
    assert.deepEqual([listed.status, listed.finished], ['finished', true]);
  });

  it('a bust or a clock command after the end: 409 tournament-finished, the seq does not move', async () => {
    const seq = (await read()).tournament.seq;
    for (const command of [{ type: 'entry.bust', entryIds: ['e3'] }, { type: 'clock.pause' }, { type: 'clock.resume' }, { type: 'level.next' }]) {
      const { status, body } = await server.command(id, command);
      assert.equal(status, 409, command.type);
      assert.equal(body.error.code, 'tournament-finished');
      assert.match(body.error.message, /Cees has won it/);
    }
    assert.equal((await read()).tournament.seq, seq);
  });

  it('the undo of the last bust reopens it, running with the 13 min it had left', async () => {
    time.advance(30 * MIN);
    await server.ok(id, { type: 'entry.undoBust', entryId: 'e2' });
    const patch = await client.next('patch', (m) => m.changes.clock?.status === 'running');
    assert.equal(patch.changes.clock!.endsAt, time.now() + 13 * MIN);
    const { tournament, listed } = await read();
    assert.equal(tournament.state.clock.status, 'running');
    assert.deepEqual([listed.status, listed.finished], ['running', false]);
  });
});
