/**
 * Deals (IP r8: the players tell the TD the deal they want, every player must agree, a deal that
 * leaves out an active player is wrong): the figures (ICM, chip-chop with the guarantee first,
 * money/icm.ts) from every player's counted or typed chips, the deal applied (below a guarantee
 * only when the TD confirms it; ending play if asked), and its undo. docs/RULES.md "Deals".
 */
import { EngineError } from '../errors.js';
import { guaranteeOf, proposeDeal } from '../money/icm.js';
import type { TournamentState } from '../state.js';
import type { ApplyContext, Outcome } from '../commands/types.js';
import type { EntriesEvent } from '../../protocol/entries-events.js';
import { activeCount, activeEntries, ledger, payoutsInForce } from './ledger.js';
import type { Deal, EntriesState, Entry } from './model.js';
import { activeEntry, findEntry, nameOf, replaceEntry, withEntries } from './registration.js';
import { applySatelliteDeal, refuseSatelliteProposal } from '../bounties/satellite-deal.js';

/** The money still to be paid to the players in play: places 1..n of the payouts in force. */
export function moneyLeft(state: TournamentState): number {
  const n = activeCount(ledger(state));
  return payoutsInForce(state).slice(0, n).reduce((s, a) => s + a, 0);
}

export function requireDealField(e: EntriesState): void {
  if (e.deal) throw new EngineError('deal-already-made', 'A deal has already been made.');
  if (activeCount(e) < 2) throw new EngineError('not-enough-players', 'A deal needs at least two players in play.');
}

/**
 * The chips of each player in the deal: as the TD typed them, else his last count. A player whose
 * chips were never counted is refused by name: his starting stack says nothing about his chips
 * now, and every figure of the deal follows from them.
 */
function dealChips(e: EntriesState, left: readonly Entry[], typed: Readonly<Record<string, number>>): number[] {
  for (const id of Object.keys(typed)) activeEntry(e, id);
  const missing = left.filter((x) => typed[x.id] === undefined && x.countedAt === undefined);
  if (missing.length) {
    throw new EngineError('chips-not-counted', `Count the chips of ${missing.map((x) => nameOf(e, x)).join(', ')} (or type them in): a deal needs every player's chips.`, 'invalid');
  }
  return left.map((x) => typed[x.id] ?? x.chips);
}

/**
 * ICM and chip-chop figures for every player in play (IP r8: the players decide, the TD approves),
 * each player's guarantee beside them (money/icm.ts).
 */
export function dealProposal(state: TournamentState, reserve: number, typed: Readonly<Record<string, number>>, ctx: ApplyContext): Outcome {
  const e = ledger(state);
  requireDealField(e);
  if (state.settings.satellite) refuseSatelliteProposal(state);
  const left = activeEntries(e);
  const stacks = dealChips(e, left, typed);
  const payouts = payoutsInForce(state).slice(0, left.length);
  const rng = ctx.rng();
  const p = proposeDeal({ stacks, payouts, reserve, icm: { rng: (n) => rng.int(n) } });
  return {
    state,
    events: [],
    result: {
      dealt: p.dealt,
      reserve: p.reserve,
      guarantee: p.guarantee,
      players: left.map((x, i) => ({ entryId: x.id, name: nameOf(e, x), chips: stacks[i]!, typed: typed[x.id] !== undefined, icm: p.icm[i]!, chipChop: p.chipChop[i]!, guarantee: p.guarantee })),
    },
  };
}

/**
 * IP r8: a deal needs every remaining player; its amounts (plus the reserve) must be the money
 * left. One that pays a player less than his guarantee (the lowest prize still to be paid: he
 * would win that by busting next) needs the TD's explicit `belowGuarantee`, and is marked so.
 */
export function applyDeal(state: TournamentState, amounts: Record<string, number>, reserve: number, belowGuarantee: boolean, endsPlay: boolean, now: number, places?: readonly number[]): Outcome {
  const e = ledger(state);
  requireDealField(e);
  if (state.settings.satellite) return applySatelliteDeal(state, { amounts, places, reserve, endsPlay }, now);
  if (places) throw new EngineError('invalid-amount', 'Cash by place is for a deal in a satellite; give the amounts by player.', 'invalid');
  const left = activeEntries(e);
  const missing = left.filter((x) => amounts[x.id] === undefined);
  if (missing.length) {
    throw new EngineError('deal-needs-everyone', `A deal needs every remaining player (IP r8); missing: ${missing.map((x) => nameOf(e, x)).join(', ')}.`);
  }
  for (const id of Object.keys(amounts)) activeEntry(e, id);
  const total = Object.values(amounts).reduce((s, a) => s + a, 0) + reserve;
  const money = moneyLeft(state);
  if (total !== money) throw new EngineError('payouts-mismatch', `The deal hands out ${total} but ${money} is left to pay.`, 'invalid');
  const payouts = payoutsInForce(state);
  const guarantee = guaranteeOf(payouts, left.length);
  const below = left.filter((x) => amounts[x.id]! < guarantee);
  if (below.length && !belowGuarantee) {
    throw new EngineError('deal-below-guarantee', `The deal pays ${below.map((x) => nameOf(e, x)).join(', ')} less than the ${guarantee} ${below.length === 1 ? 'he is' : 'they are'} sure of already; confirm with belowGuarantee to apply it.`);
  }
  if (endsPlay && reserve > 0) throw new EngineError('invalid-amount', 'A deal that ends play keeps nothing back to play for: set the reserve to 0.', 'invalid');
  // A deal that ends play places its players by their chips: every one must have been counted
  // (the calculator sends the chips typed as a count first, chips.count, so they are in the log).
  const uncounted = endsPlay ? left.filter((x) => x.countedAt === undefined) : [];
  if (uncounted.length) {
    throw new EngineError('chips-not-counted', `A deal that ends play places the players by their chips: count the chips of ${uncounted.map((x) => nameOf(e, x)).join(', ')} first.`, 'invalid');
  }
  const deal: Deal = { amounts: { ...amounts }, reserve, at: now, hands: e.hands.length };
  if (below.length) deal.belowGuarantee = below.map((x) => x.id);
  if (!e.payouts.locked) deal.locked = true;
  let next: EntriesState = { ...e, deal, payouts: { ...e.payouts, locked: e.payouts.locked ?? [...payouts] } };
  const events: EntriesEvent[] = [{ type: 'deal.applied', at: now }];
  if (endsPlay) {
    // The books leave the order of a deal that ends play to the house (IP r8); Riffle lists the
    // players by their counted chips, the biggest stack 1st (equal stacks: registration order).
    // They stay in play (nobody busted); end.ts finishes the tournament on `endsPlay`.
    deal.endsPlay = true;
    const order = left.slice().sort((a, b) => b.chips - a.chips);
    order.forEach((x, i) => (next = replaceEntry(next, { ...x, place: i + 1, placeTo: i + 1, prize: amounts[x.id]! })));
    const first = order[0]!;
    events.push({ type: 'tournament.won', entryId: first.id, name: nameOf(e, first), prize: amounts[first.id]!, at: now });
  }
  return { state: withEntries(state, next), events };
}

/**
 * Takes the deal back, as long as nobody has finished since (their prizes came from it): the
 * ladder pays again, and payouts the deal locked are unlocked.
 */
/** Play has passed the deal (a hand recorded or a player finished since): it can no longer be undone. */
export function dealPassed(e: EntriesState, deal: NonNullable<EntriesState['deal']>): boolean {
  return e.hands.length > deal.hands || e.entries.some((x) => x.outAt !== undefined && x.outAt >= deal.at && x.place !== undefined);
}

export function undoDeal(state: TournamentState, now: number): Outcome {
  const e = ledger(state);
  const deal = e.deal;
  if (!deal) throw new EngineError('no-deal', 'No deal has been made.');
  if (e.seatsWon) throw new EngineError('bust-not-latest', 'Play stopped at the seats after the deal; undo the last bust first.');
  if (dealPassed(e, deal)) {
    throw new EngineError('bust-not-latest', 'Players have finished since the deal; undo their busts first.');
  }
  const locked = deal.ladderBefore !== undefined ? deal.ladderBefore : deal.locked ? null : e.payouts.locked;
  let next: EntriesState = { ...e, deal: null, payouts: { ...e.payouts, locked } };
  if (deal.endsPlay) {
    // The places the deal gave are taken back with it: play goes on (end.ts reopens the clock).
    for (const id of Object.keys(deal.amounts)) {
      const { place: _p, placeTo: _t, prize: _z, ...rest } = findEntry(next, id);
      next = replaceEntry(next, rest);
    }
  }
  return { state: withEntries(state, next), events: [{ type: 'deal.undone', at: now }] };
}
