/**
 * Prize pool and payout schedule.
 *
 * The TD posts the prize pool and the payout schedule in time (IP 2008 part I §5), so both are
 * computed from data the venue can edit: the money collected, a guarantee, and a payout
 * template per field size. All money is integer minor units (cents).
 */
import { EngineError } from '../errors.js';
import { assertAmount, sumAmounts } from './amounts.js';
import { PAYOUT_PARTS, payoutAmounts } from '../../protocol/rules/payouts.js';
import type { PayoutShares } from '../../protocol/entries-views.js';

// ---------------------------------------------------------------------------------------------
// Prize pool

export interface PrizePoolInput {
  /** Paid entries, re-entries included. */
  entries: number;
  /** Part of each buy-in that goes into the prize pool (TournamentSettings.buyIn). */
  buyIn: number;
  /** Part of each buy-in that goes to the house (TournamentSettings.fee); never in the pool. */
  fee?: number;
  rebuys?: number;
  /** Prize-pool part of a rebuy. */
  rebuyPrice?: number;
  addons?: number;
  /** Prize-pool part of an add-on. */
  addonPrice?: number;
  /** Guaranteed prize pool; the house pays the difference (the overlay). */
  guarantee?: number;
  /** Day 2: prize-pool money the Day 1 flights collected (day2.import). */
  carriedMoney?: number;
}

export interface PrizePool {
  /** Prize money collected from players (fees excluded). */
  collected: number;
  /** The pool that is paid out: max(collected, guarantee). */
  pool: number;
  /** What the house adds to meet the guarantee: pool - collected. */
  overlay: number;
  /** Fees kept by the house: entries x fee. */
  fees: number;
}

/**
 * The prize pool: buy-ins, rebuys and add-ons (their prize parts), raised to the guarantee if
 * it is short. The fee goes to the house, not into the pool.
 */
export function prizePool(input: PrizePoolInput): PrizePool {
  const { entries, buyIn, fee = 0, rebuys = 0, rebuyPrice = 0, addons = 0, addonPrice = 0, guarantee = 0, carriedMoney = 0 } = input;
  const fields: Array<[number, string]> = [
    [entries, 'Entries'],
    [buyIn, 'The buy-in'],
    [fee, 'The fee'],
    [rebuys, 'Rebuys'],
    [rebuyPrice, 'The rebuy price'],
    [addons, 'Add-ons'],
    [addonPrice, 'The add-on price'],
    [guarantee, 'The guarantee'],
    [carriedMoney, 'The money carried from the flights'],
  ];
  for (const [value, what] of fields) assertAmount(value, what);
  const collected = sumAmounts([entries * buyIn, rebuys * rebuyPrice, addons * addonPrice, carriedMoney]);
  const pool = Math.max(collected, guarantee);
  return { collected, pool, overlay: pool - collected, fees: sumAmounts([entries * fee]) };
}

// ---------------------------------------------------------------------------------------------
// Payout templates

/**
 * How a field of up to `maxEntries` entries is paid: `percents[i]` is the share of the pool for
 * place i + 1. Percents are nonincreasing, each above 0, at most 4 decimals, and add up to 100.
 * `maxEntries: null` (only on the last template) covers every larger field.
 */
export interface PayoutTemplate {
  maxEntries: number | null;
  percents: readonly number[];
}

/** Percents are kept as integer millionths of the pool (4 decimals of a percent). */
const PARTS = PAYOUT_PARTS;

/** Field sizes and places paid for the generated part of the default table (~12-16% paid). */
const GENERATED_ROWS: ReadonlyArray<readonly [maxEntries: number | null, places: number]> = [
  [100, 12], [125, 15], [150, 18], [200, 27], [275, 36], [350, 45], [425, 54], [500, 63], [600, 72],
  [700, 90], [800, 99], [1000, 126], [1500, 189], [2000, 252], [null, 300],
];

/**
 * Percents for a larger field, in the shape venues post: place k weighs k^-0.9 (1st ~29% of 12
 * places, ~13% of 300), and from 10th place on the places are paid in bands that get the same
 * amount (10-12, 13-15, 16-18, then one band per table of 9: 19-27, 28-36, ...). Each place is
 * rounded down to 0.01% and 1st gets the rest, the same rule payoutsFor uses, so bands stay
 * equal and the list stays nonincreasing.
 */
function generatedPercents(places: number): number[] {
  const bandStart = (k: number): number => (k < 10 ? k : k < 19 ? k - ((k - 10) % 3) : k - ((k - 19) % 9));
  const weights: number[] = [];
  for (let k = 1; k <= places; k++) {
    const start = bandStart(k);
    let end = start;
    while (end < places && bandStart(end + 1) === start) end++;
    let sum = 0;
    for (let j = start; j <= end; j++) sum += j ** -0.9;
    weights.push(sum / (end - start + 1));
  }
  const total = weights.reduce((a, b) => a + b, 0);
  const basisPoints = weights.map((w) => Math.floor((w / total) * 10_000));
  basisPoints[0]! += 10_000 - basisPoints.reduce((a, b) => a + b, 0);
  return basisPoints.map((bp) => bp / 100);
}

/**
 * The default payout table: hand-written for fields that pay up to 9 places (small fields pay
 * 1-2 places, 72 entries pay 9), generated above that (see generatedPercents). Venues edit
 * their copy; fields above 2000 should get a template of their own (the last row pays 300).
 */
export const DEFAULT_PAYOUT_TEMPLATES: readonly PayoutTemplate[] = Object.freeze([
  { maxEntries: 5, percents: [100] },
  { maxEntries: 9, percents: [65, 35] },
  { maxEntries: 18, percents: [50, 30, 20] },
  { maxEntries: 27, percents: [45, 27, 17, 11] },
  { maxEntries: 36, percents: [40, 25, 16, 11, 8] },
  { maxEntries: 45, percents: [37, 23, 15, 11, 8, 6] },
  { maxEntries: 54, percents: [34, 21, 14, 10, 8, 7, 6] },
  { maxEntries: 63, percents: [32, 20, 13, 10, 8, 6.5, 5.5, 5] },
  { maxEntries: 72, percents: [30, 19, 13, 10, 8, 6.5, 5.5, 4.5, 3.5] },
  ...GENERATED_ROWS.map(([maxEntries, places]) => ({ maxEntries, percents: generatedPercents(places) })),
]);

function percentToParts(percent: number): number | null {
  const parts = Math.round(percent * (PARTS / 100));
  return Number.isFinite(percent) && Math.abs(percent * (PARTS / 100) - parts) < 1e-6 ? parts : null;
}

/**
 * Throws `invalid-payout-template` with a message naming the first problem: field sizes must
 * rise, only the last may be open (null), and each template's percents must be above 0,
 * nonincreasing, have at most 4 decimals and add up to exactly 100.
 */
export function validatePayoutTemplates(templates: readonly PayoutTemplate[]): void {
  const fail = (message: string): never => {
    throw new EngineError('invalid-payout-template', message, 'invalid');
  };
  if (templates.length === 0) fail('The payout table needs at least one template.');
  let prevMax = 0;
  templates.forEach((t, i) => {
    const where = `Payout template ${i + 1}`;
    if (t.maxEntries === null) {
      if (i !== templates.length - 1) fail(`${where}: only the last template can be open-ended.`);
    } else if (!Number.isSafeInteger(t.maxEntries) || t.maxEntries <= prevMax) {
      fail(`${where}: the field size must be a whole number above ${prevMax}.`);
    } else {
      prevMax = t.maxEntries;
    }
    if (t.percents.length === 0) fail(`${where}: it pays no places.`);
    let sum = 0;
    let prev = Infinity;
    t.percents.forEach((p, k) => {
      const parts = percentToParts(p);
      if (parts === null || parts <= 0) fail(`${where}: place ${k + 1} must get more than 0% with at most 4 decimals.`);
      if (parts! > prev) fail(`${where}: place ${k + 1} gets more than place ${k}.`);
      prev = parts!;
      sum += parts!;
    });
    if (sum !== PARTS) fail(`${where}: the percents add up to ${sum / (PARTS / 100)}, not 100.`);
  });
}

/** The template for a field of `entriesCount`: the first whose maxEntries covers it. */
export function templateFor(entriesCount: number, templates: readonly PayoutTemplate[] = DEFAULT_PAYOUT_TEMPLATES): PayoutTemplate {
  assertAmount(entriesCount, 'The number of entries', 1);
  const found = templates.find((t) => t.maxEntries === null || entriesCount <= t.maxEntries);
  if (!found) throw new EngineError('no-payout-template', `No payout template covers ${entriesCount} entries; add one to the payout table.`, 'conflict');
  return found;
}

/**
 * The payout per place (index 0 = 1st) for `pool` and a field of `entriesCount`.
 *
 * Every place below 1st gets its percent of the pool rounded DOWN to `roundingUnit` (500 = 5.00
 * steps); 1st place gets everything else, so the amounts add up to the pool exactly.
 *
 * Why the list can never go up: the template's percents are validated nonincreasing, and
 * floor(pool * p / unit) is monotone in p, so places 2..n stay nonincreasing; 1st gets its own
 * rounded-down share plus a remainder that is never negative (the other shares were rounded
 * down), so it is at least 2nd's amount. A small pool can round the last places down to 0.
 *
 * A field smaller than the template's places (a 10-entry template paying 3 with 2 entries)
 * pays only `entriesCount` places; the share of the places nobody can reach goes to 1st.
 */
export function payoutsFor(
  pool: number,
  entriesCount: number,
  templates: readonly PayoutTemplate[] = DEFAULT_PAYOUT_TEMPLATES,
  roundingUnit = 1,
): number[] {
  return payoutAmounts(pool, payoutShares(entriesCount, templates, roundingUnit));
}

/** The shares per templates list and rounding, by field size: a registration asks for the same ones again. */
const sharesCache = new WeakMap<readonly PayoutTemplate[], Map<string, PayoutShares>>();

/**
 * The pool's share of each place paid to a field of `entriesCount` (see payoutsFor), in
 * millionths: what the `payouts` topic sends so screens work the amounts out themselves
 * (protocol/rules/payouts.ts). The same object for the same template, places and rounding.
 */
export function payoutShares(entriesCount: number, templates: readonly PayoutTemplate[] = DEFAULT_PAYOUT_TEMPLATES, roundingUnit = 1): PayoutShares {
  assertAmount(roundingUnit, 'The rounding unit', 1);
  let byKey = sharesCache.get(templates);
  if (!byKey) {
    validatePayoutTemplates(templates);
    byKey = new Map();
    sharesCache.set(templates, byKey);
  }
  const template = templateFor(entriesCount, templates);
  const places = Math.min(template.percents.length, entriesCount);
  const key = `${templates.indexOf(template)}:${places}:${roundingUnit}`;
  let shares = byKey.get(key);
  if (!shares) {
    // 1st gets what the others leave (payoutAmounts), the share of unreachable places included.
    const parts = template.percents.slice(0, places).map((p) => percentToParts(p)!);
    shares = { parts, roundingUnit };
    byKey.set(key, shares);
  }
  return shares;
}

/**
 * Checks a payout list (index 0 = 1st) against the pool. Throws `invalid-payouts` when an
 * amount is negative or not a whole number of cents, or a lower place gets more than a higher
 * one; `payouts-mismatch` when they do not add up to the pool.
 */
export function validatePayouts(amounts: readonly number[], pool: number): void {
  assertAmount(pool, 'The prize pool');
  amounts.forEach((a, i) => {
    if (!Number.isSafeInteger(a) || a < 0) {
      throw new EngineError('invalid-payouts', `Place ${i + 1}: ${String(a)} is not a whole amount of 0 or more.`, 'invalid');
    }
    if (i > 0 && a > amounts[i - 1]!) {
      throw new EngineError('invalid-payouts', `Place ${i + 1} gets more than place ${i}.`, 'invalid');
    }
  });
  const total = sumAmounts(amounts);
  if (total !== pool) {
    throw new EngineError('payouts-mismatch', `The payouts add up to ${total}, but the prize pool is ${pool}.`, 'invalid');
  }
}
