/**
 * Rule presets: the values a venue's rule book fixes. A tournament copies its preset's values
 * into its own settings when it is created, and every value stays editable per tournament.
 * Sources: ../shared/RULES.md and the rule books in ../shared/seeds/.
 */

import { PRESET_IDS, type PresetId } from '../protocol/views.js';

export { PRESET_IDS, type PresetId };

export interface RuleValues {
  /** Seats at a full table (RULES "Seating": tables normally seat 9; MEC r5). */
  seatsPerTable: number;
  /**
   * Final-table size. `plus-one`: a full table plus one, never more than 10 (TDA 2017 r11,
   * TDA 2015); a number: a fixed size (ONK MEC r6 and PPN r11: 9).
   */
  finalTable: 'plus-one' | number;
  /** Re-entries allowed per player (null: unlimited, 0: freezeout). PPN r27: one. */
  reentryMax: number | null;
  /**
   * Last structure item (0-based index) at which a re-entry is allowed, or `first-break`
   * (PPN r27: up to and including the first break), or null to follow late registration.
   */
  reentryUntil: 'first-break' | 'late-registration';
  /** Late entries: a full stack (TDA 2017 r7) or the IP 2008 r16 deduction. */
  lateStack: 'full' | 'ip-2008';
  /** Hand-for-hand: minutes per hand taken off the clock (TDA 2024 AP 8: 2, at most 3). */
  handForHandMinutesPerHand: number;
  /** Player clock (RULES "Player clock"): seconds to act and the countdown after it. */
  playerClock: { actSeconds: number; countdownSeconds: number };
  /** Balancing tolerance: tables may differ by this many players (TDA 2017 r10). */
  balanceTolerance: number;
  /** A table this many players short of the fullest halts (TDA 2017 r10, IP r25-3). */
  haltShortBy: number;
  /** Who moves when balancing: TDA's big-blind-next player, or HR's UTG house practice. */
  balanceMove: 'big-blind-next' | 'utg';
  /** Players from a broken table: 2-step random draw (TDA 2017 r9) or seat cards (TDA 2024 r10B). */
  tableBreak: 'random-two-step' | 'seat-cards';
  /** Players needed to start (HR house rules: 8). */
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
}

export interface Preset {
  id: PresetId;
  name: string;
  /** The rule book this preset digests. */
  source: string;
  rules: RuleValues;
}

const TDA_BASE: RuleValues = {
  seatsPerTable: 9,
  finalTable: 'plus-one',
  reentryMax: null,
  reentryUntil: 'late-registration',
  lateStack: 'full',
  handForHandMinutesPerHand: 2,
  playerClock: { actSeconds: 25, countdownSeconds: 5 },
  balanceTolerance: 1,
  haltShortBy: 3,
  balanceMove: 'big-blind-next',
  tableBreak: 'random-two-step',
  minPlayersToStart: 2,
  absentRemovalMinutes: null,
  timeOutStepMinutes: null,
  alternateStack: 'full',
  flightDuplicates: 'highest',
};

export const PRESETS: Readonly<Record<PresetId, Preset>> = {
  'tda-2024-onk': {
    id: 'tda-2024-onk',
    name: 'TDA 2024 / ONK',
    source: 'TDA rules as used by ONK Poker, with Recommended Procedures and ONK house rules',
    // MEC r6: final table of 9; TDA 2024 r10B: new seat cards from seat 1; MEC r4: 30 minutes.
    rules: { ...TDA_BASE, finalTable: 9, tableBreak: 'seat-cards', absentRemovalMinutes: 30 },
  },
  'tda-2017-hr': {
    id: 'tda-2017-hr',
    name: 'TDA 2017 / HR',
    source: 'Croatian pokerroom house rules + TDA 2017 v2.0',
    // HR house rules: 30 s player clock, UTG balancing, at least 8 players to start.
    rules: {
      ...TDA_BASE,
      playerClock: { actSeconds: 30, countdownSeconds: 0 },
      balanceMove: 'utg',
      minPlayersToStart: 8,
    },
  },
  'tda-2015-munkebjerg': {
    id: 'tda-2015-munkebjerg',
    name: 'TDA 2015 / Munkebjerg',
    source: 'TDA 2015 rules as posted by Casino Munkebjerg',
    rules: { ...TDA_BASE, playerClock: { actSeconds: 50, countdownSeconds: 10 } },
  },
  'ppn-2024': {
    id: 'ppn-2024',
    name: 'PPN 2024',
    source: 'Poker Promotie Nederland tournament rules V3.0, Jan 2024',
    // PPN r27: one re-entry, up to and including the first break; r11: final table of 9.
    rules: {
      ...TDA_BASE,
      finalTable: 9,
      reentryMax: 1,
      reentryUntil: 'first-break',
      playerClock: { actSeconds: 30, countdownSeconds: 5 },
    },
  },
  'ip-2008': {
    id: 'ip-2008',
    name: 'IP 2008',
    source: 'The International Poker Rules (FIDPA), in force from 2008',
    // IP r16: late entrants' stacks are reduced; r9: time-outs of 10 minutes.
    rules: {
      ...TDA_BASE,
      lateStack: 'ip-2008',
      playerClock: { actSeconds: 60, countdownSeconds: 10 },
      timeOutStepMinutes: 10,
    },
  },
};

export function isPresetId(id: string): id is PresetId {
  return (PRESET_IDS as readonly string[]).includes(id);
}
