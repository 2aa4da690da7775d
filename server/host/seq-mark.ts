/**
 * The high-water mark: the last acknowledged seq of each tournament, kept in a small file beside
 * the database (`riffle.seq.json`), written with an fsync about once a second while commands
 * come, and at shutdown.
 *
 * Why outside the database: the command log is the truth, but an acknowledged command lives in
 * SQLite's WAL (`riffle.db-wal`) until a WAL checkpoint copies it into `riffle.db`. A WAL deleted
 * after a crash (by hand, by a clean-up script, by copying `riffle.db` alone) takes those
 * commands with it, and what is left is a whole, consistent database of an earlier moment:
 * SQLite's integrity check passes, every checkpoint matches its log, and the server started
 * without a word while 8-194 acknowledged commands were gone (an outside probe). The checkpoint's
 * seq cannot tell either: it lives in the same WAL. The mark can: a tournament whose log ends
 * below its mark lost at least the difference.
 *
 * The mark only ever names commands that are on disk: the seqs are read first, then the mark
 * waits for the WAL's fsync (`Store.durable`) before it is written, so a power cut that takes
 * unacknowledged commands never reads as a loss. It can be up to SEQ_MARK_EVERY_MS behind, so
 * what it reports is a lower bound. It is replaced (written to a temporary file, synced,
 * renamed), never half written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';

export const SEQ_MARK_FILE = 'riffle.seq.json';
/** How often, at most, the mark is written while commands come. */
export const SEQ_MARK_EVERY_MS = 1_000;

/** The last acknowledged seq (and name) of each tournament. */
export type Marks = Record<string, { name: string; seq: number }>;

export interface SeqMark {
  /** When the mark was written (wall-clock ms). */
  savedAt: number;
  tournaments: Marks;
}

/** A tournament whose command log ends before the last command it acknowledged. */
export interface LostCommands {
  tournament: string;
  name: string;
  /** The last command its log still has (0: none). */
  logSeq: number;
  /** The tournament itself is gone from the database (it was created after the last WAL checkpoint). */
  gone: boolean;
  /** The last command acknowledged, as the mark recorded it. */
  markSeq: number;
  /** Acknowledged commands that are gone: at least this many (markSeq - logSeq). */
  missing: number;
  /** When the mark was written: commands acknowledged since then may be gone too. */
  markedAt: number;
}

/** The mark as last written; null when there is none. A file that does not parse is reported through `damaged`. */
export function readSeqMark(file: string, damaged: (reason: string) => void): SeqMark | null {
  if (!existsSync(file)) return null;
  try {
    const mark = JSON.parse(readFileSync(file, 'utf8')) as SeqMark;
    if (typeof mark.savedAt !== 'number' || typeof mark.tournaments !== 'object' || mark.tournaments === null) throw new Error('not a mark');
    return mark;
  } catch (err) {
    damaged(err instanceof Error ? err.message : String(err));
    return null;
  }
}

/**
 * The tournaments whose log ends below their mark. `present`: every tournament in the database
 * with the seq its log ends at, or null when it was set aside at start-up (reported as such).
 */
export function lostCommands(mark: SeqMark, present: ReadonlyMap<string, number | null>): LostCommands[] {
  const lost: LostCommands[] = [];
  for (const [tournament, { name, seq: markSeq }] of Object.entries(mark.tournaments)) {
    const gone = !present.has(tournament);
    const logSeq = gone ? 0 : present.get(tournament);
    if (logSeq === null || logSeq === undefined || (!gone && logSeq >= markSeq)) continue;
    lost.push({ tournament, name, logSeq, markSeq, gone, missing: markSeq - logSeq, markedAt: mark.savedAt });
  }
  return lost;
}

/** Writes the mark about once a second after a change, and at close. */
export class SeqMarkWriter {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> | null = null;
  /** A change since the last write began. */
  private dirty = false;
  private closed = false;
  /** The last write failed (logged once until one succeeds). */
  private failing = false;

  constructor(
    private readonly file: string,
    /** Every tournament's seq and name now. */
    private readonly marks: () => Marks,
    /** Resolves once every command committed so far is on disk (Store.durable). */
    private readonly durable: () => Promise<void>,
    private readonly failed: (err: unknown) => void,
  ) {}

  /** A command was committed: the mark is written within SEQ_MARK_EVERY_MS. */
  changed(): void {
    this.dirty = true;
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.write();
    }, SEQ_MARK_EVERY_MS);
    this.timer.unref?.();
  }

  /** Writes the mark now (after any write under way), if anything changed. */
  async write(): Promise<void> {
    while (this.writing) await this.writing;
    if (!this.dirty) return;
    this.dirty = false;
    this.writing = this.save().finally(() => (this.writing = null));
    await this.writing;
  }

  private async save(): Promise<void> {
    const mark: SeqMark = { savedAt: Date.now(), tournaments: this.marks() };
    try {
      // What the mark names is on disk before the mark is.
      await this.durable();
      const temporary = `${this.file}.tmp`;
      const handle = await open(temporary, 'w', 0o600);
      try {
        await handle.writeFile(JSON.stringify(mark));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, this.file);
      this.failing = false;
    } catch (err) {
      // Written again at the next change; the mark only ever lags.
      this.dirty = true;
      if (!this.failing) this.failed(err);
      this.failing = true;
    }
  }

  /** The last write, at shutdown (after the last commit's fsync), and no more. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.write();
    this.closed = true;
  }
}
