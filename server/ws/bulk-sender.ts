/**
 * Snapshots and resumes: the big messages a socket asks for with `subscribe`, sent in slices
 * like the fan-out and charged to the client's byte budget (issue 21).
 *
 * An outside probe had 32 sockets send `subscribe` with an old `since` 20 times a second on a
 * 2,000-entry tournament: each resume cost 20-25 ms and 8 MB, all sent at once, and the TD's
 * next command waited 28 s. Now:
 *  - A request waits in its client's line (server/ws/connection.ts `clientKey`). Lines are
 *    served in turn in slices (server/ws/slices.ts, as the fan-out and the pings), so commands
 *    and the fan-out run between two slices.
 *  - What a request sends is charged to its client's byte bucket; a client in debt waits until
 *    it is paid back (WS_LIMITS.bulkBytesPerSecond). Reconnecting does not reset it.
 *  - One request per socket and tournament waits: a newer `subscribe` takes the place of the
 *    older, which is answered `rate-limited`.
 *  - A resume that would weigh more than the snapshot is sent as the snapshot; the snapshot's
 *    body is shared by every socket at its seq (server/ws/snapshots.ts).
 *  - Nothing is made for a socket that still holds an eighth of its cap unread (it asks for
 *    another copy without reading the last: it is dropped, 4008), and what is sent is first
 *    made room for in the total send budget (server/ws/send-queues.ts).
 *
 * The socket joins the tournament's fan-out when its snapshot or resume goes out, after what was
 * queued for the tournament: its patches follow the state it was sent, in order.
 */
import type { ErrorBody } from '../protocol/errors.js';
import type { RequestId } from '../protocol/messages.js';
import type { Topic } from '../protocol/views.js';
import type { Change } from '../host/tournament-host.js';
import type { FeedSource, Feeds } from './feeds.js';
import type { TimeSource } from '../time.js';
import type { ClientBuckets } from '../net/client-buckets.js';
import { clientKey, type Connection } from './connection.js';
import { encodeResumed, encodeSnapshotHead } from './encode.js';
import type { SendQueues } from './send-queues.js';
import { opBytes, SnapshotCache } from './snapshots.js';
import { SlicedLoop } from './slices.js';

/**
 * Each message of a resume is charged this much to the client's budget on top of its bytes: a
 * send is a frame and its share of a write, which costs about what copying 2 KB does. (Which of
 * resume and snapshot is sent goes by bytes alone: the client's bandwidth.)
 */
const MESSAGE_COST = 2048;

export interface BulkRequest {
  conn: Connection;
  tournament: string;
  topics: readonly Topic[];
  id?: RequestId;
  since?: number;
}

/** What the bulk sender needs of the hub. */
export interface BulkHub {
  /** Sends what is queued for the tournament now (before a snapshot at the newest seq). */
  flush(tournament: string): void;
  /** Adds the socket to the tournament's fan-out for `topics`. */
  join(conn: Connection, tournament: string, topics: readonly Topic[]): void;
  /** The patch of `change` for `topics`, or null if it changed none of them. */
  encodeFor(change: Change, topics: readonly Topic[]): string | null;
  error(conn: Connection, error: ErrorBody, id?: RequestId): void;
  isOpen(conn: Connection): boolean;
}

export class BulkSender {
  /** client key -> its requests, oldest first. */
  private readonly lines = new Map<string, BulkRequest[]>();
  private readonly snapshots = new SnapshotCache();
  private readonly loop = new SlicedLoop((until) => this.slice(until));
  private wake: ReturnType<typeof setTimeout> | null = null;
  /** Snapshot and resume bytes sent since the start (/healthz). */
  bytesSent = 0;

  constructor(
    private readonly registry: Feeds,
    private readonly time: TimeSource,
    private readonly hub: BulkHub,
    private readonly queues: SendQueues,
    readonly budgets: ClientBuckets,
  ) {}

  /** Queues a snapshot or resume; a waiting one of the same socket and tournament is replaced. */
  request(req: BulkRequest): void {
    const key = (req.conn.waitingIn ??= clientKey(req.conn));
    let line = this.lines.get(key);
    if (!line) this.lines.set(key, (line = []));
    const old = line.findIndex((r) => r.conn === req.conn && r.tournament === req.tournament);
    if (old >= 0) {
      const [replaced] = line.splice(old, 1);
      this.hub.error(replaced!.conn, { code: 'rate-limited', message: 'A newer subscribe to this tournament took the place of this one.' }, replaced!.id);
    }
    line.push(req);
    // A new request may be from a client that is not in debt: look now, not when the debtor's wait ends.
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
    this.schedule();
  }

  /** Forgets what a socket was waiting for in a tournament, answering it with `answer` if given. */
  cancel(conn: Connection, tournament: string, answer?: ErrorBody): void {
    const key = conn.waitingIn;
    const line = key === undefined ? undefined : this.lines.get(key);
    if (!line) return;
    for (let i = line.length - 1; i >= 0; i--) {
      const req = line[i]!;
      if (req.conn !== conn || req.tournament !== tournament) continue;
      line.splice(i, 1);
      if (answer) this.hub.error(conn, answer, req.id);
    }
    if (line.length === 0) this.lines.delete(key!);
    if (!line.some((r) => r.conn === conn)) conn.waitingIn = undefined;
  }

  /** Forgets the tournament's shared snapshot bodies (it was loaded anew: a seq may now hold other content). */
  forget(tournament: string): void {
    this.snapshots.forget(tournament);
  }

  /** Requests waiting (0: none). */
  get backlog(): number {
    let n = 0;
    for (const line of this.lines.values()) n += line.length;
    return n;
  }

  private schedule(): void {
    if (this.wake || this.lines.size === 0) return;
    this.loop.schedule();
  }

  /**
   * Serves the lines in turn, one request each, until `until`; true when more can be served on
   * the next turn. Lines in debt wait (a timer wakes them when the first is paid back).
   */
  private slice(until: number): boolean {
    let progress = true;
    while (progress && performance.now() < until) {
      progress = false;
      for (const [key, line] of this.lines) {
        if (this.budgets.tokens(key) < 0) continue;
        const req = line.shift()!;
        if (line.length === 0) this.lines.delete(key);
        if (!line.some((r) => r.conn === req.conn)) req.conn.waitingIn = undefined;
        this.budgets.charge(key, this.deliver(req));
        progress = true;
        if (performance.now() >= until) break;
      }
    }
    if (!progress && this.lines.size > 0 && !this.wake) {
      let wait = Number.POSITIVE_INFINITY;
      for (const key of this.lines.keys()) wait = Math.min(wait, this.budgets.waitMs(key));
      this.wake = setTimeout(() => {
        this.wake = null;
        this.schedule();
      }, Math.max(1, Math.ceil(wait)));
      this.wake.unref?.();
    }
    return this.lines.size > 0 && !this.wake;
  }

  stop(): void {
    this.loop.stop();
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
    this.lines.clear();
  }

  /** Sends one request's snapshot or resume; returns what it is charged (bytes). */
  private deliver(req: BulkRequest): number {
    const { conn, tournament, topics, id } = req;
    if (!this.hub.isOpen(conn) || conn.subscriptions.get(tournament) === undefined) return 0;
    const host = this.registry.get(tournament);
    if (!host) {
      this.snapshots.forget(tournament);
      conn.subscriptions.delete(tournament);
      this.hub.error(conn, { code: 'unknown-tournament', message: `There is no tournament "${tournament.slice(0, 40)}".` }, id);
      return 0;
    }
    // A socket that asks again without reading what it was sent gets no second copy.
    if (this.queues.holding(conn) > this.queues.perSocket / 8) {
      this.queues.dropUnread(conn);
      return 0;
    }
    this.hub.flush(tournament);
    const missed = req.since !== undefined && !conn.delayed ? host.changesSince(req.since) : null;
    const snapshot = this.snapshots.get(host, conn.delayed, topics);
    const snapshotBytes = snapshot.body.length + opBytes(snapshot.catchUp, topics);
    const resumeBytes = missed ? opBytes(missed, topics) : Number.POSITIVE_INFINITY;
    const resume = missed !== null && resumeBytes <= snapshotBytes;
    const bytes = resume ? resumeBytes : snapshotBytes;
    if (!this.queues.makeRoom(bytes, conn) && !this.hub.isOpen(conn)) return 0;
    this.hub.join(conn, tournament, topics);
    conn.bulk = bytes;
    this.queues.add(conn, bytes);
    this.bytesSent += bytes;
    const send = () => {
      if (resume) this.sendResume(conn, host, topics, req.since!, missed, id);
      else this.sendSnapshot(conn, host, tournament, snapshot.seq, snapshot.body, id, snapshot.catchUp, topics);
    };
    if (conn.socket.batch) conn.socket.batch(send);
    else send();
    return bytes + MESSAGE_COST * (1 + (resume ? missed.length : snapshot.catchUp.length));
  }

  private sendResume(conn: Connection, host: FeedSource, topics: readonly Topic[], since: number, missed: readonly Change[], id?: RequestId): void {
    conn.socket.send(encodeResumed({ id, tournament: host.id, since, seq: host.seq, serverTime: this.time.now() }));
    this.sendPatches(conn, missed, topics);
  }

  private sendSnapshot(conn: Connection, host: FeedSource, tournament: string, seq: number, body: Buffer, id: RequestId | undefined, catchUp: readonly Change[], topics: readonly Topic[]): void {
    const head = encodeSnapshotHead({ id, tournament, seq, serverTime: this.time.now(), ...(conn.delayed ? { delayMs: host.delayed.delayMs } : {}) });
    if (conn.socket.sendParts) conn.socket.sendParts(Buffer.from(head), body);
    else conn.socket.send(head + body.toString());
    this.sendPatches(conn, catchUp, topics);
  }

  private sendPatches(conn: Connection, changes: readonly Change[], topics: readonly Topic[]): void {
    for (const change of changes) {
      const data = this.hub.encodeFor(change, topics);
      if (data !== null) conn.socket.send(data);
    }
  }
}
