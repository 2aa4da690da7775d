/**
 * A number for an object, the same for as long as it lives: a note can name an older list or
 * view by its number without holding it (entries/totals.ts, views-changes.ts), so no list
 * keeps the lists before it alive.
 */
const numbers = new WeakMap<object, number>();
let next = 1;

/** The object's number, given on first ask. */
export function numberOf(o: object): number {
  let n = numbers.get(o);
  if (n === undefined) {
    n = next++;
    numbers.set(o, n);
  }
  return n;
}

/** The object's number if it was ever given one (an object never named by a note has none). */
export function knownNumber(o: object): number | undefined {
  return numbers.get(o);
}
