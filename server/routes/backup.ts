/**
 * GET /api/backup (td): a consistent copy of the whole database while Riffle runs, made with
 * SQLite's online backup (better-sqlite3 `backup()`). Copying `riffle.db` by hand is not a
 * backup: acknowledged commands may still be only in `riffle.db-wal` beside it. On PostgreSQL:
 * 404 with where the backup is (pg_dump; a tournament's export: routes/tournament-export.ts).
 */
import { Hono } from 'hono';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorResponse, refuseUnless, type Deps, type Env } from './context.js';

export function backupRoutes({ store, log, festival }: Deps) {
  return new Hono<Env>().get('/', async (c) => {
    const refused = refuseUnless(c, 'backup', 'The backup is for the tournament director.');
    if (refused) return refused;
    // On PostgreSQL this host's SQLite file holds none of the tournaments: a copy of it would
    // look like a backup and restore nothing (docs/SCALING.md "Backup and restore").
    if (festival) {
      return errorResponse(c, 404, {
        code: 'not-found',
        message: 'The tournaments are in PostgreSQL: back the database up with pg_dump (or point-in-time recovery), or export one tournament with GET /api/tournaments/<id>/export (docs/SCALING.md "Backup and restore").',
      });
    }
    const dir = mkdtempSync(join(tmpdir(), 'riffle-backup-'));
    try {
      const file = join(dir, 'riffle.db');
      await store.db.$client.backup(file);
      const bytes = readFileSync(file);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      log.info({ bytes: bytes.length }, 'backup made');
      c.header('Content-Type', 'application/vnd.sqlite3');
      c.header('Content-Disposition', `attachment; filename="riffle-${stamp}.db"`);
      return c.body(bytes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
