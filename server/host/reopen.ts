/**
 * A database that could not be opened for writing at start-up: a read-only file or mount, an
 * immutable file (`chattr +i`), a disk remounted read-only after an error. SQLite then opens it
 * read-only without a word, and that connection stays read-only after the file can be written
 * again: the server served reads and answered every command 503 until a restart, though
 * STORAGE_MESSAGE says it "saves again by itself".
 *
 * So the server asks, with backoff, whether the files can be written now, and when they can,
 * opens the database again and goes on with the new connection (Store.reopen; Auth and the OBS
 * bridge read the store's connection). A write that
 * fails on a connection opened for writing (a full disk, a lock held by another process, an I/O
 * error) needs none of this: the same connection writes again once the disk lets it.
 */
import { accessSync, constants, existsSync } from 'node:fs';

/** The first wait before looking again; it doubles up to REOPEN_MAX_MS. */
export const REOPEN_FIRST_MS = 250;
/** The longest wait between two looks: commands are refused at most this long after the disk is back. */
export const REOPEN_MAX_MS = 5_000;

/**
 * Why the database file (or its -wal or -shm beside it) cannot be written; null when every one
 * of them can. A missing -wal or -shm is made by SQLite itself.
 *
 * Asked with access(2), never by opening the file: closing any descriptor of a file drops every
 * POSIX lock this process holds on it, SQLite's included (sqlite.org/howtocorrupt.html, 2.2). An
 * open-and-close here once dropped the server's own lock on the -shm, and another process's
 * connection then took itself for the last one and deleted the WAL under the running server.
 */
export function whyReadOnly(file: string): string | null {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (path !== file && !existsSync(path)) continue;
    try {
      accessSync(path, constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return `${path} cannot be written (${code})`;
      throw err;
    }
  }
  return null;
}

/**
 * Looks, with backoff, until `file` can be written, then calls `writable` once (which opens the
 * database again). `writable` may throw (the database could not be opened after all): then it
 * looks again later.
 */
export class ReopenWhenWritable {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private waitMs = REOPEN_FIRST_MS;
  private done = false;

  constructor(
    private readonly file: string,
    private readonly writable: () => void,
    private readonly failed: (err: unknown) => void,
  ) {
    this.schedule();
  }

  /** True until the database was opened again for writing. */
  get waiting(): boolean {
    return !this.done;
  }

  private schedule(): void {
    this.timer = setTimeout(() => this.look(), this.waitMs);
    this.timer.unref?.();
    this.waitMs = Math.min(this.waitMs * 2, REOPEN_MAX_MS);
  }

  private look(): void {
    this.timer = null;
    if (this.done) return;
    try {
      if (whyReadOnly(this.file) === null) {
        this.writable();
        this.done = true;
        return;
      }
    } catch (err) {
      this.failed(err);
    }
    this.schedule();
  }

  close(): void {
    this.done = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
