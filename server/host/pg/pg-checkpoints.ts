/**
 * Checkpoints on PostgreSQL (pg-store.ts): the guarded flip that makes one current, and the
 * writer that writes one a step at a time between commands, as checkpoints.ts does on SQLite.
 */
import type pg from 'pg';
import { createHash, type Hash } from 'node:crypto';
import type { TournamentState } from '../../engine/state.js';
import { CHECKPOINT_SLICE_MS } from '../checkpoints.js';
import { JsonSlices } from '../json-slices.js';
import { toStored } from '../state-json.js';
import type { CheckpointSteps } from '../tournament-store.js';
import type { PgStore } from './pg-store.js';

/** The current checkpoint becomes `seq`, unless that moves it back or past the log (as checkpoints.ts), and only for the owner. */
export const POINT_TO = `INSERT INTO checkpoints (tournament_id, seq, parts, hash)
SELECT $1, $2, $3, $4 WHERE ((SELECT seq FROM tournaments WHERE id = $1) >= $2 OR $5)
  AND EXISTS (SELECT 1 FROM leases WHERE tournament_id = $1 AND owner = $6 AND epoch = $7)
ON CONFLICT (tournament_id) DO UPDATE SET seq = excluded.seq, parts = excluded.parts, hash = excluded.hash
WHERE checkpoints.seq <= excluded.seq OR $5`;

/**
 * A checkpoint written a step at a time, as checkpoints.ts's CheckpointWriter: a slice of JSON
 * per step, a part written when one is full, then the flip (guarded: never back, never past the
 * log, only by the owner), then the older parts deleted. A step does nothing while the last
 * write is still with PostgreSQL; a failed write fails the next step (the host tries later).
 */
export class PgCheckpointWriter implements CheckpointSteps {
  private readonly slices: JsonSlices;
  private readonly hash: Hash = createHash('sha256');
  private parts = 0;
  private phase: 'write' | 'clean' | 'done';
  private pending: Promise<void> | null = null;
  private error: unknown = null;
  written = false;

  constructor(
    private readonly store: PgStore,
    readonly tournamentId: string,
    readonly seq: number,
    readonly state: TournamentState,
  ) {
    this.slices = new JsonSlices(toStored(state));
    if (store.currentCheckpoint(tournamentId) >= seq) this.phase = 'clean';
    else {
      this.phase = 'write';
      this.run((c) => c.query('DELETE FROM checkpoint_parts WHERE tournament_id = $1 AND seq = $2', [tournamentId, seq]).then(() => {}));
    }
  }

  private run(write: (c: pg.Client, epoch: number) => Promise<void>): void {
    const p = this.store.checkpointWrite(this.tournamentId, write);
    this.pending = p;
    p.then(
      () => {
        if (this.pending === p) this.pending = null;
      },
      (err) => {
        this.error = err;
        if (this.pending === p) this.pending = null;
      },
    );
  }

  step(budgetMs = CHECKPOINT_SLICE_MS): boolean {
    if (this.error) throw this.error;
    if (this.pending) return false;
    const partChars = this.store.partChars;
    const { tournamentId, seq } = this;
    if (this.phase === 'write') {
      const end = this.slices.step(budgetMs, partChars);
      if (this.slices.pending >= partChars || (end && (this.slices.pending > 0 || this.parts === 0))) {
        const json = this.slices.take();
        this.hash.update(json);
        const part = this.parts++;
        this.run((c) => c.query('INSERT INTO checkpoint_parts (tournament_id, seq, part, json) VALUES ($1, $2, $3, $4)', [tournamentId, seq, part, json]).then(() => {}));
      } else if (end) {
        const digest = this.hash.digest('hex');
        const parts = this.parts;
        const name = this.state.settings.name;
        this.run(async (c, epoch) => {
          const r = await c.query(POINT_TO, [tournamentId, seq, parts, digest, false, this.store.owner, epoch]);
          if (r.rowCount === 1) {
            await c.query('UPDATE tournaments SET name = $1 WHERE id = $2', [name, tournamentId]);
            this.written = true;
            this.store.checkpointMade(tournamentId, seq);
          }
        });
        this.phase = 'clean';
      }
    } else if (this.phase === 'clean') {
      this.run((c) => c.query('DELETE FROM checkpoint_parts WHERE tournament_id = $1 AND seq <> coalesce((SELECT seq FROM checkpoints WHERE tournament_id = $1), -1)', [tournamentId]).then(() => {}));
      this.phase = 'done';
      return false;
    }
    return this.phase === 'done' && this.pending === null;
  }
}
