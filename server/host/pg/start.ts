/**
 * Wiring of the PostgreSQL store (RIFFLE_DATABASE_URL) for server.ts: the store, and the
 * cluster that takes tournaments over, started once PostgreSQL answers. PostgreSQL unreachable
 * at start is a clear log line and a retry every RETRY_MS, never a crash: the server serves its
 * pages meanwhile and has no tournament to answer commands for.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Registry } from '../registry.js';
import { Cluster } from './cluster.js';
import { dedicatedClient, openPg, type LeaseTiming, type PgDb } from './pg-db.js';
import { PG_STORAGE_MESSAGE, PgStore } from './pg-store.js';
import { PgFestival } from './festival.js';
import { ownership, type Ownership } from './ownership.js';

export const RETRY_MS = 2_000;

export interface PgRuntime {
  store: PgStore;
  /** Set once PostgreSQL has answered and the migrations ran. */
  cluster: Cluster | null;
  /** Every tournament of the cluster with its owner (the lists: server/host/summary.ts). */
  festival: PgFestival;
  /** Who owns what; draining this process (server/routes/cluster.ts). */
  ownership: Ownership;
  /** Resolves after the first round of take-overs (or at once when PostgreSQL cannot be reached). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Where the URL's password is, it is never logged. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

export function pgStore(
  url: string,
  log: Logger,
  partChars?: number,
  lease?: LeaseTiming,
): {
  store: PgStore;
  /** The pool, once PostgreSQL answered and the migrations ran (sessions, settings, brandings use it too); before the first take-over. */
  opened: Promise<PgDb>;
  start(registry: Registry, loaded?: (tournamentId: string) => void, dropped?: (tournamentId: string) => void): PgRuntime;
} {
  let cluster: Cluster | null = null;
  let open: (db: PgDb) => void = () => {};
  const opened = new Promise<PgDb>((resolve) => (open = resolve));
  const owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const store = new PgStore(
    () => dedicatedClient(url, (err) => log.warn({ err }, 'the connection to PostgreSQL broke; opened again for the next write')),
    owner,
    (tournament, err) => cluster?.broke(tournament, err),
    partChars,
    lease,
  );
  return {
    store,
    opened,
    start(registry, loaded, dropped) {
      let db: PgDb | null = null;
      const festival = new PgFestival(() => db?.$client ?? null, owner);
      let closed = false;
      let retry: ReturnType<typeof setTimeout> | null = null;
      let warned = false;
      const attempt = async (): Promise<void> => {
        try {
          db = await openPg(url);
        } catch (err) {
          if (closed) return;
          if (!warned) log.error({ err: String(err), url: safeUrl(url) }, `PostgreSQL cannot be reached (RIFFLE_DATABASE_URL): no tournament is served until it can; trying again every ${RETRY_MS / 1000} s`);
          warned = true;
          registry.storageDown = PG_STORAGE_MESSAGE;
          retry = setTimeout(() => void attempt(), RETRY_MS);
          retry.unref?.();
          return;
        }
        if (closed) {
          await db.$client.end();
          return;
        }
        log.info({ url: safeUrl(url), owner }, 'PostgreSQL store: taking over the tournaments no other process holds');
        registry.storageDown = null;
        open(db);
        runtime.cluster = cluster = new Cluster(db.$client, store, registry, log, loaded, festival, dropped);
        await cluster.start();
      };
      const runtime: PgRuntime = {
        store,
        cluster,
        festival,
        ownership: ownership(owner, store.lease, () => db, () => cluster),
        ready: attempt(),
        async close() {
          closed = true;
          if (retry) clearTimeout(retry);
          await cluster?.close();
          await store.close();
          await db?.$client.end().catch(() => {});
        },
      };
      return runtime;
    },
  };
}
