/**
 * Which lines of a view's collection a command changed, as the view that made it knows them:
 * the publisher (host/view-tracker.ts) then diffs those lines instead of walking the whole
 * collection (10,000 players) to find them. The older lines are named by their number, never
 * held: a view must not keep every view before it alive.
 */
import { knownNumber, numberOf } from './object-numbers.js';
import { slot } from './slots.js';

const made = slot<readonly object[], { from: number; positions: readonly number[] }>('lines made from');

/** `after` is `before` with the lines at `positions` replaced or appended (nothing removed). */
export function noteLines(after: readonly object[], before: readonly object[], positions: readonly number[]): void {
  made.set(after, { from: numberOf(before), positions });
}

/** The positions at which `after` may differ from `before`, when the view recorded them; else null. */
export function linesChanged(before: readonly object[], after: readonly object[]): readonly number[] | null {
  const note = made.get(after);
  return note && note.from === knownNumber(before) ? note.positions : null;
}
