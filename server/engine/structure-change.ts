/**
 * A new structure for a tournament whose clock may already run (`structure.set`).
 *
 * - Items before the clock's current one have been played: they cannot change, nor can items
 *   be inserted or removed before the current one (the clock's index would point elsewhere).
 * - The current item stays what it is (a level stays a level, a break a break). Its blinds may
 *   be corrected; its time played is kept: with the same length it keeps its remaining time to
 *   the millisecond, with a new length it has the new length minus the time already played
 *   (0 left ends it now, as `clock.adjust` does).
 * - Everything after it may change freely, as long as the whole structure passes the checks of
 *   structure-check.ts (with the tournament's chip set).
 */
import { MAX_REMAINING_MS, remainingAt, settleClock, type ClockEvent, type ClockOutcome, type ClockState } from './clock.js';
import { EngineError } from './errors.js';
import { assertStructure } from './structure-check.js';
import { durationMs, indexOfLevelNumber, levelNumber, type StructureIssue, type StructureItem } from './structure.js';
import type { TournamentState } from './state.js';

function sameItem(a: StructureItem, b: StructureItem): boolean {
  if (a.kind === 'level' && b.kind === 'level') {
    return a.smallBlind === b.smallBlind && a.bigBlind === b.bigBlind && a.ante === b.ante && a.anteType === b.anteType && a.minutes === b.minutes;
  }
  if (a.kind === 'break' && b.kind === 'break') return a.minutes === b.minutes && (a.colorUp?.denomination ?? null) === (b.colorUp?.denomination ?? null);
  return false;
}

function itemName(structure: readonly StructureItem[], index: number): string {
  const n = levelNumber(structure, index);
  return n === null ? `The break at item ${index + 1}` : `Level ${n} (item ${index + 1})`;
}

/** The clock after the structure changed under it (see the module comment). */
function clockAfter(clock: ClockState, before: StructureItem, after: StructureItem, structure: readonly StructureItem[], now: number): ClockOutcome {
  const oldMs = durationMs(before);
  const newMs = durationMs(after);
  if (oldMs === newMs || clock.status === 'ended') return { clock, events: [] };
  // Time added with clock.adjust counts as "not played yet" and stays added.
  const playedMs = oldMs - remainingAt(clock, now);
  const remainingMs = Math.min(MAX_REMAINING_MS, Math.max(0, newMs - playedMs));
  // A running item whose new length is already used up ends now and the clock moves on.
  if (clock.status === 'running') return settleClock({ ...clock, endsAt: now + remainingMs }, structure, now);
  return { clock: { ...clock, remainingMs }, events: [] };
}

/**
 * Where an item of the old structure is in the new one, by what the floor calls it: level N
 * stays level N, and the break after level N stays the break after level N. Rebuy and add-on
 * periods are stored as item indexes, so a level inserted before them must not move them
 * (PPN r27-style "rebuys until the first break" keeps meaning the first break).
 */
function sameItemIn(old: readonly StructureItem[], next: readonly StructureItem[], index: number): number {
  const last = next.length - 1;
  const n = levelNumber(old, index);
  if (n !== null) {
    const at = indexOfLevelNumber(next, n);
    return at < 0 ? last : at;
  }
  const before = old.slice(0, index).filter((i) => i.kind === 'level').length;
  const levelBefore = indexOfLevelNumber(next, before);
  if (levelBefore < 0) return last;
  const breakAt = next.findIndex((item, i) => i > levelBefore && item.kind === 'break');
  return breakAt < 0 ? Math.min(levelBefore + 1, last) : breakAt;
}

export function changeStructure(state: TournamentState, structure: StructureItem[], now: number): { state: TournamentState; events: ClockEvent[] } {
  const { clock } = state;
  const old = state.structure;
  const current = clock.index;
  const played: StructureIssue[] = [];
  for (let i = 0; i < current; i++) {
    if (!structure[i] || !sameItem(old[i]!, structure[i]!)) {
      played.push({ index: i, field: null, code: 'level-played', values: { item: i + 1 }, message: `${itemName(old, i)} has been played and cannot change.` });
    }
  }
  if (played.length) throw new EngineError('level-already-played', played.map((p) => p.message).join(' '), 'conflict', played);
  const before = old[current]!;
  const after = structure[current];
  if (!after || after.kind !== before.kind) {
    throw new EngineError(
      'level-already-played',
      `${itemName(old, current)} is in play; it must stay a ${before.kind}.`,
      'conflict',
      [{ index: current, field: 'kind', code: 'in-play-kind', values: { item: current + 1 }, message: `${itemName(old, current)} is in play; it must stay a ${before.kind}.` }],
    );
  }
  assertStructure(structure, state.settings.chipSet);
  const moved = clockAfter(clock, before, after, structure, now);
  let settings = state.settings;
  for (const kind of ['rebuy', 'addon'] as const) {
    const period = settings[kind];
    if (!period) continue;
    const fromIndex = sameItemIn(old, structure, period.fromIndex);
    const untilIndex = Math.max(fromIndex, sameItemIn(old, structure, period.untilIndex));
    if (fromIndex !== period.fromIndex || untilIndex !== period.untilIndex) settings = { ...settings, [kind]: { ...period, fromIndex, untilIndex } };
  }
  return { state: { ...state, structure, settings, clock: moved.clock }, events: moved.events };
}
