/**
 * Who owns which tournament of the cluster, and draining this process (server/routes/cluster.ts,
 * the TD's tournament info): the leases as PostgreSQL has them, read in one bounded query.
 */
import type { Cluster } from './cluster.js';
import type { PgDb, LeaseTiming } from './pg-db.js';
import { NOW_MS } from './pg-db.js';
import { FESTIVAL_MAX } from './festival.js';
import { PG_STORAGE_MESSAGE } from './pg-store.js';

export interface OwnedTournament {
  id: string;
  name: string;
  /** null: no one holds its lease now (it is changing hosts). */
  owner: string | null;
  epoch: number | null;
  /** How long its lease still runs (0 when it has run out). */
  leaseLeftMs: number;
}

export interface Ownership {
  readonly self: string;
  describe(): Promise<{ self: string; draining: boolean; lease: LeaseTiming; tournaments: OwnedTournament[] }>;
  drain(): Promise<string[]>;
  undrain(): void;
}

/** Answered 503 storage-unavailable (app.ts's error handler). */
function unavailable(): Error {
  return Object.assign(new Error('PostgreSQL cannot be reached'), { code: 'RIFFLE_STORAGE_UNAVAILABLE', publicMessage: PG_STORAGE_MESSAGE });
}

export function ownership(self: string, lease: LeaseTiming, db: () => PgDb | null, cluster: () => Cluster | null): Ownership {
  const up = () => {
    const c = cluster();
    const d = db();
    if (!c || !d) throw unavailable();
    return { c, d };
  };
  return {
    self,
    async describe() {
      const { c, d } = up();
      const rows = await d.$client
        .query<{ id: string; name: string; owner: string | null; epoch: number | null; left_ms: string | null }>(
        `SELECT t.id, t.name, CASE WHEN l.expires_at >= ${NOW_MS} THEN l.owner END AS owner, l.epoch, GREATEST(l.expires_at - ${NOW_MS}, 0) AS left_ms
         FROM tournaments t LEFT JOIN leases l ON l.tournament_id = t.id ORDER BY t.created_at, t.id LIMIT ${FESTIVAL_MAX}`,
        )
        .catch(() => {
          throw unavailable();
        });
      return {
        self,
        draining: c.draining,
        lease,
        tournaments: rows.rows.map((r) => ({ id: r.id, name: r.name, owner: r.owner || null, epoch: r.epoch, leaseLeftMs: Number(r.left_ms ?? 0) })),
      };
    },
    drain: () => up().c.drain(),
    undrain: () => cluster()?.undrain(),
  };
}
