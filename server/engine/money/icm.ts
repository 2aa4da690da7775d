/**
 * Deal figures for the players left: ICM (Malmuth-Harville) and chip-chop (the guarantee first).
 *
 * A deal needs every remaining player to agree and the TD to approve it (IP r8); these
 * functions only compute the figures the TD shows. Everything is in cents and adds up exactly
 * to the money on the table.
 *
 * Malmuth-Harville: a player wins 1st with probability stack / total chips; given who took the
 * places above, a player takes the next place with probability stack / chips of the players
 * not yet placed. A player's equity is the sum over places of P(place) x payout(place).
 */
import { EngineError } from '../errors.js';
import { allocateProportionally, assertAmount, roundToTotal, sumAmounts } from './amounts.js';

/** Up to this many players icmEquity is exact by default (2^n subsets; 16 players ~ 1M steps). */
export const ICM_EXACT_MAX_PLAYERS = 16;
/** The exact method keeps one float per subset of players; beyond 20 that is too much memory. */
const ICM_EXACT_HARD_LIMIT = 20;
/** Default Monte Carlo sample count (see icmEquity for the error bound). */
export const ICM_DEFAULT_SAMPLES = 50_000;

export interface IcmOptions {
  /** Largest field solved exactly (default ICM_EXACT_MAX_PLAYERS, at most 20). */
  exactUpTo?: number;
  /**
   * A seeded uniform integer source in [0, n), e.g. `seededRng(seed).int` from
   * server/engine/random.ts. Required only when the field is larger than `exactUpTo`.
   */
  rng?: (n: number) => number;
  /** Monte Carlo finishing orders to sample (default ICM_DEFAULT_SAMPLES). */
  samples?: number;
}

/**
 * ICM equity of each stack, in cents, adding up exactly to the money considered: the first
 * min(players, payouts.length) payouts (pass the payouts of places 1..n of the players left;
 * places beyond the payouts pay 0). Real-valued equities are rounded by largest remainder,
 * so each differs from the exact value by less than 1 cent.
 *
 * Method:
 * - Up to `exactUpTo` players (default 16): exact, by dynamic programming over subsets. For
 *   each set S of players holding the top |S| places (in some order), P(S) is summed over
 *   all orders; each player j outside S takes place |S|+1 with P(S) x stack_j / chips(not S).
 *   That is O(2^n x n) steps instead of n! orders: 10 players ~ 10^4 steps (~0.06 ms), 16
 *   players ~ 10^6 steps (~5 ms).
 * - Above that: Monte Carlo over Harville finishing orders drawn with the caller's seeded
 *   `rng`, so the same seed gives the same figures. Each step credits every player not yet
 *   placed with his exact conditional expectation for that place (payout x stack / chips left)
 *   instead of the one drawn result (same mean as counting the drawn places, much less noise).
 *   1st place is therefore exact; the sampled part of one sample's contribution to a player
 *   lies in [0, payouts of places 2..n], so (Popoviciu: variance <= range^2 / 4) the error of
 *   each equity has a standard deviation <= (payouts of places 2..n) / (2 x sqrt(samples)): 50 000
 *   samples <= 0.23% of the money below 1st place. That bound is loose: measured against the
 *   exact method on 12-16 players the error is far smaller (see the tests and bench/icm.ts;
 *   4x the samples halve it). Cost O(samples x n x paid places) plus one rng draw per place
 *   per sample: 27 players, 27 paid, 50 000 samples ~0.6 s with seededRng (bench/icm.ts).
 *
 * Throws `invalid-stacks` for a stack that is not a whole number above 0, `invalid-amount`
 * for a bad payout, and `icm-needs-rng` when the field needs Monte Carlo but no rng is given.
 */
export function icmEquity(stacks: readonly number[], payouts: readonly number[], options: IcmOptions = {}): number[] {
  validateStacks(stacks);
  payouts.forEach((p, i) => assertAmount(p, `The payout for place ${i + 1}`));
  const n = stacks.length;
  const prizes = payouts.slice(0, n);
  const total = sumAmounts(prizes);
  const exactUpTo = Math.min(options.exactUpTo ?? ICM_EXACT_MAX_PLAYERS, ICM_EXACT_HARD_LIMIT);
  let shares: ArrayLike<number>;
  if (n <= exactUpTo) {
    shares = harvilleExact(stacks, prizes);
  } else {
    if (!options.rng) {
      throw new EngineError('icm-needs-rng', `ICM for ${n} players is estimated by sampling and needs a seeded random source.`, 'invalid');
    }
    const samples = options.samples ?? ICM_DEFAULT_SAMPLES;
    assertAmount(samples, 'The number of samples', 1);
    shares = harvilleMonteCarlo(stacks, prizes, options.rng, samples);
  }
  return roundToTotal(Array.from(shares), total);
}

function harvilleExact(stacks: readonly number[], prizes: readonly number[]): Float64Array {
  const n = stacks.length;
  const paid = prizes.length;
  const equity = new Float64Array(n);
  if (paid === 0) return equity;
  const size = 1 << n;
  // prob[S]: P(the players in S hold places 1..|S|); chips[S]: their chips; built upwards,
  // since S | {j} > S every mask is complete before it is read.
  const prob = new Float64Array(size);
  const chips = new Float64Array(size);
  const count = new Uint8Array(size);
  const totalChips = stacks.reduce((a, b) => a + b, 0);
  prob[0] = 1;
  for (let mask = 1; mask < size; mask++) {
    const low = mask & -mask;
    const rest = mask ^ low;
    chips[mask] = chips[rest]! + stacks[31 - Math.clz32(low)]!;
    count[mask] = count[rest]! + 1;
  }
  for (let mask = 0; mask < size; mask++) {
    const p = prob[mask]!;
    const placed = count[mask]!;
    if (p === 0 || placed >= paid) continue;
    const scale = p / (totalChips - chips[mask]!);
    const prize = prizes[placed]!;
    const more = placed + 1 < paid;
    for (let j = 0; j < n; j++) {
      const bit = 1 << j;
      if (mask & bit) continue;
      const q = scale * stacks[j]!;
      equity[j]! += q * prize;
      if (more) prob[mask | bit]! += q;
    }
  }
  return equity;
}

function harvilleMonteCarlo(
  stacks: readonly number[],
  prizes: readonly number[],
  rng: (n: number) => number,
  samples: number,
): Float64Array {
  const n = stacks.length;
  const paid = prizes.length;
  const equity = new Float64Array(n);
  const alive = new Int32Array(n);
  const totalChips = stacks.reduce((a, b) => a + b, 0);
  for (let s = 0; s < samples; s++) {
    for (let i = 0; i < n; i++) alive[i] = i;
    let left = n;
    let chipsLeft = totalChips;
    for (let place = 0; place < paid; place++) {
      const perChip = prizes[place]! / chipsLeft;
      for (let a = 0; a < left; a++) equity[alive[a]!]! += perChip * stacks[alive[a]!]!;
      if (place + 1 === paid) break;
      // Draw who takes this place: a uniform point among the chips left. One 32-bit draw moves
      // any probability by at most 2^-32, far below a cent; the rng is most of the cost.
      let target = (rng(2 ** 32) / 2 ** 32) * chipsLeft;
      let pick = left - 1;
      for (let a = 0; a < left; a++) {
        target -= stacks[alive[a]!]!;
        if (target < 0) {
          pick = a;
          break;
        }
      }
      chipsLeft -= stacks[alive[pick]!]!;
      alive[pick] = alive[--left]!;
    }
  }
  for (let i = 0; i < n; i++) equity[i]! /= samples;
  return equity;
}

/**
 * Chip-chop as card rooms pay it: every player first gets the lowest prize still to be paid (the
 * guarantee: whoever busts next wins at least that), and only the rest of the money is shared in
 * proportion to the chips. `prizes` are the payouts of places 1..n of the n players in the deal
 * (after any amount kept back to play for). Exact to the cent (largest remainder; an odd cent goes
 * to the bigger stack, then to the earlier player).
 *
 * Worked example (issue 23): prizes 760/471/307/225 (1,763 in the pool), chips
 * 350k/250k/150k/70k (820k). Each gets 225 (900), 863 is left: 350/820 x 863 = 368.35…, and the
 * 70k stack gets 225 + 70/820 x 863 = 225 + 73.67 = 298.67, never less than 225. Shared by chips
 * alone it would get 70/820 x 1,763 = 150.50, below the 225 4th place already pays.
 */
export function chipChop(stacks: readonly number[], prizes: readonly number[]): number[] {
  validateStacks(stacks);
  prizes.forEach((p, i) => assertAmount(p, `The payout for place ${i + 1}`));
  const pool = sumAmounts(prizes);
  const floor = guaranteeOf(prizes, stacks.length);
  return allocateProportionally(pool - floor * stacks.length, stacks).map((share) => floor + share);
}

/**
 * The prize each of `players` is sure of already: the lowest of the payouts of places 1..n
 * (places beyond the ladder pay 0). A deal that pays a player less needs the TD's confirmation.
 */
export function guaranteeOf(prizes: readonly number[], players: number): number {
  if (players === 0) return 0;
  let least = Infinity;
  for (let i = 0; i < players; i++) least = Math.min(least, prizes[i] ?? 0);
  return least;
}

export interface DealInput {
  stacks: readonly number[];
  /** Payouts of places 1..n of the players left (index 0 = 1st). */
  payouts: readonly number[];
  /**
   * Money left to play for: kept out of the deal and paid to whoever wins (taken from 1st
   * place before the split). 0 by default; at most the 1st-place payout.
   */
  reserve?: number;
  icm?: IcmOptions;
}

export interface DealProposal {
  /** ICM split of the money in the deal, per player in input order. */
  icm: number[];
  /** Chip-chop of the same money: the guarantee to each, the rest by chips. */
  chipChop: number[];
  /** What each player is sure of already (the lowest prize still to be paid, after the reserve). */
  guarantee: number;
  /** Money in the deal: the payouts of places 1..n minus the reserve. */
  dealt: number;
  /** Money left to play for (goes to the winner). */
  reserve: number;
}

/** Both deal proposals for the TD's screen, on the same money (payouts minus reserve). */
export function proposeDeal(input: DealInput): DealProposal {
  const { stacks, payouts, reserve = 0 } = input;
  validateStacks(stacks);
  const prizes = payouts.slice(0, stacks.length);
  prizes.forEach((p, i) => assertAmount(p, `The payout for place ${i + 1}`));
  assertAmount(reserve, 'The amount left to play for');
  const first = prizes[0] ?? 0;
  if (reserve > first) {
    throw new EngineError('invalid-amount', `The amount left to play for (${reserve}) is more than the 1st-place payout (${first}).`, 'invalid');
  }
  if (prizes.length > 0) prizes[0] = first - reserve;
  const dealt = sumAmounts(prizes);
  return { icm: icmEquity(stacks, prizes, input.icm), chipChop: chipChop(stacks, prizes), guarantee: guaranteeOf(prizes, stacks.length), dealt, reserve };
}

function validateStacks(stacks: readonly number[]): void {
  if (stacks.length === 0) throw new EngineError('invalid-stacks', 'There are no stacks.', 'invalid');
  stacks.forEach((s, i) => {
    if (!Number.isSafeInteger(s) || s < 1) {
      throw new EngineError('invalid-stacks', `Stack ${i + 1} must be a whole number of chips above 0 (got ${String(s)}).`, 'invalid');
    }
  });
  if (!Number.isSafeInteger(sumAmounts(stacks))) throw new EngineError('invalid-stacks', 'The stacks add up to too many chips.', 'invalid');
}
