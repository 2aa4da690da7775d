/**
 * Backup on both stores (docs/SCALING.md "Backup and restore"): a tournament's export is its
 * origin and its whole command log, as the database holds them, on SQLite and on PostgreSQL
 * (test/helpers/dialects.ts: a real PostgreSQL 15). On PostgreSQL `GET /api/backup` says where
 * the backup is instead of sending the host's empty SQLite file; a host started on PostgreSQL
 * beside a local SQLite file that holds tournaments says so in /healthz.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DIALECTS, dialects, stored } from '../helpers/dialects.js';
import { startTestServer, TEST_ADMIN_TOKEN } from '../helpers/server.js';
import { EXPORT_FORMAT } from '../../server/routes/tournament-export.js';

const storage = dialects();
const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

describe('a tournament\'s export', () => {
  for (const dialect of DIALECTS) {
    it(`is its origin and whole log as the database holds them (${dialect})`, async () => {
      const at = await storage(dialect);
      const server = await startTestServer({ dataDir: at.dataDir, ...(at.databaseUrl ? { databaseUrl: at.databaseUrl } : {}) });
      try {
        const id = await server.createTournament();
        await server.ok(id, { type: 'clock.start', id: 'x1' });
        await server.ok(id, { type: 'entry.add', id: 'x2', name: 'Anna' });
        await server.ok(id, { type: 'clock.adjust', id: 'x3', seconds: -30 });
        assert.equal((await fetch(`${server.url}/api/tournaments/${id}/export`)).status, 401);
        const res = await fetch(`${server.url}/api/tournaments/${id}/export`, { headers: admin });
        assert.equal(res.status, 200);
        const exported = (await res.json()) as { format: string; id: string; seq: number; origin: unknown; log: Array<{ seq: number; commandId: string }> };
        const truth = await stored(at, id);
        assert.equal(exported.format, EXPORT_FORMAT);
        assert.equal(exported.id, id);
        assert.equal(exported.seq, truth.seq);
        assert.deepEqual(exported.origin, truth.origin);
        assert.deepEqual(exported.log, JSON.parse(JSON.stringify(truth.log)));
        assert.deepEqual(exported.log.map((r) => r.commandId).filter((c) => c.startsWith('x')), ['x1', 'x2', 'x3']);
        const backup = await fetch(`${server.url}/api/backup`, { headers: admin });
        if (dialect === 'postgres') {
          assert.equal(backup.status, 404);
          assert.match(((await backup.json()) as { error: { message: string } }).error.message, /pg_dump/);
        } else assert.equal(backup.status, 200);
      } finally {
        await server.close();
        at.done();
      }
    });
  }

  it('a host on PostgreSQL beside a local SQLite file with tournaments says so in /healthz', async () => {
    const at = await storage('postgres');
    const venue = await startTestServer({ dataDir: at.dataDir });
    await venue.createTournament();
    await venue.close();
    const server = await startTestServer({ dataDir: at.dataDir, databaseUrl: at.databaseUrl! });
    try {
      const health = (await (await fetch(`${server.url}/healthz`)).json()) as { localSqliteNotServed?: { tournaments: number; names: string[] } };
      assert.deepEqual({ tournaments: health.localSqliteNotServed?.tournaments, names: health.localSqliteNotServed?.names }, { tournaments: 1, names: ['Riffle Sunday Deepstack'] });
      assert.deepEqual(((await (await fetch(`${server.url}/api/tournaments`, { headers: admin })).json()) as { tournaments: unknown[] }).tournaments, []);
    } finally {
      await server.close();
      at.done();
    }
  });
});
