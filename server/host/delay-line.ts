/**
 * The secure delay of one tournament's stream: the public state as it was `delayMs` ago, and
 * each change released `delayMs` after it was committed, never before. Stream overlays follow
 * this feed (`/ws/stream`), so a graphic goes on air with the pictures it belongs to and no
 * overlay can show what the delayed stream has not shown yet.
 *
 * It keeps the committed changes of the last `delayMs` (the operations and their JSON the live
 * fan-out already made, so nothing is serialised twice) and one timer at the next release; the
 * released views are the live ones of then, brought forward with the same `applyOp` a browser
 * uses. Cost follows the change: a released change is only noted (its operations are applied
 * when a topic is read, many at a time, or every APPLY_BATCH of them), and a change released at
 * once (no delay) takes the live views as they are, which are the same.
 * Where the room's past is not in memory (a restart, a longer delay) it is rebuilt from the
 * command log (`rebuildDelayed`), which replays exactly what was committed.
 *
 * Memory: a change holds the operations (and their JSON) of the topics it changed. Past `maxBytes` the two oldest
 * pending changes are merged into one released at the later's time: late, never early, and no
 * event is lost. docs/OVERLAYS.md ("The delay") gives the figures.
 */
import { applyCommand } from '../engine/apply.js';
import { lazyRng } from '../engine/random.js';
import { createTournamentState, type TournamentState } from '../engine/state.js';
import { engineOf, type LoggedCommand, type Origin } from '../engine/replay.js';
import { EVENT_TOPIC, type PublicEvent } from '../protocol/messages.js';
import { applyTopicOps, type TopicOp } from '../protocol/ops.js';
import { TOPICS, type Topic, type WireViews } from '../protocol/views.js';
import { ViewTracker } from './view-tracker.js';
import type { TimeSource } from '../time.js';
import type { Change } from './tournament-host.js';
import type { Store } from './store.js';

/** Default budget of pending change JSON per tournament (see the class comment). */
export const DELAY_LINE_MAX_BYTES = 128 * 1024 * 1024;

/** Released operations of a topic kept before they are applied (each application copies its collections once). */
const APPLY_BATCH = 64;

/** The live views, when the live state is at this seq (then the released views equal them). */
export type LiveAt = (seq: number) => ((topic: Topic) => unknown) | null;

/** A state to replay from: the state after command `seq` (a checkpoint). */
export interface ReplayStart {
  seq: number;
  state: TournamentState;
}

/** Where a delayed feed starts: the released state and the changes still to release. */
export interface DelayedStart {
  seq: number;
  /** The view of every topic as released. */
  views: ReadonlyMap<Topic, unknown>;
  pending: Change[];
}

/** The views of a tracker (a copy: the tracker goes on with the live state). */
export function viewsOf(tracker: ViewTracker): Map<Topic, unknown> {
  return new Map(TOPICS.map((t) => [t, tracker.view(t)]));
}

function sizeOf(change: Change): number {
  let bytes = 200;
  for (const op of change.ops) bytes += op.json.length;
  for (const e of change.events) bytes += 100 + ('name' in e ? String(e.name).length : 0);
  return bytes;
}

export class DelayLine {
  private readonly views: Map<Topic, unknown>;
  /** Operations released and not yet applied to `views`, per topic, in order. */
  private readonly unapplied = new Map<Topic, TopicOp[]>();
  /** Whole-topic JSON for snapshots, made on demand. */
  private readonly json = new Map<Topic, string>();
  private _seq: number;
  private queue: Change[];
  private bytes = 0;
  private cancel: (() => void) | null = null;

  constructor(
    start: DelayedStart,
    private _delayMs: number,
    private readonly time: TimeSource,
    private readonly release: (change: Change) => void,
    private readonly maxBytes = DELAY_LINE_MAX_BYTES,
    private readonly liveAt: LiveAt = () => null,
  ) {
    this.views = new Map(start.views);
    this._seq = start.seq;
    this.queue = [...start.pending];
    for (const c of this.queue) this.bytes += sizeOf(c);
    this.flush();
  }

  get delayMs(): number {
    return this._delayMs;
  }

  /** Seq of the last change released. */
  get seq(): number {
    return this._seq;
  }

  /** Changes waiting for their time, and their approximate size in bytes. */
  get pending(): { changes: number; bytes: number } {
    return { changes: this.queue.length, bytes: this.bytes };
  }

  /** A topic's view as the delayed feed shows it now (shared: never change it). */
  view<T extends Topic>(topic: T): WireViews[T] {
    this.bringForward(topic);
    return this.views.get(topic) as WireViews[T];
  }

  /** A topic's JSON as the delayed feed shows it now. */
  topicJsonFor(topic: Topic): string {
    let json = this.json.get(topic);
    if (json === undefined) {
      json = JSON.stringify(this.view(topic));
      this.json.set(topic, json);
    }
    return json;
  }

  /** A committed change: released at `change.at + delayMs`. */
  push(change: Change): void {
    this.queue.push(change);
    this.bytes += sizeOf(change);
    while (this.bytes > this.maxBytes && this.queue.length > 1) this.mergeOldest();
    this.flush();
  }

  /**
   * A shorter delay releases what is now due at once. (A longer one needs the room's past,
   * which only the log has: the host rebuilds the line with `rebuildDelayed` instead.)
   */
  shorten(delayMs: number): void {
    this._delayMs = delayMs;
    this.flush();
  }

  close(): void {
    this.cancel?.();
    this.cancel = null;
  }

  /** Releases every change that is due, in order, then waits for the next one. */
  private flush(): void {
    this.cancel?.();
    this.cancel = null;
    const now = this.time.now();
    while (this.queue.length > 0 && this.queue[0]!.at + this._delayMs <= now) {
      const change = this.queue.shift()!;
      this.bytes -= sizeOf(change);
      const live = this.liveAt(change.seq);
      if (live) {
        for (const topic of TOPICS) this.views.set(topic, live(topic));
        this.unapplied.clear();
      }
      for (const { topic, op } of change.ops) {
        this.json.delete(topic);
        if (live) continue;
        let ops = this.unapplied.get(topic);
        if (!ops) this.unapplied.set(topic, (ops = []));
        ops.push(op);
        if (ops.length >= APPLY_BATCH) this.bringForward(topic);
      }
      this._seq = change.seq;
      this.release(change);
    }
    const next = this.queue[0];
    if (next) this.cancel = this.time.at(next.at + this._delayMs, () => this.flush());
  }

  /** Applies the topic's released operations to its view. */
  private bringForward(topic: Topic): void {
    const ops = this.unapplied.get(topic);
    if (!ops) return;
    this.unapplied.delete(topic);
    this.views.set(topic, applyTopicOps(this.views.get(topic) as never, ops as never));
  }

  /** Two oldest pending changes become one, at the later's time (late, never early). */
  private mergeOldest(): void {
    const [a, b] = this.queue as [Change, Change];
    this.bytes -= sizeOf(a) + sizeOf(b);
    const merged: Change = {
      ...b,
      // A topic the later change sets whole needs nothing of the earlier one.
      ops: [...a.ops.filter((o) => !b.ops.some((later) => later.topic === o.topic && 'set' in later.op)), ...b.ops],
      events: [...a.events, ...b.events],
      lastChanged: a.lastChanged,
    };
    this.queue.splice(0, 2, merged);
    this.bytes += sizeOf(merged);
  }
}

/** The engine events screens see (those with a topic). */
export function publicEvents(events: readonly { type: string }[]): PublicEvent[] {
  return events.filter((e) => Object.hasOwn(EVENT_TOPIC, e.type)) as PublicEvent[];
}

/**
 * The delayed feed at server time `now` for a delay of `delayMs`, rebuilt from the command log:
 * the state after every command committed at or before `now - delayMs`, and each later command
 * as the change it published. The replay is the same the crash tests check against the stored
 * state, so the delayed feed after a restart is the one before it.
 *
 * `from`: a checkpoint to start from instead of the origin (`log` then holds the commands after
 * it): only where every command up to it was committed before `now - delayMs` (see
 * `Store.checkpointBefore`), so that the released state is at or after it.
 */
export function rebuildDelayed(
  tournament: string,
  origin: Origin,
  log: Iterable<LoggedCommand & { seq: number }>,
  now: number,
  delayMs: number,
  from?: ReplayStart,
): DelayedStart {
  const cutoff = now - delayMs;
  let state = from?.state ?? createTournamentState(origin.id, origin.input, origin.createdAt);
  let seq = from?.seq ?? 0;
  /** The views at the cutoff, then kept current through the later commands. */
  let tracker: ViewTracker | null = null;
  let released: Map<Topic, unknown> | null = null;
  let lastChanged: Record<Topic, number> | null = null;
  let lastSeq = seq;
  const pending: Change[] = [];
  for (const entry of log) {
    lastSeq = entry.seq;
    const before = state;
    const outcome = applyCommand(state, { type: entry.type, args: entry.args }, { now: entry.at, rng: lazyRng(entry.seed, engineOf(entry)) });
    state = outcome.state;
    if (entry.at <= cutoff) {
      seq = entry.seq;
      continue;
    }
    if (!tracker || !lastChanged) {
      tracker = new ViewTracker(before);
      released = viewsOf(tracker);
      // `prev` may understate (a client then never sees a false gap), never overstate.
      lastChanged = Object.fromEntries(TOPICS.map((t) => [t, seq])) as Record<Topic, number>;
    }
    const ops = tracker.update(state);
    const events = publicEvents(outcome.events);
    const previous = { ...lastChanged };
    for (const op of ops) lastChanged[op.topic] = entry.seq;
    for (const e of events) lastChanged[EVENT_TOPIC[e.type]] = entry.seq;
    if (ops.length > 0 || events.length > 0) pending.push({ tournament, seq: entry.seq, at: entry.at, ops, events, lastChanged: previous, feed: 'live' });
  }
  // Nothing left to release: the delayed feed is the room now, up to the last command.
  if (pending.length === 0) return { seq: lastSeq, views: viewsOf(new ViewTracker(state)), pending };
  return { seq, views: released!, pending };
}

/**
 * `rebuildDelayed` from the tournament's checkpoint (`from`) when every command up to it was
 * committed at or before `now - delayMs`, else from the origin: a longer delay, or a start with
 * a delay set, replays the log after the checkpoint instead of the whole log.
 */
export function rebuildDelayedFrom(
  store: Pick<Store, 'log' | 'lastAt'>,
  tournament: string,
  origin: Origin,
  now: number,
  delayMs: number,
  from?: ReplayStart | null,
): DelayedStart {
  if (from && from.seq > 0 && store.lastAt(tournament, from.seq) <= now - delayMs) {
    return rebuildDelayed(tournament, origin, store.log(tournament, from.seq, Number.MAX_SAFE_INTEGER), now, delayMs, from);
  }
  return rebuildDelayed(tournament, origin, store.log(tournament, 0, Number.MAX_SAFE_INTEGER), now, delayMs);
}
