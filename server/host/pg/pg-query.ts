/**
 * Queries of what the hosts share besides the tournaments (sessions, settings, brandings:
 * server/auth/pg-auth-store.ts, server/obs/settings.ts, server/branding/store.ts). A query that
 * fails, or one made before PostgreSQL has answered, throws `SharedUnavailable`: a storage
 * error (isStorageError), answered 503 `storage-unavailable` with its own message.
 */
import type pg from 'pg';
import type { PgDb } from './pg-db.js';

export const PG_SHARED_MESSAGE = 'The database (PostgreSQL) cannot be reached: nothing was changed. Riffle keeps trying; try again in a moment.';

export class SharedUnavailable extends Error {
  readonly code = 'RIFFLE_STORAGE';
  readonly publicMessage = PG_SHARED_MESSAGE;
}

/** The pool once `opened` has resolved (host/pg/start.ts), for synchronous checks. */
export class SharedPool {
  private db: PgDb | null = null;
  closed = false;

  constructor(readonly opened: Promise<PgDb>) {
    void opened.then((db) => (this.db = db));
  }

  get ready(): boolean {
    return this.db !== null && !this.closed;
  }

  async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    if (!this.db || this.closed) throw new SharedUnavailable('PostgreSQL has not answered yet');
    try {
      return await this.db.$client.query<R>(sql, params);
    } catch (err) {
      throw new SharedUnavailable(`PostgreSQL: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }
}
