/**
 * The store's tests on both dialects (issue 28): the embedded SQLite and PostgreSQL
 * (RIFFLE_DATABASE_URL). `dialects()` starts one real PostgreSQL for the test file (before/after
 * hooks; test/helpers/postgres.ts) and hands each test a place to keep its data: a folder, and
 * on PostgreSQL a database of its own. `stored()` reads what the database holds of a tournament
 * from outside the server, the same on both: its seq, origin, log and checkpoint.
 */
import { after, before } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDb } from '../../db/client.js';
import { Store } from '../../server/host/store.js';
import type { CommandRow } from '../../server/host/command-log.js';
import type { Origin } from '../../server/engine/replay.js';
import { startPostgres, type TestPostgres } from './postgres.js';

export const DIALECTS = ['sqlite', 'postgres'] as const;
export type Dialect = (typeof DIALECTS)[number];

export interface Storage {
  dialect: Dialect;
  dataDir: string;
  /** Set on PostgreSQL. */
  databaseUrl?: string;
  /** Deletes the folder. */
  done(): void;
}

/** Starts PostgreSQL for this file (before the first test, stopped after the last). */
export function dialects(): (dialect: Dialect) => Promise<Storage> {
  let postgres: TestPostgres | null = null;
  before(async () => {
    postgres = await startPostgres();
  });
  after(() => postgres?.destroy());
  return async (dialect) => {
    const dataDir = mkdtempSync(join(tmpdir(), `riffle-${dialect}-`));
    const databaseUrl = dialect === 'postgres' ? await postgres!.database() : undefined;
    return { dialect, dataDir, ...(databaseUrl ? { databaseUrl } : {}), done: () => rmSync(dataDir, { recursive: true, force: true }) };
  };
}

export interface StoredTournament {
  seq: number;
  origin: Origin;
  log: CommandRow[];
  checkpoint: { seq: number; parts: number; hash: string | null; json: string; olderParts: number } | null;
}

/** What the database of `at` holds of tournament `id` (read with a connection of its own). */
export async function stored(at: Storage, id: string): Promise<StoredTournament> {
  if (!at.databaseUrl) {
    const db = openDb(join(at.dataDir, 'riffle.db'));
    try {
      const store = new Store(db);
      const sql = db.$client;
      const seq = (sql.prepare('SELECT seq FROM tournaments WHERE id = ?').get(id) as { seq: number }).seq;
      const cp = sql.prepare('SELECT seq, parts, hash FROM checkpoints WHERE tournament_id = ?').get(id) as { seq: number; parts: number; hash: string | null } | undefined;
      const json = cp ? (sql.prepare('SELECT json FROM checkpoint_parts WHERE tournament_id = ? AND seq = ? ORDER BY part').pluck().all(id, cp.seq) as string[]).join('') : '';
      const olderParts = sql.prepare('SELECT COUNT(*) FROM checkpoint_parts WHERE tournament_id = ? AND seq <> ?').pluck().get(id, cp?.seq ?? -1) as number;
      return { seq, origin: store.origin(id), log: store.log(id, 0, Number.MAX_SAFE_INTEGER), checkpoint: cp ? { ...cp, json, olderParts } : null };
    } finally {
      db.$client.close();
    }
  }
  const client = new pg.Client({ connectionString: at.databaseUrl });
  await client.connect();
  try {
    const t = (await client.query<{ seq: number; origin: string }>('SELECT seq, origin FROM tournaments WHERE id = $1', [id])).rows[0]!;
    const rows = (
      await client.query<{ seq: number; command_id: string; type: string; args: string; at: string; seed: string; actor: string; answer: string; engine: number | null }>(
        'SELECT seq, command_id, type, args, at, seed, actor, answer, engine FROM commands WHERE tournament_id = $1 ORDER BY seq',
        [id],
      )
    ).rows;
    const log: CommandRow[] = rows.map((r) => ({ seq: r.seq, commandId: r.command_id, type: r.type, args: JSON.parse(r.args), at: Number(r.at), seed: r.seed, actor: r.actor, answer: JSON.parse(r.answer), engine: r.engine }));
    const cp = (await client.query<{ seq: number; parts: number; hash: string | null }>('SELECT seq, parts, hash FROM checkpoints WHERE tournament_id = $1', [id])).rows[0];
    const json = cp ? (await client.query<{ json: string }>('SELECT json FROM checkpoint_parts WHERE tournament_id = $1 AND seq = $2 ORDER BY part', [id, cp.seq])).rows.map((r) => r.json).join('') : '';
    const older = (await client.query<{ n: string }>('SELECT COUNT(*) AS n FROM checkpoint_parts WHERE tournament_id = $1 AND seq <> $2', [id, cp?.seq ?? -1])).rows[0]!;
    return { seq: t.seq, origin: JSON.parse(t.origin) as Origin, log, checkpoint: cp ? { ...cp, json, olderParts: Number(older.n) } : null };
  } finally {
    await client.end();
  }
}
