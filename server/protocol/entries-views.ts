/**
 * Topics of the entries domain: `field` (the venue screen's numbers), `payouts` (the ladder)
 * and `players` (the control panel's list). Each is re-sent whole when its JSON changes.
 */
import type { BountySummary, MysteryPrize } from './bounties.js';

/**
 * A window (late registration, re-entry) that closes with the end of a structure item.
 * It names the item, not a time: screens count down to the end of `untilIndex` from the clock
 * and structure topics, so a clock command (pause, +1 min) never has to re-send this topic.
 */
export interface WindowView {
  open: boolean;
  /** Open: it closes when the structure item at this index ends. */
  untilIndex?: number;
  /** Late registration: closes at the end of this level number (null: when the clock starts). */
  level?: number | null;
}

export interface FieldView {
  /** Entries in play. */
  playersLeft: number;
  /** Paid entries (re-entries included). */
  entries: number;
  /** Unique players who bought in. */
  uniquePlayers: number;
  reentries: number;
  rebuys: number;
  addons: number;
  /** Chips in play: stacks + rebuys + add-ons issued, minus chips removed. */
  totalChips: number;
  /** Average stack in chips (0 with nobody left), and in big blinds of the level in force (1 decimal). */
  avgStack: number;
  avgStackBB: number;
  currency: string;
  /** Prize pool in cents (guarantee included), money collected and the house's overlay. */
  prizePool: number;
  collected: number;
  guarantee: number;
  overlay: number;
  paidPlaces: number;
  lateRegistration: WindowView;
  reentry: WindowView;
  rebuyOpen: boolean;
  addonOpen: boolean;
  handForHand: { active: boolean; hand: number };
  /** The colour-up at the current break (`now`) or at the next break. */
  colorUp: { denomination: number; breakIndex: number; now: boolean } | null;
  /** Set once the tournament has a winner. */
  winner?: { entryId: string; name: string };
  /**
   * The bounty format (issue 25; contract: the tournament view's `bounty`): pool, paid and still on
   * heads (cents), the biggest heads (KO, PKO) or the mystery prizes left. Absent without one.
   */
  bounty?: BountySummary & {
    biggest?: { entryId: string; name: string; bounty: number }[];
    /** Mystery: the posted prizes with the envelopes left of each (0 once the finishers collected them). */
    mysteryLeft?: MysteryPrize[];
    /**
     * Mystery: the envelopes posted differ from the players in play when the stage started; shown
     * to the TD until he confirms the count (`bounty.confirmEnvelopes`) or posts the list again.
     */
    envelopeCheck?: { envelopes: number; players: number };
  };
  /** A satellite (issue 25): the value of a seat, the seats the pool pays, and how many are still to be won. */
  satellite?: {
    seatValue: number;
    seats: number;
    seatsLeft: number;
    /** Once play stopped at the seats: the seat winners, biggest counted stack first. */
    winners?: { entryId: string; name: string }[];
  };
  /**
   * Once the tournament is over (clock `finished`): the final table's places, 1st first, with
   * their prizes, for the results screens (venue display, lobby, phone). `deal`: the prize is
   * the player's share of a deal (IP r8), not the ladder's.
   */
  finalTable?: FinishView[];
  dealMade: boolean;
  /** The alternate list, first in line first (IP r15-1); absent while empty. */
  alternates?: AlternateView[];
  /** Unsold seats still holding a stack (IP r16-3); absent when there are none. */
  unsoldSeats?: UnsoldSeatView[];
  /** The tournament uses IP 2008's unsold seats (rules.lateStack `ip-2008`): the phone offers them. */
  unsoldSeatsRule?: true;
  /** End of the day (MEC r9), bag and tag, Day 2's flights; absent until the first day command. */
  day?: DayView;
}

/** One finishing place of the results (a shared place runs `place`..`placeTo`). */
export interface FinishView {
  place: number;
  placeTo?: number;
  entryId: string;
  name: string;
  /** Cents. */
  prize: number;
  deal?: true;
  /** A satellite's seat winner: he shares the seat places with the others (the prize is his seat, plus any cash). */
  seat?: true;
  /** Under a bounty format (issue 25): eliminations he took part in and the bounty money won (cents, his own included). */
  knockouts?: { count: number; amount: number };
  /** Under a bounty format: the names of who eliminated him (a split pot names several). */
  eliminatedBy?: string[];
}

export interface DayView {
  /** Bag-and-tag counts recorded, and whose. */
  bagged: number;
  baggedIds: string[];
  closed: boolean;
  /** MEC r9: the card drawn (e.g. `5h`), the hands it set, and each table's hands left. */
  endOfDay?: { card: string; hands: number; at: number; tables: { tableId: string; table: number; handsLeft: number }[]; done: boolean };
  /** Day 2: the flights it was made from. */
  flights?: { tournamentId: string; name: string; carried: number; dropped: number }[];
}

export interface AlternateView {
  id: string;
  name: string;
  /** 1 = next to be seated. */
  position: number;
}

export interface UnsoldSeatView {
  tableId: string;
  table: number;
  seat: number;
  chips: number;
}

export interface PayoutPlaceView {
  place: number;
  amount: number;
  /** Awarded already (a player finished there). */
  paid: boolean;
}

/** The payout ladder as screens show it (made from the `payouts` topic by `payoutsView`, rules/payouts.ts). */
export interface PayoutsView {
  currency: string;
  prizePool: number;
  places: PayoutPlaceView[];
  /** `template`: default from the payout table; `custom`: set by the TD; `locked`: fixed by the first prize. */
  source: 'template' | 'custom' | 'locked';
  /**
   * A deal, when one was made (IP r8): amounts by entry id, the players' names by entry id (so
   * every screen shows it by name), the reserve played for, and the entries the TD confirmed
   * below their guarantee.
   */
  /** `passed`: play has gone on since (a hand recorded, a player finished): it can no longer be undone. */
  deal?: { amounts: Record<string, number>; names?: Record<string, string>; reserve: number; belowGuarantee?: string[]; passed?: true };
}

/**
 * How the ladder's amounts follow the prize pool: each place's share of the pool in millionths
 * (index 0 = 1st), every place below 1st rounded down to `roundingUnit` cents, 1st gets the rest
 * (rules/payouts.ts `payoutAmounts`).
 */
export interface PayoutShares {
  parts: number[];
  roundingUnit: number;
}

/** A place of the `payouts` topic: its amount only when the ladder does not follow `shares`. */
export interface PayoutPlaceTopic {
  place: number;
  amount?: number;
  paid: boolean;
}

/**
 * The `payouts` topic as sent. While the ladder is the template's (or locked as it was), every
 * registration changes every amount, so the topic carries the shares and the pool, and the
 * amounts are worked out where they are shown: a registration sends the new pool, not 300 places.
 * The places are a keyed collection (by `place`): a place paid out is one small patch.
 */
export interface PayoutsTopic {
  currency: string;
  prizePool: number;
  source: PayoutsView['source'];
  /** Present when the amounts follow the pool: then no place carries an amount. */
  shares?: PayoutShares;
  places: PayoutPlaceTopic[];
  deal?: PayoutsView['deal'];
}

export interface PlayerPenaltyView {
  id: string;
  kind: string;
  hands?: number;
  /** Hands of it missed so far (hands dealt at his table since; TDA 2017 r68: it begins after the current hand). */
  served?: number;
  /** Server time a time-out ends. */
  until?: number;
  note?: string;
}

export interface PlayerEntryView {
  id: string;
  playerId: string;
  name: string;
  /** ISO 3166-1 alpha-2 country of the player ("NL"), when the floor entered one. */
  country?: string;
  /** Issue 27: the venue's record he was registered from (`p_…`). */
  venuePlayerId?: string;
  /** Same-origin URL of his photo (the stream's plates show it; absent: the flag). */
  photo?: string;
  /** The short name the stream falls back to, as the producer or TD set it (absent: the rule's, protocol/on-air-name.ts). */
  onAirName?: string;
  /** 1: first entry, 2: first re-entry, … */
  n: number;
  status: 'active' | 'busted';
  out?: 'bust' | 'forfeit' | 'disqualified' | 'absent';
  /** Marked absent by the floor at this server time (ONK MEC r4: the stack may be removed after rules.absentRemovalMinutes). */
  absentSince?: number;
  /**
   * In play and his chips were counted (`chips.set`, `chips.count`): the server time of the last
   * count, so `chips` is a count and the phone says when; absent: `chips` is only what he was given.
   */
  counted?: number;
  chips: number;
  rebuys: number;
  addons: number;
  place?: number;
  placeTo?: number;
  prize?: number;
  /** The bounty on his head now (cents; issue 25); absent without a knockout or PKO format. */
  bounty?: number;
  /** Eliminations he took part in and the bounty money won (cents); absent: none. */
  knockouts?: { count: number; amount: number };
  /** Of the bounty money he won, what the cashier marked handed out (cents); absent: nothing marked. */
  bountyPaid?: number;
  /** Entry ids of who eliminated him (the order of a split), when recorded. */
  eliminatedBy?: string[];
  /** Penalties being served (not cleared). */
  penalties?: PlayerPenaltyView[];
  /** Came in from the alternate list (IP r15). */
  alternate?: true;
}

export interface PlayersView {
  entries: PlayerEntryView[];
  /** Entry ids of the latest bust hand (what entry.undoBust can take back). */
  lastBust: string[];
}
