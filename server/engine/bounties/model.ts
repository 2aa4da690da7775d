/**
 * Bounty state (issue 25): plain data beside the entries, never inside them, so the entries'
 * own model can change without it. Who eliminated whom is a list of knockouts in the order they
 * happened; every amount in a knockout is what was paid, so an undo takes exactly that back.
 *
 * A bounty is money kept apart, never a chip in play (TDA 2024 AP 22, wagering bounty chips, is
 * "niet van toepassing" at ONK): nothing here touches chips or the prize pool.
 */
import type { TournamentState } from '../state.js';

export interface Knockout {
  /** The bust hand (entries.hands[].n) it belongs to. */
  hand: number;
  /** The busted entry; for `own`, the winner. */
  entryId: string;
  /** Who won his last chips, in the order the odd cent goes (docs/RULES.md "Bounties"). */
  by: string[];
  /** Percent each of `by` gets (adding up to 100); absent: equal shares. */
  split?: number[];
  /** The bounty on his head when he went out (cents); mystery: his entry's part of the pool. */
  head: number;
  /** Paid to each of `by` (cents). */
  paid: number[];
  /** PKO: added to each of `by`'s own bounty (cents). */
  grown: number[];
  /** Mystery: the index of the posted prize line drawn; absent: nothing drawn. */
  drawn?: number;
  /** The elimination left one player (PKO's final-two rule). */
  last?: true;
  /** The winner collecting his own bounty (mystery: the prizes left). */
  own?: true;
  /**
   * An `own` collected at an end that was not a bust (a deal that ends play, a disqualification
   * or removal leaving one player): recorded by the follow-up (end.ts), with `hand` one past the
   * last bust hand, and taken back when the end is undone.
   */
  end?: true;
  /**
   * The bounty of a player who left play with nobody to claim it (disqualified, removed for
   * absence, forfeited to re-enter), paid at the end to the players who finished in play
   * (`settings.bounty.unclaimed: 'players'`): `by` are they, not his eliminators; always `end`.
   */
  unclaimed?: true;
  at: number;
}

export interface BountyState {
  knockouts: Knockout[];
  /** PKO: what each entry's bounty has grown by (entries that eliminated someone). */
  grown: Record<string, number>;
  /** Everything paid so far (cents). */
  paid: number;
  /** Mystery: the posted list and the envelopes left per line. */
  mystery?: {
    prizes: { amount: number; count: number }[];
    left: number[];
    at: number;
    /** The TD confirmed an envelope count that differs from the players in play at the stage's start (`bounty.confirmEnvelopes`). */
    countConfirmed?: true;
  };
  /**
   * The cashier's pay-out sheet: bounty money handed to each entry's player so far (cents).
   * A mark, not a knockout: a correction of who won what leaves it as it was (the sheet then
   * shows what is still owed, or what was handed out too much).
   */
  cashed?: Record<string, number>;
}

export const NO_BOUNTIES: BountyState = Object.freeze({ knockouts: [], grown: {}, paid: 0 }) as BountyState;

/** States stored before issue 25 have no `bounties`: nothing recorded yet. */
export function bountiesOf(state: TournamentState): BountyState {
  return state.bounties ?? NO_BOUNTIES;
}

export function withBounties(state: TournamentState, bounties: BountyState): TournamentState {
  return { ...state, bounties };
}
