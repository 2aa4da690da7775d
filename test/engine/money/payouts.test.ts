import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  DEFAULT_PAYOUT_TEMPLATES,
  payoutsFor,
  prizePool,
  templateFor,
  validatePayouts,
  validatePayoutTemplates,
  type PayoutTemplate,
} from '../../../server/engine/money/payouts.js';
import { EngineError } from '../../../server/engine/errors.js';

const code = (c: string) => (e: unknown) => e instanceof EngineError && e.code === c;

test('prizePool: buy-ins, rebuys and add-ons; the fee goes to the house; guarantee adds overlay', () => {
  const cases = [
    { name: 'freezeout', input: { entries: 40, buyIn: 5000, fee: 500 }, expected: { collected: 200_000, pool: 200_000, overlay: 0, fees: 20_000 } },
    {
      name: 'rebuys and add-ons',
      input: { entries: 30, buyIn: 2000, fee: 300, rebuys: 12, rebuyPrice: 2000, addons: 25, addonPrice: 1500 },
      expected: { collected: 60_000 + 24_000 + 37_500, pool: 121_500, overlay: 0, fees: 9_000 },
    },
    { name: 'guarantee not met', input: { entries: 80, buyIn: 10_000, guarantee: 1_000_000 }, expected: { collected: 800_000, pool: 1_000_000, overlay: 200_000, fees: 0 } },
    { name: 'guarantee met', input: { entries: 120, buyIn: 10_000, guarantee: 1_000_000 }, expected: { collected: 1_200_000, pool: 1_200_000, overlay: 0, fees: 0 } },
  ];
  for (const { name, input, expected } of cases) assert.deepEqual(prizePool(input), expected, name);
  assert.throws(() => prizePool({ entries: 10, buyIn: 10.5 }), code('invalid-amount'));
  assert.throws(() => prizePool({ entries: -1, buyIn: 100 }), code('invalid-amount'));
});

test('default templates are valid and pay ~10-16% of larger fields, 1-2 places of 1-9 entries', () => {
  validatePayoutTemplates(DEFAULT_PAYOUT_TEMPLATES);
  const cases: Array<[entries: number, places: number]> = [[2, 1], [5, 1], [6, 2], [9, 2], [10, 3], [18, 3], [27, 4], [72, 9], [100, 12], [150, 18], [200, 27], [1000, 126], [5000, 300]];
  for (const [entries, places] of cases) assert.equal(templateFor(entries).percents.length, places, `${entries} entries`);
  for (const t of DEFAULT_PAYOUT_TEMPLATES) {
    if (t.maxEntries !== null && t.maxEntries >= 27) {
      const share = t.percents.length / t.maxEntries;
      assert.ok(share >= 0.1 && share <= 0.16, `${t.maxEntries}: ${share}`);
    }
  }
});

test('validatePayoutTemplates: refuses broken tables', () => {
  const bad: Array<[string, PayoutTemplate[]]> = [
    ['empty', []],
    ['sum 99', [{ maxEntries: 10, percents: [60, 39] }]],
    ['increasing', [{ maxEntries: 10, percents: [40, 60] }]],
    ['zero place', [{ maxEntries: 10, percents: [100, 0] }]],
    ['5 decimals', [{ maxEntries: 10, percents: [60.00001, 39.99999] }]],
    ['field sizes fall', [{ maxEntries: 10, percents: [100] }, { maxEntries: 9, percents: [100] }]],
    ['open row not last', [{ maxEntries: null, percents: [100] }, { maxEntries: 9, percents: [100] }]],
  ];
  for (const [name, templates] of bad) assert.throws(() => validatePayoutTemplates(templates), code('invalid-payout-template'), name);
  assert.throws(() => templateFor(11, [{ maxEntries: 10, percents: [100] }]), code('no-payout-template'));
});

test('payoutsFor: rounded down to the unit, the remainder to 1st, sum = pool', () => {
  const cases: Array<{ name: string; pool: number; entries: number; unit: number; templates?: PayoutTemplate[]; expected: number[] }> = [
    { name: '3 places, exact', pool: 100_000, entries: 12, unit: 1, expected: [50_000, 30_000, 20_000] },
    // 30% of 1234.56 = 370.368 -> 370.00; 20% = 246.912 -> 245.00 in 5.00 steps; 1st gets the rest.
    { name: '3 places, 5.00 steps', pool: 123_456, entries: 12, unit: 500, expected: [123_456 - 37_000 - 24_500, 37_000, 24_500] },
    { name: '2 places, 1.00 steps', pool: 45_055, entries: 9, unit: 100, expected: [29_355, 15_700] },
    { name: 'winner takes all', pool: 12_345, entries: 4, unit: 500, expected: [12_345] },
    {
      name: 'more places than entries: the unreachable share goes to 1st',
      pool: 10_000, entries: 2, unit: 1, templates: [{ maxEntries: 10, percents: [50, 30, 20] }], expected: [7_000, 3_000],
    },
    { name: 'tiny pool rounds the last places to 0', pool: 1_000, entries: 12, unit: 500, expected: [1_000, 0, 0] },
  ];
  for (const { name, pool, entries, unit, templates, expected } of cases) {
    const amounts = payoutsFor(pool, entries, templates ?? DEFAULT_PAYOUT_TEMPLATES, unit);
    assert.deepEqual(amounts, expected, name);
    validatePayouts(amounts, pool);
  }
});

test('validatePayouts: codes for mismatch and invalid lists', () => {
  validatePayouts([500, 300, 200], 1000);
  validatePayouts([], 0);
  assert.throws(() => validatePayouts([500, 300, 199], 1000), code('payouts-mismatch'));
  assert.throws(() => validatePayouts([], 1000), code('payouts-mismatch'));
  assert.throws(() => validatePayouts([300, 500, 200], 1000), code('invalid-payouts'));
  assert.throws(() => validatePayouts([1100, -100], 1000), code('invalid-payouts'));
  assert.throws(() => validatePayouts([500.5, 499.5], 1000), code('invalid-payouts'));
});

test('property: payoutsFor always sums to the pool, never increases, rounds all but 1st to the unit', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 9_000_000_000 }),
      fc.integer({ min: 1, max: 4_000 }),
      fc.constantFrom(1, 5, 100, 500, 1_000, 10_000),
      (pool, entries, unit) => {
        const amounts = payoutsFor(pool, entries, DEFAULT_PAYOUT_TEMPLATES, unit);
        assert.equal(amounts.reduce((a, b) => a + b, 0), pool);
        validatePayouts(amounts, pool);
        amounts.slice(1).forEach((a) => assert.equal(a % unit, 0));
        assert.ok(amounts.length <= entries);
      },
    ),
    { numRuns: 500 },
  );
});

test('property: any valid random template keeps payouts nonincreasing and exact', () => {
  const template = fc
    .array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 40 })
    .map((raw): PayoutTemplate => {
      // Turn arbitrary weights into percents with 2 decimals adding up to 100, nonincreasing.
      const sorted = raw.slice().sort((a, b) => b - a);
      const total = sorted.reduce((a, b) => a + b, 0);
      const bp = sorted.map((w) => Math.max(1, Math.floor((w / total) * 10_000)));
      bp[0]! += 10_000 - bp.reduce((a, b) => a + b, 0);
      return { maxEntries: null, percents: bp.map((b) => b / 100) };
    })
    .filter((t) => t.percents.every((p, i) => p > 0 && (i === 0 || p <= t.percents[i - 1]!)));
  fc.assert(
    fc.property(template, fc.integer({ min: 0, max: 10 ** 10 }), fc.constantFrom(1, 100, 500), (t, pool, unit) => {
      const amounts = payoutsFor(pool, 1000, [t], unit);
      validatePayouts(amounts, pool);
    }),
    { numRuns: 300 },
  );
});
