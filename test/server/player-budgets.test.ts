/**
 * The players search on a real server under its budgets: staff are charged by budgets of their
 * own (bytes and the search's work, per phone: a floor phone in debt is refused while the TD is
 * served), a query of too many words is refused, and at start-up the server answers while the
 * index is filled in slices, saying its answers are partial until it is whole.
 * The timing targets are in bench/player-flood.ts, not here.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDb } from '../../db/client.js';
import { PlayerStore } from '../../server/players/store.js';
import type { TimeSource } from '../../server/time.js';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';

const TD = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

async function pair(server: TestServer, pin: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin }) });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

const search = async (server: TestServer, q: string, headers: Record<string, string>) => {
  const res = await fetch(`${server.url}/api/players?q=${encodeURIComponent(q)}`, { headers });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any };
};

describe('players: staff budgets', () => {
  let server: TestServer;
  before(async () => {
    // Staff: 4 KiB/s, at most 8 KiB at once, by hand: a search costs 1 KiB + its body (none) +
    // its answer, so a phone gets at most 8 before it is refused. Work left generous here.
    server = await startTestServer({
      requestBudget: { bytesPerSecond: 1024 * 1024, burstBytes: 4 * 1024 * 1024, staff: { bytesPerSecond: 4 * 1024, burstBytes: 8 * 1024 }, work: { msPerSecond: 1000, burstMs: 1000, staffMsPerSecond: 1000, staffBurstMs: 1000 } },
    });
  });
  after(() => server.close());

  it('a floor phone in a loop is refused once its own budget is spent; the TD is served meanwhile', async () => {
    const floor = await pair(server, TEST_PINS.floor);
    const statuses: number[] = [];
    const started = performance.now();
    let refused: Awaited<ReturnType<typeof search>> | null = null;
    for (let i = 0; i < 30 && !refused; i++) {
      const a = await search(server, 'anna', { cookie: floor });
      statuses.push(a.status);
      if (a.status === 429) refused = a;
    }
    assert.ok(refused, `never refused: ${statuses.join(',')}`);
    // The refill (4 KiB/s) pays for about one more search a quarter second while the loop runs.
    const refilled = Math.ceil(((performance.now() - started) / 1000) * 4);
    assert.ok(statuses.length >= 8 && statuses.length <= 10 + refilled, `refused at search ${statuses.length} (${refilled} refilled): ${statuses.join(',')}`);
    assert.equal(refused.body.error.code, 'rate-limited');
    assert.ok(Number(refused.retryAfter) >= 1);
    // The TD's own budget is untouched.
    assert.equal((await search(server, 'anna', TD)).status, 200);
  });

  it('a name of more than five words is searched by its first five (bounded work), and found', async () => {
    const created = await fetch(`${server.url}/api/players`, { method: 'POST', headers: { ...TD, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Maximiliaan van der Heijden-Kluivert Sr.' }) });
    assert.equal(created.status, 200);
    const a = await search(server, 'Maximiliaan van der Heijden-Kluivert Sr.', TD);
    assert.equal(a.status, 200);
    assert.deepEqual(a.body.matches.map((m: { name: string }) => m.name), ['Maximiliaan van der Heijden-Kluivert Sr.']);
  });
});

describe('players: the work of a search is charged', () => {
  let server: TestServer;
  before(async () => {
    // No work at once and almost none per second: the first search is served (nothing owed
    // yet), its milliseconds put the phone into debt, and the next is refused.
    server = await startTestServer({ requestBudget: { bytesPerSecond: 1024 * 1024, burstBytes: 4 * 1024 * 1024, work: { msPerSecond: 1, burstMs: 0, staffMsPerSecond: 0.001, staffBurstMs: 0 } } });
  });
  after(() => server.close());

  it('a second search waits for the first one\'s work to be paid back', async () => {
    const floor = await pair(server, TEST_PINS.floor);
    assert.equal((await search(server, 'anna', { cookie: floor })).status, 200);
    const second = await search(server, 'anna', { cookie: floor });
    assert.equal(second.status, 429);
    assert.match(second.body.error.message, /this phone/);
  });
});

describe('players: the index filled in slices', () => {
  it('a store over a table of records answers at once, partial, until its loader is done', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-players-loader-'));
    try {
      const db = openDb(join(dataDir, 'riffle.db'));
      const insert = db.$client.prepare('INSERT INTO players (id, name, folded, created_at, updated_at) VALUES (?, ?, ?, 0, 0)');
      db.$client.transaction(() => {
        for (const [id, name] of [['p_aaaaaaaaaa', 'Anna Jansen'], ['p_bbbbbbbbbb', 'Bram Bakker']] as const) insert.run(id, name, name.toLowerCase());
      })();
      const store = new PlayerStore(db, { now: () => 0 } as unknown as TimeSource);
      // Made in the constructor, the store reads nothing yet: the first page is read on the next turn.
      assert.equal(store.loader.ready, false);
      assert.deepEqual(store.search('anna'), { rows: [], more: false, partial: true });
      await store.loader.done;
      assert.equal(store.loader.ready, true);
      const found = store.search('anna');
      assert.deepEqual([found.rows.map((r) => r.id), found.partial], [['p_aaaaaaaaaa'], false]);
      db.$client.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('players: start-up with a big venue', () => {
  it('answers at once, searches while the index fills (partial), then finds everyone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-players-big-'));
    try {
      await (await startTestServer({ dataDir })).close();
      // 60,000 records written straight into the file (an import would fill the index itself).
      const db = new Database(join(dataDir, 'riffle.db'));
      const insert = db.prepare('INSERT INTO players (id, name, folded, created_at, updated_at) VALUES (?, ?, ?, 0, 0)');
      db.transaction(() => {
        for (let n = 0; n < 60_000; n++) {
          let id = 'p_';
          for (let k = 0, v = n; k < 10; k++, v = Math.floor(v / 32)) id += 'abcdefghijklmnopqrstuvwxyz234567'[v % 32];
          insert.run(id, `Player${n} Surname${n % 997}`, `player${n} surname${n % 997}`);
        }
        insert.run('p_zzzzzzzzzz', 'Zacharias Last', 'zacharias last');
      })();
      db.close();
      const server = await startTestServer({ dataDir });
      try {
        const health = await fetch(`${server.url}/healthz`);
        assert.equal(health.status, 200);
        // Answered at once; while the index is still being filled (on this machine, most likely)
        // the answer says it may miss players.
        const early = await search(server, 'surname5', TD);
        assert.equal(early.status, 200);
        // Filled in slices: then whole, and the last record (by id) is found.
        const deadline = Date.now() + 120_000;
        let last = early;
        while (last.body.partial && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
          last = await search(server, 'zacharias', TD);
        }
        assert.equal(last.body.partial, undefined, 'whole before the deadline');
        assert.deepEqual(last.body.matches.map((m: any) => m.id), ['p_zzzzzzzzzz']);
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
