/**
 * The tournament clock as pure functions of (clock, structure, now).
 *
 * The clock is stored as "level N ends at server time T" while running, or "R ms left" while
 * paused, never as a ticking counter: the server wakes only at the next boundary and clients
 * count down locally. A new level is announced only when the clock reaches zero (TDA 2024 r23).
 */
import { durationMs, type StructureItem } from './structure.js';
import { EngineError } from './errors.js';

/**
 * `idle`: not started yet. `running`: counting down to `endsAt`. `paused`: `remainingMs` left.
 * `ended`: the last item of the structure ran out; the blinds of the last level stay in force
 * until the TD adds time, moves to another level or extends the structure (docs/API.md).
 */
export type { ClockStatus } from '../protocol/views.js';
import type { ClockStatus } from '../protocol/views.js';

export interface ClockState {
  status: ClockStatus;
  /** Index into the structure (levels and breaks). */
  index: number;
  /** Server time (ms) at which the current item ends; set only while running. */
  endsAt: number | null;
  /** Time left in the current item while idle or paused; 0 once ended. */
  remainingMs: number;
  /** Server time the clock was first started, for "time played". */
  startedAt: number | null;
  /**
   * Finished (end.ts): when, and the status the clock had then; `remainingMs` holds the time that
   * was left, so an undo of the end restores the clock exactly as it stood.
   */
  finishedAt?: number;
  finishedFrom?: Exclude<ClockStatus, 'finished'>;
}

export type ClockEvent =
  | { type: 'level.changed'; index: number; at: number; cause: 'clock' | 'command' }
  | { type: 'clock.started'; at: number }
  | { type: 'clock.paused'; at: number; remainingMs: number }
  | { type: 'clock.resumed'; at: number }
  | { type: 'clock.adjusted'; at: number; deltaMs: number }
  | { type: 'structure.ended'; at: number };

export interface ClockOutcome {
  clock: ClockState;
  events: ClockEvent[];
}

/** Longest time a single item may be set to run, to keep a typo from freezing a level. */
export const MAX_REMAINING_MS = 24 * 60 * 60_000;

export function initialClock(structure: readonly StructureItem[]): ClockState {
  return { status: 'idle', index: 0, endsAt: null, remainingMs: durationMs(structure[0]!), startedAt: null };
}

/**
 * Moves a running clock over every boundary it has passed by `now`. Each boundary happens at
 * its own scheduled time, so a server that wakes late (or restarts after a crash) lands the
 * clock exactly where it would have been.
 */
export function settleClock(clock: ClockState, structure: readonly StructureItem[], now: number): ClockOutcome {
  if (clock.status !== 'running' || clock.endsAt === null || now < clock.endsAt) return { clock, events: [] };
  const events: ClockEvent[] = [];
  let { index, endsAt } = clock;
  while (endsAt <= now) {
    if (index >= structure.length - 1) {
      events.push({ type: 'structure.ended', at: endsAt });
      return { clock: { ...clock, status: 'ended', index, endsAt: null, remainingMs: 0 }, events };
    }
    index += 1;
    events.push({ type: 'level.changed', index, at: endsAt, cause: 'clock' });
    endsAt += durationMs(structure[index]!);
  }
  return { clock: { ...clock, index, endsAt }, events };
}

/** Time left in the current item at `now` (the clock must be settled). */
export function remainingAt(clock: ClockState, now: number): number {
  return clock.status === 'running' && clock.endsAt !== null ? Math.max(0, clock.endsAt - now) : clock.remainingMs;
}

export function startClock(clock: ClockState, now: number): ClockOutcome {
  if (clock.status !== 'idle') {
    throw new EngineError('clock-already-started', 'The clock has already been started; use resume after a pause.');
  }
  return {
    clock: { ...clock, status: 'running', endsAt: now + clock.remainingMs, startedAt: now },
    events: [{ type: 'clock.started', at: now }],
  };
}

export function pauseClock(clock: ClockState, now: number): ClockOutcome {
  if (clock.status !== 'running' || clock.endsAt === null) {
    throw new EngineError('clock-not-running', 'The clock is not running.');
  }
  const remainingMs = clock.endsAt - now;
  return {
    clock: { ...clock, status: 'paused', endsAt: null, remainingMs },
    events: [{ type: 'clock.paused', at: now, remainingMs }],
  };
}

export function resumeClock(clock: ClockState, now: number): ClockOutcome {
  if (clock.status !== 'paused') {
    throw new EngineError('clock-not-paused', clock.status === 'idle' ? 'The clock has not been started yet.' : 'The clock is not paused.');
  }
  return {
    clock: { ...clock, status: 'running', endsAt: now + clock.remainingMs },
    events: [{ type: 'clock.resumed', at: now }],
  };
}

/**
 * Adds (or with a negative delta removes) time from the current item. Removing more than is
 * left ends the item now, and a running clock moves on to the next one.
 */
export function adjustClock(
  clock: ClockState,
  structure: readonly StructureItem[],
  deltaMs: number,
  now: number,
): ClockOutcome {
  const left = remainingAt(clock, now);
  const wanted = left + deltaMs;
  if (wanted > MAX_REMAINING_MS) {
    throw new EngineError('adjust-out-of-range', 'A level cannot be set to run longer than 24 hours.');
  }
  const remainingMs = Math.max(0, wanted);
  const event: ClockEvent = { type: 'clock.adjusted', at: now, deltaMs: remainingMs - left };
  if (clock.status === 'running' || clock.status === 'ended') {
    if (clock.status === 'ended' && remainingMs === 0) {
      throw new EngineError('clock-ended', 'The structure has ended; add time or choose a level.');
    }
    const running: ClockState = { ...clock, status: 'running', endsAt: now + remainingMs, remainingMs: 0 };
    const settled = settleClock(running, structure, now);
    return { clock: settled.clock, events: [event, ...settled.events] };
  }
  return { clock: { ...clock, remainingMs }, events: [event] };
}

/** Jumps to an item; it starts with its full duration. A running (or ended) clock keeps running. */
export function setLevel(
  clock: ClockState,
  structure: readonly StructureItem[],
  index: number,
  now: number,
): ClockOutcome {
  if (!Number.isInteger(index) || index < 0 || index >= structure.length) {
    throw new EngineError('level-out-of-range', `There is no level at index ${index}; the structure has ${structure.length} items (0 to ${structure.length - 1}).`);
  }
  const full = durationMs(structure[index]!);
  const running = clock.status === 'running' || clock.status === 'ended';
  const next: ClockState = running
    ? { ...clock, status: 'running', index, endsAt: now + full, remainingMs: 0 }
    : { ...clock, index, remainingMs: full };
  return { clock: next, events: [{ type: 'level.changed', index, at: now, cause: 'command' }] };
}

export function nextLevel(clock: ClockState, structure: readonly StructureItem[], now: number): ClockOutcome {
  if (clock.index >= structure.length - 1) {
    throw new EngineError('level-out-of-range', 'This is the last level of the structure.');
  }
  return setLevel(clock, structure, clock.index + 1, now);
}

export function previousLevel(clock: ClockState, structure: readonly StructureItem[], now: number): ClockOutcome {
  if (clock.index <= 0) throw new EngineError('level-out-of-range', 'This is the first level of the structure.');
  return setLevel(clock, structure, clock.index - 1, now);
}
