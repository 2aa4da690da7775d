import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { chipChop, icmEquity, proposeDeal } from '../../../server/engine/money/icm.js';
import { seededRng } from '../../../server/engine/random.js';
import { EngineError } from '../../../server/engine/errors.js';

const code = (c: string) => (e: unknown) => e instanceof EngineError && e.code === c;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

test('icmEquity: two players, equity = p2 + (p1 - p2) * a / (a + b)', () => {
  const cases: Array<[stacks: number[], payouts: number[], expected: number[]]> = [
    [[3000, 1000], [10_000, 6_000], [9_000, 7_000]],
    [[1000, 1000], [10_000, 6_000], [8_000, 8_000]],
    // 100 * 1/3 = 33.33 and 66.67: the odd cent goes to the larger remainder.
    [[1, 2], [100, 0], [33, 67]],
    [[7, 3], [1_000_001, 0], [700_001, 300_000]],
  ];
  for (const [stacks, payouts, expected] of cases) {
    const [a, b] = stacks as [number, number];
    const [p1, p2] = payouts as [number, number];
    assert.ok(Math.abs(expected[0]! - (p2 + ((p1 - p2) * a) / (a + b))) < 1, 'formula');
    assert.deepEqual(icmEquity(stacks, payouts), expected, `${stacks} / ${payouts}`);
  }
});

test('icmEquity: three players, computed by hand', () => {
  // Stacks 50/30/20 of 100, payouts 5000/3000/2000 (x100 in the second row).
  // P(A 2nd) = .3*50/70 + .2*50/80 = 19/56, P(A 3rd) = 9/56 -> A = 2500 + 3000*19/56 + 2000*9/56
  // = 3839.29; B = 1500 + 3000*.375 + 2000*.325 = 3275; C = 1000 + 3000*16/56 + 2000*28.8/56 = 2885.71.
  assert.deepEqual(icmEquity([50, 30, 20], [5000, 3000, 2000]), [3839, 3275, 2886]);
  assert.deepEqual(icmEquity([50, 30, 20], [500_000, 300_000, 200_000]), [383_929, 327_500, 288_571]);
  // Only two places paid among three: C = 5000*.2 + 3000*16/56 = 1857.14.
  assert.deepEqual(icmEquity([50, 30, 20], [5000, 3000]), [3518, 2625, 1857]);
});

test('icmEquity: edge cases', () => {
  assert.deepEqual(icmEquity([12345], [99_999]), [99_999]);
  assert.deepEqual(icmEquity([1, 1, 1, 1], [400, 300, 200, 100]), [250, 250, 250, 250]);
  // Payouts past the players left are not considered.
  assert.deepEqual(icmEquity([1, 1], [600, 400, 300]), [500, 500]);
  assert.deepEqual(icmEquity([5, 5], []), [0, 0]);
  assert.throws(() => icmEquity([], [100]), code('invalid-stacks'));
  assert.throws(() => icmEquity([10, 0], [100]), code('invalid-stacks'));
  assert.throws(() => icmEquity([10, 1.5], [100]), code('invalid-stacks'));
  assert.throws(() => icmEquity([10, 10], [-1]), code('invalid-amount'));
  assert.throws(() => icmEquity(Array(17).fill(100), [1000]), code('icm-needs-rng'));
});

test('icmEquity: 10 players exact is fast and adds up', () => {
  const stacks = [812_000, 640_500, 433_000, 390_000, 255_000, 201_000, 150_000, 98_000, 60_500, 20_000];
  const payouts = [1_200_000, 750_000, 520_000, 400_000, 320_000, 250_000, 200_000, 160_000, 130_000, 100_000];
  const t0 = performance.now();
  const eq = icmEquity(stacks, payouts);
  const ms = performance.now() - t0;
  assert.equal(sum(eq), sum(payouts));
  eq.forEach((e, i) => i === 0 || assert.ok(e <= eq[i - 1]!, 'bigger stack, more equity'));
  assert.ok(ms < 100, `took ${ms} ms`);
});

test('icmEquity: Monte Carlo is deterministic per seed and close to the exact value', () => {
  const stacks = [90, 75, 60, 50, 45, 40, 30, 25, 20, 15, 10, 5].map((s) => s * 1000);
  const payouts = [400_000, 250_000, 160_000, 110_000, 80_000];
  const exact = icmEquity(stacks, payouts, { exactUpTo: 20 });
  const mc = icmEquity(stacks, payouts, { exactUpTo: 0, rng: seededRng('ab12').int, samples: 20_000 });
  const again = icmEquity(stacks, payouts, { exactUpTo: 0, rng: seededRng('ab12').int, samples: 20_000 });
  assert.deepEqual(mc, again);
  assert.equal(sum(mc), sum(payouts));
  // Documented bound: SE <= (payouts 2..n) / (2 sqrt(samples)) = 600 000 / 283 ~ 2121; measured
  // error is far below it. Allow 0.25% of the 2nd prize.
  const worst = Math.max(...mc.map((e, i) => Math.abs(e - exact[i]!)));
  assert.ok(worst < 625, `worst error ${worst}`);
});

test('property: ICM equities sum exactly, stay within [last, first] payout and follow the stacks', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
      fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 0, maxLength: 8 }),
      (stacks, raw) => {
        const payouts = raw.slice().sort((a, b) => b - a);
        const considered = payouts.slice(0, stacks.length);
        while (considered.length < stacks.length) considered.push(0);
        const eq = icmEquity(stacks, payouts);
        assert.equal(sum(eq), sum(considered));
        for (const e of eq) assert.ok(e >= considered.at(-1)! && e <= considered[0]!);
        for (let i = 0; i < stacks.length; i++) {
          for (let j = 0; j < stacks.length; j++) {
            if (stacks[i]! > stacks[j]!) assert.ok(eq[i]! >= eq[j]! - 1);
          }
        }
      },
    ),
    { numRuns: 300 },
  );
});

test('chipChop as card rooms pay it: the lowest prize still to be paid to each, the rest by chips, exact cents', () => {
  const cases: Array<[stacks: number[], prizes: number[], expected: number[]]> = [
    // Issue 23: prizes 760/471/307/225 (176,300 cents), chips 350k/250k/150k/70k (820k).
    // 22,500 to each (90,000); 86,300 left by chips: 36,835.37 / 26,310.98 / 15,786.59 / 7,367.07,
    // floors 86,298, the 2 cents to the largest remainders (.98, .59): 36,835 / 26,311 / 15,787 / 7,367.
    // The 70k stack: 22,500 + 7,367 = 29,867 (298.67), not the 15,050 (150.50) of chips alone.
    [[350_000, 250_000, 150_000, 70_000], [76_000, 47_100, 30_700, 22_500], [59_335, 48_811, 38_287, 29_867]],
    // 30 to each (90), 10 left in thirds: 3.33 each, the odd cent to the earlier player.
    [[1, 1, 1], [40, 30, 30], [34, 33, 33]],
    // Equal prizes: nothing is left to share, each gets his guarantee whatever his chips.
    [[9, 1], [50, 50], [50, 50]],
  ];
  for (const [stacks, prizes, expected] of cases) {
    const got = chipChop(stacks, prizes);
    assert.deepEqual(got, expected);
    assert.equal(sum(got), sum(prizes), 'every cent of the prizes');
  }
});

test('proposeDeal: ICM and chip-chop on the same money, with an amount left to play for', () => {
  const stacks = [50, 30, 20];
  const plain = proposeDeal({ stacks, payouts: [5000, 3000, 2000] });
  // Chip-chop: 2000 (3rd place) to each, the 4000 left by 50/30/20: 2000 + 2000, 2000 + 1200, 2000 + 800.
  assert.deepEqual(plain, { icm: [3839, 3275, 2886], chipChop: [4000, 3200, 2800], guarantee: 2000, dealt: 10_000, reserve: 0 });
  // 1000 left to play for: the deal is on 4000/3000/2000; the winner adds the 1000.
  const reserved = proposeDeal({ stacks, payouts: [5000, 3000, 2000], reserve: 1000 });
  // Chip-chop: 2000 each, the 3000 left by chips: 1500 / 900 / 600.
  assert.deepEqual(reserved.chipChop, [3500, 2900, 2600]);
  assert.equal(reserved.dealt, 9000);
  assert.equal(sum(reserved.icm), 9000);
  assert.equal(sum(reserved.chipChop), 9000);
  assert.deepEqual(reserved.icm, icmEquity(stacks, [4000, 3000, 2000]));
  assert.throws(() => proposeDeal({ stacks, payouts: [5000, 3000, 2000], reserve: 5001 }), code('invalid-amount'));
});
