/**
 * Public views: what screens may see, computed from the state alone (no clock, no I/O).
 * Each topic is a separate function so a change is sent only to the screens that show it.
 */
import type { ClockView, InfoView, ItemView, StructureView, Topic, WireViews } from '../protocol/views.js';
import { PRESETS, rulesOf } from './presets.js';
import { durationMs, levelNumber, msBetween, nextBreakIndex, type StructureItem } from './structure.js';
import type { TournamentState } from './state.js';
import { movesView, seatingView } from './tables/views.js';
import { fieldView, payoutsTopic, playersView } from './entries/views.js';
import { playersWithBounties } from './bounties/views.js';
import { streamView } from './stream/views.js';
import type { ViewMemory } from './speed/view-memory.js';

export function itemView(structure: readonly StructureItem[], index: number): ItemView {
  const item = structure[index]!;
  const ms = durationMs(item);
  if (item.kind === 'break') return item.colorUp ? { index, break: true, ms, colorUp: item.colorUp.denomination } : { index, break: true, ms };
  const view: ItemView = { index, n: levelNumber(structure, index)!, sb: item.smallBlind, bb: item.bigBlind, ms };
  if (item.anteType === 'ante') view.ante = item.ante;
  if (item.anteType === 'bba') view.bba = item.ante;
  return view;
}

export function clockView(state: TournamentState): ClockView {
  const { clock, structure } = state;
  const view: ClockView = {
    status: clock.status,
    current: itemView(structure, clock.index),
    next: clock.index + 1 < structure.length ? itemView(structure, clock.index + 1) : null,
  };
  const breakIndex = nextBreakIndex(structure, clock.index);
  if (clock.status === 'running' && clock.endsAt !== null) {
    view.endsAt = clock.endsAt;
    if (breakIndex >= 0) view.breakAt = clock.endsAt + msBetween(structure, clock.index, breakIndex);
  } else {
    view.remainingMs = clock.remainingMs;
    if (breakIndex >= 0 && clock.status !== 'ended' && clock.status !== 'finished') view.breakInMs = clock.remainingMs + msBetween(structure, clock.index, breakIndex);
  }
  // The results screens show how long the night lasted (end.ts).
  if (clock.status === 'finished' && clock.finishedAt !== undefined) {
    if (clock.startedAt !== null) view.startedAt = clock.startedAt;
    view.finishedAt = clock.finishedAt;
  }
  return view;
}

export function infoView(state: TournamentState): InfoView {
  const s = state.settings;
  const rules = rulesOf(s);
  return {
    id: state.id,
    name: s.name,
    preset: s.preset,
    presetName: PRESETS[s.preset].name,
    locale: s.locale,
    currency: s.currency,
    startingStack: s.startingStack,
    buyIn: s.buyIn,
    fee: s.fee,
    lateRegistrationLevel: s.lateRegistrationLevel,
    seatsPerTable: s.rules.seatsPerTable,
    playerClock: rules.playerClock,
    playerClockAtZero: rules.playerClockAtZero,
    dealerCues: rules.dealerCues,
  };
}

export function structureView(state: TournamentState): StructureView {
  return { items: state.structure.map((_, i) => itemView(state.structure, i)) };
}

export const TOPIC_VIEWS: { [T in Topic]: (state: TournamentState, memory?: ViewMemory) => WireViews[T] } = {
  info: infoView,
  structure: structureView,
  clock: clockView,
  seating: (state, memory) => seatingView(state, memory),
  moves: movesView,
  field: fieldView,
  payouts: (state, memory) => payoutsTopic(state, memory),
  players: (state, memory) => playersWithBounties(state, playersView(state, memory)),
  stream: streamView,
};
