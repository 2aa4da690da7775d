/**
 * The high-water mark: the last acknowledged seq of each tournament, kept in a small file beside
 * the database (`riffle.seq.json`), written as soon as a command is on disk and synced at most
 * every SEQ_MARK_SYNC_MS (SeqMarkWriter).
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
 * unacknowledged commands never reads as a loss. It is one WAL fsync behind the last answer (the
 * commands answered by that fsync may miss it), so what it reports is a lower bound.
 */
import { closeSync, constants, existsSync, fdatasync, fstatSync, openSync, readFileSync, write } from 'node:fs';
import type { LostCommands } from '../protocol/storage.js';

export type { LostCommands };

export const SEQ_MARK_FILE = 'riffle.seq.json';
/** How often, at most, the mark is synced to the disk while commands keep coming. */
export const SEQ_MARK_SYNC_MS = 1_000;

/** The last acknowledged seq (and name) of each tournament. */
export type Marks = Record<string, { name: string; seq: number }>;

export interface SeqMark {
  /** When the mark was written (wall-clock ms). */
  savedAt: number;
  tournaments: Marks;
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

/**
 * Keeps the mark: after each change, once the commands it names are on disk (one WAL fsync for
 * every change meanwhile), the mark is written in place into the page cache at once (one small
 * write on libuv's pool: a kill -9 loses nothing of it), and synced to the disk at most every
 * SEQ_MARK_SYNC_MS (a power cut may lose that last second of the mark, never a command).
 * Written in place, padded with spaces to the longest mark written (JSON allows them), rather
 * than replaced by a rename per change: a rename and its directory update for every group commit
 * would cost more than the commit.
 */
export class SeqMarkWriter {
  private readonly fd: number;
  /** The longest mark written (or the file's size at the start): shorter ones are padded to it. */
  private length: number;
  /** A mark waiting for the fsync of what it names (null: none). */
  private pending: Promise<void> | null = null;
  /** A change came while a mark was pending: another one follows it. */
  private dirty = false;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private syncing: Promise<void> | null = null;
  private unsynced = false;
  private closed = false;
  /** The last write failed (logged once until one succeeds). */
  private failing = false;

  constructor(
    file: string,
    /** Every tournament's seq and name now. */
    private readonly marks: () => Marks,
    /** Resolves once every command committed so far is on disk (Store.durable). */
    private readonly durable: () => Promise<void>,
    private readonly failed: (err: unknown) => void,
  ) {
    this.fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o600);
    this.length = fstatSync(this.fd).size;
  }

  /** A command was committed: the mark follows once it is on disk. */
  changed(): void {
    if (this.closed) return;
    if (this.pending) {
      this.dirty = true;
      return;
    }
    // The seqs are read now, so the fsync awaited covers every one of them.
    const marks = this.marks();
    this.pending = this.durable()
      .then(() => this.put(marks))
      .catch((err: unknown) => this.fail(err))
      .finally(() => {
        this.pending = null;
        if (this.dirty) {
          this.dirty = false;
          this.changed();
        }
      });
  }

  private async put(marks: Marks): Promise<void> {
    const json = Buffer.from(JSON.stringify({ savedAt: Date.now(), tournaments: marks } satisfies SeqMark));
    // Padded in bytes, not characters: a name like "Čakovec Open" would grow the file at every write.
    const bytes = json.length >= this.length ? json : Buffer.concat([json, Buffer.alloc(this.length - json.length, ' ')]);
    this.length = bytes.length;
    // On libuv's pool, not the event loop: a write into a page being synced waits for the sync.
    await new Promise<void>((resolve, reject) => write(this.fd, bytes, 0, bytes.length, 0, (err) => (err ? reject(err) : resolve())));
    this.failing = false;
    this.unsynced = true;
    this.syncTimer ??= setTimeout(() => {
      this.syncTimer = null;
      void this.sync();
    }, SEQ_MARK_SYNC_MS);
    this.syncTimer.unref?.();
  }

  private sync(): Promise<void> {
    if (!this.unsynced) return this.syncing ?? Promise.resolve();
    this.unsynced = false;
    const run = new Promise<void>((resolve) => fdatasync(this.fd, (err) => (err ? this.fail(err) : undefined, resolve())));
    this.syncing = run.finally(() => (this.syncing = null));
    return this.syncing;
  }

  private fail(err: unknown): void {
    // The mark only ever lags: the next change writes it again.
    if (!this.failing) this.failed(err);
    this.failing = true;
  }

  /** Resolves once no mark waits to be written (tests). */
  async settled(): Promise<void> {
    while (this.pending) await this.pending;
  }

  /** The last mark (after the last commit's fsync) on disk, at shutdown; nothing after it. */
  async close(): Promise<void> {
    await this.settled();
    this.closed = true;
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    await this.syncing;
    await this.sync();
    closeSync(this.fd);
  }
}
