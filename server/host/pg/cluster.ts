/**
 * Many Riffle processes on one PostgreSQL (RIFFLE_DATABASE_URL): each tournament is owned by one
 * process at a time through a lease row (`leases`: owner, epoch, expiry in PostgreSQL's clock).
 * The owner renews its leases every RENEW_MS (a third of the lease: RIFFLE_LEASE_MS); a process takes over a tournament whose lease has
 * run out (its owner died, or cannot reach PostgreSQL) by moving the epoch on, then loads it as a
 * restart does (the checkpoint and the log's tail: Registry.load), and the clock crosses the
 * boundaries it missed at their scheduled times (TournamentHost wakes on load).
 *
 * A lease row rather than an advisory lock: an advisory lock belongs to a connection, and a
 * process whose connection broke (a blip, PostgreSQL restarted) loses it without noticing until
 * it asks, while it still thinks it owns the tournament. The lease's epoch is checked inside the
 * very statement that appends a command (pg-store.ts), so a process whose lease was taken never
 * appends again, whatever it believes: two processes never both apply commands of one
 * tournament. And the lease survives a connection's blip shorter than LEASE_MS.
 */
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Registry } from '../registry.js';
import { NOW_MS } from './pg-db.js';
import { PG_STORAGE_MESSAGE, type PgStore } from './pg-store.js';
import type { PgFestival } from './festival.js';

export { LEASE_MS, RENEW_MS } from './pg-db.js';

export class Cluster {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  /** Tournaments whose memory may be ahead of the log: loaded again from PostgreSQL at the next round. */
  private readonly broken = new Set<string>();
  private unreachable = false;
  private closed = false;
  /** Set by drain(): this process gives its tournaments up and takes none. */
  draining = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: PgStore,
    private readonly registry: Registry,
    private readonly log: Logger,
    /** A tournament was loaded (taken over or loaded again): its screens need a new snapshot. */
    private readonly loaded: (tournamentId: string) => void = () => {},
    /** Where the owned tournaments' summaries are written each round (festival.ts). */
    private readonly festival: PgFestival | null = null,
    /** A tournament is no longer served here (handed over or taken by another): the NATS link lets go at once. */
    private readonly dropped: (tournamentId: string) => void = () => {},
  ) {}

  /** A write of the tournament failed (pg-store.ts): it is loaded again once PostgreSQL answers. */
  broke(tournamentId: string, err: unknown): void {
    this.log.error({ err, tournament: tournamentId }, 'PostgreSQL did not save a command: the tournament answers storage-unavailable until it is loaded again from the database');
    this.broken.add(tournamentId);
  }

  /** Whether the tournament is stored (owned by any process or none): an edge asks while no owner answers. */
  async exists(id: string): Promise<boolean> {
    const found = await this.pool.query('SELECT 1 FROM tournaments WHERE id = $1', [id]);
    return (found.rowCount ?? 0) > 0;
  }

  /** Takes the tournaments no one owns, then keeps the leases (every RENEW_MS). */
  async start(): Promise<void> {
    await this.round();
    this.timer = setInterval(() => void this.round(), this.store.lease.renewMs);
    this.timer.unref?.();
  }

  /** One round: renew, reload what broke, take what is free. Never two at once. */
  round(): Promise<void> {
    this.running ??= this.renewAndTake().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async renewAndTake(): Promise<void> {
    if (this.closed) return;
    try {
      // Only the tournaments whose lease row is surely written are judged by the renewal: a
      // tournament just created inserts its lease on the writer's connection (pg-store.ts), and
      // a renewal on the pool that ran before that insert committed would not return it (it was
      // then dropped as if taken by another process: a 404 right after its creation).
      const judged = this.registry.list().map((host) => host.id);
      await this.store.drain().catch(() => {});
      const kept = await this.pool.query<{ tournament_id: string }>(`UPDATE leases SET expires_at = ${NOW_MS} + $2 WHERE owner = $1 RETURNING tournament_id`, [this.store.owner, this.store.lease.leaseMs]);
      const still = new Set(kept.rows.map((r) => r.tournament_id));
      for (const id of judged) {
        const host = this.registry.get(id);
        if (host && this.store.owns(host.id) && !still.has(host.id)) {
          this.log.warn({ tournament: host.id }, 'another process took this tournament over (this one could not renew its lease in time): no longer served here');
          this.release(host.id);
        }
      }
      for (const id of [...this.broken]) await this.reload(id);
      const free = await this.pool.query<{ id: string }>(
        `SELECT t.id FROM tournaments t LEFT JOIN leases l ON l.tournament_id = t.id WHERE l.tournament_id IS NULL OR l.expires_at < ${NOW_MS} ORDER BY t.created_at`,
      );
      // A draining process takes nothing (drain()).
      for (const { id } of free.rows) if (!this.draining) await this.take(id);
      await this.festival?.publish(this.owned());
      if (this.unreachable) this.log.warn('PostgreSQL answers again');
      this.unreachable = false;
      this.registry.storageDown = null;
    } catch (err) {
      if (!this.unreachable) this.log.error({ err }, 'PostgreSQL cannot be reached: commands are answered storage-unavailable; Riffle keeps trying');
      this.unreachable = true;
      this.registry.storageDown = PG_STORAGE_MESSAGE;
    }
  }

  /** Takes a tournament whose lease ran out (or that never had one) and serves it. */
  private async take(id: string): Promise<void> {
    const taken = await this.pool.query<{ epoch: number }>(
      `INSERT INTO leases (tournament_id, owner, epoch, expires_at) SELECT id, $1, 1, ${NOW_MS} + $2 FROM tournaments WHERE id = $3
       ON CONFLICT (tournament_id) DO UPDATE SET owner = excluded.owner, epoch = leases.epoch + 1, expires_at = excluded.expires_at
       WHERE leases.expires_at < ${NOW_MS}
       RETURNING epoch`,
      [this.store.owner, this.store.lease.leaseMs, id],
    );
    const epoch = taken.rows[0]?.epoch;
    if (epoch === undefined || this.closed) return;
    await this.serve(id, epoch, 'taken over');
  }

  /** Loads a tournament whose write failed again from PostgreSQL, under a new epoch (older writes are fenced off). */
  private async reload(id: string): Promise<void> {
    const bumped = await this.pool.query<{ epoch: number }>(`UPDATE leases SET epoch = epoch + 1, expires_at = ${NOW_MS} + $3 WHERE tournament_id = $1 AND owner = $2 RETURNING epoch`, [id, this.store.owner, this.store.lease.leaseMs]);
    this.broken.delete(id);
    const epoch = bumped.rows[0]?.epoch;
    if (epoch === undefined) {
      this.release(id);
      return;
    }
    await this.store.drain();
    await this.serve(id, epoch, 'loaded again');
  }

  private async serve(id: string, epoch: number, how: string): Promise<void> {
    const row = await this.store.take(this.pool, id, epoch);
    this.registry.drop(id);
    if (!row) {
      this.store.release(id);
      return;
    }
    if (this.registry.load(row)) {
      this.log.info({ tournament: id, seq: row.seq, checkpoint: row.stateSeq, epoch }, `tournament ${how} from PostgreSQL`);
      this.loaded(id);
    }
  }

  /** The tournaments this process serves under its leases now. */
  private owned() {
    return this.registry.list().filter((host) => this.store.owns(host.id));
  }

  private release(id: string): void {
    this.registry.drop(id);
    this.dropped(id);
    this.store.release(id);
  }

  /**
   * Drains this process (an operator's maintenance, docs/SCALING.md "Ownership"): it takes no
   * tournament from now on and hands over every one it owns, one at a time, as a stop with
   * SIGTERM does but without stopping. Each is dropped here first (its commands here end), its
   * queued writes settle (every acknowledged command is in PostgreSQL), then its lease is given
   * up; another process takes it at its next round (within a renewal) and loads it from the log.
   * Returns the tournaments handed over. `undrain()` lets it take tournaments again.
   */
  async drain(): Promise<string[]> {
    this.draining = true;
    await this.running;
    const moved: string[] = [];
    for (const host of this.owned()) {
      if (this.closed || !this.draining) break;
      await this.handOver(host.id);
      moved.push(host.id);
    }
    if (moved.length) this.log.warn({ tournaments: moved.length }, 'drained: this process gave its tournaments to the others and takes none until it is undrained or restarted');
    return moved;
  }

  undrain(): void {
    this.draining = false;
  }

  private async handOver(id: string): Promise<void> {
    const epoch = this.store.epoch(id);
    this.registry.drop(id);
    this.dropped(id);
    await this.store.drain();
    this.store.release(id);
    // No owner from now on: this process's renewals no longer name it, another takes it at once.
    await this.pool.query(`UPDATE leases SET owner = '', expires_at = 0 WHERE tournament_id = $1 AND owner = $2 AND epoch = $3`, [id, this.store.owner, epoch]);
    this.log.info({ tournament: id, epoch }, 'tournament handed over (drain): another process takes it at its next round');
  }

  /** Stops renewing; the leases are given up at once, so another process takes over without waiting. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.store.drain();
    // The lists show where the tournaments were left until their next owner writes.
    await this.festival?.publish(this.owned()).catch(() => {});
    await this.pool.query('UPDATE leases SET expires_at = 0 WHERE owner = $1', [this.store.owner]).catch(() => {});
  }
}
