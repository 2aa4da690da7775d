import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { allocateProportionally, roundToTotal, splitExactly } from '../../../server/engine/money/amounts.js';
import { EngineError } from '../../../server/engine/errors.js';

test('splitExactly: floor each, odd cents one each to the first (best-placed) sharers', () => {
  const cases: Array<[total: number, n: number, expected: number[]]> = [
    [100, 1, [100]],
    [100, 3, [34, 33, 33]],
    [101, 3, [34, 34, 33]],
    [2, 3, [1, 1, 0]],
    [0, 2, [0, 0]],
    [5102, 3, [1701, 1701, 1700]],
  ];
  for (const [total, n, expected] of cases) assert.deepEqual(splitExactly(total, n), expected, `${total} / ${n}`);
});

test('allocateProportionally: exact largest remainder, ties to the larger weight then the earlier index', () => {
  const cases: Array<[total: number, weights: number[], expected: number[]]> = [
    [100, [1, 1, 1], [34, 33, 33]],
    [100, [1, 2], [33, 67]],
    [10, [3, 3, 4], [3, 3, 4]],
    [1, [1, 2], [0, 1]],
    [1, [2, 1], [1, 0]],
    // 9 * 10^15 cents x weights would overflow doubles; BigInt keeps it exact.
    [9_000_000_000_000_000, [1, 2], [3_000_000_000_000_000, 6_000_000_000_000_000]],
  ];
  for (const [total, weights, expected] of cases) assert.deepEqual(allocateProportionally(total, weights), expected);
});

test('allocateProportionally: bad input is refused with invalid-amount', () => {
  for (const [total, weights] of [[-1, [1]], [1.5, [1]], [1, []], [1, [0, 0]], [1, [-1, 2]]] as Array<[number, number[]]>) {
    assert.throws(() => allocateProportionally(total, weights), (e: unknown) => e instanceof EngineError && e.code === 'invalid-amount');
  }
});

test('roundToTotal: largest remainder over real shares', () => {
  assert.deepEqual(roundToTotal([3839.2857, 3275, 2885.7143], 10_000), [3839, 3275, 2886]);
  assert.deepEqual(roundToTotal([0.5, 0.5], 1), [1, 0]);
  // Floating noise above the total is taken back.
  assert.deepEqual(roundToTotal([50.0000001, 50.0000001], 100), [50, 50]);
});

test('property: splits never lose or invent a cent and differ by at most one', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 1, max: 60 }), (total, n) => {
      const parts = splitExactly(total, n);
      assert.equal(parts.reduce((a, b) => a + b, 0), total);
      assert.ok(Math.max(...parts) - Math.min(...parts) <= 1);
      parts.forEach((p, i) => assert.ok(i === 0 || p <= parts[i - 1]!));
    }),
  );
});
