/**
 * The wire protocol as the browser apps see it: the server's own types, re-exported so screens
 * and overlays import from one place. Types only (plus the topic list): nothing of the server
 * ends up in a bundle.
 */
export type {
  CommandAnswer,
  HelloMessage,
  PatchMessage,
  PublicEvent,
  ServerMessage,
  SnapshotMessage,
} from '../../server/protocol/messages.js';
export type { BreakItemView, ClockView, InfoView, ItemView, LevelItemView, StructureView, Topic, TopicViews } from '../../server/protocol/views.js';
export type { ErrorBody, ErrorCode } from '../../server/protocol/errors.js';
export type { ClockStatus } from '../../server/engine/clock.js';
export { TOPICS } from '../../server/protocol/views.js';
import type { input } from 'zod';
import type { commandArgs, CommandType } from '../../server/protocol/schemas.js';

export type { CommandType };

/**
 * Arguments of one command type as a client writes them. (The server's own `Command` type
 * turns the argument-less commands into `{type} & Record<string, never>`, which nothing can
 * satisfy; an empty argument schema is mapped to "no arguments" here instead.)
 */
type ArgsOf<T extends CommandType> = string extends keyof input<(typeof commandArgs)[T]> ? unknown : input<(typeof commandArgs)[T]>;

/** What a client sends: `{type, id?, ...args}`, typed by command type. */
export type Command = { [T in CommandType]: { type: T; id?: string } & ArgsOf<T> }[CommandType];

/** Who the server says this page is (from `hello`). */
export type Role = 'viewer' | 'floor' | 'td';
