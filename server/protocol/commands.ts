/**
 * Every command a client sends: its type and its arguments, by type. Plain types: the server
 * validates each command's arguments with its zod schema (server/engine/schemas/), checked at
 * compile time to accept exactly the arguments written here, so the two cannot drift.
 */
import type { EntriesCommandArgs } from './entries-commands.js';
import type { BountyCommandArgs } from './bounties.js';
import type { FlightsCommandArgs } from './flights-commands.js';
import type { SeatingCommandArgs } from './seating-commands.js';
import type { StreamCommandArgs } from './stream-commands.js';
import type { StructureInput } from './tournament.js';

/** A command without arguments: the client sends only `{type, id?}`. */
export type NoArgs = Record<string, never>;

/** The clock's commands and the set-up's (issue 14: a new structure, archiving a finished tournament). */
export interface ClockCommandArgs {
  'clock.start': {
    /** Start below rules.minPlayersToStart (HR house rules: 8): the TD's explicit decision. Default false. */
    override?: boolean;
  };
  'clock.pause': NoArgs;
  'clock.resume': NoArgs;
  /** Whole seconds, -86,400..86,400, not 0. */
  'clock.adjust': { seconds: number };
  'level.next': NoArgs;
  'level.previous': NoArgs;
  /** 0-based structure index. */
  'level.set': { index: number };
  /** A new structure; the levels already played stay. */
  'structure.set': { structure: StructureInput };
  /** `archived` defaults to true. */
  'tournament.archive': { archived?: boolean };
}

/** The arguments of each command as a client writes them, by type (the envelope's `type` and `id` are not included). */
export interface CommandArgsMap extends ClockCommandArgs, EntriesCommandArgs, SeatingCommandArgs, StreamCommandArgs, FlightsCommandArgs, BountyCommandArgs {}

export type CommandType = keyof CommandArgsMap;

/** Arguments as a client writes them; a command without arguments takes none. */
type ClientArgs<T extends CommandType> = string extends keyof CommandArgsMap[T] ? unknown : CommandArgsMap[T];

/** What a client sends: `{type, id?, ...args}`; `id` is the idempotency key, 1 to 100 printable ASCII characters. */
export type Command = { [T in CommandType]: { type: T; id?: string } & ClientArgs<T> }[CommandType];
