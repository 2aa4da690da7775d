/**
 * What the server says about its own storage (docs/RELIABILITY.md): in `/healthz` and in
 * `GET /api/tournaments`, where the control panel reads it.
 */

/**
 * A tournament whose command log ends before commands it acknowledged: most likely its WAL was
 * deleted after a crash, or the database was replaced by an older copy (server/host/seq-mark.ts).
 */
export interface LostCommands {
  tournament: string;
  name: string;
  /** The last command its log still has (0: none). */
  logSeq: number;
  /** The last command acknowledged, as the high-water mark recorded it. */
  markSeq: number;
  /** Acknowledged commands that are gone: at least this many (markSeq - logSeq). */
  missing: number;
  /** The tournament itself is gone from the database. */
  gone: boolean;
  /** When the mark was written (wall-clock ms): commands acknowledged since then may be gone too. */
  markedAt: number;
}
