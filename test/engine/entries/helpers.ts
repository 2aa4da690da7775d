/** Runs commands through the engine's one entry point with injected time and a fixed seed. */
import { payoutLadder } from '../../../server/protocol/rules/payouts.js';
import assert from 'node:assert/strict';
import { applyCommand, parseCommand, type Outcome } from '../../../server/engine/apply.js';
import { lazyRng } from '../../../server/engine/random.js';
import { createTournamentState, type NewTournament, type TournamentState } from '../../../server/engine/state.js';
import type { StructureItem } from '../../../server/engine/structure.js';
import { TOPIC_VIEWS } from '../../../server/engine/views.js';
import { settingsSchema } from '../../../server/engine/schemas/tournament.js';
import type { PresetId } from '../../../server/engine/presets.js';

export const MIN = 60_000;
export const T0 = Date.UTC(2026, 10, 22, 18, 0, 0);

export const lv = (sb: number, bb: number, minutes = 20, ante = 0, anteType: 'none' | 'ante' | 'bba' = 'none'): StructureItem => ({
  kind: 'level', smallBlind: sb, bigBlind: bb, ante, anteType, minutes,
});
export const brk = (minutes: number, colorUp: number | null = null): StructureItem => ({
  kind: 'break', minutes, colorUp: colorUp === null ? null : { denomination: colorUp },
});

export function tournament(options: { preset?: PresetId; structure?: StructureItem[]; settings?: Record<string, unknown> } = {}): TournamentState {
  const settings = settingsSchema.parse({ startingStack: 20_000, buyIn: 1_000, fee: 100, lateRegistrationLevel: 2, ...options.settings });
  const input: NewTournament = {
    name: 'Test',
    preset: options.preset ?? 'tda-2024-onk',
    structure: options.structure ?? [lv(25, 50), lv(50, 100), brk(10), lv(100, 200), lv(150, 300), brk(10), lv(200, 400)],
    settings,
  };
  return createTournamentState('t1', input, T0);
}

/** Lets the clock cross the boundaries passed by `now` (the shell's internal clock.tick). */
export function tick(state: TournamentState, now: number): TournamentState {
  return applyCommand(state, { type: 'clock.tick', args: {} }, { now, rng: lazyRng('00'.repeat(32)) }).state;
}

export function run(state: TournamentState, command: Record<string, unknown>, now = T0): Outcome {
  return applyCommand(state, parseCommand(command), { now, rng: lazyRng('00'.repeat(32)) });
}

/** Applies commands in order and returns the last state. */
export function runAll(state: TournamentState, commands: Array<Record<string, unknown>>, now = T0): TournamentState {
  for (const c of commands) state = run(state, c, now).state;
  return state;
}

export { errorCode } from '../../helpers/engine.js';

/** Registers `n` players named P1..Pn; entry ids are e1..en. */
export function withPlayers(state: TournamentState, n: number, now = T0): TournamentState {
  for (let i = 1; i <= n; i++) state = run(state, { type: 'entry.add', name: `P${i}` }, now).state;
  return state;
}

export const field = (s: TournamentState) => TOPIC_VIEWS.field(s);
export const players = (s: TournamentState) => TOPIC_VIEWS.players(s);
/** The payout ladder as screens show it: the topic as sent, its amounts worked out (rules/payouts.ts). */
export const payouts = (s: TournamentState) => payoutLadder(TOPIC_VIEWS.payouts(s));
export const entry = (s: TournamentState, id: string) => s.entries.entries.find((e) => e.id === id)!;
