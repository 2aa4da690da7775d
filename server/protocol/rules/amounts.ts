/**
 * Integer money and chip arithmetic shared by the money rules (payouts, places, ICM, deals).
 *
 * Money is always an integer number of minor units (cents) and chips are integers, so every
 * split here hands out whole units and accounts for every one of them: nothing is lost to
 * rounding and nothing is invented. Products that can pass 2^53 (a pool of €90 million in
 * cents times a weight) are done in BigInt.
 */
import { EngineError } from './rule-error.js';

/** Throws `invalid-amount` unless `value` is a safe integer >= `min` (default 0). */
export function assertAmount(value: number, what: string, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) {
    const bound = min === 0 ? 'a whole number, 0 or more' : `a whole number, at least ${min}`;
    throw new EngineError('invalid-amount', `${what} must be ${bound} (got ${String(value)}).`, 'invalid');
  }
}

/** The sum of integer amounts; throws `invalid-amount` if it is no longer a safe integer. */
export function sumAmounts(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  if (!Number.isSafeInteger(total)) throw new EngineError('invalid-amount', 'The amounts add up to more than can be counted exactly.', 'invalid');
  return total;
}

/**
 * Splits `total` into integer parts proportional to the integer `weights` (largest-remainder
 * method, exact). Each part gets floor(total * w / W); the units left over go one each to the
 * parts with the largest remainders; equal remainders go to the larger weight, then to the
 * lower index. The parts always add up to `total`.
 *
 * Callers order their parts so the lower index is the one that deserves an odd unit (the best
 * placed sharer, the bigger stack).
 */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
  assertAmount(total, 'The amount to split');
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new EngineError('invalid-amount', 'There is nobody to split the amount between.', 'invalid');
  }
  weights.forEach((w, i) => assertAmount(w, `Weight ${i + 1}`));
  const weightSum = BigInt(sumAmounts(weights));
  if (weightSum === 0n) throw new EngineError('invalid-amount', 'The weights add up to 0.', 'invalid');
  const t = BigInt(total);
  const parts: number[] = [];
  const remainders: bigint[] = [];
  let given = 0;
  for (const w of weights) {
    const product = t * BigInt(w);
    const part = Number(product / weightSum);
    parts.push(part);
    remainders.push(product % weightSum);
    given += part;
  }
  const order = weights.map((_, i) => i);
  order.sort((a, b) => {
    const ra = remainders[a]!;
    const rb = remainders[b]!;
    if (ra !== rb) return ra > rb ? -1 : 1;
    return weights[b]! - weights[a]! || a - b;
  });
  // sum(floor) >= total - (parts - 1), so at most one round over `order` is needed.
  for (let left = total - given, k = 0; left > 0; left--, k++) parts[order[k]!]! += 1;
  return parts;
}

/**
 * `total` split into `n` parts as equal as possible: everybody gets floor(total / n) and the
 * first `total mod n` parts get one unit more. Put the best-placed sharer first.
 */
export function splitExactly(total: number, n: number): number[] {
  assertAmount(n, 'The number of sharers', 1);
  return allocateProportionally(total, new Array<number>(n).fill(1));
}

/**
 * Rounds real-valued shares that add up to (about) `total` into integers that add up to
 * exactly `total` (largest-remainder method): floor each, then hand the missing units to the
 * largest fractional parts, ties to the lower index. Used for ICM equities, which are real
 * numbers; the result differs from the exact share by less than one unit per player.
 */
export function roundToTotal(shares: readonly number[], total: number): number[] {
  assertAmount(total, 'The total');
  if (shares.length === 0) {
    if (total === 0) return [];
    throw new EngineError('invalid-amount', 'There is nobody to give the amount to.', 'invalid');
  }
  const floors = shares.map((s) => Math.max(0, Math.floor(s)));
  let left = total - floors.reduce((a, b) => a + b, 0);
  const order = shares.map((_, i) => i).sort((a, b) => shares[b]! - floors[b]! - (shares[a]! - floors[a]!) || a - b);
  // Floating-point noise can leave the floors a unit over or under; walk the order until exact.
  for (let k = 0; left > 0; left--, k = (k + 1) % order.length) floors[order[k]!]! += 1;
  for (let k = order.length - 1; left < 0; k = (k - 1 + order.length) % order.length) {
    const i = order[k]!;
    if (floors[i]! > 0) {
      floors[i]! -= 1;
      left++;
    }
  }
  return floors;
}
