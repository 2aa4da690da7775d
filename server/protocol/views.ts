/**
 * The public state: what screens may see. It is split into topics; a screen subscribes to the
 * topics it shows and receives only those (a clock command sends the clock topic alone).
 * Later domains add topics here.
 */
import type { MovesView, SeatingView } from './seating.js';
import type { FieldView, PayoutsTopic, PayoutsView, PlayersView } from './entries-views.js';
import type { StreamView } from './stream.js';

/**
 * `idle` before the start, `running`, `paused`, `ended` after the last item (the last blinds
 * stay in force), `finished`: the tournament is over (one player left, or a deal ended play).
 */
export type ClockStatus = 'idle' | 'running' | 'paused' | 'ended' | 'finished';

/** The rule presets a tournament can follow (server/engine/presets.ts holds their values). */
export const PRESET_IDS = ['tda-2024-onk', 'tda-2017-hr', 'tda-2015-munkebjerg', 'ppn-2024', 'ip-2008'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export const TOPICS = ['info', 'structure', 'clock', 'seating', 'moves', 'field', 'payouts', 'players', 'stream'] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * One item of the flow as screens show it. Kept compact on purpose: the clock topic carries two
 * of these and must stay under 300 bytes per message, whatever the tournament's size.
 * A play level: `n` is the level number as announced ("Level 4"; breaks are not counted);
 * `ante` is a per-player ante, `bba` a big-blind ante (TDA 2024 AP 11); neither when there is none.
 */
export interface LevelItemView {
  index: number;
  n: number;
  sb: number;
  bb: number;
  ante?: number;
  bba?: number;
  /** Duration in ms. */
  ms: number;
  break?: undefined;
}

/** A break; `colorUp` is the chip that leaves play at it (IP r37). */
export interface BreakItemView {
  index: number;
  break: true;
  ms: number;
  colorUp?: number;
}

export type ItemView = LevelItemView | BreakItemView;

/**
 * The clock topic. While running, count down to `endsAt` (server time); otherwise show
 * `remainingMs`. `next` lets a screen flip to the next item at `endsAt` by itself.
 */
export interface ClockView {
  status: ClockStatus;
  current: ItemView;
  /** Set while running: server time at which the current item ends. */
  endsAt?: number;
  /** Set while idle, paused, ended or finished: time left in the current item (finished: at the end). */
  remainingMs?: number;
  next: ItemView | null;
  /** Running: server time at which the next break starts. */
  breakAt?: number;
  /** Not running: play time left until the next break starts. */
  breakInMs?: number;
  /** Finished: server times of the first start and of the end (the night's duration). */
  startedAt?: number;
  finishedAt?: number;
}

export interface InfoView {
  id: string;
  name: string;
  preset: PresetId;
  presetName: string;
  locale: string;
  currency: string;
  startingStack: number;
  buyIn: number;
  fee: number;
  lateRegistrationLevel: number | null;
  seatsPerTable: number;
  /** The player clock's allowance: seconds in all, of which the last are counted down. */
  playerClock: { totalSeconds: number; countdownSeconds: number };
  /** At zero: the hand is dead facing a bet, otherwise checked (TDA 2024), or dead (IP, TDA 2015, HR). */
  playerClockAtZero: 'dead-facing-bet' | 'dead';
  /** Dealer cues shown on the venue display (TDA 2024 AP 7, AP 20). */
  dealerCues: boolean;
}

export interface StructureView {
  items: ItemView[];
}

export interface TopicViews {
  info: InfoView;
  structure: StructureView;
  clock: ClockView;
  /** Tables and seats (protocol/seating.ts). */
  seating: SeatingView;
  /** The table-moves board and the floor call (protocol/seating.ts). */
  moves: MovesView;
  /** Players left, chips, prize pool, late registration, hand-for-hand (protocol/entries-views.ts). */
  field: FieldView;
  /** The payout ladder. */
  payouts: PayoutsView;
  /** Every entry with chips, place, prize and penalties (the control panel). */
  players: PlayersView;
  /** What the producer has put on air: featured table, overlays shown, lower third, ticker, delay (protocol/stream.ts). */
  stream: StreamView;
}

export type PublicState = TopicViews;

/**
 * The topics as they go over the wire (snapshots and patches): the views, except the payout
 * ladder, which is sent as shares of the pool where it can be (PayoutsTopic) and made into
 * places by `payoutLadder` (rules/payouts.ts) on the screen.
 */
export type WireViews = Omit<TopicViews, 'payouts'> & { payouts: PayoutsTopic };
