/**
 * SQLite's WAL checkpoints (copying the log's pages into the database file, then an fsync of
 * it) off the event loop. By default SQLite runs one inside whichever commit takes the WAL past
 * 1,000 pages: at 10,000 entries, where a state checkpoint is 2.3 MB, that was a commit of 12 ms
 * every few hundred commands, and a few more of 4-7 ms after it (measured), in the path of a
 * command's answer.
 *
 * Here the store's connection makes none of its own below SAFETY_PAGES; a worker thread with a
 * connection of its own makes a PASSIVE checkpoint whenever the store asks (every
 * CHECKPOINT_COMMITS commits, and after a state checkpoint). A PASSIVE checkpoint never blocks
 * the writer: it copies what no reader still needs, and the writer starts the WAL over once
 * all of it is copied. If the worker fails, the store's own checkpoint at SAFETY_PAGES keeps
 * the WAL bounded, as before, and the failure is logged once.
 *
 * The worker is a few lines of CommonJS run with `eval` (a worker does not inherit the loader
 * that runs this TypeScript), given better-sqlite3's resolved path. better-sqlite3 is made for
 * worker threads: a connection per thread.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Commits between two requests for a checkpoint. */
export const CHECKPOINT_COMMITS = 200;
/** The store's own checkpoint, if the worker has not kept up (16 MB of 4 KB pages). */
export const SAFETY_PAGES = 4_096;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, result });
  } catch (err) {
    parentPort.postMessage({ ok: false, error: String(err && err.message || err) });
  }
});
`;

export interface CheckpointResult {
  /** 1 when the checkpoint could not run (the database was busy). */
  busy: number;
  /** Pages in the WAL, and pages of it copied into the database. */
  log: number;
  checkpointed: number;
}

export class WalCheckpointer {
  private readonly worker: Worker;
  private commits = 0;
  private running = false;
  private failed = false;
  private closed = false;
  /** The worker has stopped (closed, or failed). */
  private exited = false;
  /** Who waits for the checkpoint running, and who for the one after it. */
  private current: Array<(result: CheckpointResult | null) => void> = [];
  private next: Array<(result: CheckpointResult | null) => void> | null = null;

  constructor(
    path: string,
    private readonly onError: (message: string) => void,
  ) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, sqlite: createRequire(import.meta.url).resolve('better-sqlite3') } });
    // Only a checkpoint running keeps the process alive; a server closes it (close()).
    this.worker.unref();
    this.worker.on('message', (m: { ok: boolean; result?: CheckpointResult; error?: string }) => this.done(m.ok ? m.result! : null, m.error));
    this.worker.on('error', (err) => this.done(null, err.message));
    this.worker.on('exit', () => {
      this.exited = true;
      if (!this.closed) this.done(null, 'the worker stopped');
    });
  }

  /** A commit was made: every CHECKPOINT_COMMITS of them, a checkpoint is asked for. */
  committed(): void {
    if (++this.commits >= CHECKPOINT_COMMITS) void this.request();
  }

  /**
   * Asks for a checkpoint: resolves with what it did, or null when none could run. One runs at
   * a time; those asked for meanwhile are one, after it.
   */
  request(): Promise<CheckpointResult | null> {
    this.commits = 0;
    return new Promise((resolve) => {
      if (this.closed || this.failed) resolve(null);
      else if (this.running) (this.next ??= []).push(resolve);
      else this.start([resolve]);
    });
  }

  /** Stops the worker and closes its connection (before the store's database is closed). */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    for (const resolve of [...this.current, ...(this.next ?? [])]) resolve(null);
    this.current = [];
    this.next = null;
    if (this.exited) return Promise.resolve();
    return new Promise((resolve) => {
      this.worker.ref();
      this.worker.once('exit', () => resolve());
      this.worker.postMessage('close');
    });
  }

  private start(waiters: Array<(result: CheckpointResult | null) => void>): void {
    this.running = true;
    this.current = waiters;
    this.worker.ref();
    this.worker.postMessage('checkpoint');
  }

  private done(result: CheckpointResult | null, error?: string): void {
    this.running = false;
    this.worker.unref();
    if (error !== undefined && !this.failed) {
      // The store's own checkpoint (SAFETY_PAGES) bounds the WAL from now on.
      this.failed = true;
      this.onError(error);
    }
    for (const resolve of this.current.splice(0)) resolve(result);
    const next = this.next;
    this.next = null;
    if (!next) return;
    if (this.closed || this.failed) for (const resolve of next) resolve(null);
    else this.start(next);
  }
}
