/**
 * One tournament as an edge holds it (docs/ARCHITECTURE.md "Edges"): the live topics' views and
 * the stream's delayed ones, kept from the owner's changes with the browser's own `applyTopicOps`
 * (server/protocol/ops.ts), each topic's JSON made on demand; the versions; and the last
 * HISTORY_CHANGES live changes, for screens that resume (`subscribe.since`). It is a FeedSource
 * (server/ws/feeds.ts): the edge's hub serves it as a host's hub serves a TournamentHost.
 *
 * The owner's feed is followed in order: a change applies when it follows what the mirror holds
 * (`prev` at most the mirror's seq). A gap, a new epoch or `loaded` asks the owner (`sync` with
 * `since`): the changes missed, sent on to the sockets as patches, or where they cannot be (the
 * owner's history is shorter, or the epoch moved on past where it could be trusted) a whole
 * snapshot, and every socket gets a new one (Hub.resync). Feed messages that arrive meanwhile
 * wait, and are applied after.
 */
import { EVENT_TOPIC } from '../protocol/messages.js';
import { applyTopicOps, type TopicOp } from '../protocol/ops.js';
import { TOPICS, type Topic } from '../protocol/views.js';
import { HISTORY_BYTES, HISTORY_CHANGES, type Answer, type Change } from '../host/tournament-host.js';
import type { EncodedOp } from '../host/view-tracker.js';
import type { Actor } from '../host/actor.js';
import type { DelayedFeedSource, FeedSource } from '../ws/feeds.js';
import type { FeedControl, SnapshotHead, SyncAnswer, SyncRequest, WireChange } from '../cluster/wire.js';

/** A promise and the function that resolves it (Node 20 has no Promise.withResolvers). */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Operations of a topic kept before they are applied (each application copies its collections once), as the delay line does. */
const APPLY_BATCH = 64;

/** Every topic's view, kept from operations; a topic's JSON made when a snapshot asks. */
export class TopicViews {
  private readonly views = new Map<Topic, unknown>();
  private readonly json = new Map<Topic, string>();
  /** Operations not yet applied to a topic's view (applied when the topic is read). */
  private readonly unapplied = new Map<Topic, TopicOp[]>();

  /** From each topic's JSON (a snapshot), parsed when first changed. */
  constructor(topics: readonly Topic[], json: readonly string[]) {
    topics.forEach((t, i) => this.json.set(t, json[i]!));
  }

  apply(ops: readonly EncodedOp[]): void {
    for (const { topic, op } of ops) {
      // A whole topic set: its JSON is the operation's `set`, so nothing older is needed.
      if ('set' in op) {
        this.unapplied.delete(topic);
        this.views.set(topic, op.set);
        this.json.delete(topic);
        continue;
      }
      let list = this.unapplied.get(topic);
      if (!list) {
        // Parsed from the snapshot's JSON before its first operation.
        if (!this.views.has(topic)) this.views.set(topic, JSON.parse(this.json.get(topic) ?? 'null'));
        this.unapplied.set(topic, (list = []));
      }
      list.push(op);
      this.json.delete(topic);
      if (list.length >= APPLY_BATCH) this.bringForward(topic);
    }
  }

  private bringForward(topic: Topic): void {
    const ops = this.unapplied.get(topic);
    if (!ops) return;
    this.unapplied.delete(topic);
    this.views.set(topic, applyTopicOps(this.views.get(topic) as never, ops as never));
  }

  topicJson(topic: Topic): string {
    let json = this.json.get(topic);
    if (json !== undefined) return json;
    this.bringForward(topic);
    json = JSON.stringify(this.views.get(topic) ?? null);
    this.json.set(topic, json);
    return json;
  }
}

/** The stream's delayed feed as the owner released it. */
class DelayedMirror implements DelayedFeedSource {
  constructor(
    public seq: number,
    public delayMs: number,
    public views: TopicViews,
  ) {}
  topicJsonFor(topic: Topic): string {
    return this.views.topicJson(topic);
  }
}

/** What a mirror needs of the edge: the owner through NATS, and the edge's hub. */
export interface MirrorLink {
  /** `sync` to the owner; rejects when no owner answers (none now, NATS down, timeout). */
  sync(id: string, request: SyncRequest): Promise<SyncAnswer>;
  /**
   * `cmd` to the owner; always resolves (503 when it cannot be asked, or when `ownerChanged`
   * resolves first: the owner it was sent to is gone).
   */
  command(id: string, command: unknown, actor: Actor, ownerChanged?: Promise<void>): Promise<Answer>;
  /** A change for the sockets (live or delayed). */
  publish(change: Change): void;
  /** Every socket of the tournament gets a new snapshot. */
  resync(id: string): void;
  /** Delayed sockets get a new snapshot (the delay changed). */
  resyncDelayed(id: string): void;
  /** Something went wrong that only a log can tell, or (info) what the mirror did about it. */
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/** How long a mirror waits before it asks again when no owner answered a sync. */
export const SYNC_RETRY_MS = 1_000;

export class Mirror implements FeedSource {
  epoch = -1;
  seq = 0;
  readonly versions = Object.fromEntries(TOPICS.map((t) => [t, 0])) as Record<Topic, number>;
  private live = new TopicViews([], []);
  delayed = new DelayedMirror(0, 0, new TopicViews([], []));
  /** The latest live changes, oldest first; every change after `historyFrom` is here. */
  private readonly history: Change[] = [];
  private historyBytes = 0;
  private historyFrom = 0;
  /** True once a snapshot was loaded. */
  ready = false;
  /** A sync is under way: feed messages wait in `held`. */
  private syncing = false;
  private again: 'since' | 'snapshot' | null = null;
  private held: Array<WireChange | FeedControl> = [];
  private retry: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** When a socket last followed it (the edge forgets it a while after). */
  lastUsed = Date.now();
  /** Resolves when another owner is heard (a newer epoch): commands sent to the old one will not be answered. */
  private ownerChange = signal();

  constructor(
    readonly id: string,
    private readonly link: MirrorLink,
  ) {}

  topicJsonFor(topic: Topic): string {
    return this.live.topicJson(topic);
  }

  changesSince(seq: number): readonly Change[] | null {
    if (seq < this.historyFrom || seq > this.seq) return null;
    let i = this.history.length;
    while (i > 0 && this.history[i - 1]!.seq > seq) i--;
    return this.history.slice(i);
  }

  dispatch(command: unknown, actor: Actor): Promise<Answer> {
    return this.link.command(this.id, command, actor, this.ownerChange.promise);
  }

  /** A newer epoch was heard: commands waiting for the old owner's answer are answered now. */
  private newOwner(epoch: number): void {
    if (epoch <= this.epoch || this.epoch < 0) return;
    this.ownerChange.resolve();
    this.ownerChange = signal();
  }

  /** The first snapshot: resolves true once loaded, false when no owner answers. */
  async start(): Promise<boolean> {
    this.syncing = true;
    try {
      const answer = await this.link.sync(this.id, {});
      if (answer.head.kind !== 'snapshot') return false;
      this.load(answer as Extract<SyncAnswer, { head: SnapshotHead }>);
      this.ready = true;
      return true;
    } catch {
      return false;
    } finally {
      this.syncing = false;
      if (this.ready) this.drain();
    }
  }

  /** A message of the owner's feed. */
  receive(message: WireChange | FeedControl): void {
    if (this.closed) return;
    if (this.syncing || !this.ready) {
      // Another owner is heard at once, even while a sync waits (perhaps on an owner that is
      // stopped, not dead): commands waiting for the old one are answered now.
      if (this.ready) this.newOwner(message.epoch);
      this.held.push(message);
      return;
    }
    if ('kind' in message) {
      // A process that lost the tournament may still be heard for a moment: an older epoch is not the owner.
      if (message.epoch < this.epoch) return;
      this.newOwner(message.epoch);
      if (message.kind === 'loaded') {
        if (message.epoch !== this.epoch || message.seq !== this.seq) this.catchUp('since');
      } else this.catchUp('snapshot');
      return;
    }
    const { change, prev, epoch } = message;
    if (epoch < this.epoch) return;
    this.newOwner(epoch);
    if (epoch !== this.epoch) return this.catchUp('since');
    if (change.feed === 'live') {
      if (change.seq <= this.seq) return;
      if (prev < 0 || prev > this.seq) return this.catchUp('since');
      this.applyLive(change);
    } else {
      if (change.seq <= this.delayed.seq) return;
      if (prev < 0 || prev > this.delayed.seq) return this.catchUp('snapshot');
      this.delayed.views.apply(change.ops);
      this.delayed.seq = change.seq;
    }
    this.link.publish(change);
  }

  /** NATS is back: ask the owner what was missed meanwhile. */
  reconnected(): void {
    if (this.ready) this.catchUp('since');
  }

  private applyLive(change: Change): void {
    this.live.apply(change.ops);
    for (const op of change.ops) this.versions[op.topic] = change.seq;
    for (const e of change.events) this.versions[EVENT_TOPIC[e.type]] = change.seq;
    this.seq = change.seq;
    // A player erased: no resume may replay the changes that name him (a snapshot instead).
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

  private load({ head, live, delayed }: Extract<SyncAnswer, { head: SnapshotHead }>): void {
    this.epoch = head.epoch;
    this.seq = head.seq;
    for (const t of TOPICS) this.versions[t] = head.versions[t] ?? head.seq;
    this.live = new TopicViews(head.topics, live);
    this.delayed = new DelayedMirror(head.delayed.seq, head.delayed.delayMs, new TopicViews(head.topics, delayed));
    this.history.length = 0;
    this.historyBytes = 0;
    this.historyFrom = head.seq;
  }

  /**
   * Fills a gap: `since`, the changes after the mirror's seq (or a snapshot where the owner
   * cannot give them); `snapshot`, a whole one (the delayed feed started anew).
   */
  private catchUp(how: 'since' | 'snapshot'): void {
    if (this.closed) return;
    if (this.syncing) {
      if (this.again !== 'snapshot') this.again = how;
      return;
    }
    this.syncing = true;
    void this.fill(how).finally(() => {
      this.syncing = false;
      if (this.closed) return;
      this.drain();
      const next = this.again;
      this.again = null;
      if (next) this.catchUp(next);
    });
  }

  /** Asks the owner until it answers (none now while it changes hosts, or NATS down: every SYNC_RETRY_MS). */
  private async fill(how: 'since' | 'snapshot'): Promise<void> {
    let warned = false;
    for (;;) {
      if (this.closed) return;
      const request: SyncRequest = how === 'since' ? { since: this.seq, epoch: this.epoch } : {};
      let answer: SyncAnswer;
      try {
        answer = await this.link.sync(this.id, request);
        if (answer.head.kind === 'error') throw new Error(answer.head.message);
        if (answer.head.epoch < this.epoch) throw new Error(`an answer of an older epoch (${answer.head.epoch})`);
      } catch (err) {
        if (!warned) this.link.warn({ tournament: this.id, err: String(err) }, 'the edge cannot fill a gap from the tournament\'s owner yet (changing hosts, or NATS down); asking again every second');
        warned = true;
        await new Promise<void>((resolve) => {
          this.retry = setTimeout(resolve, SYNC_RETRY_MS);
          this.retry.unref?.();
        });
        this.retry = null;
        if (this.again === 'snapshot') how = 'snapshot';
        this.again = null;
        continue;
      }
      if (this.closed) return;
      if (answer.head.kind === 'changes') {
        const { head, changes } = answer as Extract<SyncAnswer, { head: { kind: 'changes' } }>;
        this.epoch = head.epoch;
        for (const { change } of changes) {
          if (change.seq <= this.seq) continue;
          this.applyLive(change);
          this.link.publish(change);
        }
        this.seq = Math.max(this.seq, head.seq);
        this.link.info({ tournament: this.id, epoch: this.epoch, seq: this.seq, changes: changes.length }, 'edge: gap filled from the owner\'s history');
        return;
      }
      const snapshot = answer as Extract<SyncAnswer, { head: SnapshotHead }>;
      // Only the delayed feed is taken anew when the live state is the one held (its history stays, for resumes).
      if (how === 'snapshot' && snapshot.head.epoch === this.epoch && snapshot.head.seq === this.seq) {
        this.delayed = new DelayedMirror(snapshot.head.delayed.seq, snapshot.head.delayed.delayMs, new TopicViews(snapshot.head.topics, snapshot.delayed));
        this.link.resyncDelayed(this.id);
        return;
      }
      const before = { epoch: this.epoch, seq: this.seq };
      this.load(snapshot);
      this.link.info({ tournament: this.id, epoch: this.epoch, seq: this.seq, was: before }, 'edge: a whole snapshot from the owner (the gap could not be filled from its history): every screen gets a new one');
      this.link.resync(this.id);
      return;
    }
  }

  /** Applies what waited while a sync was under way, in order. */
  private drain(): void {
    const held = this.held;
    this.held = [];
    for (const message of held) this.receive(message);
  }

  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.held = [];
  }
}
