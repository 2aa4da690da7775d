/**
 * The engine's one entry point: (state, command, now) -> new state + events.
 * Pure: no I/O and no clock of its own; time and randomness come in through the context.
 */
import { z } from 'zod';
import { settleClock } from './clock.js';
import { clockCommands } from './commands/clock.js';
import { entriesCommands } from './commands/entries.js';
import { seatingCommands } from './commands/seating.js';
import { setupCommands } from './commands/setup.js';
import { streamCommands } from './commands/stream.js';
import { flightsCommands } from './commands/flights.js';
import { bountyCommands } from './commands/bounties.js';
import { alternatesFollowUp } from './entries/alternates.js';
import { unsoldFollowUp } from './entries/unsold.js';
import { seatingFollowUp } from './tables/follow-up.js';
import type { AnyCommandDef, ApplyContext, CommandTable, Outcome } from './commands/types.js';
import { penaltyFollowUp } from './entries/penalty-hands.js';
import { endFollowUp, refuseAfterEnd } from './end.js';
import { bountyEndFollowUp } from './bounties/end.js';
import { seatsFollowUp } from './bounties/satellite.js';
import { EngineError } from './errors.js';
import { isErrorCode, type ErrorCode } from '../protocol/errors.js';
import type { TournamentState } from './state.js';
import { commandIdSchema } from './schemas/commands.js';

export type { ApplyContext, EngineEvent, Outcome } from './commands/types.js';

/** Every command a client may send, by type. Later domains add their tables here. */
export const COMMAND_TABLE: Required<CommandTable> = {
  ...clockCommands,
  ...entriesCommands,
  ...seatingCommands,
  ...streamCommands,
  ...setupCommands,
  ...flightsCommands,
  ...bountyCommands,
};

/** The same registry, looked up by a type known only at run time. */
export const COMMANDS: Readonly<Record<string, AnyCommandDef>> = COMMAND_TABLE;

/**
 * Rules that run after every command, in order, on the state it produced: how one domain
 * follows another without either calling the other (e.g. seating seats new entries and frees
 * the seats of busted ones). Each must be pure and return the state unchanged (same object)
 * when it has nothing to do.
 */
/** Each gets the state before the command too, so it can look at what changed and not at the whole field. */
export const FOLLOW_UPS: Array<(state: TournamentState, ctx: ApplyContext, before: TournamentState) => Outcome> = [
  // Unsold seats: their stacks leave play when registration closes (entries/unsold.ts, IP r35-2).
  unsoldFollowUp,
  // Alternates: the first on the list becomes an entry when a seat is free (entries/alternates.ts, IP r15).
  alternatesFollowUp,
  // Seating: seats for new entries, free seats of busted ones, halts reported (tables/follow-up.ts).
  seatingFollowUp,
  // Missed-hand penalties count down with the hands dealt at the player's table (entries/penalty-hands.ts).
  penaltyFollowUp,
  // A satellite stops at its seats whatever brought the field there (bounties/satellite.ts).
  seatsFollowUp,
  // Bounties at an end that was not a bust: the players who finished in play collect their own
  // (bounties/end.ts), and give it back when that end is undone.
  bountyEndFollowUp,
  // The end of the night: the clock stops when the field is won (or a deal ended play), and an
  // undo of that reopens it (end.ts). Last, so it sees what every other rule made of the command.
  endFollowUp,
];

/** A command after validation: its type, the caller's id (if any) and its parsed arguments. */
export interface ParsedCommand {
  type: string;
  id?: string;
  args: unknown;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.join('.');
      if (issue.code === 'unrecognized_keys') return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
      return path ? `"${path}" ${issue.message}` : issue.message;
    })
    .join('; ');
}

/**
 * The error code a schema gave its issue (e.g. `invalid-name`, schemas/names.ts), so a bad name
 * is told apart from a missing field; null when no issue names one.
 */
function issueCode(error: z.ZodError): ErrorCode | null {
  for (const issue of error.issues) {
    const code = issue.code === 'custom' ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
    if (isErrorCode(code)) return code;
  }
  return null;
}

/** Validates the envelope `{type, id?, ...args}`; throws `unknown-command` or `invalid-command`. */
export function parseCommand(raw: unknown): ParsedCommand {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new EngineError('invalid-command', 'A command must be a JSON object with a "type".', 'invalid');
  }
  const { type, id, ...rest } = raw as Record<string, unknown>;
  if (typeof type !== 'string') throw new EngineError('invalid-command', 'The command has no "type" string.', 'invalid');
  const def = Object.hasOwn(COMMANDS, type) ? COMMANDS[type] : undefined;
  if (!def) throw new EngineError('unknown-command', `There is no command "${type.slice(0, 60)}".`, 'invalid');
  let commandId: string | undefined;
  if (id !== undefined) {
    const parsedId = commandIdSchema.safeParse(id);
    if (!parsedId.success) throw new EngineError('invalid-command', `"id" ${parsedId.error.issues[0]!.message}.`, 'invalid');
    commandId = parsedId.data;
  }
  const args = def.args.safeParse(rest);
  if (!args.success) throw new EngineError(issueCode(args.error) ?? 'invalid-command', `${type}: ${describeIssues(args.error)}.`, 'invalid');
  return { type, ...(commandId !== undefined ? { id: commandId } : {}), args: args.data };
}

/** Brings the state up to `now`: a running clock crosses every boundary it has passed. */
export function settle(state: TournamentState, now: number): Outcome {
  const { clock, events } = settleClock(state.clock, state.structure, now);
  return clock === state.clock ? { state, events } : { state: { ...state, clock }, events };
}

/**
 * Applies a validated command at `ctx.now`. The state is settled first, so a command that
 * arrives after a boundary acts on the level that is really in force.
 * The internal `clock.tick` only settles; the shell logs it when a boundary passes.
 */
export function applyCommand(state: TournamentState, command: ParsedCommand, ctx: ApplyContext): Outcome {
  const settled = settle(state, ctx.now);
  if (command.type === 'clock.tick') {
    // Registration closes with the level that ends it: unsold stacks leave play at that tick.
    const after = unsoldFollowUp(settled.state, ctx);
    return after.state === settled.state ? settled : { state: after.state, events: [...settled.events, ...after.events] };
  }
  const def = COMMANDS[command.type];
  if (!def) throw new EngineError('unknown-command', `There is no command "${command.type}".`, 'invalid');
  refuseAfterEnd(settled.state, command.type);
  const outcome = def.apply(settled.state, command.args, ctx);
  let after = outcome.state;
  const events = [...settled.events, ...outcome.events];
  for (const followUp of FOLLOW_UPS) {
    const next = followUp(after, ctx, settled.state);
    after = next.state;
    events.push(...next.events);
  }
  return { ...outcome, state: after, events };
}
