/**
 * The public state: what screens may see. It is split into topics; a screen subscribes to the
 * topics it shows and receives only those (a clock command sends the clock topic alone).
 * Later domains add topics here.
 */
import type { AnteType } from '../engine/structure.js';
import type { ClockStatus } from '../engine/clock.js';
import type { PresetId } from '../engine/presets.js';

export const TOPICS = ['info', 'structure', 'clock'] as const;
export type Topic = (typeof TOPICS)[number];

/** Blinds of one play level: `[smallBlind, bigBlind, ante]`, with how the ante is paid. */
export interface LevelView {
  /** Play level number as announced ("Level 4"); breaks are not counted. */
  n: number;
  sb: number;
  bb: number;
  ante: number;
  anteType: AnteType;
}

/** One item of the flow as the clock shows it: a level, or a break. */
export type ItemView =
  | ({ kind: 'level'; index: number; ms: number } & LevelView)
  | { kind: 'break'; index: number; ms: number; colorUp: number | null };

/**
 * The clock topic. While running, count down to `endsAt` (server time); otherwise show
 * `remainingMs`. `next` lets a screen flip to the next item at `endsAt` by itself.
 */
export interface ClockView {
  status: ClockStatus;
  current: ItemView;
  /** Set while running: server time at which the current item ends. */
  endsAt?: number;
  /** Set while idle, paused or ended: time left in the current item. */
  remainingMs?: number;
  next: ItemView | null;
  /** Running: server time at which the next break starts. */
  breakAt?: number;
  /** Not running: play time left until the next break starts. */
  breakInMs?: number;
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
  playerClock: { actSeconds: number; countdownSeconds: number };
}

export interface StructureView {
  items: ItemView[];
}

export interface TopicViews {
  info: InfoView;
  structure: StructureView;
  clock: ClockView;
}

export type PublicState = TopicViews;
