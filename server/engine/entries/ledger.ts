/**
 * Figures derived from the entries state and the clock: which windows are open, the prize pool,
 * the payouts in force, chips in play. One place for each, shared by commands and views.
 */
import type { ClockState } from '../clock.js';
import { payoutShares, prizePool, type PrizePool } from '../money/payouts.js';
import { payoutAmounts } from '../../protocol/rules/payouts.js';
import type { PayoutShares } from '../../protocol/entries-views.js';
import { colorUpSchedule } from '../money/colorup.js';
import { durationMs, indexOfLevelNumber, levelInForce, msBetween, type StructureItem } from '../structure.js';
import type { TournamentState } from '../state.js';
import type { BuyPeriod } from '../../protocol/entries-commands.js';
import { withDefaults, type EntriesState, type Entry } from './model.js';
import { entryTotals } from './totals.js';
import { satellitePayouts, seatGuarantee } from '../bounties/satellite.js';

export function ledger(state: TournamentState): EntriesState {
  return withDefaults(state.entries);
}

/**
 * The last structure index of late registration, or -1 when there is none (registration only
 * before the clock starts). A level number past the structure keeps it open to the end.
 */
export function lateRegistrationEndIndex(state: TournamentState): number {
  const n = state.settings.lateRegistrationLevel;
  if (n === null) return -1;
  const i = indexOfLevelNumber(state.structure, n);
  return i < 0 ? state.structure.length - 1 : i;
}

function openThrough(clock: ClockState, endIndex: number): boolean {
  if (clock.status === 'idle') return true;
  return clock.status !== 'ended' && clock.index <= endIndex;
}

/** Registration: always before the start; then until the end of lateRegistrationLevel. */
export function registrationOpen(state: TournamentState): boolean {
  return openThrough(state.clock, lateRegistrationEndIndex(state));
}

/** PPN r27: re-entry up to and including the first break; otherwise as late registration. */
export function reentryEndIndex(state: TournamentState): number {
  if (state.settings.rules.reentryUntil === 'first-break') {
    const first = state.structure.findIndex((item) => item.kind === 'break');
    if (first >= 0) return first;
  }
  return lateRegistrationEndIndex(state);
}

export function reentryOpen(state: TournamentState): boolean {
  return openThrough(state.clock, reentryEndIndex(state));
}

/** A rebuy or add-on period is open while the clock is on an item in [fromIndex, untilIndex]. */
export function periodOpen(state: TournamentState, period: BuyPeriod | null | undefined): boolean {
  if (!period) return false;
  const { clock } = state;
  return clock.status !== 'ended' && clock.index >= period.fromIndex && clock.index <= period.untilIndex;
}

/**
 * The prize pool. Rebuy and add-on money is summed in cents as sold (a later price change does
 * not rewrite earlier sales), so it enters prizePool as one lot each.
 */
export function pool(state: TournamentState): PrizePool {
  const e = ledger(state);
  const s = state.settings;
  // Day 2 (day2.import): its entries were paid in the flights; the flights' money is the pool.
  const own = e.carried ? entryTotals(e.entries).own : e.entries.length;
  return prizePool({
    entries: own,
    carriedMoney: e.carried?.money ?? 0,
    buyIn: s.buyIn,
    fee: s.fee,
    rebuys: 1,
    rebuyPrice: e.rebuyMoney,
    addons: 1,
    addonPrice: e.addonMoney,
    // A satellite's guaranteed seats are a guarantee of that many seats' value (bounties/satellite.ts).
    guarantee: Math.max(s.guarantee ?? 0, seatGuarantee(s.satellite)),
  });
}

/** The payouts in force (index 0 = 1st): locked at the first prize, else the TD's, else the template's. */
export function payoutsInForce(state: TournamentState): number[] {
  const e = ledger(state);
  if (e.payouts.locked) return e.payouts.locked;
  if (e.payouts.custom) return e.payouts.custom;
  return defaultPayouts(state);
}

/** Places paid: the payouts in force above 0 (a ladder never rises, so these are 1st..nth). */
const paidCounts = new WeakMap<readonly number[], number>();

export function paidPlaces(state: TournamentState): number {
  const payouts = payoutsInForce(state);
  let n = paidCounts.get(payouts);
  if (n === undefined) {
    n = payouts.filter((a) => a > 0).length;
    paidCounts.set(payouts, n);
  }
  return n;
}

/** The number of entries the payout template is chosen for (Day 2: the flights' entries together). */
function payoutField(state: TournamentState): number {
  const e = ledger(state);
  return e.carried ? e.carried.entries + entryTotals(e.entries).own : e.entries.length;
}

/** The default template's shares for this field (null before the first entry): the same object while the field's template and places stay. */
export function defaultShares(state: TournamentState): PayoutShares | null {
  const count = payoutField(state);
  return count === 0 ? null : payoutShares(count, undefined, state.settings.payoutRoundingUnit ?? 100);
}

/**
 * The default payouts: the template worked out for the whole pool (300 places at 10,000
 * entries), so it is kept per settings object for the pool and shares it was made for, and a
 * command that changes neither (a chip count, a bust) gets the same list back.
 */
const payoutCache = new WeakMap<object, { pool: number; shares: PayoutShares | null; payouts: number[] }>();

export function defaultPayouts(state: TournamentState): number[] {
  const shares = defaultShares(state);
  const money = pool(state).pool;
  const cached = payoutCache.get(state.settings);
  if (cached && cached.pool === money && cached.shares === shares) return cached.payouts;
  // A satellite pays seats (bounties/satellite.ts); other tournaments the template.
  const payouts = state.settings.satellite ? (shares ? satellitePayouts(money, state.settings.satellite) : []) : shares ? payoutAmounts(money, shares) : [];
  payoutCache.set(state.settings, { pool: money, shares, payouts });
  return payouts;
}

export function activeEntries(e: EntriesState): Entry[] {
  return e.entries.filter((x) => x.status === 'active');
}

/** The number of entries in play (counted as the list changes: entries/totals.ts). */
export function activeCount(e: Pick<EntriesState, 'entries'>): number {
  return entryTotals(e.entries).active;
}

/** Chips in play: everything handed out minus what left play for good. */
export function chipsInPlay(e: EntriesState): number {
  return e.chipsIssued - e.removals.reduce((s, r) => s + r.chips, 0);
}

/** Prizes already awarded, in cents. */
export function prizesAwarded(e: EntriesState): number {
  return entryTotals(e.entries).prizes;
}

/** The big blind in force (a break shows the last level's). */
export function bigBlindInForce(structure: readonly StructureItem[], index: number): number {
  return levelInForce(structure, index)?.bigBlind ?? 0;
}

/** Chips still in play of the set, lowest first: the chip set minus the colour-ups done. */
export function chipsStillInPlay(state: TournamentState): number[] {
  const set = state.settings.chipSet ?? [];
  const gone = new Set(ledger(state).colorUps);
  return set.filter((d) => !gone.has(d)).sort((a, b) => a - b);
}

/**
 * The colour-up to show: at the current break, or at the next break. A break's own `colorUp`
 * wins; otherwise the schedule derived from the chip set (IP r37) says which chip leaves there.
 */
export function colorUpNotice(state: TournamentState): { denomination: number; breakIndex: number; now: boolean } | null {
  const { structure, clock } = state;
  const scheduled = new Map<number, number>();
  const chipSet = state.settings.chipSet;
  if (chipSet && chipSet.length > 0) {
    try {
      for (const p of colorUpSchedule(structure, chipSet)) if (p.breakIndex !== null) scheduled.set(p.breakIndex, p.denomination);
    } catch {
      // A bad chip set is reported by settings.set; no notice here.
    }
  }
  const done = new Set(ledger(state).colorUps);
  for (let i = clock.index; i < structure.length; i++) {
    const item = structure[i]!;
    if (item.kind !== 'break') continue;
    const d = item.colorUp?.denomination ?? scheduled.get(i);
    if (d !== undefined && !done.has(d)) return { denomination: d, breakIndex: i, now: i === clock.index };
    if (i > clock.index) return null;
  }
  return null;
}
