/**
 * Work over a list in slices of about `sliceMs`, the event loop's turn between two (a players
 * import of 5,000 rows checked, and put into the search index, while the TD's commands and the
 * screens are served between the slices). The caller awaits the whole.
 */
import { performance } from 'node:perf_hooks';

/** The players' slices: long enough that yielding costs little, short enough not to be felt. */
export const PLAYER_SLICE_MS = 8;

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function inSlices<T>(items: Iterable<T>, each: (item: T) => void, sliceMs = PLAYER_SLICE_MS): Promise<void> {
  let until = performance.now() + sliceMs;
  let n = 0;
  for (const item of items) {
    each(item);
    // The clock is read every 16 items: a look costs about what a small item does.
    if (++n % 16 === 0 && performance.now() > until) {
      await nextTurn();
      until = performance.now() + sliceMs;
    }
  }
}
