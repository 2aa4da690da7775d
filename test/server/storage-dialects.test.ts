/**
 * The store on both dialects: the embedded SQLite and PostgreSQL (RIFFLE_DATABASE_URL, a real
 * PostgreSQL 15 on a loopback port: test/helpers/postgres.ts). The same scenarios run on each:
 * what was acknowledged survives a restart, the state equals a fresh replay of the log, a
 * running clock lands where its schedule says, and the same id twice has no second effect.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { replay } from '../../server/engine/replay.js';
import { CHECKPOINT_EVERY } from '../../server/host/store.js';
import { ManualTime, startTestServer } from '../helpers/server.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

const MIN = 60_000;

let postgres: TestPostgres;
before(async () => {
  postgres = await startPostgres();
});
after(() => postgres?.destroy());

/** A place to keep the data: a folder (SQLite) and, on PostgreSQL, a database of its own. */
async function storage(dialect: 'sqlite' | 'postgres'): Promise<{ dataDir: string; databaseUrl?: string; done(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), `riffle-${dialect}-`));
  const databaseUrl = dialect === 'postgres' ? await postgres.database() : undefined;
  return { dataDir, ...(databaseUrl ? { databaseUrl } : {}), done: () => rmSync(dataDir, { recursive: true, force: true }) };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`store on ${dialect}`, () => {
    it('keeps every acknowledged command across a restart; the state equals a replay of the log; the clock keeps its schedule', async () => {
      const at = await storage(dialect);
      try {
        const time = new ManualTime();
        let server = await startTestServer({ time, ...at });
        const id = await server.createTournament();
        await server.ok(id, { type: 'clock.start', id: 'start' });
        time.advance(5 * MIN);
        await server.ok(id, { type: 'clock.adjust', id: 'adjust', seconds: -120 }); // level 1 ends at +18 min
        for (let i = 0; i < 20; i++) await server.ok(id, { type: 'clock.adjust', id: `a${i}`, seconds: i % 2 ? 1 : -1 });
        const endsAt = server.riffle.registry.get(id)!.state.clock.endsAt!;
        const seq = server.riffle.registry.get(id)!.seq;
        assert.equal(seq, 22);
        await server.close();

        // Down for 70 minutes (now +75): levels 1-3 ended at +18, +38, +58; level 4 runs until +78.
        time.advance(70 * MIN);
        server = await startTestServer({ time, ...at });
        const host = server.riffle.registry.get(id)!;
        assert.ok(host, 'the tournament is served again');
        const clock = host.view('clock');
        assert.equal(clock.status, 'running');
        assert.equal(clock.current.index, 3);
        assert.equal(clock.endsAt, endsAt + 60 * MIN);
        // The boundaries crossed while down are settled by one clock.tick at load.
        assert.equal(host.seq, seq + 1);
        const log = host.log(0, 1000);
        assert.equal(log.length, host.seq);
        assert.deepEqual(replay(await origin(server, id), log), host.state, 'the state equals a fresh replay of the log');
        await server.close();
      } finally {
        at.done();
      }
    });

    it('writes a checkpoint a step at a time after CHECKPOINT_EVERY commands; a restart loads it and replays the tail', async () => {
      const at = await storage(dialect);
      try {
        let server = await startTestServer(at);
        const id = await server.createTournament();
        await server.ok(id, { type: 'clock.start', id: 'start' });
        for (let i = 0; i < CHECKPOINT_EVERY + 9; i++) await server.ok(id, { type: 'clock.adjust', id: `c${i}`, seconds: i % 2 ? 1 : -1 });
        const host = server.riffle.registry.get(id)!;
        assert.equal(host.seq, CHECKPOINT_EVERY + 10);
        // The checkpoint of seq CHECKPOINT_EVERY starts after that command's answer and takes a few steps.
        await until(() => host.checkpointState.seq >= CHECKPOINT_EVERY && !host.checkpointState.writing);
        const written = host.checkpointState.seq;
        assert.ok(written >= CHECKPOINT_EVERY && written <= host.seq);
        if (at.databaseUrl) {
          const rows = await rowsOf<{ seq: number; parts: number }>(at.databaseUrl, 'SELECT seq, parts FROM checkpoints WHERE tournament_id = $1', [id]);
          assert.equal(rows[0]!.seq, written);
          const parts = await rowsOf<{ seq: number }>(at.databaseUrl, 'SELECT DISTINCT seq FROM checkpoint_parts WHERE tournament_id = $1', [id]);
          assert.deepEqual(parts.map((p) => p.seq), [written], 'the older checkpoint\'s parts are deleted');
        }
        const state = host.state;
        // Killed rather than closed: no checkpoint at close, so the start replays the tail.
        server.riffle.registry.get(id)!.abandon();
        await server.close();
        server = await startTestServer(at);
        const again = server.riffle.registry.get(id)!;
        assert.equal(again.seq, CHECKPOINT_EVERY + 10);
        assert.equal(again.checkpointState.seq, written, 'loaded from the checkpoint');
        assert.deepEqual(again.state, state);
        await server.close();
      } finally {
        at.done();
      }
    });

    it('the same id twice has no second effect, also when both arrive at once', async () => {
      const at = await storage(dialect);
      try {
        const server = await startTestServer(at);
        const id = await server.createTournament();
        await server.ok(id, { type: 'clock.start', id: 'start' });
        const [a, b] = await Promise.all([
          server.command(id, { type: 'clock.adjust', id: 'twice', seconds: 30 }),
          server.command(id, { type: 'clock.adjust', id: 'twice', seconds: 30 }),
        ]);
        assert.equal(a.status, 200);
        assert.deepEqual(b, a);
        const again = await server.command(id, { type: 'clock.adjust', id: 'twice', seconds: 30 });
        assert.deepEqual(again, a);
        assert.equal(server.riffle.registry.get(id)!.seq, 2, 'clock.start and one clock.adjust');
        if (at.databaseUrl) {
          const rows = await countRows(at.databaseUrl, id);
          assert.equal(rows, 2, 'two rows in PostgreSQL');
        }
        await server.close();
      } finally {
        at.done();
      }
    });
  });
}

async function origin(server: Awaited<ReturnType<typeof startTestServer>>, id: string) {
  const host = server.riffle.registry.get(id)!;
  // The origin is what the store loaded the tournament from (the start of every replay).
  return (host as unknown as { store: { origin(id: string): Parameters<typeof replay>[0] } }).store.origin(id);
}

async function countRows(url: string, id: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>('SELECT count(*) AS n FROM commands WHERE tournament_id = $1', [id]);
    return Number(r.rows[0]!.n);
  } finally {
    await client.end();
  }
}

async function rowsOf<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
