/**
 * One tournament's stream feed behind its secure delay: the delay line in use, and what happens
 * when the producer changes the delay.
 *
 * A shorter delay releases what is due now. A longer one needs the room's past, which is rebuilt
 * from the command log (delay-rebuild.ts, a replay as at start-up): the overlays go back in time
 * with the stream, instead of skipping what the longer delay should still show. The rebuild runs
 * a slice every REBUILD_PACE_MS after the command is answered (issue 21: nothing long inside a
 * command); meanwhile the line in use holds (DelayLine.hold: it releases nothing, since at the
 * longer delay nothing it holds is due yet, and it never jumps to live nor shows an error). A
 * newer delay cancels a rebuild still running, so delays set in turns never queue work: one no
 * longer than the delay the feed shows catches up at once, a longer one starts its own rebuild.
 */
import type { DelayLine, DelayedStart } from './delay-line.js';
import { REBUILD_PACE_MS, type DelayRebuild } from './delay-rebuild.js';
import type { Change } from './tournament-host.js';

/** What the feed needs of its tournament's host. */
export interface FeedHost {
  /** A delay line from `start`, at the tournament's delay, releasing to the host's listeners (`held`: see DelayLine). */
  line(start: DelayedStart, held?: boolean): DelayLine;
  /** A rebuild of the feed for `delayMs` at server time `now`. */
  rebuild(delayMs: number, now: number): DelayRebuild;
  /** The delay changed: delayed subscribers need a new snapshot (new views, new `delayMs`). */
  delayChanged(): void;
  error(err: unknown): void;
}

export class DelayedFeed {
  private _line: DelayLine;
  /** The line of a longer delay being rebuilt (null: none)... */
  private rebuild: DelayRebuild | null = null;
  /** ...and its next slice. */
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly host: FeedHost,
    start: DelayedStart,
  ) {
    this._line = host.line(start);
  }

  /** The delay line in use (what `/ws/stream` sockets see). */
  get line(): DelayLine {
    return this._line;
  }

  /** True while a longer delay's line is rebuilt (the line in use holds meanwhile). */
  get rebuilding(): boolean {
    return this.rebuild !== null;
  }

  /** A committed change, released by the line in use at its time. */
  push(change: Change): void {
    this._line.push(change);
  }

  /**
   * The producer set the delay (by a command committed at server time `now`, already answered or
   * about to be): whatever fails here is logged, never turned into the command's answer.
   */
  setDelay(delayMs: number, now: number): void {
    this.cancel();
    if (delayMs > this._line.delayMs) {
      this._line.hold();
      this.rebuild = this.host.rebuild(delayMs, now);
      this.schedule();
      return;
    }
    try {
      this._line.setDelay(delayMs);
    } catch (err) {
      this.host.error(err);
    }
    this.delayChanged();
  }

  /**
   * The command of `seq` erased players (their names as they were): the line in use stops naming
   * them at once (its views now, its pending changes as they are released), and a rebuild under
   * way starts again, since it may have replayed the room before it knew of them. Screens get
   * the feed anew (no body made before is sent again).
   */
  erase(names: readonly string[], seq: number): void {
    try {
      this._line.erase(names, seq);
    } catch (err) {
      this.host.error(err);
    }
    const run = this.rebuild;
    if (run) {
      this.cancel();
      this.rebuild = this.host.rebuild(run.delayMs, run.now);
      this.schedule();
    }
    this.delayChanged();
  }

  close(): void {
    this.cancel();
    this._line.close();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.step();
    }, REBUILD_PACE_MS);
  }

  private step(): void {
    const run = this.rebuild;
    if (!run) return;
    let line: DelayLine;
    try {
      if (!run.step()) return this.schedule();
      line = this.host.line(run.result(), true);
    } catch (err) {
      // The line in use goes on at the longer delay (late, never early: it shows what it showed
      // until its changes are due at that delay); the next start rebuilds the feed from the log.
      this.rebuild = null;
      this.host.error(err);
      try {
        this._line.setDelay(run.delayMs);
      } catch (again) {
        this.host.error(again);
      }
      this.delayChanged();
      return;
    }
    this.rebuild = null;
    this._line.close();
    this._line = line;
    // Screens get the rebuilt feed as of the rebuild's start first, then what fell due while it
    // ran, as patches with their events (a bust alert airs late, never early, never skipped).
    this.delayChanged();
    try {
      line.setDelay(line.delayMs);
    } catch (err) {
      this.host.error(err);
    }
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.rebuild = null;
  }

  private delayChanged(): void {
    try {
      this.host.delayChanged();
    } catch (err) {
      this.host.error(err);
    }
  }
}
