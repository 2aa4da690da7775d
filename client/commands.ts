/**
 * Commands waiting for their answer. Each gets an id once, when created; every (re)send uses
 * that id, so the server's idempotency (it keeps each command's answer by id) makes a command
 * apply exactly once however many times a bad network makes us send it.
 *
 * Unlike home-assistant-js-websocket, which fails pending requests with `connection-lost`, a
 * lost connection does not fail a command here: the TD pressed Pause, and Pause is what must
 * happen once the phone is back on the Wi-Fi. Kept in a PendingStore (the control panel only),
 * a command also outlives the page: the next page restores it and sends it with its id.
 */
import { pageConnection, type Connection } from './connection.js';
import { newCommandId } from './ids.js';
import { PENDING_MAX_AGE_MS, type PendingStore, type StoredCommand } from './pending-store.js';
import type { Command, CommandAnswer, ErrorBody, Role } from './messages.js';
import type { CommandSink, CommandSinkOptions, PendingCommand, RestoredCommand, Transmit } from './sink.js';

/**
 * A kept command's message in this protocol: a page of protocol 1 stored it with `ref` for the
 * request id, which protocol 2 calls `id` (same value: the command's id).
 */
function currentProtocol(message: string, id: string): string {
  try {
    const { ref: _ref, ...rest } = JSON.parse(message) as Record<string, unknown>;
    return JSON.stringify({ ...rest, id });
  } catch {
    return message;
  }
}

export type { PendingCommand, RestoredCommand };

interface Entry {
  readonly id: string;
  readonly tournament: string;
  readonly type: string;
  readonly createdAt: number;
  readonly subject?: string;
  /** The whole `command` message, serialized once. */
  readonly message: string;
  readonly resolve: (answer: CommandAnswer) => void;
  sent: boolean;
  /** When it was last sent on the current socket (performance.now()); null: not sent on it yet. */
  sentAt: number | null;
}

/** The control panel's command sink (client/sink.ts). */
export class CommandQueue implements CommandSink {
  private readonly entries = new Map<string, Entry>();
  /** Where commands are kept beyond the page, and the role they are made by; null: memory only. */
  private kept: { store: PendingStore; role: Role } | null = null;
  private readonly now: () => number;
  private readonly maxAgeMs: number;
  private readonly onExpire: (expired: PendingCommand[]) => void;

  /**
   * @param transmit sends a command's message (its id the request id) on the current socket; false when there is none
   * @param onChange called with the number of unanswered commands whenever it changes
   */
  constructor(
    private readonly transmit: Transmit,
    private readonly onChange: (count: number) => void,
    options: CommandSinkOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.maxAgeMs = options.maxAgeMs ?? PENDING_MAX_AGE_MS;
    this.onExpire = options.onExpire ?? (() => {});
  }

  get size(): number {
    return this.entries.size;
  }

  list(): PendingCommand[] {
    return [...this.entries.values()].map(publicView);
  }

  has(id: string | number | undefined): boolean {
    return id !== undefined && this.entries.has(String(id));
  }

  /**
   * Queues a command; sends it now when `online`. Resolves with the server's answer.
   * `subject` names whom it concerns, for the TD if it is ever dropped unsent.
   */
  add(tournament: string, command: Command, online: boolean, subject?: string): Promise<CommandAnswer> {
    const id = command.id ?? newCommandId();
    const message = JSON.stringify({ type: 'command', id, tournament, command: { ...command, id } });
    return new Promise<CommandAnswer>((resolve) => {
      const entry: Entry = { id, tournament, type: command.type, createdAt: this.now(), ...(subject ? { subject } : {}), message, resolve, sent: false, sentAt: null };
      this.entries.set(id, entry);
      this.store(entry);
      this.onChange(this.entries.size);
      if (online) this.send(entry);
    });
  }

  /**
   * From now on keeps every unanswered command in `store` as made by `role`, and takes over
   * the commands an earlier page of that role left there: those still young enough are queued
   * (and sent, if a socket is up) with their ids; older ones, of any role, are dropped and
   * reported through onExpire. Commands of another role stay stored for that role's panel.
   * The page that awaited a restored command is gone, so its answer is returned here.
   */
  keepIn(store: PendingStore, role: Role): RestoredCommand[] {
    this.kept = { store, role };
    for (const entry of this.entries.values()) this.store(entry);
    const now = this.now();
    const expired: PendingCommand[] = [];
    const restored: Array<{ entry: Entry; answer: Promise<CommandAnswer> }> = [];
    for (const stored of store.all()) {
      if (this.entries.has(stored.id)) continue;
      if (now - stored.createdAt > this.maxAgeMs) {
        store.remove(stored.id);
        expired.push(publicView(stored));
      } else if (stored.role === role) {
        let resolve!: (answer: CommandAnswer) => void;
        const answer = new Promise<CommandAnswer>((r) => (resolve = r));
        const { id, tournament, type, createdAt, subject, sent } = stored;
        const entry: Entry = { id, tournament, type, createdAt, ...(subject ? { subject } : {}), message: currentProtocol(stored.message, id), resolve, sent, sentAt: null };
        this.entries.set(id, entry);
        restored.push({ entry, answer });
      }
    }
    if (restored.length) this.onChange(this.entries.size);
    if (expired.length) this.onExpire(expired);
    for (const { entry } of restored) this.send(entry);
    return restored.map(({ entry, answer }) => ({ command: publicView(entry), answer }));
  }

  /** A new socket is ready: send everything still unanswered, oldest first. */
  sendAll(): void {
    this.expireOld();
    for (const entry of this.entries.values()) this.send(entry);
  }

  /** Sends again what a live socket left unanswered for `afterMs` (a dropped message). */
  resendStale(afterMs: number): void {
    this.expireOld();
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
  answer(id: string | number | undefined, answer: CommandAnswer): boolean {
    const entry = id === undefined ? undefined : this.entries.get(String(id));
    if (!entry) return false;
    this.forget([entry]);
    entry.resolve(answer);
    return true;
  }

  /**
   * Resolves every unanswered command with `error`; returns how many. They are forgotten, in
   * storage too, unless `keepStored` (the page is going away: the next one restores them).
   */
  failAll(error: ErrorBody, keepStored = false): number {
    const all = [...this.entries.values()];
    if (keepStored) {
      this.entries.clear();
      if (all.length) this.onChange(0);
    } else {
      this.forget(all);
    }
    for (const entry of all) entry.resolve({ ok: false, error });
    return all.length;
  }

  /**
   * Drops the commands older than maxAgeMs before anything is (re)sent, so one queued while
   * the Wi-Fi was down for an hour is not applied now (see PENDING_MAX_AGE_MS).
   */
  private expireOld(): void {
    const now = this.now();
    const old = [...this.entries.values()].filter((entry) => now - entry.createdAt > this.maxAgeMs);
    if (old.length === 0) return;
    this.forget(old);
    const minutes = Math.round(this.maxAgeMs / 60_000);
    for (const entry of old) entry.resolve({ ok: false, error: { code: 'expired', message: `Not sent: the action is older than ${minutes} minutes.` } });
    this.onExpire(old.map(publicView));
  }

  private forget(entries: readonly Entry[]): void {
    if (entries.length === 0) return;
    for (const entry of entries) {
      this.entries.delete(entry.id);
      this.kept?.store.remove(entry.id);
    }
    this.onChange(this.entries.size);
  }

  private send(entry: Entry): void {
    if (!this.transmit(entry.id, entry.message)) return;
    entry.sentAt = performance.now();
    if (entry.sent) return;
    entry.sent = true;
    // Only the first send is written: from then on the server may have it (see StoredCommand.sent).
    this.store(entry);
  }

  private store(entry: Entry): void {
    if (!this.kept) return;
    const { id, tournament, type, createdAt, subject, message, sent } = entry;
    const stored: StoredCommand = { id, tournament, type, message, createdAt, role: this.kept.role, ...(subject ? { subject } : {}), sent };
    this.kept.store.put(stored);
  }
}

function publicView({ id, tournament, type, createdAt, subject, sent }: PendingCommand): PendingCommand {
  return { id, tournament, type, createdAt, ...(subject ? { subject } : {}), sent };
}

/** The control panel's connection: the page's one connection, with a command queue as its sink. */
export function controlConnection(): Connection {
  return pageConnection((transmit, onChange, options) => new CommandQueue(transmit, onChange, options));
}
