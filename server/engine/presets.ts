/**
 * Rule presets: the values a venue's rule book fixes. A tournament copies its preset's values
 * into its own settings when it is created, and every value stays editable per tournament.
 * Sources: ../shared/RULES.md and the rule books in ../shared/seeds/.
 */

import { PRESET_IDS, type PresetId } from '../protocol/views.js';
import type { RuleValues } from '../protocol/tournament.js';

export { PRESET_IDS, type PresetId };
/** The values a rule book fixes; the type is part of the wire contract (server/protocol/tournament.ts). */
export type { RuleValues };

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
  forfeitReentry: true,
  reentryUntil: 'late-registration',
  lateStack: 'full',
  handForHandMinutesPerHand: 2,
  // TDA 2017 / TDA 2024: 30 s in all, the last 5 counted down (25 s + 5 s).
  playerClock: { totalSeconds: 30, countdownSeconds: 5 },
  playerClockAtZero: 'dead-facing-bet',
  balanceTolerance: 1,
  haltShortBy: 3,
  balanceMove: 'big-blind-next',
  tableBreak: 'random-two-step',
  minPlayersToStart: 0,
  absentRemovalMinutes: null,
  timeOutStepMinutes: null,
  alternateStack: 'full',
  flightDuplicates: 'highest',
  penaltyRoundsMax: null,
  buttonRule: 'dead-button',
  newcomerOnSmallBlindSitsOut: false,
  // TDA 2017 r7/r9 (English): dealt in except between the small blind and the button.
  newcomerSitsOut: 'between-blind-and-button',
  dealerCues: true,
  // No book covers these; docs/RULES.md "Satellites" and "Disqualification" give the practice each follows.
  satelliteDealCash: 'no-seat',
  satelliteLastSeat: 'share-cash',
  satelliteSeatHeld: 'pass-down',
  disqualifiedPrize: 'keep',
};

export const PRESETS: Readonly<Record<PresetId, Preset>> = {
  'tda-2024-onk': {
    id: 'tda-2024-onk',
    name: 'TDA 2024 / ONK',
    source: 'TDA rules as used by ONK Poker, with Recommended Procedures and ONK house rules',
    // MEC r6: final table of 9; TDA 2024 r10B: new seat cards from seat 1; MEC r4: 30 minutes;
    // TDA r8B (forfeit a stack to re-enter): "N.V.T. bij het ONK Poker".
    rules: { ...TDA_BASE, finalTable: 9, tableBreak: 'seat-cards', absentRemovalMinutes: 30, forfeitReentry: false },
  },
  'tda-2017-hr': {
    id: 'tda-2017-hr',
    name: 'TDA 2017 / HR',
    source: 'Croatian pokerroom house rules + TDA 2017 v2.0',
    // HR house rules: 30 s player clock, "posljednjih 5 sekundi se odbrojava na glas", the
    // cards folded at zero; UTG balancing; at least 8 players to start; a newcomer on the small
    // blind misses that hand, and (Croatian r7/r9) so does a late entrant or a player from a closed
    // table on the small blind or the button.
    rules: {
      ...TDA_BASE,
      playerClock: { totalSeconds: 30, countdownSeconds: 5 },
      playerClockAtZero: 'dead',
      balanceMove: 'utg',
      minPlayersToStart: 8,
      newcomerOnSmallBlindSitsOut: true,
      // The Croatian house text of r7/r9: a newcomer on the small blind or the button skips the hand.
      newcomerSitsOut: 'small-blind-and-button',
    },
  },
  'tda-2015-munkebjerg': {
    id: 'tda-2015-munkebjerg',
    name: 'TDA 2015 / Munkebjerg',
    source: 'TDA 2015 rules as posted by Casino Munkebjerg',
    // TDA 2015: 50 s + 10 s counted down; at zero "hånden død" (the hand is dead).
    // TDA 2015: "1-, 2-, 3-, eller 4 'ude i en runde' straffe".
    rules: { ...TDA_BASE, playerClock: { totalSeconds: 60, countdownSeconds: 10 }, playerClockAtZero: 'dead', penaltyRoundsMax: 4 },
  },
  'ppn-2024': {
    id: 'ppn-2024',
    name: 'PPN 2024',
    source: 'Poker Promotie Nederland tournament rules V3.0, Jan 2024',
    // PPN r27: one re-entry, up to and including the first break, only after losing all
    // chips; r11: final table of 9; r29: 30 s in all, the last five counted down.
    rules: {
      ...TDA_BASE,
      finalTable: 9,
      reentryMax: 1,
      forfeitReentry: false,
      reentryUntil: 'first-break',
      playerClock: { totalSeconds: 30, countdownSeconds: 5 },
    },
  },
  'ip-2008': {
    id: 'ip-2008',
    name: 'IP 2008',
    source: 'The International Poker Rules (FIDPA), in force from 2008',
    // IP r14-3: one registration per player (no re-entries); r15-2: alternates get a full
    // stack; r16: late entrants' stacks are reduced; r9: time-outs of 10 minutes; r56-2: up to
    // 1 min + 10 s counted aloud, the hand dead at zero; r41-4: the button moves so as many
    // players as possible are dealt in. IP 2008 is not TDA: no TDA dealer cues by default.
    rules: {
      ...TDA_BASE,
      reentryMax: 0,
      forfeitReentry: false,
      lateStack: 'ip-2008',
      alternateStack: 'full',
      playerClock: { totalSeconds: 70, countdownSeconds: 10 },
      playerClockAtZero: 'dead',
      timeOutStepMinutes: 10,
      penaltyRoundsMax: 4,
      buttonRule: 'ip-2008',
      dealerCues: false,
    },
  },
};

/**
 * The rules in force for a tournament: its stored values over its preset's, so a tournament
 * stored before a rule value existed reads the preset's value. A stored player clock in the
 * old shape (`actSeconds` + `countdownSeconds`) reads as its total.
 */
export function rulesOf(settings: { preset: PresetId; rules: Partial<RuleValues> }): RuleValues {
  const base = PRESETS[settings.preset]?.rules ?? TDA_BASE;
  const merged: RuleValues = { ...base, ...settings.rules };
  const pc = merged.playerClock as Partial<RuleValues['playerClock']> & { actSeconds?: number };
  if (pc.totalSeconds === undefined) {
    merged.playerClock = { totalSeconds: (pc.actSeconds ?? 25) + (pc.countdownSeconds ?? 0), countdownSeconds: pc.countdownSeconds ?? 0 };
  }
  return merged;
}

export function isPresetId(id: string): id is PresetId {
  return (PRESET_IDS as readonly string[]).includes(id);
}
