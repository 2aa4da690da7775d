/**
 * The shell around one tournament's engine state: validates, applies, commits, then tells
 * listeners. It wakes on commands and at the next clock boundary, never on a tick.
 *
 * Order matters (as in Actual Budget's apply pipeline): the command and its state are
 * committed in one transaction first, memory changes only after the commit, and listeners
 * hear of it last. A crash at any point loses only what was never acknowledged.
 */
import { randomUUID } from 'node:crypto';
import { applyCommand, parseCommand, type ParsedCommand } from '../engine/apply.js';
import { allowedRoles, may, type StaffRole } from '../protocol/roles.js';
import { EngineError } from '../engine/errors.js';
import type { ErrorCode } from '../protocol/errors.js';
import { lazyRng } from '../engine/random.js';
import type { TournamentState } from '../engine/state.js';
import { EVENT_TOPIC, type CommandAnswer, type PublicEvent } from '../protocol/messages.js';
import { streamOf } from '../engine/stream/state.js';
import { DelayLine, publicEvents, viewsOf, type DelayedStart, type ReplayStart } from './delay-line.js';
import { DelayRebuild } from './delay-rebuild.js';
import { DelayedFeed } from './delayed-feed.js';
import { namesErasedBy } from './erasure.js';
import { erasedIds } from '../engine/entries/erase.js';
import { ViewTracker, type EncodedOp } from './view-tracker.js';
import { TOPICS, type Topic, type WireViews } from '../protocol/views.js';
import { osSeeds, type SeedSource, type TimeSource } from '../time.js';
import { SYSTEM, type Actor } from './actor.js';
import { CHECKPOINT_AFTER_MS, CHECKPOINT_EVERY, CHECKPOINT_PACE_MS, isStorageError, STORAGE_MESSAGE, UNSYNCED_MESSAGE } from './store.js';
import type { CheckpointSteps, TournamentStore } from './tournament-store.js';

/** How long a failed clock boundary waits before it tries to commit again (storage failing). */
export const STORAGE_RETRY_MS = 5_000;

/** A committed change, as the fan-out needs it: an operation per changed topic, encoded once. */
export interface Change {
  tournament: string;
  seq: number;
  /** What the command changed, per topic, with each operation's JSON. */
  ops: EncodedOp[];
  events: PublicEvent[];
  /** Seq of the last change of each topic before this one (for `prev`). */
  lastChanged: Readonly<Record<Topic, number>>;
  /** Server time of the commit. */
  at: number;
  /** `live`: for the room's screens now; `delayed`: released by the stream's delay line. */
  feed: 'live' | 'delayed';
  /**
   * The command erased a player (live feed): the changes before it name him, so no resume may
   * replay them; whoever keeps a history drops it here (a resume from before gets a snapshot).
   */
  erases?: true;
}

/** Recent changes kept for clients that resume (protocol v2 `subscribe.since`): at most... */
export const HISTORY_CHANGES = 1_000;
/** ...and at most this many bytes of operation JSON. Older ones get a snapshot instead. */
export const HISTORY_BYTES = 8 * 1024 * 1024;

/** What a host tells the server: changes (live and delayed), a new delay, failures. */
export interface HostListener {
  change(change: Change): void;
  /** The stream delay changed: delayed subscribers need a new snapshot (new `delayMs`). */
  delayChanged(tournament: string): void;
  /** A failure inside the server, with what it was doing (logged through pino). */
  error(err: unknown, context?: { tournament?: string; command?: string }): void;
  /** A command was answered (its durable answer), `seconds` after it arrived (metrics). */
  answered?(answer: Answer, seconds: number): void;
}

/** A command's answer, and its HTTP status. */
export interface Answer {
  /** HTTP status for the answer: 200, 400, 401, 403, 409, 500 or 503. */
  status: number;
  answer: CommandAnswer;
}

/**
 * What `dispatch` answers: the answer as soon as the command is committed (the socket that sent
 * it is sent its patch on it), and `durable()`, the answer to send once the command survives a
 * power cut. Every transport sends `durable()`'s: it is the answer itself, or 503
 * storage-unavailable when the fsync of a group commit failed. It never rejects.
 */
export interface DispatchResult extends Answer {
  durable(): Promise<Answer>;
}

/**
 * How a command is made durable: `sync`, its own fsync before `dispatch` returns (the clock's
 * ticks, tests, benches); `group`, one fsync shared with every command committed meanwhile,
 * awaited by `durable()` (the HTTP and WebSocket transports: Store.commitSoon).
 */
export type Durability = 'sync' | 'group';

const ROLE_NAMES: Record<StaffRole, string> = { td: 'the TD', floor: 'floor staff', stream: 'the stream producer' };

/** Why a signed-in role may not send a command, in the floor's words. */
function refusal(type: string, allowed: readonly StaffRole[], role: Actor['role']): string {
  const who = role === 'stream' ? 'the stream producer' : 'floor staff';
  const by = allowed.length === 1 && allowed[0] === 'td' ? 'the tournament director' : allowed.map((r) => ROLE_NAMES[r]).join(' or ');
  return `${type} is for ${by}; ${who} cannot send it.`;
}

function fail(status: number, error: EngineError | { code: ErrorCode; message: string }): Answer {
  const issues = error instanceof EngineError && error.issues?.length ? { issues: [...error.issues] } : {};
  return { status, answer: { ok: false, error: { code: error.code, message: error.message, ...issues } } };
}

export class TournamentHost {
  private _state: TournamentState;
  private _seq: number;
  /** Every topic's view as last published, and what each command changed in them. */
  private readonly views: ViewTracker;
  private readonly lastChanged: Record<Topic, number>;
  private cancelWake: (() => void) | null = null;
  private closed = false;
  /** The stream's delayed feed (secure delay); at 0 s it releases each change at once. */
  private readonly feed: DelayedFeed;
  /** Seq of the state last written as a checkpoint (or loaded from one). */
  private checkpointSeq: number;
  private checkpointTimer: ReturnType<typeof setTimeout> | null = null;
  private checkpointSoon: ReturnType<typeof setImmediate> | null = null;
  /** The next step of the checkpoint being written (CHECKPOINT_PACE_MS after the last one). */
  private checkpointPaced: ReturnType<typeof setTimeout> | null = null;
  /**
   * The state of the last checkpoint written (or loaded): where a longer stream delay replays
   * from (DelayRebuild). Immutable, and it shares most of its objects with the live state.
   */
  private lastCheckpoint: ReplayStart;
  /** The checkpoint being written, a step every CHECKPOINT_PACE_MS (null: none). */
  private writer: CheckpointSteps | null = null;
  /** The latest live changes, oldest first, for resuming clients; every change after `historyFrom` is here. */
  private readonly history: Change[] = [];
  private historyBytes = 0;
  private historyFrom: number;

  /**
   * @param delayed where the delayed feed starts (rebuilt from the log by the registry when the
   *   stream runs behind); by default, the state as it is now
   * @param checkpoint the stored checkpoint `state` was loaded from (by default, `state` itself)
   */
  constructor(
    readonly id: string,
    state: TournamentState,
    seq: number,
    private readonly store: TournamentStore,
    private readonly time: TimeSource,
    private readonly listener: HostListener,
    delayed?: DelayedStart,
    private readonly seeds: SeedSource = osSeeds,
    checkpoint?: ReplayStart,
  ) {
    this._state = state;
    this._seq = seq;
    this.checkpointSeq = checkpoint?.seq ?? seq;
    this.lastCheckpoint = checkpoint ?? { seq, state };
    this.historyFrom = seq;
    this.lastChanged = Object.fromEntries(TOPICS.map((t) => [t, seq])) as Record<Topic, number>;
    this.views = new ViewTracker(state);
    this.feed = new DelayedFeed(
      {
        line: (start, held) => this.delayLine(start, held),
        rebuild: (delayMs, now) => new DelayRebuild(this.store, this.id, () => this.store.origin(this.id), now, delayMs, this.lastCheckpoint, () => erasedIds(this._state)),
        delayChanged: () => this.listener.delayChanged(this.id),
        error: (err) => this.listener.error(err, { tournament: this.id, command: 'stream.delay' }),
      },
      delayed ?? { seq, views: viewsOf(this.views), pending: [] },
    );
    this.scheduleCheckpoint();
    // A clock that ran while the server was down crosses its boundaries now, then waits.
    this.wake();
  }

  private delayLine(start: DelayedStart, held = false): DelayLine {
    const liveAt = (seq: number) => (seq === this._seq ? (topic: Topic) => this.views.view(topic) : null);
    return new DelayLine(start, streamOf(this._state).delaySeconds * 1000, this.time, (change) => this.emit({ ...change, feed: 'delayed' }), undefined, liveAt, held);
  }

  /** The stream's delayed feed (what `/ws/stream` sockets see). */
  get delayed(): DelayLine {
    return this.feed.line;
  }

  /** True while the delayed feed of a longer delay is rebuilt (the feed in use holds meanwhile). */
  get rebuilding(): boolean {
    return this.feed.rebuilding;
  }

  private emit(change: Change): void {
    try {
      this.listener.change(change);
    } catch (err) {
      this.listener.error(err);
    }
  }

  get state(): TournamentState {
    return this._state;
  }

  get seq(): number {
    return this._seq;
  }

  /** The public views of the given topics, as JSON strings (shared by every snapshot). */
  topicJsonFor(topic: Topic): string {
    return this.views.topicJson(topic);
  }

  /** A topic's view as published (shared and immutable: never change it). */
  view<T extends Topic>(topic: T): WireViews[T] {
    return this.views.view(topic);
  }

  /**
   * The changes after `seq`, oldest first, for a client that resumes from it; null when some of
   * them are no longer kept (it gets a snapshot).
   */
  changesSince(seq: number): readonly Change[] | null {
    if (seq < this.historyFrom || seq > this._seq) return null;
    let i = this.history.length;
    while (i > 0 && this.history[i - 1]!.seq > seq) i--;
    return this.history.slice(i);
  }

  private remember(change: Change): void {
    if (change.erases) {
      this.history.length = 0;
      this.historyBytes = 0;
      this.historyFrom = change.seq;
    }
    this.history.push(change);
    for (const op of change.ops) this.historyBytes += op.json.length;
    while (this.history.length > HISTORY_CHANGES || (this.historyBytes > HISTORY_BYTES && this.history.length > 1)) {
      const old = this.history.shift()!;
      for (const op of old.ops) this.historyBytes -= op.json.length;
      this.historyFrom = old.seq;
    }
  }

  /** The command log, oldest first, from `afterSeq` on (the audit log). */
  log(afterSeq: number, limit: number): ReturnType<TournamentStore['log']> {
    return this.store.log(this.id, afterSeq, limit);
  }

  /** Seq of the last change of each topic (the snapshot's `versions`). */
  get versions(): Readonly<Record<Topic, number>> {
    return this.lastChanged;
  }

  /**
   * Validates, authorizes, applies and commits one command; answers as the API documents.
   * `group`: a group commit (Store.commitSoon): the command is committed and published at once,
   * and `durable()` resolves once one fsync for every command committed meanwhile is done (the
   * HTTP and WebSocket paths); `sync`: it is synced before this returns.
   */
  dispatch(raw: unknown, actor: Actor, durability: Durability = 'sync'): DispatchResult {
    const began = performance.now();
    const result = this.answer(raw, actor, durability === 'group');
    const answered = this.listener.answered;
    const told = (final: Answer) => {
      answered?.(final, (performance.now() - began) / 1000);
      return final;
    };
    // A refusal changed nothing, and a synced commit is on disk already: nothing to wait for.
    if (durability === 'sync' || result.status !== 200) {
      told(result);
      return { ...result, durable: () => Promise.resolve(result) };
    }
    // Counted once, when it is durable (the answer the client is sent).
    const durable = answered ? this.confirmed(result).then(told) : null;
    return { ...result, durable: () => durable ?? this.confirmed(result) };
  }

  private answer(raw: unknown, actor: Actor, soon: boolean): Answer {
    let parsed: ParsedCommand;
    try {
      parsed = parseCommand(raw);
    } catch (err) {
      if (err instanceof EngineError) return fail(400, err);
      throw err;
    }
    if (!may(actor.role, parsed.type, parsed.args)) {
      return fail(actor.role === 'viewer' ? 401 : 403, {
        code: actor.role === 'viewer' ? 'not-authenticated' : 'not-authorized',
        message: actor.role === 'viewer' ? `Sign in with the pairing PIN to send ${parsed.type}.` : refusal(parsed.type, allowedRoles(parsed.type, parsed.args) ?? [], actor.role),
      });
    }
    try {
      if (parsed.id !== undefined) {
        const earlier = this.store.findAnswer(this.id, parsed.id);
        if (earlier) return { status: 200, answer: earlier };
      }
      return this.commitCommand(parsed, actor, soon);
    } catch (err) {
      // One error path (as Actual's InternalError): every command gets an answer, nothing changed.
      return this.failure(err, parsed.type);
    }
  }

  /** The answer for a failure inside the server: storage (503) or anything else (500), logged. */
  private failure(err: unknown, type: string): Answer {
    this.listener.error(err, { tournament: this.id, command: type });
    // A store may say what failed in the floor's words (PostgreSQL unreachable: pg/pg-store.ts).
    if (isStorageError(err)) return fail(503, { code: 'storage-unavailable', message: (err as { publicMessage?: string }).publicMessage ?? STORAGE_MESSAGE });
    return fail(500, { code: 'internal-error', message: 'The command failed inside the server; nothing was changed.' });
  }

  /**
   * True once every command committed so far survives a power cut (see `dispatch`); false, logged,
   * when the fsync failed: the command was made, but cannot be confirmed as saved.
   */
  async durable(): Promise<boolean> {
    try {
      await this.store.durable();
      return true;
    } catch (err) {
      this.listener.error(err, { tournament: this.id, command: 'fsync' });
      return false;
    }
  }

  /**
   * The answer of a command committed in a group commit, once it is durable: the answer itself,
   * or 503 storage-unavailable when its fsync failed (the command was made: the same id again
   * gets its answer).
   */
  private async confirmed(result: Answer): Promise<Answer> {
    if (await this.durable()) return result;
    return fail(503, { code: 'storage-unavailable', message: UNSYNCED_MESSAGE });
  }

  private commitCommand(parsed: ParsedCommand, actor: Actor, soon: boolean): Answer {
    if (this.closed) return fail(503, { code: 'internal-error', message: 'The server is shutting down.' });
    const now = this.time.now();
    const seed = this.seeds();
    let outcome;
    try {
      outcome = applyCommand(this._state, parsed, { now, rng: lazyRng(seed) });
    } catch (err) {
      if (err instanceof EngineError) return fail(err.kind === 'invalid' ? 400 : 409, err);
      return this.failure(err, parsed.type);
    }
    if (parsed.type === 'clock.tick' && outcome.state === this._state) return { status: 200, answer: { ok: true, seq: this._seq } };
    const seq = this._seq + 1;
    const answer: CommandAnswer = outcome.result === undefined ? { ok: true, seq } : { ok: true, seq, result: outcome.result };
    (soon ? this.store.commitSoon : this.store.commit).call(
      this.store,
      this.id,
      {
        seq,
        commandId: parsed.id ?? `${parsed.type === 'clock.tick' ? 'tick' : 'auto'}:${randomUUID()}`,
        type: parsed.type,
        args: parsed.args,
        at: now,
        seed,
        actor: actor.id,
        answer,
      },
    );
    // Committed: only now does memory change, and only then do listeners hear of it.
    const delayBefore = streamOf(this._state).delaySeconds;
    const erased = namesErasedBy(this._state, parsed);
    this._state = outcome.state;
    this._seq = seq;
    this.publish(publicEvents(outcome.events), now, erased.length > 0);
    if (erased.length) this.feed.erase(erased, seq);
    this.scheduleCheckpoint();
    const delayAfter = streamOf(this._state).delaySeconds;
    if (delayAfter !== delayBefore) this.feed.setDelay(delayAfter * 1000, now);
    this.wake();
    return { status: 200, answer };
  }

  private publish(events: PublicEvent[], at: number, erases = false): void {
    const ops = this.views.update(this._state);
    if (ops.length === 0 && events.length === 0 && !erases) return;
    const before = { ...this.lastChanged };
    for (const op of ops) this.lastChanged[op.topic] = this._seq;
    for (const e of events) this.lastChanged[EVENT_TOPIC[e.type]] = this._seq;
    const change: Change = { tournament: this.id, seq: this._seq, ops, events, lastChanged: before, at, feed: 'live', ...(erases ? { erases: true as const } : {}) };
    this.remember(change);
    this.emit(change);
    this.feed.push(change);
  }

  /**
   * The state is checkpointed every CHECKPOINT_EVERY commands, right after the answer (never in
   * its path), or CHECKPOINT_AFTER_MS after the first command since the last one, and at close.
   * It is written a step at a time (checkpoints.ts, CheckpointWriter), one step every CHECKPOINT_PACE_MS, so
   * commands go on meanwhile: the state of a seq never changes, whatever comes after it.
   * A failure is logged and tried again later: the log is committed already, so nothing is lost.
   */
  private scheduleCheckpoint(): void {
    if (this.closed || this.writer || this._seq === this.checkpointSeq) return;
    if (this._seq - this.checkpointSeq >= CHECKPOINT_EVERY) {
      this.checkpointSoon ??= setImmediate(() => {
        this.checkpointSoon = null;
        this.startCheckpoint();
      });
    } else if (!this.checkpointTimer) {
      this.checkpointTimer = setTimeout(() => {
        this.checkpointTimer = null;
        this.startCheckpoint();
      }, CHECKPOINT_AFTER_MS);
      this.checkpointTimer.unref?.();
    }
  }

  /** Seq of the last checkpoint written (or loaded), and whether one is being written now. */
  get checkpointState(): { seq: number; writing: boolean } {
    return { seq: this.checkpointSeq, writing: this.writer !== null };
  }

  /** Starts writing the state as it is now as the tournament's checkpoint, a step at a time. */
  private startCheckpoint(): void {
    if (this.closed || this.writer || this._seq === this.checkpointSeq) return;
    if (this.checkpointTimer) clearTimeout(this.checkpointTimer);
    this.checkpointTimer = null;
    try {
      this.writer = this.store.beginCheckpoint(this.id, this._seq, this._state);
    } catch (err) {
      this.checkpointFailed(err);
      return;
    }
    this.checkpointStep();
  }

  private checkpointStep(): void {
    this.checkpointPaced = setTimeout(() => {
      this.checkpointPaced = null;
      const writer = this.writer;
      if (!writer) return;
      let done: boolean;
      try {
        done = writer.step();
      } catch (err) {
        this.writer = null;
        this.checkpointFailed(err);
        return;
      }
      if (!done) return this.checkpointStep();
      this.writer = null;
      if (writer.written) this.lastCheckpoint = { seq: writer.seq, state: writer.state };
      this.checkpointSeq = Math.max(this.checkpointSeq, writer.seq);
      this.scheduleCheckpoint();
    }, CHECKPOINT_PACE_MS);
  }

  private checkpointFailed(err: unknown): void {
    this.listener.error(err, { tournament: this.id, command: 'checkpoint' });
    if (!this.closed && !this.checkpointTimer) {
      this.checkpointTimer = setTimeout(() => {
        this.checkpointTimer = null;
        this.startCheckpoint();
      }, CHECKPOINT_AFTER_MS);
      this.checkpointTimer.unref?.();
    }
  }

  /** Cancels a checkpoint's start due on the next turn and the next step of one being written. */
  private cancelCheckpointSteps(): void {
    if (this.checkpointSoon) clearImmediate(this.checkpointSoon);
    if (this.checkpointPaced) clearTimeout(this.checkpointPaced);
    this.checkpointSoon = this.checkpointPaced = null;
  }

  /**
   * Writes the state as it is now as the tournament's checkpoint at once (at close), instead of
   * any checkpoint in progress.
   */
  checkpoint(): void {
    this.cancelCheckpointSteps();
    this.writer = null;
    if (this._seq === this.checkpointSeq) return;
    try {
      if (this.store.checkpoint(this.id, this._seq, this._state)) this.lastCheckpoint = { seq: this._seq, state: this._state };
      this.checkpointSeq = this._seq;
      if (this.checkpointTimer) clearTimeout(this.checkpointTimer);
      this.checkpointTimer = null;
    } catch (err) {
      this.checkpointFailed(err);
    }
  }

  /**
   * Arms one timer for the next clock boundary; crossing it is logged as `clock.tick`. If the
   * commit fails (a full disk), it tries again every STORAGE_RETRY_MS: the screens keep counting
   * by themselves meanwhile, and the tick that finally commits settles the clock at the
   * boundaries' scheduled times, as after a restart.
   */
  private wake(): void {
    this.cancelWake?.();
    this.cancelWake = null;
    const { clock } = this._state;
    if (this.closed || clock.status !== 'running' || clock.endsAt === null) return;
    if (clock.endsAt <= this.time.now()) {
      this.tick();
      return;
    }
    this.cancelWake = this.time.at(clock.endsAt, () => {
      this.cancelWake = null;
      this.tick();
    });
  }

  private tick(): void {
    const { status } = this.dispatchSystem({ type: 'clock.tick', args: {} });
    if (status === 200 || this.closed) return;
    this.cancelWake?.();
    this.cancelWake = this.time.at(this.time.now() + STORAGE_RETRY_MS, () => {
      this.cancelWake = null;
      this.tick();
    });
  }

  /** A command of the server itself (the clock's boundaries), through the same error path. */
  private dispatchSystem(command: ParsedCommand): Answer {
    try {
      return this.commitCommand(command, SYSTEM, false);
    } catch (err) {
      return this.failure(err, command.type);
    }
  }

  /** Stops without a last checkpoint (PostgreSQL: this process no longer owns the tournament). */
  abandon(): void {
    this.closed = true;
    this.close();
  }

  close(): void {
    if (!this.closed) this.checkpoint();
    this.closed = true;
    if (this.checkpointTimer) clearTimeout(this.checkpointTimer);
    this.checkpointTimer = null;
    this.cancelCheckpointSteps();
    this.feed.close();
    this.cancelWake?.();
    this.cancelWake = null;
  }
}
