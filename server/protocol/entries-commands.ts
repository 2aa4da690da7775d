/**
 * The entries domain on the wire: its settings (rebuys, add-ons, chip set, guarantee) and the
 * arguments of its commands (entries, chips, bust-outs, hand-for-hand, payouts, deals,
 * penalties), as a client sends them. Chips and money are whole numbers (money in cents), ids
 * 1 to 40 characters. docs/API.md documents each command; server/engine/schemas/entries.ts
 * validates them (checked at compile time against these types).
 */
import type { NoArgs } from './commands.js';
import type { RuleValues } from './tournament.js';
import type { BountySettingsInput, SatelliteSettingsInput } from './bounties.js';

/** A rebuy or add-on period: its price, fee, chips and the structure items (0-based, breaks included) it is open for. */
export interface BuyPeriod {
  /** Part of the price that goes into the prize pool (cents). */
  price: number;
  /** Part that goes to the house (cents). */
  fee: number;
  /** Above 0. */
  chips: number;
  /** 0..199. */
  fromIndex: number;
  /** 0..199. */
  untilIndex: number;
  /** Per entry, 1..100; null: rebuys unlimited, an add-on once per entry (entries/buy-limits.ts). */
  max: number | null;
}

/** A buy period as a client writes it: `fee` (0), `fromIndex` (0) and `max` (null) may be left out. */
export type BuyPeriodInput = Omit<BuyPeriod, 'fee' | 'fromIndex' | 'max'> & Partial<Pick<BuyPeriod, 'fee' | 'fromIndex' | 'max'>>;

/** The entries domain's settings, part of a tournament's settings; every field has a default. */
export interface EntriesSettingsInput {
  /** Chip denominations in the tournament's chip set, at most 20 (colour-ups are derived from it); default null. */
  chipSet?: number[] | null;
  /** Guaranteed prize pool in cents; the house pays the overlay. Default 0. */
  guarantee?: number;
  /** Default payouts round every place below 1st down to this many cents (1..1,000,000); default 100. */
  payoutRoundingUnit?: number;
  rebuy?: BuyPeriodInput | null;
  addon?: BuyPeriodInput | null;
  /** Knockout, PKO or mystery bounty (issue 25; server/protocol/bounties.ts); default null: none. */
  bounty?: BountySettingsInput | null;
  /** Seats as prizes (issue 25); default null: not a satellite. */
  satellite?: SatelliteSettingsInput | null;
}

/**
 * `fold-out-of-turn`: the HR house rule, three missed hands. `blind-dodge`: IP r45-2, one round of
 * missed hands (one per player at his new table) for dodging the blinds when changing seats.
 */
export type PenaltyKind = 'warning' | 'missed-hands' | 'missed-rounds' | 'time-out' | 'disqualification' | 'fold-out-of-turn' | 'blind-dodge';

/** The rule values `settings.set` may change during play. */
export type SettableRuleValues = Pick<
  RuleValues,
  | 'reentryMax'
  | 'forfeitReentry'
  | 'reentryUntil'
  | 'lateStack'
  | 'handForHandMinutesPerHand'
  | 'timeOutStepMinutes'
  | 'alternateStack'
  | 'flightDuplicates'
  | 'minPlayersToStart'
  | 'absentRemovalMinutes'
  | 'dealerCues'
  | 'satelliteDealCash'
  | 'satelliteLastSeat'
  | 'satelliteSeatHeld'
  | 'disqualifiedPrize'
  | 'playerClockAtZero'
  | 'playerClock'
>;

/** The arguments of each entries command, by type (the envelope's `type` and `id` are not included). */
export interface EntriesCommandArgs {
  /** Either `name` (a new player, 1 to 60 characters) or `playerId` (a known one), not both. */
  'entry.add': {
    name?: string;
    playerId?: string;
    /** ISO 3166-1 alpha-2 country, shown as a flag on the stream (new players only). */
    country?: string;
    /**
     * Issue 27: the venue's record he is registered from (`p_…`, protocol/players.ts), with `name`.
     * A record already playing here re-enters instead (as `playerId` would).
     */
    venuePlayerId?: string;
    /** His photo's same-origin URL from the record (PLAYER_PHOTO_PATH), with `venuePlayerId`. */
    photo?: string;
    /**
     * ONK MEC r1B, the TD's alone: after late registration closed, place the stack of a registered
     * player delayed on the way; it is blinded (marked absent) until he arrives. With `name` only.
     */
    afterClose?: true;
  };
  'entry.reenter': {
    playerId: string;
    /** TDA 2017 r7: the player gives up the stack he still has (it leaves play) to re-enter. Default false. */
    forfeit?: boolean;
  };
  'entry.rebuy': { entryId: string };
  'entry.addon': { entryId: string };
  'entry.bust': {
    /** 1 to 100 entries. */
    entryIds: string[];
    /** Table of each bust (needed when several bust in one hand). */
    tables?: Record<string, string>;
    /** Chips of each bust at the start of the hand (MEC r7; needed when several bust at one table). */
    startChips?: Record<string, number>;
    /**
     * Who won each bust's last chips, by busted entry id (issue 25): 1..9 entries in play at his
     * table, in the order the odd cent of a split goes. Required under a bounty format.
     */
    eliminators?: Record<string, string[]>;
    /** Percent of each bust's bounty per eliminator (adding up to 100); default equal shares. */
    splits?: Record<string, number[]>;
  };
  'entry.undoBust': { entryId: string };
  'chips.set': { entryId: string; chips: number };
  'chips.colorUp': {
    denomination: number;
    /** Chips of the removed denomination each player still holds after the race (TDA 2017 r24); default none. */
    leftovers?: Array<{ entryId: string; count: number }>;
  };
  'handForHand.start': NoArgs;
  'handForHand.nextHand': NoArgs;
  'handForHand.stop': NoArgs;
  /** 1 to 5000 places in cents, or null: back to the default payouts. */
  'payouts.set': { amounts: number[] | null };
  'deal.propose': {
    /** Money (and the title) kept back to play for; goes to the winner. Default 0. */
    reserve?: number;
    /**
     * Chips per remaining entry as the TD typed them, by entry id. A player not given here is
     * taken at his last count (`chips.set`, `chips.count`); one never counted is refused
     * (`chips-not-counted`), never taken at his starting stack.
     */
    chips?: Record<string, number>;
  };
  'deal.apply': {
    /** Cents per remaining entry, by entry id. */
    amounts: Record<string, number>;
    /** Money left to play for; goes to the winner. Default 0. */
    reserve?: number;
    /** Must be true: every remaining player agreed and the TD approves (IP r8). */
    confirmed: true;
    /** The TD confirms that the deal pays a player less than his guarantee (else `deal-below-guarantee`). */
    belowGuarantee?: true;
    /**
     * The deal ends play: nothing is kept back (reserve 0), the players are placed by their chips
     * (the chip leader 1st) with their deal amounts, and the tournament is over.
     */
    endsPlay?: true;
    /**
     * A satellite under rules.satelliteDealCash `no-seat` (the default): the cash of each place
     * that wins no seat, from the first place without a seat down (adding up to the cash left over
     * after the seats still to win); `amounts` is then `{}`. A seat is never divided.
     */
    places?: number[];
  };
  'deal.undo': NoArgs;
  'penalty.add': {
    entryId: string;
    kind: PenaltyKind;
    hands?: number;
    rounds?: number;
    /** Players at his table, offender included; read from the seating when he is seated. */
    playersAtTable?: number;
    minutes?: number;
    note?: string;
  };
  'penalty.clear': { penaltyId: string };
  /** The floor marks a player absent (`absent: true`, from now) or back at the table (ONK MEC r4). */
  'entry.absent': { entryId: string; absent: boolean };
  /** The TD removes the stack of a player absent rules.absentRemovalMinutes (ONK MEC r4: 30). */
  'entry.removeAbsent': { entryId: string };
  'settings.set': {
    lateRegistrationLevel?: number | null;
    chipSet?: number[] | null;
    guarantee?: number;
    payoutRoundingUnit?: number;
    rebuy?: BuyPeriodInput | null;
    addon?: BuyPeriodInput | null;
    rules?: Partial<SettableRuleValues>;
  };
}
