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
 * command log (delay-rebuild.ts), which replays exactly what was committed; while a longer delay
 * is rebuilt the line in use holds (`hold`): it releases nothing, and shows what it showed.
 *
 * Memory: a change holds the operations (and their JSON) of the topics it changed. Past `maxBytes` the two oldest
 * pending changes are merged into one released at the later's time: late, never early, and no
 * event is lost. docs/OVERLAYS.md ("The delay") gives the figures.
 */
import type { TournamentState } from '../engine/state.js';
import { EVENT_TOPIC, type PublicEvent } from '../protocol/messages.js';
import { applyTopicOps, type TopicOp } from '../protocol/ops.js';
import { TOPICS, type Topic, type WireViews } from '../protocol/views.js';
import { ViewTracker } from './view-tracker.js';
import type { TimeSource } from '../time.js';
import type { Change } from './tournament-host.js';
import { scrubChange, scrubValue } from './erasure.js';

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
  /** Names erased since the changes before `erasedBefore` were committed: taken out of them as they are released. */
  private erasedNames: string[] = [];
  private erasedBefore = 0;
  /**
   * @param held start holding (see `hold`), to be started by `setDelay`: a rebuilt line, whose
   *   screens get its snapshot first and then, as patches, what fell due while it was rebuilt
   */
  constructor(
    start: DelayedStart,
    private _delayMs: number,
    private readonly time: TimeSource,
    private readonly release: (change: Change) => void,
    private readonly maxBytes = DELAY_LINE_MAX_BYTES,
    private readonly liveAt: LiveAt = () => null,
    private held = false,
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
   * A delay no longer than the one the views are of: what is now due is released at once, and a
   * hold ends (the same delay starts a line made held). A longer one needs the room's past,
   * which only the log has: the feed holds this line and rebuilds it (delayed-feed.ts); only when
   * that fails is a longer one set here, which releases late, never early.
   */
  setDelay(delayMs: number): void {
    this._delayMs = delayMs;
    this.held = false;
    this.flush();
  }

  /**
   * Releases nothing until `setDelay` (or until it is replaced): a longer delay is being
   * rebuilt, and at it nothing this line has still to release is due yet. The line keeps
   * taking changes, and its views and `delayMs` stay what they were, so a screen that
   * subscribes meanwhile sees what the others see.
   */
  hold(): void {
    this.held = true;
    this.cancel?.();
    this.cancel = null;
  }

  /**
   * Players were erased by the command of `seq` (names as they were): the views shown are
   * rewritten now, and each change committed before it is rewritten as it is released, so no
   * snapshot or patch of this feed names them again. Costs the views' JSON once, then follows
   * what is released.
   */
  erase(names: readonly string[], seq: number): void {
    if (names.length === 0) return;
    this.erasedNames = [...this.erasedNames, ...names];
    this.erasedBefore = Math.max(this.erasedBefore, seq);
    for (const topic of TOPICS) {
      const { value, json } = scrubValue(this.view(topic), names, this.json.get(topic));
      this.views.set(topic, value);
      this.json.set(topic, json);
    }
  }

  close(): void {
    this.cancel?.();
    this.cancel = null;
  }

  /**
   * Releases every change that is due, in order, then waits for the next one. The views are brought forward after the loop, not every APPLY_BATCH operations in
   * it (a listener that reads one during the loop brings it forward itself): a shorter delay
   * that releases 8,000 changes at once copied a 6,000-entry players view 125 times.
   */
  private flush(): void {
    this.cancel?.();
    this.cancel = null;
    if (this.held) return;
    const now = this.time.now();
    const due = (c: Change | undefined) => c !== undefined && c.at + this._delayMs <= now;
    while (due(this.queue[0])) {
      let change = this.queue.shift()!;
      this.bytes -= sizeOf(change);
      if (this.erasedNames.length) {
        if (change.seq < this.erasedBefore) change = scrubChange(change, this.erasedNames);
        else this.erasedNames = [];
      }
      // The last one due, and the live state is at it: the released views are the live ones.
      const live = due(this.queue[0]) ? null : this.liveAt(change.seq);
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
      }
      this._seq = change.seq;
      this.release(change);
    }
    for (const [topic, ops] of this.unapplied) if (ops.length >= APPLY_BATCH) this.bringForward(topic);
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
