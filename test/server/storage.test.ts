/**
 * Storage that fails (issue: full disks): every command on every path is answered
 * `503 storage-unavailable` with nothing changed, the clock's boundary commit retries while
 * the screens count on, and once storage is back the boundary lands at its scheduled time.
 *
 * The failures are SQLite's own: `max_page_count` at the database's current size makes it
 * full (SQLITE_FULL), `query_only` makes every write fail (SQLITE_READONLY), on the server's
 * real connection. A database file that cannot be written at start-up is made immutable
 * (`chattr +i`: the tests run as root, which ignores mode bits, but not that).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualTime, startTestServer, TEST_PINS } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';
import { STORAGE_RETRY_MS } from '../../server/host/tournament-host.js';

const MIN = 60_000;

async function publicState(url: string, id: string) {
  const body = (await (await fetch(`${url}/api/tournaments/${id}`)).json()) as { seq: number; state: any };
  return { seq: body.seq, state: body.state };
}

/** Makes a file immutable (true) or writable again (false); false when this file system cannot. */
function immutable(file: string, on: boolean): boolean {
  try {
    execFileSync('chattr', [on ? '+i' : '-i', file], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Polls /healthz until `storage.writable` is true; fails after `ms`. */
async function untilWritable(url: string, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const health = (await (await fetch(`${url}/healthz`)).json()) as { storage: { writable: boolean } };
    if (health.storage.writable) return Date.now() - started;
    if (Date.now() - started > ms) assert.fail(`still not writable after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a full or failing disk', () => {
  it('a full database: commands over HTTP and WebSocket get 503 storage-unavailable and change nothing', async () => {
    const server = await startTestServer();
    try {
      const id = await server.createTournament();
      const sqlite = server.riffle.db.$client;
      const pages = sqlite.pragma('page_count', { simple: true }) as number;
      sqlite.pragma(`max_page_count = ${pages}`);
      // Fill what room is left in the last pages until the disk is "full".
      let refused: { status: number; body: any } | null = null;
      for (let i = 0; i < 500 && !refused; i++) {
        const before = await publicState(server.url, id);
        const answer = await server.command(id, { type: 'entry.add', name: `Player with a long name ${i} ${'x'.repeat(30)}` });
        if (answer.status !== 200) {
          refused = answer;
          assert.deepEqual(await publicState(server.url, id), before, 'nothing changed');
        }
      }
      assert.ok(refused, 'the database filled up');
      assert.equal(refused.status, 503);
      assert.equal(refused.body.error.code, 'storage-unavailable');
      assert.match(refused.body.error.message, /nothing can be saved/);

      const client = await TestClient.connect(server.wsUrl, { headers: { authorization: 'Bearer test-admin-token-0123456789' } });
      await client.next('hello');
      client.send({ type: 'auth', token: 'test-admin-token-0123456789' });
      await client.next('hello');
      client.send({ type: 'command', id: 'w1', tournament: id, command: { type: 'entry.add', name: `Another long-named player ${'y'.repeat(30)}` } });
      const result = await client.next('result', (m) => m.id === 'w1');
      assert.equal(result.ok, false);
      assert.equal(!result.ok && result.error.code, 'storage-unavailable');

      // Room again: the same command goes through.
      sqlite.pragma('max_page_count = 1073741823');
      assert.equal((await server.command(id, { type: 'entry.add', name: 'After the clean-up' })).status, 200);
      client.close();
    } finally {
      await server.close();
    }
  });

  it('the clock boundary retries while writes fail and lands at its scheduled time once storage is back', async () => {
    const time = new ManualTime();
    const server = await startTestServer({ time });
    try {
      const id = await server.createTournament();
      await server.ok(id, { type: 'clock.start' });
      const startedAt = time.now();
      const sqlite = server.riffle.db.$client;
      sqlite.pragma('query_only = ON');
      time.advance(20 * MIN + 1); // level 1 (20 min) ends: its commit fails
      time.advance(3 * STORAGE_RETRY_MS); // and fails again at each retry, without stopping the server
      const during = await publicState(server.url, id);
      assert.equal(during.state.clock.current.index, 0, 'nothing committed while storage fails');
      assert.equal((await server.command(id, { type: 'clock.pause' })).status, 503);

      sqlite.pragma('query_only = OFF');
      time.advance(STORAGE_RETRY_MS);
      const after = await publicState(server.url, id);
      assert.equal(after.seq, during.seq + 1, 'one clock.tick committed');
      assert.equal(after.state.clock.current.index, 1, 'level 2');
      assert.equal(after.state.clock.endsAt, startedAt + 40 * MIN, 'level 2 ends at its scheduled time, not shifted by the outage');
    } finally {
      await server.close();
    }
  });

  it('starting while the database cannot be written: serves (reads), answers 503, catches up once it can', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-locked-'));
    const time = new ManualTime();
    try {
      let server = await startTestServer({ time, dataDir });
      const id = await server.createTournament();
      await server.ok(id, { type: 'clock.start' });
      const startedAt = time.now();
      await server.close();
      // Another process holds the write lock (as a full or failing disk would refuse writes):
      // every write of the new server fails after its 5 s busy timeout.
      const holder = new Database(join(dataDir, 'riffle.db'));
      holder.exec('BEGIN IMMEDIATE');
      time.advance(25 * MIN); // level 1 ended while the server was down
      server = await startTestServer({ time, dataDir });
      try {
        const state = await publicState(server.url, id);
        assert.equal(state.state.clock.current.index, 0, 'served, as stored');
        const refused = await server.command(id, { type: 'clock.pause' });
        assert.equal(refused.status, 503);
        assert.equal(refused.body.error.code, 'storage-unavailable');
        holder.exec('COMMIT');
        holder.close();
        time.advance(STORAGE_RETRY_MS);
        const after = await publicState(server.url, id);
        assert.equal(after.state.clock.current.index, 1, 'the boundary crossed once it could be saved');
        assert.equal(after.state.clock.endsAt, startedAt + 40 * MIN, 'at its scheduled time');
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a database read-only at start-up saves as soon as it can be written, without a restart (commands and pairing)', async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-readonly-'));
    const file = join(dataDir, 'riffle.db');
    try {
      let server = await startTestServer({ dataDir });
      const id = await server.createTournament();
      await server.ok(id, { type: 'entry.add', name: 'Anna Jansen' });
      await server.close();
      if (!immutable(file, true)) {
        t.skip('chattr +i is not available on this file system');
        return;
      }
      try {
        server = await startTestServer({ dataDir });
        const health = (await (await fetch(`${server.url}/healthz`)).json()) as any;
        assert.equal(health.storage.writable, false);
        const before = await publicState(server.url, id);
        assert.equal(before.seq, 1, 'served as stored');
        const refused = await server.command(id, { type: 'entry.add', name: 'Bo Berg', id: 'bo' });
        assert.equal(refused.status, 503);
        assert.equal(refused.body.error.code, 'storage-unavailable');
        assert.match(refused.body.error.message, /saves again by itself/);
        const pin = () => fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: TEST_PINS.td }) });
        assert.equal((await pin()).status, 503, 'pairing writes a session: refused while read-only');

        immutable(file, false);
        await untilWritable(server.url, 10_000);
        const accepted = await server.command(id, { type: 'entry.add', name: 'Bo Berg', id: 'bo' });
        assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
        assert.equal(accepted.body.seq, 2);
        assert.equal((await pin()).status, 200, 'the TD pairs again');
        await server.close();
        // Saved in the database, not only in memory.
        server = await startTestServer({ dataDir });
        const after = await publicState(server.url, id);
        assert.equal(after.seq, 2);
        assert.deepEqual(after.state.players.entries.map((e: { name: string }) => e.name), ['Anna Jansen', 'Bo Berg']);
      } finally {
        immutable(file, false);
        await server.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
