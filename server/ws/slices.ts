/**
 * The one time-sliced loop of the WebSocket side: work that may touch every socket (a fan-out to
 * 10,000 screens, a ping round, a flood of snapshots) runs for at most SLICE_MS per turn of the
 * event loop, then yields, so a command that arrives meanwhile is answered between two slices, a
 * few milliseconds later, whatever the machine's speed (bench/fanout-targets.ts).
 * A time, not a count of sockets: a busy or slow machine still answers within milliseconds.
 */

/** Longest stretch of sliced work per turn of the event loop. */
export const SLICE_MS = 2;
/** Sockets served between two looks at the clock (a look costs about what a small send does). */
export const SLICE_STEP = 32;

export class SlicedLoop {
  private timer: ReturnType<typeof setImmediate> | null = null;

  /**
   * @param slice does up to `until` (a `performance.now()` time) of work; true when more is left
   *   (the next slice then runs on the next turn of the event loop)
   */
  constructor(
    private readonly slice: (until: number) => boolean,
    private readonly sliceMs = SLICE_MS,
  ) {}

  /** A slice is due on the next turn (false: nothing is going out). */
  get scheduled(): boolean {
    return this.timer !== null;
  }

  /** Runs a slice on the next turn of the event loop (once, however often it is asked). */
  schedule(): void {
    this.timer ??= setImmediate(() => {
      this.timer = null;
      this.runNow();
    });
  }

  /** Runs a slice now; the rest, if any, in later turns. */
  runNow(): void {
    if (this.timer) clearImmediate(this.timer);
    this.timer = null;
    if (this.slice(performance.now() + this.sliceMs)) this.schedule();
  }

  stop(): void {
    if (this.timer) clearImmediate(this.timer);
    this.timer = null;
  }
}
