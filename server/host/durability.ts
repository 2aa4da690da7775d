/**
 * Durability: when what was committed survives a power cut. Commits are written to SQLite's WAL
 * at once; the fsync that makes them durable is either SQLite's own at each commit
 * (synchronous=FULL: `Store.commit`) or one for every command committed meanwhile, run on libuv's
 * thread pool while the event loop goes on (a group commit: `Store.commitSoon` and `durable()`).
 * A checkpoint's writes skip SQLite's fsync (`unsynced`) and are synced behind their writer
 * (`syncBehind`). SQLite's own WAL checkpoints are handed to a worker (wal-checkpointer.ts).
 */
import type { Statement } from 'better-sqlite3';
import { closeSync, fdatasync, fstatSync, fsyncSync, openSync, statSync } from 'node:fs';
import type { Db } from '../../db/client.js';
import { SAFETY_PAGES, type WalCheckpointer } from './wal-checkpointer.js';

export type Fsync = (fd: number, done: (err: NodeJS.ErrnoException | null) => void) => void;

interface Waiter {
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class Durability {
  /** The synchronous level, read and set through prepared statements (a group commit does both per command). */
  private syncLevel!: Statement;
  private syncSetters = new Map<number, Statement>();
  /** fsyncs of the WAL made for group commits, for tests and benches. */
  syncs = 0;
  /** Where SQLite's WAL checkpoints run instead of inside commits (the server's; null: SQLite's own). */
  private walCheckpoints: WalCheckpointer | null = null;
  /** Commits made without their fsync since the last fsync began. */
  private syncNeeded = false;
  /** Who the running fsync answers; null when none runs. */
  private syncing: Waiter[] | null = null;
  private syncWaiters: Waiter[] = [];
  private wal: { path: string; fd: number | null } | null | undefined;

  constructor(
    private db: Db,
    /**
     * The WAL's sync for group commits: node:fs fdatasync, as SQLite's own on Linux (the data and
     * the size; not the times, whose journal commit made a sync's tail); a test makes it fail.
     */
    private readonly fsyncWal: Fsync = fdatasync,
  ) {
    this.prepare();
  }

  /** Goes on with a new connection to the same database (Store.reopen). */
  reopen(db: Db): void {
    this.db = db;
    this.syncSetters = new Map();
    this.prepare();
    if (this.walCheckpoints) this.checkpointWalIn(this.walCheckpoints);
  }

  private prepare(): void {
    this.syncLevel = this.db.$client.prepare('PRAGMA synchronous').pluck();
  }

  /** A commit was made (synced or not): the WAL checkpointer counts them. */
  committed(): void {
    this.walCheckpoints?.committed();
  }

  /** A state checkpoint was made current: most of what the WAL holds, copied into the database now. */
  checkpointMade(): void {
    void this.walCheckpoints?.request();
  }

  /**
   * Runs `commit` without SQLite's fsync, to be made durable by the next `durable()` (a group
   * commit); where the WAL file cannot be synced on its own (an in-memory database), with it.
   */
  deferred(commit: () => void): void {
    if (!this.walSync()) {
      commit();
      return;
    }
    this.unsynced(commit);
    this.syncNeeded = true;
  }

  /**
   * Runs a write without the fsync synchronous=FULL makes at every commit (synchronous=NORMAL for
   * this one transaction, FULL again before anything else runs). For a checkpoint's writes: 20
   * fsyncs per checkpoint held the event loop as long as 20 commits. Nothing is lost by it: the
   * log is the truth, a checkpoint lost in a power cut leaves the previous one current (the WAL
   * keeps a prefix of its frames: parts before the flip that made them current, never a flip
   * without its parts), and the next command's commit syncs all of it anyway.
   */
  unsynced<T>(write: () => T): T {
    const sqlite = this.db.$client;
    // SQLite refuses the change inside a transaction; below NORMAL (OFF, in benches' set-up) stays.
    const level = sqlite.inTransaction ? 1 : (this.syncLevel.get() as number);
    if (level <= 1) return write();
    this.setSyncLevel(1);
    try {
      return write();
    } finally {
      this.setSyncLevel(level);
    }
  }

  private setSyncLevel(level: number): void {
    let set = this.syncSetters.get(level);
    if (!set) {
      set = this.db.$client.prepare(`PRAGMA synchronous = ${Math.trunc(level)}`);
      this.syncSetters.set(level, set);
    }
    set.run();
  }

  /**
   * Starts an fsync of a checkpoint's step just written, in the background (libuv's pool), so
   * that the group commit of the next command does not have to flush the whole checkpoint (2.3 MB
   * at 10,000 entries: 20-30 ms on this disk) before it can answer; a command waits at most for
   * one step's. A failure is left to that next fsync, which tries again and answers for it.
   */
  syncBehind(): void {
    if (!this.walSync()) return;
    this.syncNeeded = true;
    this.durable().catch(() => {});
  }

  /**
   * Hands SQLite's WAL checkpoints to `checkpointer` (a worker thread, wal-checkpointer.ts):
   * commits no longer make them, below SAFETY_PAGES. False for a database without a WAL file.
   */
  checkpointWalIn(checkpointer: WalCheckpointer): boolean {
    if (!this.walSync()) return false;
    this.db.$client.pragma(`wal_autocheckpoint = ${SAFETY_PAGES}`);
    this.walCheckpoints = checkpointer;
    return true;
  }

  /**
   * Resolves when everything committed so far is on disk: at once when nothing awaits a sync,
   * otherwise after the next fsync of the WAL (one for all who wait). Rejects when the fsync
   * fails (the caller answers storage-unavailable; a retry with the same id gets the answer).
   */
  durable(): Promise<void> {
    if (!this.syncNeeded && !this.syncing) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      // Nothing committed since the running fsync began: that one covers it.
      if (!this.syncNeeded) this.syncing!.push({ resolve, reject });
      else {
        this.syncWaiters.push({ resolve, reject });
        this.kickSync();
      }
    });
  }

  /** The WAL file to fsync (opened once), or null for a database without one. */
  private walSync(): { path: string; fd: number | null } | null {
    if (this.wal === undefined) {
      const name = this.db.$client.name;
      const inWal = String(this.db.$client.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal';
      this.wal = name && name !== ':memory:' && !this.db.$client.memory && inWal ? { path: `${name}-wal`, fd: null } : null;
    }
    return this.wal;
  }

  /**
   * One fsync at a time. A waiter whose commit came after the running fsync began waits for the
   * next one; everyone else is answered by the running one.
   */
  private kickSync(): void {
    if (this.syncing || this.syncWaiters.length === 0) return;
    const wal = this.walSync()!;
    // Those who wait for a commit made before this fsync starts (all of them, now).
    const batch = this.syncWaiters;
    this.syncWaiters = [];
    this.syncNeeded = false;
    this.syncing = batch;
    const done = (err: unknown) => {
      this.syncing = null;
      // What it should have saved is still unconfirmed: the next durable() tries again.
      if (err) this.syncNeeded = true;
      for (const w of batch) (err ? w.reject(err) : w.resolve());
      this.kickSync();
    };
    try {
      // The WAL keeps its inode while the database is open (SQLite reuses the file after a
      // checkpoint); it is opened again if it was replaced all the same.
      if (wal.fd !== null && fstatSync(wal.fd).ino !== statSync(wal.path).ino) {
        closeSync(wal.fd);
        wal.fd = null;
      }
      wal.fd ??= openSync(wal.path, 'r');
    } catch (err) {
      if (wal.fd !== null) closeSync(wal.fd);
      wal.fd = null;
      queueMicrotask(() => done(err));
      return;
    }
    this.syncs++;
    this.fsyncWal(wal.fd, done);
  }

  /** Closes the WAL's file handle (after a last sync); the database itself is closed by its owner. */
  closeWal(): void {
    if (this.wal?.fd != null) {
      fsyncSync(this.wal.fd);
      closeSync(this.wal.fd);
      this.wal.fd = null;
    }
  }
}
