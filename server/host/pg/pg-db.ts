/**
 * PostgreSQL (RIFFLE_DATABASE_URL): a pool through drizzle's node-postgres driver, with the
 * committed migrations of db/migrations-pg applied at start. node-postgres (`pg`) rather than
 * postgres.js: the driver docs/SCALING.md named, pure JavaScript (no native build next to
 * better-sqlite3's), and its `Client` runs the queries given to it strictly one after another on
 * one connection, which the store's ordered writes rely on (pg-store.ts).
 */
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from '../../../db/schema.pg.js';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'db', 'migrations-pg');

/** How long a connection attempt may take before PostgreSQL counts as unreachable. */
export const PG_CONNECT_TIMEOUT_MS = 3_000;

/** A pool on `url`, migrated. Throws (a clear message) when PostgreSQL cannot be reached. */
export async function openPg(url: string): Promise<PgDb> {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  // An idle connection that breaks (PostgreSQL restarted) is dropped by the pool; without a
  // listener its error would end the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as PgDb;
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS });
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  return db;
}

/** A connection of its own (the store's writes, in order), with the same settings. */
export async function dedicatedClient(url: string, onError: (err: Error) => void): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  client.on('error', onError);
  await client.connect();
  return client;
}

/** PostgreSQL's clock in milliseconds since the epoch (leases use one clock, not each host's). */
export const NOW_MS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** How long a lease lasts without renewal: a dead owner's tournaments are taken over after this... */
export const LEASE_MS = 3_000;
/** ...and owners renew (and others look for tournaments to take) this often (cluster.ts). */
export const RENEW_MS = 1_000;

/** A lease's length and how often it is renewed (RIFFLE_LEASE_MS; renewed three times a lease). */
export interface LeaseTiming {
  leaseMs: number;
  renewMs: number;
}

export const DEFAULT_LEASE: LeaseTiming = { leaseMs: LEASE_MS, renewMs: RENEW_MS };

/**
 * The bounds of RIFFLE_LEASE_MS. Under a second, a garbage-collection pause or a slow commit
 * would cost an owner its leases while it is healthy (its tournaments bounce between hosts);
 * over a minute, a dead owner's tournaments answer nothing for that long.
 */
export const LEASE_BOUNDS = { min: 1_000, max: 60_000 } as const;

/** The timing for a lease of `leaseMs` (renewed three times within it), or a clear error. */
export function leaseTiming(leaseMs: number): LeaseTiming {
  if (!Number.isInteger(leaseMs) || leaseMs < LEASE_BOUNDS.min || leaseMs > LEASE_BOUNDS.max) {
    throw new Error(`RIFFLE_LEASE_MS must be a whole number of milliseconds from ${LEASE_BOUNDS.min} to ${LEASE_BOUNDS.max} (a dead owner's tournaments are taken over after it; 3000 by default)`);
  }
  return { leaseMs, renewMs: Math.floor(leaseMs / 3) };
}
