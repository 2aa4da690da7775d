/**
 * The search index is filled at start-up in slices, after the server is answering: a page of
 * records at a time, about `SLICE_MS` of work, then the event loop's turn (`setImmediate`), so
 * `/healthz`, the screens and the TD's commands are served while a venue of 100,000 players is
 * read (made whole before listening, that start-up took minutes with the old index and still
 * seconds with this one). Meanwhile the index answers from what it holds, and the search says
 * its answer is partial. Changes made meanwhile go to the index as always; the pages read
 * later are read fresh from the table, so an erased or merged record is not brought back.
 */
import { performance } from 'node:perf_hooks';
import type { Database } from 'better-sqlite3';
import type { PlayerIndex } from './search.js';

/** Work of one slice, and the records read per page. */
const SLICE_MS = 8;
const PAGE = 256;

export class IndexLoader {
  private after: string | null = null;
  private finished = false;
  readonly done: Promise<void>;

  constructor(
    private readonly sql: Database,
    private readonly index: PlayerIndex,
  ) {
    this.done = new Promise((resolve) => {
      // Two statements, so each page is a walk of the primary key's index from `after` (an
      // `(? IS NULL OR id > ?)` made SQLite sort the whole table for every page).
      const first = sql.prepare('SELECT id, name, nickname FROM players WHERE erased_at IS NULL ORDER BY id LIMIT ?');
      const next = sql.prepare('SELECT id, name, nickname FROM players WHERE id > ? AND erased_at IS NULL ORDER BY id LIMIT ?');
      const slice = () => {
        // The server closed its database (a stop, a test's end): nothing more to read.
        if (!sql.open) return resolve();
        const until = performance.now() + SLICE_MS;
        while (performance.now() < until) {
          const rows = (this.after === null ? first.all(PAGE) : next.all(this.after, PAGE)) as { id: string; name: string; nickname: string | null }[];
          for (const r of rows) this.index.put(r);
          if (rows.length < PAGE) {
            this.finished = true;
            return resolve();
          }
          this.after = rows[rows.length - 1]!.id;
        }
        setImmediate(slice);
      };
      setImmediate(slice);
    });
  }

  /** Whether every record has been read into the index. */
  get ready(): boolean {
    return this.finished;
  }
}
