/**
 * Bounties (knockout, progressive knockout, mystery) and satellites on the wire (issue 25): their
 * settings, chosen at set-up, and the commands that post a mystery list and correct who
 * eliminated whom. Money in minor units (cents). docs/RULES.md "Bounties" and "Satellites" give
 * the rules and their sources; server/engine/schemas/bounties.ts validates these types.
 */

/** `knockout`: a fixed bounty paid in full; `progressive`: PKO; `mystery`: drawn from a posted list. */
export type BountyFormat = 'knockout' | 'progressive' | 'mystery';

/** A tournament's bounty format, as stored (every field filled in). */
export interface BountySettings {
  format: BountyFormat;
  /** Bounty part of every entry and re-entry, on top of buyIn + fee (cents); above 0. */
  amount: number;
  /** PKO: percent of the bounty paid to the eliminator (1..100); the rest is added to his own. Default 50. */
  share: number;
  /**
   * PKO: the elimination that leaves one player pays the whole bounty (`whole`, default) or the
   * share as any other (`share`; the rest then goes on the winner's head, which he collects).
   */
  finalTwo: 'whole' | 'share';
  /** Bounty part of a rebuy and of an add-on (cents, default 0), added to that entry's bounty. */
  rebuy: number;
  addon: number;
  /**
   * Mystery: from when an elimination draws a prize: `money` (default: the hand began with the
   * field within the places paid) or a play level number (1-based); before it nothing is paid.
   */
  mysteryFrom: 'money' | number;
  /**
   * KO, PKO: the bounty of a player who left play with nobody to claim it (disqualified, his
   * stack removed for absence, or forfeited to re-enter: his chips left play, nobody won them).
   * At the end it goes to the players who finished in play (`players`, default: equal shares,
   * the odd cents one each from 1st place down, as the mystery envelopes left) or is kept by the
   * house (`house`, for a venue whose posted rules say so). Mystery: the envelopes left always go
   * to the players who finished in play.
   */
  unclaimed: 'players' | 'house';
}

/** A bounty format as a client writes it at set-up: `format` and `amount`; the rest defaults. */
export type BountySettingsInput = Pick<BountySettings, 'format' | 'amount'> & Partial<Omit<BountySettings, 'format' | 'amount'>>;

/** A satellite: its prizes are seats of `seatValue` cents each (docs/RULES.md "Satellites"). */
export interface SatelliteSettings {
  /** Value of one seat (cents); above 0 and at most the prize pool. */
  seatValue: number;
  /** What is left of the pool after the seats: to the next place (default) or shared by the seat winners. */
  remainder: 'next-place' | 'shared';
  /** Seats the house guarantees (0: none); the pool is at least this many seats. */
  seatsGuaranteed: number;
}

export type SatelliteSettingsInput = Pick<SatelliteSettings, 'seatValue'> & Partial<Omit<SatelliteSettings, 'seatValue'>>;

/** One line of a posted mystery list: `count` envelopes of `amount` cents. */
export interface MysteryPrize {
  amount: number;
  count: number;
}

/** The arguments of the bounty commands. */
export interface BountyCommandArgs {
  /**
   * Post the mystery prizes (1..100 lines, 1..10,000 envelopes): they must add up to the bounty
   * pool, and can be posted again until the first draw.
   */
  'bounty.post': { prizes: MysteryPrize[] };
  /**
   * The TD confirms the posted envelope count although it differs from the players in play when
   * the mystery stage started (the field's `bounty.envelopeCheck`).
   */
  'bounty.confirmEnvelopes': Record<string, never>;
  /**
   * A satellite: the player of this entry already holds a seat to the target event (or no longer,
   * `held: false`); at the seats rules.satelliteSeatHeld decides what he gets.
   */
  'satellite.seatHeld': { entryId: string; held: boolean };
  /**
   * Correct who eliminated a busted entry (1..9 entries, in the order the odd cent goes);
   * `splits`: percent of the bounty each gets (adding up to 100); default equal shares.
   */
  'entry.setEliminators': { entryId: string; eliminators: string[]; splits?: number[] };
  /**
   * The cashier's pay-out sheet: `amount` is what has been handed to that entry's player in
   * bounty money so far (cents, at most what he won); 0 takes the mark back.
   */
  'bounty.markPaid': { entryId: string; amount: number };
}

/** What one elimination of a bust paid (the `entry.bust` answer's `knockouts`). */
export interface BustKnockout {
  /** The busted entry. */
  entryId: string;
  /** Each eliminator and what he won from this bust (cents). */
  by: { entryId: string; name: string; amount: number }[];
  /** Mystery: the envelope drawn (its amount, cents); absent when none was drawn. */
  envelope?: number;
}

/** What each player won from eliminations, as the results and the knockouts view show it. */
export interface KnockoutsRow {
  entryId: string;
  name: string;
  /** Eliminations he took part in (a split pot counts for each of its eliminators). */
  count: number;
  /** Bounty money won (cents), his own included when he won the tournament. */
  amount: number;
  /** The bounty on his head now (cents); 0 once out. */
  head: number;
  /** Who eliminated him (names), when he is out and it was recorded. */
  eliminatedBy?: string[];
}

/** The tournament's bounty summary (contract: the tournament view's `bounty`). */
export interface BountySummary {
  format: BountyFormat;
  /** Everything collected for bounties (cents). */
  pool: number;
  /** Paid to eliminators (and winners' own). */
  paid: number;
  /** Still on heads (mystery: undrawn). */
  onHeads: number;
  /** Of `onHeads`, what the house keeps at the end (`unclaimed: 'house'`); absent: nothing. */
  keptByHouse?: number;
}
