/**
 * The festival's list on PostgreSQL (server/host/summary.ts): each owner writes its tournaments'
 * summaries into `tournaments.summary` once a renewal round (cluster.ts), only those whose seq
 * moved since, in one statement and only while it holds their lease; any process reads every
 * tournament with its owner (a lease that has run out: no owner, it is changing hosts).
 */
import type pg from 'pg';
import type { TournamentHost } from '../tournament-host.js';
import { summary, type Festival, type FestivalRow, type TournamentSummary } from '../summary.js';
import { NOW_MS } from './pg-db.js';

/** The most tournaments one list reads (a request does bounded work; a festival has dozens). */
export const FESTIVAL_MAX = 1_000;

export class PgFestival implements Festival {
  /** The seq whose summary was last written, per tournament this process owns. */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly pool: () => pg.Pool | null,
    readonly owner: string,
  ) {}

  /** Writes the summaries of `hosts` (the ones this process owns) whose seq moved. */
  async publish(hosts: readonly TournamentHost[]): Promise<void> {
    const pool = this.pool();
    if (!pool) return;
    const ids = new Set(hosts.map((h) => h.id));
    for (const id of this.written.keys()) if (!ids.has(id)) this.written.delete(id);
    const changed = hosts.filter((h) => this.written.get(h.id) !== h.seq);
    if (changed.length === 0) return;
    const seqs = changed.map((h) => h.seq);
    await pool.query(
      `UPDATE leases l SET summary = v.summary FROM unnest($1::text[], $2::text[]) AS v(id, summary) WHERE l.tournament_id = v.id AND l.owner = $3`,
      [changed.map((h) => h.id), changed.map((h) => JSON.stringify(summary(h))), this.owner],
    );
    changed.forEach((h, i) => this.written.set(h.id, seqs[i]!));
  }

  async rows(): Promise<FestivalRow[]> {
    const pool = this.pool();
    if (!pool) throw new Error('PostgreSQL has not answered yet');
    const found = await pool.query<{ id: string; name: string; seq: number; created_at: string; summary: string | null; owner: string | null }>(
      `SELECT t.id, t.name, t.seq, t.created_at, l.summary, CASE WHEN l.expires_at >= ${NOW_MS} THEN l.owner END AS owner
       FROM tournaments t LEFT JOIN leases l ON l.tournament_id = t.id ORDER BY t.created_at, t.id LIMIT ${FESTIVAL_MAX}`,
    );
    return found.rows.map((r) => ({ id: r.id, name: r.name, seq: r.seq, createdAt: Number(r.created_at), summary: r.summary ? (JSON.parse(r.summary) as TournamentSummary) : null, owner: r.owner }));
  }
}
