/**
 * The command sink: what a connection needs of the control panel's command queue, as an
 * interface of its own so that connection.ts never imports commands.ts (the queue and its
 * offline store stay out of the screens' bundles) and a screen's connection simply has none.
 * client/commands.ts `CommandQueue` is the one implementation.
 */
import type { Command, CommandAnswer, ErrorBody, Role } from './messages.js';
import type { PendingStore } from './pending-store.js';

export interface PendingCommand {
  readonly id: string;
  readonly tournament: string;
  readonly type: string;
  /** Date.now() when the command was made (on an earlier page, for a restored one). */
  readonly createdAt: number;
  /** Whom it concerns ("Anna"), as the page that made it named it. */
  readonly subject?: string;
  /** Sent on a socket at least once: the server may have applied it without our knowing. */
  readonly sent: boolean;
}

/** A command an earlier page left unanswered, and its answer once this page gets it. */
export interface RestoredCommand {
  readonly command: PendingCommand;
  readonly answer: Promise<CommandAnswer>;
}

/** Sends a command's whole message (its id is the request id) on the current socket; false when there is none. */
export type Transmit = (id: string, message: string) => boolean;

export interface CommandSinkOptions {
  /** The wall clock (Date.now); tests inject their own. */
  now?: () => number;
  /** Commands older than this are dropped unsent (see PENDING_MAX_AGE_MS). */
  maxAgeMs?: number;
  /** Told which commands were dropped for their age; each also resolves with code `expired`. */
  onExpire?: (expired: PendingCommand[]) => void;
}

/** Commands waiting for their answer, each with its id for life (client/commands.ts says why). */
export interface CommandSink {
  readonly size: number;
  list(): PendingCommand[];
  /** Queues a command; sends it now when `online`. Resolves with the server's answer. */
  add(tournament: string, command: Command, online: boolean, subject?: string): Promise<CommandAnswer>;
  /** Keeps unanswered commands in `store` as made by `role`, and restores that role's earlier ones. */
  keepIn(store: PendingStore, role: Role): RestoredCommand[];
  /** A new socket is ready: send everything still unanswered, oldest first. */
  sendAll(): void;
  /** Sends again what a live socket left unanswered for `afterMs`. */
  resendStale(afterMs: number): void;
  /** The socket is gone: nothing is "sent on the current socket" any more. */
  socketLost(): void;
  /** Resolves the command the answer is for; false when there is none. */
  answer(id: string, answer: CommandAnswer): boolean;
  /** Resolves every unanswered command with `error`; forgotten in storage too unless `keepStored`. */
  failAll(error: ErrorBody, keepStored?: boolean): number;
}

/**
 * Makes the command sink of a connection (the control panel only: client/commands.ts
 * `controlConnection`). `transmit` sends on the connection's socket; `onChange` gets the number
 * of unanswered commands whenever it changes.
 */
export type CommandSinkFactory = (transmit: Transmit, onChange: (count: number) => void, options: CommandSinkOptions) => CommandSink;
