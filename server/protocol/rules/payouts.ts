/**
 * Payout amounts from the pool and the template's shares (RULES.md: the prize pool and the payout
 * schedule are posted in time, IP 2008 part I §5), shared by the engine (the payouts in force)
 * and every screen (the `payouts` topic carries the shares and the pool, not the amounts:
 * protocol/entries-views.ts PayoutsTopic). One rule, so a screen's ladder is the engine's to the
 * cent.
 */
import type { PayoutPlaceView, PayoutShares, PayoutsTopic, PayoutsView } from '../entries-views.js';
import type { TopicViews, WireViews } from '../views.js';
import { assertAmount, sumAmounts } from './amounts.js';

/** Shares are integer millionths of the pool (a percent with 4 decimals). */
export const PAYOUT_PARTS = 1_000_000;

/**
 * The amount of each place: every place below 1st gets its share of the pool rounded down to
 * `roundingUnit` cents; 1st gets the rest, so the ladder adds up to the pool exactly. BigInt,
 * as a pool of millions of cents times a share in millionths passes 2^53.
 */
export function payoutAmounts(pool: number, shares: PayoutShares): number[] {
  assertAmount(pool, 'The prize pool');
  assertAmount(shares.roundingUnit, 'The rounding unit', 1);
  if (shares.parts.length === 0) return [];
  const divisor = BigInt(PAYOUT_PARTS) * BigInt(shares.roundingUnit);
  const amounts = [0];
  for (let k = 1; k < shares.parts.length; k++) {
    amounts.push(Number((BigInt(pool) * BigInt(shares.parts[k]!)) / divisor) * shares.roundingUnit);
  }
  amounts[0] = pool - sumAmounts(amounts);
  return amounts;
}

const ladders = new WeakMap<PayoutsTopic, PayoutsView>();

/**
 * The ladder as screens show it, made once per topic object (a patch that does not touch the
 * payouts keeps the same ladder, so a screen does not redraw it).
 */
export function payoutLadder(topic: PayoutsTopic): PayoutsView {
  let view = ladders.get(topic);
  if (view) return view;
  const { shares, places: wire, ...rest } = topic;
  const amounts = shares ? payoutAmounts(topic.prizePool, shares) : [];
  const places: PayoutPlaceView[] = wire.map((p) => ({ place: p.place, amount: p.amount ?? amounts[p.place - 1] ?? 0, paid: p.paid }));
  view = { ...rest, places };
  ladders.set(topic, view);
  return view;
}

/**
 * The topics as screens read them: the wire's, with the payout ladder's amounts worked out from
 * the pool. A topic a patch did not touch keeps its object, the ladder included, so a screen
 * redraws only what changed. (The browser's feed, and `GET /api/tournaments/:id`.)
 */
export function screenViews(wire: Readonly<Partial<WireViews>>): Partial<TopicViews> {
  const { payouts, ...rest } = wire;
  return payouts ? { ...rest, payouts: payoutLadder(payouts) } : rest;
}
