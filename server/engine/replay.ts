/**
 * Rebuilds a tournament's state from its origin and its command log. The live state must
 * always equal this replay; the crash tests check exactly that.
 */
import { applyCommand, type ParsedCommand } from './apply.js';
import { lazyRng } from './random.js';
import { ENGINE_VERSION } from './version.js';
import { createTournamentState, type NewTournament, type TournamentState } from './state.js';

export interface Origin {
  id: string;
  createdAt: number;
  input: NewTournament;
}

export interface LoggedCommand {
  type: string;
  args: unknown;
  at: number;
  seed: string;
  /** The ENGINE_VERSION that applied it; null for commands logged before engines were recorded (1). */
  engine?: number | null;
}

export function replay(origin: Origin, log: Iterable<LoggedCommand>): TournamentState {
  return replayOnto(createTournamentState(origin.id, origin.input, origin.createdAt), log);
}

/** The engine a logged command was applied with (1 before engines were recorded; the running one when not read). */
export function engineOf(entry: LoggedCommand): number {
  return entry.engine === undefined ? ENGINE_VERSION : (entry.engine ?? 1);
}

/** Applies logged commands to a state (a checkpoint and the log after it). */
export function replayOnto(state: TournamentState, log: Iterable<LoggedCommand>): TournamentState {
  for (const entry of log) {
    const command: ParsedCommand = { type: entry.type, args: entry.args };
    state = applyCommand(state, command, { now: entry.at, rng: lazyRng(entry.seed, engineOf(entry)) }).state;
  }
  return state;
}
