/**
 * Creating a tournament on the wire: its structure, settings and rule values as a client sends
 * them (POST /api/tournaments), and the bodies of the set-up tools (structure check, suggest,
 * duplicate). Plain types and constants: the protocol imports nothing (test/protocol/leaf.test.ts).
 * The server validates each with a zod schema in server/engine/schemas/, checked at compile time
 * to accept exactly these types.
 */
import type { PresetId } from './views.js';
import type { EntriesSettingsInput } from './entries-commands.js';

/** The languages a tournament can be shown in (settings.locale). */
export const LOCALES = ['en', 'nl', 'da', 'hr', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/** How the ante is paid. `bba` is the big-blind ante recommended by TDA 2024 AP 11. */
export type AnteType = 'none' | 'ante' | 'bba';

/** A play level as a client writes it (chips are whole numbers; minutes above 0, at most 1440). */
export interface LevelInput {
  kind: 'level';
  smallBlind: number;
  /** Above 0. */
  bigBlind: number;
  /** Default 0. */
  ante?: number;
  /** Default `none`. */
  anteType?: AnteType;
  minutes: number;
}

/** A break as a client writes it. */
export interface BreakInput {
  kind: 'break';
  minutes: number;
  /** The denomination that leaves play at this break (IP r37); default null. */
  colorUp?: { denomination: number } | null;
}

/**
 * Levels and breaks a structure holds at most: a long day of 5-minute turbo levels (about
 * 170) fits; the cap bounds every walk over a structure, the editor's and the suggestion's.
 */
export const STRUCTURE_MAX_ITEMS = 200;

/** 1 to STRUCTURE_MAX_ITEMS items in the order they are played. */
export type StructureInput = Array<LevelInput | BreakInput>;

/**
 * The player clock's allowance: `totalSeconds` in all (5..300), of which the last
 * `countdownSeconds` (0..60, at most the total) are counted down (RULES.md "Player clock").
 */
export interface PlayerClockAllowance {
  totalSeconds: number;
  countdownSeconds: number;
}

/** The old shape of the allowance (act time, then the countdown), still read as its total so older logs replay. */
export interface LegacyPlayerClockAllowance {
  actSeconds: number;
  countdownSeconds?: number;
}

/** The values a rule book fixes (server/engine/presets.ts holds each preset's); every one is editable per tournament. */
export interface RuleValues {
  /** Seats at a full table (RULES "Seating": tables normally seat 9; MEC r5). */
  seatsPerTable: number;
  /**
   * Final-table size. `plus-one`: a full table plus one, never more than 10 (TDA 2017 r11,
   * TDA 2015); a number: a fixed size (ONK MEC r6 and PPN r11: 9).
   */
  finalTable: 'plus-one' | number;
  /**
   * Re-entries allowed per player (null: unlimited, 0: freezeout). PPN r27: one. IP r14-3:
   * "Een speler zal zich slechts eenmaal mogen inschrijven voor elk toernooi" - none.
   */
  reentryMax: number | null;
  /**
   * Whether a player may give up a stack still in play to re-enter (TDA 2017 r7, TDA 2015).
   * ONK marks TDA r8B "N.V.T. bij het ONK Poker"; PPN r27 allows a re-entry only "wanneer een
   * speler al zijn chips heeft verloren"; IP has no re-entries at all.
   */
  forfeitReentry: boolean;
  /**
   * Last structure item (0-based index) at which a re-entry is allowed, or `first-break`
   * (PPN r27: up to and including the first break), or null to follow late registration.
   */
  reentryUntil: 'first-break' | 'late-registration';
  /** Late entries: a full stack (TDA 2017 r7) or the IP 2008 r16 deduction. */
  lateStack: 'full' | 'ip-2008';
  /** Hand-for-hand: minutes per hand taken off the clock (TDA 2024 AP 8: 2, at most 3). */
  handForHandMinutesPerHand: number;
  /**
   * Player clock (RULES.md "Player clock"): `totalSeconds` is the whole time the player has, of
   * which the last `countdownSeconds` are counted down (aloud). PPN r29: 30 s in all, the last 5
   * counted down.
   */
  playerClock: { totalSeconds: number; countdownSeconds: number };
  /**
   * What happens when the player clock reaches zero: `dead-facing-bet` (TDA 2024 / ONK, PPN:
   * facing a bet or raise the hand is dead, otherwise it is checked) or `dead` (IP r56-2 / r78f,
   * TDA 2015 "hånden død", HR "karte foldane": the hand is dead in every case).
   */
  playerClockAtZero: 'dead-facing-bet' | 'dead';
  /** Balancing tolerance: tables may differ by this many players (TDA 2017 r10). */
  balanceTolerance: number;
  /** A table this many players short of the fullest halts (TDA 2017 r10, IP r25-3). */
  haltShortBy: number;
  /** Who moves when balancing: TDA's big-blind-next player, or HR's UTG house practice. */
  balanceMove: 'big-blind-next' | 'utg';
  /** Players from a broken table: 2-step random draw (TDA 2017 r9) or seat cards (TDA 2024 r10B). */
  tableBreak: 'random-two-step' | 'seat-cards';
  /** Players needed to start the clock (HR house rules: 8); 0: no minimum. */
  minPlayersToStart: number;
  /** Minutes after which an absent player's stack may be removed (ONK MEC r4), or null. */
  absentRemovalMinutes: number | null;
  /** IP r9: time-out penalties come in steps of this many minutes; null if not used. */
  timeOutStepMinutes: number | null;
  /**
   * The stack an alternate gets when seated: `full` (TDA 2017 r7; IP r15-2: an alternate is
   * never given a smaller starting stack), or `late-stack` (the late-entry rule, lateStack).
   */
  alternateStack: 'full' | 'late-stack';
  /**
   * A player who bags chips in two Day 1 flights (none of the rule books covers it): `highest`
   * keeps the bigger stack and the other leaves play (the usual multi-flight policy); `first`
   * keeps the stack of the flight played first; `refuse` stops the Day 2 import for the TD.
   */
  flightDuplicates: 'highest' | 'first' | 'refuse';
  /**
   * Most penalty rounds at once, or null: IP r9-2 b(i) "één tot vier rondes"; TDA 2015 "1-, 2-,
   * 3-, eller 4 ude i en runde".
   */
  penaltyRoundsMax: number | null;
  /**
   * The button when it would be dead: `dead-button` (TDA 2017 r32: the big blind always moves
   * on) or `ip-2008` (IP r41-4: the button is moved so that as many players as possible are
   * dealt in, provided the existing players still post a full set of blinds before the button).
   */
  buttonRule: 'dead-button' | 'ip-2008';
  /**
   * HR house rule: a player who arrives from another table onto the small blind misses that
   * hand ("sjedne na poziciju small blind, propušta ruku").
   */
  newcomerOnSmallBlindSitsOut: boolean;
  /**
   * Who besides the players between the small blind and the button sits out his first hand at a
   * new seat (seating/newcomers.ts). `between-blind-and-button`: the English TDA 2017 r7/r9 text
   * ("dealt in except between small blind and button"), nobody else. `small-blind-and-button`: the
   * Croatian house text of the same HR book (r7: late entries and re-entries "osim u slučaju ako
   * sjednu na poziciju small blinda ili buttona"; r9: from a closed table "Na pozicijama buttona i
   * small blinda igrač preskače hand"): a newcomer on the small blind or the button skips it.
   */
  newcomerSitsOut: 'between-blind-and-button' | 'small-blind-and-button';
  /**
   * Dealer cues on the venue display: "dealers, last hand" 90 s before a break or level change
   * (TDA 2024 AP 7) and "dealers, prepare your decks" at the start and after each break (AP 20).
   */
  dealerCues: boolean;
  /**
   * Satellites (docs/RULES.md "Satellites"): while more players than seats remain, a deal shares
   * only the cash left over after the seats. `no-seat`: among the places that win no seat (the
   * deal gives each such place its cash; the usual bubble deal, every seat stays whole);
   * `everyone`: among every player in play, each keeping his chance at a seat on top.
   */
  satelliteDealCash: 'no-seat' | 'everyone';
  /**
   * Satellites: players out in the same hand at different tables across the last seat.
   * `share-cash`: they share the places and their money as cash (IP r47-5, MEC r7: places shared
   * across tables split their payouts); `bigger-stack`: the larger stack at the start of the hand
   * takes the seat (MEC r7's same-table order); `play-off`: the TD has them play it off and
   * records the loser alone.
   */
  satelliteLastSeat: 'share-cash' | 'bigger-stack' | 'play-off';
  /**
   * Satellites: a seat winner who already holds a seat to the target event (`satellite.seatHeld`).
   * `pass-down`: his seat goes to the best-placed player out without one (the next place), whose
   * prize (the cash below the seats, if any) he takes instead; `pay-value`: he is paid the seat's
   * value in cash.
   */
  satelliteSeatHeld: 'pass-down' | 'pay-value';
  /**
   * A disqualified player's prize (no book fixes it: IP r9 and TDA 2017 r71 remove his chips and
   * deny him a refund or compensation). `keep`: he keeps the prize of the place he holds;
   * `next-place`: it passes to the next player out (the place above him); `house`: the house
   * keeps it.
   */
  disqualifiedPrize: 'keep' | 'next-place' | 'house';
}

/** Overrides of the preset's rule values as a client writes them. */
export type RuleValuesInput = Partial<Omit<RuleValues, 'playerClock'>> & {
  playerClock?: PlayerClockAllowance | LegacyPlayerClockAllowance;
};

/** A tournament's settings as a client writes them; every field has a default. */
export interface TournamentSettingsInput extends EntriesSettingsInput {
  /** Above 0; default 20,000. */
  startingStack?: number;
  /** Minor units (cents) of each buy-in that go into the prize pool; default 0. */
  buyIn?: number;
  /** Minor units (cents) of each buy-in that go to the house; default 0. */
  fee?: number;
  /** A three-letter currency code; default `EUR`. */
  currency?: string;
  /** Last play level (1-based level number) at which late registration is open; null (default): none. */
  lateRegistrationLevel?: number | null;
  /** Default `en`. */
  locale?: Locale;
  /** Overrides of the preset's rule values. */
  rules?: RuleValuesInput;
}

/** POST /api/tournaments. */
export interface CreateTournament {
  /** 1 to 120 characters (trimmed). */
  name: string;
  /** Default `tda-2024-onk`. */
  preset?: PresetId;
  structure: StructureInput;
  settings?: TournamentSettingsInput;
  /**
   * Tables to open with the tournament, 0..500 (default 0): numbered 1..N with the rules' seats,
   * opened in the creation itself (one step, never half the tables).
   */
  tables?: number;
}

/** A structure to check against a chip set (the editor's live check). */
export interface CheckStructureRequest {
  structure: StructureInput;
  chipSet?: number[] | null;
}

/** The inputs of the structure suggestion (server/engine/structure-suggest.ts). */
export interface SuggestRequest {
  /** 2..100,000. */
  players: number;
  /** 100..1e9. */
  startingStack: number;
  /** Target length in minutes, breaks included: 10 minutes .. one week. */
  targetMinutes: number;
  /** 1..240; the levels that fit the target (breaks included) must be at most STRUCTURE_MAX_ITEMS items. */
  levelMinutes: number;
  /** 1..120; default 15. */
  breakMinutes?: number;
  /** Levels between breaks; default: two hours of play (120 / levelMinutes, rounded). */
  breakEvery?: number;
  /** `bba` (default) or `none`. */
  ante?: 'none' | 'bba';
  /** The chip set: its smallest chip bounds the blinds, and colour-ups are placed at breaks. */
  chipSet?: number[] | null;
}

/** POST /api/structures/import: a structure file as text, its format (default: from the file name, else the text) and the file's name (at most 255 characters). */
export interface ImportStructureRequest {
  text: string;
  format?: 'json' | 'csv';
  fileName?: string;
}

/** POST /api/tournaments/:id/duplicate: the copy's name, 1 to 120 characters (default: the original's). */
export interface DuplicateRequest {
  name?: string;
}
