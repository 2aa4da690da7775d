/**
 * Opens the embedded SQLite database and applies the committed migrations.
 *
 * Durability: WAL with synchronous=FULL syncs the log on every commit, so a command that was
 * acknowledged survives a process kill and also a power cut (NORMAL would survive only the
 * former). better-sqlite3 is synchronous, which keeps "commit, then acknowledge" trivially
 * ordered.
 */
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** `path` is a file, or `:memory:` for tests. */
export function openDb(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS });
  return db;
}
