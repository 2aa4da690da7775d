import type { z } from 'zod';
import type { CommandType } from '../../protocol/commands.js';
import type { commandArgs } from '../schemas/commands.js';
import type { ClockEvent } from '../clock.js';
import type { EntriesEvent } from '../../protocol/entries-events.js';
import type { SeatingEvent } from '../../protocol/seating.js';
import type { PlayerClockEvent, StreamEvent } from '../../protocol/stream.js';
import type { Rng } from '../random.js';
import type { TournamentState } from '../state.js';

export type EngineEvent = ClockEvent | EntriesEvent | SeatingEvent | StreamEvent | PlayerClockEvent;

export interface ApplyContext {
  /** Server time of the command, injected by the shell. */
  now: number;
  /** Randomness expanded from the seed recorded with the command. */
  rng(): Rng;
}

export interface Outcome {
  state: TournamentState;
  events: EngineEvent[];
  /** Returned to the caller as `result`. */
  result?: unknown;
}

export interface CommandDef<S extends z.ZodType = z.ZodType> {
  args: S;
  /** One line for docs and the audit log. */
  summary: string;
  apply(state: TournamentState, args: z.output<S>, ctx: ApplyContext): Outcome;
}

/** Keeps each definition's `apply` typed by its own schema. */
export function defineCommand<S extends z.ZodType>(def: CommandDef<S>): CommandDef<S> {
  return def;
}

/**
 * The registry's type: one definition per command of the protocol, each typed by that command's
 * own schema. A domain's table `satisfies CommandTable`; the engine's `COMMANDS` is the
 * `Required` one, so a command the protocol names and no domain defines (or the reverse) fails to
 * compile.
 */
export type CommandTable = { [T in CommandType]?: CommandDef<(typeof commandArgs)[T]> };

/**
 * A definition as the shell sees it, by a type known only at run time: `apply` takes the args
 * its own schema produced (parseCommand), so the one registry serves both views.
 */
export interface AnyCommandDef {
  args: z.ZodType;
  summary: string;
  apply(state: TournamentState, args: unknown, ctx: ApplyContext): Outcome;
}
