/**
 * The WebSocket hub: subscriptions and fan-out. It does not know the transport; the route
 * hands it a `SocketLike` and forwards messages and closes (tldraw's room does the same).
 *
 * Fan-out cost: subscribers are grouped by the topics they asked for, so each change is
 * serialized once per group, not once per screen. The fan-out never runs in a command's path:
 * changes wait in a queue that is sent for at most FANOUT_SLICE_MS per turn of the event loop,
 * so a command that arrives while 10,000 screens are being sent a patch is answered between
 * two slices, a few milliseconds later, whatever the machine's speed. Each tournament's changes
 * go out in order (one queue, oldest first).
 */
import type { ErrorBody } from '../protocol/errors.js';
import { CLOSE_PROTOCOL_VERSION, EVENT_TOPIC, PROTOCOL_VERSION, type ClientMessage, type RequestId, type ServerMessage } from '../protocol/messages.js';
import { commandsFor } from '../protocol/roles.js';
import { encodePatch, type Json } from './encode.js';
import { TOPICS, type Topic } from '../protocol/views.js';
import { mayAct, type Actor } from '../host/actor.js';
import { liveTopicsFor, PRODUCER_TOPIC } from '../host/producer-text.js';
import type { ObsStatusView } from '../protocol/obs.js';
import type { Registry } from '../host/registry.js';
import type { Change, DispatchResult, TournamentHost } from '../host/tournament-host.js';
import type { TimeSource } from '../time.js';
import { isLoopback } from '../net/address.js';
import { BulkSender } from './bulk-sender.js';
import { ClientBuckets } from '../net/client-buckets.js';
import { clientKey, type Connection, type SocketLike } from './connection.js';
import { CLOSE_TOO_SLOW, SendQueues } from './send-queues.js';
import { Heartbeat } from './heartbeat.js';

export type { Connection, SocketLike } from './connection.js';
export { CLOSE_TOO_SLOW } from './send-queues.js';

/** Limits per connection (docs/API.md "Limits"). */
export const WS_LIMITS = {
  /** Largest message accepted; larger ones close the socket with 1009. */
  maxMessageBytes: 64 * 1024,
  /** Token bucket per connection: sustained messages per second and burst. */
  messagesPerSecond: 20,
  burst: 60,
  /**
   * Token bucket per client (its address, or its session when signed in), over all its sockets
   * and kept when they reconnect: sustained messages per second and burst. Loopback is not
   * counted unless `limitLoopback` (the server's own machine, as for the socket cap).
   */
  clientMessagesPerSecond: 120,
  clientBurst: 600,
  /**
   * Bytes of snapshots and resumes one client (as above, loopback included) may be sent per
   * second, and at once: past it its requests wait their turn (server/ws/bulk-sender.ts). The
   * burst holds one snapshot of a big field (2.3 MB at 10,000 entries; a larger one is sent into
   * debt); at 32 MiB a flood's first second alone was 30-60 ms of sending that the TD's commands
   * met (docs/RELIABILITY.md, "After the merge").
   */
  bulkBytesPerSecond: 8 * 1024 * 1024,
  bulkBurst: 4 * 1024 * 1024,
  /** Messages dropped for rate before the socket is closed (1008). */
  maxDropped: 200,
  /** Tournaments one socket may follow at once. */
  maxSubscriptions: 16,
  /**
   * Open sockets per client address (RIFFLE_WS_PER_ADDRESS); more are refused with 429 before
   * the upgrade. A TV or phone needs 1, an OBS machine one per browser source. Loopback is not
   * counted: the server's own machine (local OBS, kiosk browser, benchmarks) is trusted.
   */
  maxSocketsPerAddress: 64,
  /**
   * Bytes that may wait in the server for one socket that does not read (a stalled or hostile
   * client), on top of the last snapshot or resume it was sent (which may be bigger: a
   * 10,000-entry field's). Past it the socket is dropped with close code 4008; its page
   * reconnects and resumes. A screen's patch is a few hundred bytes.
   */
  maxBufferedBytes: 1024 * 1024,
  /**
   * Bytes that may wait in the server for all sockets together (RIFFLE_WS_QUEUE_BYTES); when a
   * send would go past it, the sockets holding the most are dropped (4008) until it fits
   * (server/ws/send-queues.ts).
   */
  maxQueuedBytes: 64 * 1024 * 1024,
  /** The server pings every socket this often; one that has not answered the last ping is dropped. */
  pingIntervalMs: 30_000,
} as const;

/**
 * Longest stretch of fan-out per turn of the event loop (see the file comment); a time, not a
 * count of sockets, so a busy or slow machine still answers between slices within milliseconds
 * (docs/BENCHMARKS.md "Fan-out targets").
 */
export const FANOUT_SLICE_MS = 2;
/** Sockets sent between two looks at the clock during a slice. */
const FANOUT_STEP = 32;

export interface HubOptions {
  maxSocketsPerAddress?: number;
  /** Server ping interval (WS_LIMITS.pingIntervalMs); tests shorten it. */
  pingIntervalMs?: number;
  /** Per-socket send buffer bound (WS_LIMITS.maxBufferedBytes); tests shorten it. */
  maxBufferedBytes?: number;
  /** Bound of what all sockets hold (WS_LIMITS.maxQueuedBytes). */
  maxQueuedBytes?: number;
  /** Snapshot and resume bytes per client and second, and burst (WS_LIMITS.bulkBytesPerSecond, bulkBurst). */
  bulkBytesPerSecond?: number;
  bulkBurst?: number;
  /** Messages per client and second, and burst (WS_LIMITS.clientMessagesPerSecond, clientBurst); tests lower them. */
  clientMessagesPerSecond?: number;
  clientBurst?: number;
  /** Count loopback like any other address (tests of the cap). */
  limitLoopback?: boolean;
  /** Where a slow socket's drop is logged (once a minute per address). */
  log?: { warn(fields: object, message: string): void };
}

interface Group {
  topics: readonly Topic[];
  /** Members follow the stream's delayed feed (`/ws/stream`). */
  delayed: boolean;
  members: Set<Connection>;
}

/** A change on its way out: the group being sent, and how far. */
interface Outgoing {
  change: Change;
  groups: Group[];
  group: number;
  members: Connection[] | null;
  member: number;
  data: string;
  bytes: Buffer | null;
}

export interface HubAuth {
  bearer(token: string): Actor | null;
}

function groupKey(topics: readonly Topic[], delayed: boolean): string {
  return `${delayed ? 'delayed' : 'live'}:${topics.join(',')}`;
}

export class Hub {
  /** tournament -> group key -> group */
  private readonly groups = new Map<string, Map<string, Group>>();
  private readonly connections = new Set<Connection>();
  /** address -> open sockets (loopback not counted unless limitLoopback). */
  private readonly perAddress = new Map<string, number>();
  private readonly maxPerAddress: number;
  private readonly limitLoopback: boolean;
  private readonly pingIntervalMs: number;
  /** What the sockets hold unread, each and together. */
  private readonly queues: SendQueues;
  /** Snapshots and resumes, in slices and within each client's byte budget. */
  private readonly bulk: BulkSender;
  /** The server's pings. */
  private readonly heartbeat: Heartbeat;
  /** Messages per client, over its sockets and reconnects. */
  private readonly clientMessages: ClientBuckets;

  constructor(
    private readonly registry: Registry,
    private readonly time: TimeSource,
    private readonly auth: HubAuth,
    options: HubOptions = {},
  ) {
    this.maxPerAddress = options.maxSocketsPerAddress ?? WS_LIMITS.maxSocketsPerAddress;
    this.limitLoopback = options.limitLoopback ?? false;
    this.pingIntervalMs = options.pingIntervalMs ?? WS_LIMITS.pingIntervalMs;
    this.clientMessages = new ClientBuckets(options.clientMessagesPerSecond ?? WS_LIMITS.clientMessagesPerSecond, options.clientBurst ?? WS_LIMITS.clientBurst);
    const log = options.log;
    this.queues = new SendQueues(
      {
        perSocket: options.maxBufferedBytes ?? WS_LIMITS.maxBufferedBytes,
        total: options.maxQueuedBytes ?? WS_LIMITS.maxQueuedBytes,
        ...(log ? { log: (fields, message) => log.warn(fields, message) } : {}),
      },
      this.connections,
      (conn, reason) => this.drop(conn, reason),
    );
    const budgets = new ClientBuckets(options.bulkBytesPerSecond ?? WS_LIMITS.bulkBytesPerSecond, options.bulkBurst ?? WS_LIMITS.bulkBurst);
    this.heartbeat = new Heartbeat(this.connections, (conn) => this.drop(conn, 'no answer to ping'));
    this.bulk = new BulkSender(registry, time, {
      flush: (tournament) => this.flush(tournament),
      join: (conn, tournament, topics) => this.join(conn, tournament, topics),
      encodeFor: (change, topics) => this.encodeFor(change, topics),
      error: (conn, error, id) => this.error(conn, error, id),
      isOpen: (conn) => this.connections.has(conn),
    }, this.queues, budgets);
  }

  /** What /healthz reports of the sockets: open, bytes they hold unread, dropped for being slow. */
  health(): { connections: number; queuedBytes: number; queuedBytesLimit: number; slowDrops: number; snapshotsWaiting: number; snapshotBytesSent: number } {
    return {
      connections: this.connections.size,
      queuedBytes: this.queues.queuedBytes(),
      queuedBytesLimit: this.queues.budget,
      slowDrops: this.queues.slowDrops,
      snapshotsWaiting: this.bulk.backlog,
      snapshotBytesSent: this.bulk.bytesSent,
    };
  }

  /** Sockets following a tournament's OBS status (`obs.subscribe`, TD and producer only). */
  private readonly obsFollowers = new Map<string, Set<Connection>>();
  /** The current OBS status of a tournament (set by the server's wiring to the bridge). */
  obsStatus: ((tournament: string) => ObsStatusView) | null = null;

  /** Sends a tournament's new OBS status to the sockets that follow it. */
  publishObs(tournament: string, status: ObsStatusView): void {
    const followers = this.obsFollowers.get(tournament);
    if (!followers) return;
    for (const conn of [...followers]) this.send(conn, { type: 'obs', tournament, status });
  }

  /** Starts the server's pings (server/ws/heartbeat.ts). */
  startHeartbeat(intervalMs: number = this.pingIntervalMs): void {
    this.heartbeat.start(intervalMs);
  }

  stopHeartbeat(): void {
    this.heartbeat.stop();
  }

  /** Stops the hub's timers at the server's close: pings, and snapshots waiting their turn. */
  stop(): void {
    this.heartbeat.stop();
    this.bulk.stop();
  }

  /** One ping round now (tests). */
  pingRound(): void {
    this.heartbeat.round();
  }

  /** Sockets the current ping round has still to ping (0: none going out). */
  get pingBacklog(): number {
    return this.heartbeat.backlog;
  }

  /** The socket answered a server ping. */
  pong(conn: Connection): void {
    conn.alive = true;
  }

  /** Drops a connection at once and forgets it (its page reconnects by itself). */
  private drop(conn: Connection, reason: string): void {
    if (conn.socket.terminate) conn.socket.terminate();
    else conn.socket.close(CLOSE_TOO_SLOW, reason);
    this.close(conn);
  }

  /**
   * Whether `bytes` more may be queued for this socket. A client that does not read is dropped
   * (4008) instead of growing the server's memory without bound (server/ws/send-queues.ts).
   */
  private room(conn: Connection, bytes: number): boolean {
    return this.queues.admit(conn, bytes);
  }

  /** Whether one more socket from `address` may open (false: over the per-address cap). */
  mayOpen(address: string): boolean {
    if (!this.limitLoopback && isLoopback(address)) return true;
    return (this.perAddress.get(address) ?? 0) < this.maxPerAddress;
  }

  get socketsPerAddressLimit(): number {
    return this.maxPerAddress;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Closes every socket signed in as `actorId` (a session that signed out or was revoked). */
  revoke(actorId: string): number {
    let closed = 0;
    for (const conn of this.connections) {
      if (conn.actor.id !== actorId) continue;
      conn.actor = { role: 'viewer', id: 'anonymous' };
      conn.socket.close(4001, 'signed out');
      closed++;
    }
    return closed;
  }

  open(socket: SocketLike, actor: Actor, sameOrigin: boolean, address = '', delayed = false): Connection {
    const conn: Connection = {
      socket,
      actor: sameOrigin && !delayed ? actor : { role: 'viewer', id: 'anonymous' },
      sameOrigin,
      address,
      delayed,
      subscriptions: new Map(),
      tokens: WS_LIMITS.burst,
      refilledAt: Date.now(),
      dropped: 0,
      alive: true,
      greeted: false,
      queued: 0,
      bulk: 0,
    };
    this.connections.add(conn);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    const role = conn.actor.role === 'system' ? 'td' : conn.actor.role;
    this.send(conn, { type: 'hello', protocol: PROTOCOL_VERSION, serverTime: this.time.now(), rate: this.time.rate, role, may: commandsFor(role) });
    return conn;
  }

  close(conn: Connection): void {
    for (const tournament of [...conn.subscriptions.keys()]) this.unsubscribe(conn, tournament);
    for (const followers of this.obsFollowers.values()) followers.delete(conn);
    if (!this.connections.delete(conn)) return;
    this.queues.forget(conn);
    const left = (this.perAddress.get(conn.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(conn.address, left);
    else this.perAddress.delete(conn.address);
  }

  message(conn: Connection, data: string): void {
    if (!this.allow(conn)) return;
    let msg: ClientMessage;
    try {
      msg = JSON.parse(data) as ClientMessage;
    } catch {
      return this.error(conn, { code: 'bad-json', message: 'The message is not valid JSON.' });
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg) || typeof msg.type !== 'string') {
      return this.error(conn, { code: 'invalid-command', message: 'A message must be a JSON object with a "type".' });
    }
    const id: RequestId | undefined = 'id' in msg && (typeof msg.id === 'string' || typeof msg.id === 'number') ? msg.id : undefined;
    if (msg.type === 'ping') return this.send(conn, { type: 'pong', t: typeof msg.t === 'number' ? msg.t : 0, serverTime: this.time.now() });
    if (msg.type === 'hello') return this.greet(conn, msg.protocol, id);
    // A client that does not say its version first is an old page (protocol 1 never did).
    if (!conn.greeted) return this.refuseVersion(conn, undefined, id);
    switch (msg.type) {
      case 'subscribe':
        return this.subscribe(conn, msg.tournament, msg.topics, id, msg.since);
      case 'unsubscribe':
        if (typeof msg.tournament === 'string') {
          this.bulk.cancel(conn, msg.tournament, { code: 'rate-limited', message: 'Unsubscribed before the snapshot was sent.' });
          this.unsubscribe(conn, msg.tournament);
        }
        return this.send(conn, { type: 'result', id, ok: true, seq: 0 });
      case 'auth':
        return this.authenticate(conn, msg.token, id);
      case 'command':
        return this.command(conn, msg.tournament, msg.command, id);
      case 'obs.subscribe':
        return this.followObs(conn, msg.tournament, id);
      default:
        return this.error(conn, { code: 'unknown-command', message: `There is no message type "${String((msg as { type: string }).type).slice(0, 40)}".` }, id);
    }
  }

  /** The client's hello: the protocol version it speaks. Another version is told to reload. */
  private greet(conn: Connection, protocol: unknown, id: RequestId | undefined): void {
    if (protocol !== PROTOCOL_VERSION) return this.refuseVersion(conn, protocol, id);
    conn.greeted = true;
    this.send(conn, { type: 'result', id, ok: true, seq: 0 });
  }

  private refuseVersion(conn: Connection, protocol: unknown, id: RequestId | undefined): void {
    const theirs = typeof protocol === 'number' ? `protocol ${protocol}` : 'an older protocol';
    this.error(conn, { code: 'protocol-version', message: `This page speaks ${theirs}; the server speaks protocol ${PROTOCOL_VERSION}. Reload the page.` }, id);
    conn.socket.close(CLOSE_PROTOCOL_VERSION, 'reload');
    this.close(conn);
  }

  /** Queues one committed change for every subscriber of its topics (live or delayed feed). */
  publish(change: Change): void {
    const groups = this.groups.get(change.tournament);
    if (!groups || groups.size === 0) return;
    const delayed = change.feed === 'delayed';
    const chosen = [...groups.values()].filter((g) => g.delayed === delayed);
    if (chosen.length === 0) return;
    this.outgoing.push({ change, groups: chosen, group: -1, members: null, member: 0, data: '', bytes: null });
    this.scheduleFanout();
  }

  /** Changes waiting to be sent, oldest first (see the file comment). */
  private readonly outgoing: Outgoing[] = [];
  private fanoutTimer: ReturnType<typeof setImmediate> | null = null;

  private scheduleFanout(): void {
    this.fanoutTimer ??= setImmediate(() => {
      this.fanoutTimer = null;
      const until = performance.now() + FANOUT_SLICE_MS;
      do this.fanout(FANOUT_STEP);
      while (this.outgoing.length && performance.now() < until);
      if (this.outgoing.length) this.scheduleFanout();
    });
  }

  /** Sockets the queued fan-out has still to send to (0: nothing waiting). */
  get fanoutBacklog(): number {
    let left = 0;
    for (const out of this.outgoing) {
      if (out.members) left += out.members.length - out.member;
      for (let g = out.group + 1; g < out.groups.length; g++) left += out.groups[g]!.members.size;
    }
    return left;
  }

  /** Sends to at most `budget` sockets; returns what is left of the budget. */
  private fanout(budget: number, only?: string): number {
    for (let i = 0; i < this.outgoing.length && budget > 0; ) {
      const out = this.outgoing[i]!;
      if (only !== undefined && out.change.tournament !== only) {
        i++;
        continue;
      }
      budget = this.sendSome(out, budget);
      if (out.group >= out.groups.length) this.outgoing.splice(i, 1);
      else if (only === undefined) return budget;
    }
    return budget;
  }

  /** Everything queued for one tournament goes out now (before a new subscriber's snapshot). */
  private flush(tournament: string): void {
    this.fanout(Number.POSITIVE_INFINITY, tournament);
  }

  private sendSome(out: Outgoing, budget: number): number {
    while (budget > 0) {
      if (!out.members || out.member >= out.members.length) {
        out.group++;
        if (out.group >= out.groups.length) return budget;
        const group = out.groups[out.group]!;
        const data = this.encodeFor(out.change, group.topics);
        out.members = data === null ? [] : [...group.members];
        out.member = 0;
        out.data = data ?? '';
        out.bytes = data === null ? null : Buffer.from(data);
        continue;
      }
      const conn = out.members[out.member++]!;
      budget--;
      if (out.change.sentTo?.has(conn)) continue;
      if (!this.connections.has(conn) || !this.room(conn, out.bytes!.length)) continue;
      if (conn.socket.sendEncoded) conn.socket.sendEncoded(out.bytes!);
      else conn.socket.send(out.data);
    }
    return budget;
  }

  /** The patch of `change` for subscribers of `topics`, or null when it changed none of them. */
  private encodeFor(change: Change, topics: readonly Topic[]): Json<unknown> | null {
    const ops = change.ops.filter((op) => topics.includes(op.topic)).map((op) => op.json);
    const events = change.events.filter((e) => topics.includes(EVENT_TOPIC[e.type]));
    if (ops.length === 0 && events.length === 0) return null;
    let prev = 0;
    for (const topic of topics) prev = Math.max(prev, change.lastChanged[topic]);
    return encodePatch({ tournament: change.tournament, seq: change.seq, prev, ops, events });
  }

  private subscribe(conn: Connection, tournament: unknown, topics: unknown, id?: RequestId, since?: unknown): void {
    if (typeof tournament !== 'string') {
      return this.error(conn, { code: 'invalid-tournament', message: '"tournament" must be a tournament id.' }, id);
    }
    const host = this.registry.get(tournament);
    if (!host) return this.error(conn, { code: 'unknown-tournament', message: `There is no tournament "${tournament.slice(0, 40)}".` }, id);
    let chosen: Topic[];
    if (topics === undefined) chosen = [...TOPICS];
    else if (Array.isArray(topics) && topics.length > 0 && topics.every((t) => (TOPICS as readonly unknown[]).includes(t))) {
      chosen = TOPICS.filter((t) => topics.includes(t));
    } else {
      return this.error(conn, { code: 'invalid-command', message: `"topics" must be a non-empty list of: ${TOPICS.join(', ')}.` }, id);
    }
    // Producer text airs late (the secure delay): live, only the TD and the producer read it
    // (host/producer-text.ts); the others get the other topics they asked for.
    if (!conn.delayed) {
      chosen = liveTopicsFor(conn.actor as Actor, chosen);
      if (chosen.length === 0) {
        return this.error(conn, { code: 'not-authorized', message: `The "${PRODUCER_TOPIC}" topic airs late: live it is for the TD and the producer; overlays follow /ws/stream.` }, id);
      }
    }
    if (since !== undefined && (typeof since !== 'number' || !Number.isInteger(since) || since < 0)) {
      return this.error(conn, { code: 'invalid-command', message: '"since" must be the seq of the last change applied (a whole number).' }, id);
    }
    if (!conn.subscriptions.has(tournament) && conn.subscriptions.size >= WS_LIMITS.maxSubscriptions) {
      return this.error(conn, { code: 'rate-limited', message: `A socket may follow at most ${WS_LIMITS.maxSubscriptions} tournaments.` }, id);
    }
    // The socket leaves the fan-out until its snapshot or resume goes out (bulk-sender.ts); a
    // subscribe still waiting is answered and replaced there.
    this.leave(conn, tournament);
    conn.subscriptions.set(tournament, groupKey(chosen, conn.delayed));
    this.bulk.request({ conn, tournament, topics: chosen, ...(id !== undefined ? { id } : {}), ...(since !== undefined ? { since: since as number } : {}) });
  }

  /** The socket's snapshot or resume is going out: from now on it gets the tournament's patches. */
  private join(conn: Connection, tournament: string, topics: readonly Topic[]): void {
    const key = groupKey(topics, conn.delayed);
    let groups = this.groups.get(tournament);
    if (!groups) this.groups.set(tournament, (groups = new Map()));
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { topics, delayed: conn.delayed, members: new Set() }));
    group.members.add(conn);
  }

  /** The stream delay changed: every delayed subscriber gets a new snapshot with the new `delayMs`. */
  resyncDelayed(tournament: string): void {
    const groups = this.groups.get(tournament);
    if (!this.registry.get(tournament) || !groups) return;
    // What the change of delay released goes out first, as patches on the state the socket holds.
    this.flush(tournament);
    for (const group of [...groups.values()]) {
      if (!group.delayed) continue;
      for (const conn of [...group.members]) {
        this.leave(conn, tournament);
        conn.subscriptions.set(tournament, groupKey(group.topics, true));
        this.bulk.request({ conn, tournament, topics: group.topics });
      }
    }
  }

  private unsubscribe(conn: Connection, tournament: string): void {
    this.bulk.cancel(conn, tournament);
    this.leave(conn, tournament);
  }

  /** Leaves the tournament's fan-out (what it waits for in bulk-sender.ts stays). */
  private leave(conn: Connection, tournament: string): void {
    const key = conn.subscriptions.get(tournament);
    if (key === undefined) return;
    conn.subscriptions.delete(tournament);
    const groups = this.groups.get(tournament);
    const group = groups?.get(key);
    if (!groups || !group) return;
    group.members.delete(conn);
    if (group.members.size === 0) groups.delete(key);
    if (groups.size === 0) this.groups.delete(tournament);
  }

  private followObs(conn: Connection, tournament: unknown, id?: RequestId): void {
    if (!mayAct(conn.actor as Actor, 'stream')) return this.error(conn, { code: 'not-authorized', message: 'The OBS status is for the TD and the stream producer.' }, id);
    if (typeof tournament !== 'string' || !this.registry.get(tournament)) return this.error(conn, { code: 'unknown-tournament', message: 'There is no such tournament.' }, id);
    let followers = this.obsFollowers.get(tournament);
    if (!followers) this.obsFollowers.set(tournament, (followers = new Set()));
    followers.add(conn);
    if (this.obsStatus) this.send(conn, { type: 'obs', tournament, status: this.obsStatus(tournament) });
  }

  private authenticate(conn: Connection, token: unknown, id?: RequestId): void {
    if (conn.delayed) return this.error(conn, { code: 'not-authorized', message: 'The stream feed (/ws/stream) is read-only; sign in on /ws.' }, id);
    if (!conn.sameOrigin) {
      return this.error(conn, { code: 'bad-origin', message: 'A socket opened by a page from another site cannot sign in.' }, id);
    }
    const actor = typeof token === 'string' ? this.auth.bearer(token) : null;
    if (!actor) return this.error(conn, { code: 'not-authenticated', message: 'The token is not valid.' }, id);
    conn.actor = actor;
    this.send(conn, { type: 'hello', protocol: PROTOCOL_VERSION, serverTime: this.time.now(), rate: this.time.rate, role: 'td', may: commandsFor('td') });
    this.send(conn, { type: 'result', id, ok: true, seq: 0 });
  }

  private command(conn: Connection, tournament: unknown, command: unknown, ref: RequestId | undefined): void {
    const reply = (answer: ServerMessage) => this.send(conn, answer);
    if (conn.delayed) {
      return reply({ type: 'result', id: ref, ok: false, error: { code: 'not-authorized', message: 'The stream feed (/ws/stream) is read-only; send commands on /ws.' } });
    }
    if (!conn.sameOrigin) {
      return reply({ type: 'result', id: ref, ok: false, error: { code: 'bad-origin', message: 'A socket opened by a page from another site cannot send commands.' } });
    }
    const host = typeof tournament === 'string' ? this.registry.get(tournament) : undefined;
    if (!host) {
      return reply({ type: 'result', id: ref, ok: false, error: { code: 'unknown-tournament', message: 'There is no such tournament.' } });
    }
    // dispatch answers every failure itself (storage, internal); this is the last guard, so a
    // command on a socket is never left without an answer.
    let result: DispatchResult;
    try {
      result = host.dispatch(command, conn.actor, true);
    } catch {
      result = { status: 500, answer: { ok: false, error: { code: 'internal-error', message: 'The command failed inside the server; nothing was changed.' } } };
    }
    const { answer } = result;
    if (!answer.ok) return reply({ type: 'result', id: ref, ...answer });
    this.sendOwnChange(conn, host, answer.seq);
    // Group commit: the answer waits for the fsync it shares with the commands sent meanwhile
    // (results of one socket keep their order: fsyncs answer their waiters in order).
    void host.confirmed(result).then((confirmed) => reply({ type: 'result', id: ref, ...confirmed.answer }));
  }

  /**
   * The socket that sent a command gets its patch before the answer, ahead of the queued fan-out
   * (which then skips it): the phone shows the state its answer speaks of ("Now at level 6").
   */
  private sendOwnChange(conn: Connection, host: TournamentHost, seq: number): void {
    const key = conn.subscriptions.get(host.id);
    const group = key === undefined ? undefined : this.groups.get(host.id)?.get(key);
    const change = host.changesSince(seq - 1)?.[0];
    // (Not yet a member: its snapshot is still waiting, and will hold this change.)
    if (!group || !group.members.has(conn) || !change || change.seq !== seq) return;
    // Only when nothing of this tournament is queued before it: patches reach a socket in order.
    const first = this.outgoing.find((o) => o.change.tournament === host.id);
    if (!first || first.change !== change || first.group >= 0) return;
    const data = this.encodeFor(change, group.topics);
    (change.sentTo ??= new Set()).add(conn);
    if (data !== null && this.room(conn, data.length)) conn.socket.send(data);
  }

  /**
   * Token buckets per connection and per client (over its sockets and reconnects); a flood is
   * answered once, then dropped, then closed.
   */
  private allow(conn: Connection): boolean {
    const now = Date.now();
    conn.tokens = Math.min(WS_LIMITS.burst, conn.tokens + ((now - conn.refilledAt) / 1000) * WS_LIMITS.messagesPerSecond);
    conn.refilledAt = now;
    const client = !this.limitLoopback && isLoopback(conn.address) ? true : conn.tokens >= 1 && this.clientMessages.take(clientKey(conn));
    if (conn.tokens >= 1 && client) {
      conn.tokens -= 1;
      return true;
    }
    conn.dropped++;
    if (conn.dropped === 1) this.error(conn, { code: 'rate-limited', message: 'Too many messages; slow down.' });
    if (conn.dropped > WS_LIMITS.maxDropped) conn.socket.close(1008, 'rate limit');
    return false;
  }

  private send(conn: Connection, msg: ServerMessage): void {
    // Closed meanwhile (an answer that waited for its fsync): nothing to send.
    if (!this.connections.has(conn)) return;
    const data = JSON.stringify(msg);
    if (this.room(conn, data.length)) conn.socket.send(data);
  }

  private error(conn: Connection, error: ErrorBody, id?: RequestId): void {
    this.send(conn, id === undefined ? { type: 'error', error } : { type: 'error', error, id });
  }
}
