/**
 * Commands waiting for their answer. Each gets an id once, when created; every (re)send uses
 * that id, so the server's idempotency (it keeps each command's answer by id) makes a command
 * apply exactly once however many times a bad network makes us send it.
 *
 * Unlike home-assistant-js-websocket, which fails pending requests with `connection-lost`, a
 * lost connection does not fail a command here: the TD pressed Pause, and Pause is what must
 * happen once the phone is back on the Wi-Fi.
 */
import { newCommandId } from './ids.js';
import type { Command, CommandAnswer, ErrorBody } from './protocol.js';

export interface PendingCommand {
  readonly id: string;
  readonly tournament: string;
  readonly type: string;
  /** performance.now() when the command was created. */
  readonly since: number;
}

interface Entry extends PendingCommand {
  /** The whole `command` message, serialized once. */
  readonly message: string;
  readonly resolve: (answer: CommandAnswer) => void;
  /** When it was last sent on the current socket; null: not sent on it yet. */
  sentAt: number | null;
}

export class CommandQueue {
  private readonly entries = new Map<string, Entry>();

  /**
   * @param transmit sends a message on the current socket; false when there is none
   * @param onChange called with the number of unanswered commands whenever it changes
   */
  constructor(
    private readonly transmit: (message: string) => boolean,
    private readonly onChange: (count: number) => void,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  list(): PendingCommand[] {
    return [...this.entries.values()].map(({ id, tournament, type, since }) => ({ id, tournament, type, since }));
  }

  has(ref: string | number | undefined): boolean {
    return ref !== undefined && this.entries.has(String(ref));
  }

  /** Queues a command; sends it now when `online`. Resolves with the server's answer. */
  add(tournament: string, command: Command, online: boolean): Promise<CommandAnswer> {
    const id = command.id ?? newCommandId();
    const message = JSON.stringify({ type: 'command', ref: id, tournament, command: { ...command, id } });
    return new Promise<CommandAnswer>((resolve) => {
      const entry: Entry = { id, tournament, type: command.type, since: performance.now(), message, resolve, sentAt: null };
      this.entries.set(id, entry);
      this.onChange(this.entries.size);
      if (online) this.send(entry);
    });
  }

  /** A new socket is ready: send everything still unanswered, oldest first. */
  sendAll(): void {
    for (const entry of this.entries.values()) this.send(entry);
  }

  /** Sends again what a live socket left unanswered for `afterMs` (a dropped message). */
  resendStale(afterMs: number): void {
    const now = performance.now();
    for (const entry of this.entries.values()) {
      if (entry.sentAt !== null && now - entry.sentAt > afterMs) this.send(entry);
    }
  }

  /** The socket is gone: nothing is "sent on the current socket" any more. */
  socketLost(): void {
    for (const entry of this.entries.values()) entry.sentAt = null;
  }

  /** Resolves the command the answer is for; false when there is none (already answered). */
  answer(ref: string | number | undefined, answer: CommandAnswer): boolean {
    const entry = ref === undefined ? undefined : this.entries.get(String(ref));
    if (!entry) return false;
    this.entries.delete(entry.id);
    this.onChange(this.entries.size);
    entry.resolve(answer);
    return true;
  }

  /** Resolves every unanswered command with `error` and forgets them; returns how many. */
  failAll(error: ErrorBody): number {
    const count = this.entries.size;
    for (const entry of this.entries.values()) entry.resolve({ ok: false, error });
    this.entries.clear();
    if (count) this.onChange(0);
    return count;
  }

  private send(entry: Entry): void {
    if (this.transmit(entry.message)) entry.sentAt = performance.now();
  }
}
