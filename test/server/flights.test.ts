/**
 * Day 2 from the Day 1 flights over HTTP (POST /api/tournaments/:id/day2): each flight is only
 * read; its bagged survivors go into Day 2's own `day2.import` command, so Day 2's log alone
 * replays to the same state after a restart. Counts by hand below.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../db/client.js';
import { Store } from '../../server/host/store.js';
import { replay } from '../../server/engine/replay.js';
import { ManualTime, startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';

const MIN = 60_000;

async function playFlight(server: TestServer, time: ManualTime, names: string[], counts: number[]): Promise<string> {
  const id = await server.createTournament();
  for (const name of names) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'table.add' });
  await server.ok(id, { type: 'seating.draw' });
  await server.ok(id, { type: 'clock.start' });
  time.advance(10 * MIN);
  await server.ok(id, { type: 'day.end' });
  await server.ok(id, { type: 'day.bag', counts: Object.fromEntries(counts.map((c, i) => [`e${i + 1}`, c])) });
  await server.ok(id, { type: 'day.close' });
  return id;
}

async function postDay2(server: TestServer, id: string, body: unknown, token: string | null = TEST_ADMIN_TOKEN) {
  const res = await fetch(`${server.url}/api/tournaments/${id}/day2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('Day 2 from the flights (POST /api/tournaments/:id/day2)', () => {
  it('reads the closed flights, imports their survivors with their counts, and replays from its own log', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-flights-'));
    const time = new ManualTime();
    let server = await startTestServer({ time, dataDir });
    try {
      // Flight A: Anna 50,000, Bob 10,000. Flight B: Anna 20,000 (the same player), Cees 30,000.
      const a = await playFlight(server, time, ['Anna', 'Bob'], [50_000, 10_000]);
      time.advance(60 * MIN);
      const b = await playFlight(server, time, ['Anna', 'Cees'], [20_000, 30_000]);
      const open = await server.createTournament();
      const day2 = await server.createTournament();
      await server.ok(day2, { type: 'table.add' });

      const anonymous = await postDay2(server, day2, { flightIds: [a, b] }, null);
      assert.equal(anonymous.status, 401);
      const notClosed = await postDay2(server, day2, { flightIds: [a, open] });
      assert.deepEqual([notClosed.status, notClosed.body.error.code], [409, 'flight-not-closed']);
      const unknown = await postDay2(server, day2, { flightIds: ['nope'] });
      assert.equal(unknown.status, 404);
      assert.equal(server.riffle.registry.get(day2)!.state.entries.entries.length, 0, 'refusals change nothing');

      const done = await postDay2(server, day2, { flightIds: [a, b], id: 'day2-once' });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      // Policy highest: Anna keeps 50,000; Bob 10,000; Cees 30,000 = 90,000 chips, 3 players.
      assert.deepEqual([done.body.result.players, done.body.result.chips, done.body.result.seated], [3, 90_000, 3]);
      const retry = await postDay2(server, day2, { flightIds: [a, b], id: 'day2-once' });
      assert.equal(retry.status, 200, 'the same id is applied once');
      assert.equal(server.riffle.registry.get(day2)!.state.entries.entries.length, 3);
      const flightSeqA = server.riffle.registry.get(a)!.seq;
      assert.equal(flightSeqA, 8, 'the flight itself got no command');
      await server.close();

      const db = openDb(join(dataDir, 'riffle.db'));
      try {
        const store = new Store(db);
        const stored = store.loadTournaments().find((t) => t.id === day2)!;
        assert.deepEqual(replay(stored.origin, store.log(day2)), stored.state, "Day 2's log alone rebuilds it");
      } finally {
        db.$client.close();
      }
      server = await startTestServer({ time, dataDir });
      const field = server.riffle.registry.get(day2)!.view('field');
      assert.deepEqual([field.playersLeft, field.totalChips], [3, 90_000]);
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
