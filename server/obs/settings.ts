/**
 * Where the OBS bridge keeps each tournament's OBS address and password (settings key
 * `obs:<tournament>`): the embedded SQLite database by default, PostgreSQL with
 * RIFFLE_DATABASE_URL, so that the host that takes a tournament over connects to its OBS.
 *
 * The bridge reads them synchronously, deep inside (bridge.ts `start`, `storedUrl`), so on
 * PostgreSQL they are a cache: all of them loaded once PostgreSQL answers (`loadAll`), one
 * tournament's read again when this host takes it over (`load`), and every change written
 * through: PostgreSQL first, the cache once it committed (a change that fails is answered 503
 * and changes nothing).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import type { Awaitable } from '../auth/auth-store.js';
import type { PgDb } from '../host/pg/pg-db.js';
import { SharedPool } from '../host/pg/pg-query.js';

export interface ObsSettings {
  url: string;
  password: string;
}

export interface ObsSettingsStore {
  get(tournament: string): ObsSettings | null;
  set(tournament: string, value: ObsSettings): Awaitable<void>;
  remove(tournament: string): Awaitable<void>;
}

const keyOf = (tournament: string) => `obs:${tournament}`;

function parse(value: string | undefined): ObsSettings | null {
  if (value === undefined) return null;
  try {
    return JSON.parse(value) as ObsSettings;
  } catch {
    return null;
  }
}

/** The embedded database; `connection` is the server's as it is now (reopen.ts replaces it). */
export class SqliteObsSettings implements ObsSettingsStore {
  constructor(private readonly connection: () => Db) {}

  get(tournament: string): ObsSettings | null {
    return parse(this.connection().select().from(settings).where(eq(settings.key, keyOf(tournament))).get()?.value);
  }

  set(tournament: string, value: ObsSettings): void {
    const json = JSON.stringify(value);
    this.connection().insert(settings).values({ key: keyOf(tournament), value: json }).onConflictDoUpdate({ target: settings.key, set: { value: json } }).run();
  }

  remove(tournament: string): void {
    this.connection().delete(settings).where(eq(settings.key, keyOf(tournament))).run();
  }
}

/** PostgreSQL, cached in memory (see above). */
export class PgObsSettings implements ObsSettingsStore {
  private readonly pool: SharedPool;
  private readonly cache = new Map<string, ObsSettings>();

  constructor(opened: Promise<PgDb>) {
    this.pool = new SharedPool(opened);
  }

  /** Every tournament's settings (at start, once PostgreSQL answered). */
  async loadAll(): Promise<void> {
    const r = await this.pool.query<{ key: string; value: string }>("SELECT key, value FROM settings WHERE key LIKE 'obs:%'");
    this.cache.clear();
    for (const row of r.rows) {
      const value = parse(row.value);
      if (value) this.cache.set(row.key.slice(4), value);
    }
  }

  /** One tournament's settings, read again (this host took it over). */
  async load(tournament: string): Promise<void> {
    const r = await this.pool.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [keyOf(tournament)]);
    const value = parse(r.rows[0]?.value);
    if (value) this.cache.set(tournament, value);
    else this.cache.delete(tournament);
  }

  get(tournament: string): ObsSettings | null {
    return this.cache.get(tournament) ?? null;
  }

  async set(tournament: string, value: ObsSettings): Promise<void> {
    await this.pool.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [keyOf(tournament), JSON.stringify(value)]);
    this.cache.set(tournament, value);
  }

  async remove(tournament: string): Promise<void> {
    await this.pool.query('DELETE FROM settings WHERE key = $1', [keyOf(tournament)]);
    this.cache.delete(tournament);
  }
}
