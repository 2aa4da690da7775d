/**
 * The WebSocket hub: it does not know the transport (the route hands it a `SocketLike` and
 * forwards messages and closes, as tldraw's room does) and puts together the pieces that each do
 * one job:
 *  - a session per socket (session.ts): who it is, its message budget, how it is sent to;
 *  - the router (router.ts): a message parsed once and handed where it belongs;
 *  - the fan-out (fanout.ts): subscription groups and each change sent to them, in slices;
 *  - the bulk sender (bulk-sender.ts): snapshots and resumes, in slices, within each client's
 *    byte budget;
 *  - the send queues (send-queues.ts): what the sockets hold unread, each and together;
 *  - the heartbeat (heartbeat.ts): the server's pings, in slices.
 * The hub itself keeps the sockets' lifecycle (open, close, the per-address cap), signing in,
 * and who follows OBS status (the role checks of the socket side).
 */
import { PROTOCOL_VERSION, type RequestId } from '../protocol/messages.js';
import { commandsFor, may } from '../protocol/roles.js';
import type { Actor } from '../host/actor.js';
import type { ObsStatusView } from '../protocol/obs.js';
import type { Feeds } from './feeds.js';
import type { Change } from '../host/tournament-host.js';
import type { TimeSource } from '../time.js';
import { isLoopback } from '../net/address.js';
import { BulkSender } from './bulk-sender.js';
import { ClientBuckets } from '../net/client-buckets.js';
import type { Connection, SocketLike } from './connection.js';
import { CLOSE_TOO_SLOW, SendQueues } from './send-queues.js';
import { Heartbeat } from './heartbeat.js';
import { Fanout, groupKey } from './fanout.js';
import { WS_LIMITS } from './limits.js';
import { Router } from './router.js';
import { Session, type SessionDeps } from './session.js';

export type { Connection, SocketLike } from './connection.js';
export { CLOSE_TOO_SLOW } from './send-queues.js';
export { WS_LIMITS } from './limits.js';

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
  /** A change reached every socket that follows it, `seconds` after it was published (metrics). */
  fannedOut?: (seconds: number) => void;
}

export interface HubAuth {
  /** The host's Auth answers at once; an edge asks a host through NATS (server/edge/). */
  bearer(token: string): Actor | null | Promise<Actor | null>;
}

export class Hub {
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
  /** Subscription groups, and each change sent to them. */
  private readonly fanout: Fanout;
  private readonly router: Router;
  /** What every session shares (one object for all of them). */
  private readonly sessions: SessionDeps;

  constructor(
    private readonly registry: Feeds,
    private readonly time: TimeSource,
    private readonly auth: HubAuth,
    options: HubOptions = {},
  ) {
    this.maxPerAddress = options.maxSocketsPerAddress ?? WS_LIMITS.maxSocketsPerAddress;
    this.limitLoopback = options.limitLoopback ?? false;
    this.pingIntervalMs = options.pingIntervalMs ?? WS_LIMITS.pingIntervalMs;
    const clientMessages = new ClientBuckets(options.clientMessagesPerSecond ?? WS_LIMITS.clientMessagesPerSecond, options.clientBurst ?? WS_LIMITS.clientBurst);
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
    const isOpen = (conn: Connection) => this.connections.has(conn);
    const room = (conn: Connection, bytes: number) => this.queues.admit(conn, bytes);
    this.sessions = {
      isOpen,
      room,
      clientMay: (key) => clientMessages.take(key),
      counted: (address) => this.limitLoopback || !isLoopback(address),
    };
    this.fanout = new Fanout({ isOpen, room, ...(options.fannedOut ? { sent: options.fannedOut } : {}) });
    const budgets = new ClientBuckets(options.bulkBytesPerSecond ?? WS_LIMITS.bulkBytesPerSecond, options.bulkBurst ?? WS_LIMITS.bulkBurst);
    this.heartbeat = new Heartbeat(this.connections, (conn) => this.drop(conn, 'no answer to ping'));
    this.bulk = new BulkSender(
      registry,
      time,
      {
        flush: (tournament) => this.fanout.flush(tournament),
        join: (conn, tournament, topics) => this.fanout.join(conn, tournament, topics),
        encodeFor: (change, topics) => this.fanout.encodeFor(change, topics),
        error: (conn, error, id) => (conn as Session).error(error, id),
        isOpen,
      },
      this.queues,
      budgets,
    );
    this.router = new Router(registry, time, this.fanout, this.bulk, {
      authenticate: (session, token, id) => this.authenticate(session, token, id),
      followObs: (session, tournament, id) => this.followObs(session, tournament, id),
      close: (session) => this.close(session),
    });
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
  private readonly obsFollowers = new Map<string, Set<Session>>();
  /** The current OBS status of a tournament (set by the server's wiring to the bridge). */
  obsStatus: ((tournament: string) => ObsStatusView) | null = null;

  /** Sends a tournament's new OBS status to the sockets that follow it. */
  publishObs(tournament: string, status: ObsStatusView): void {
    const followers = this.obsFollowers.get(tournament);
    if (!followers) return;
    for (const session of [...followers]) session.send({ type: 'obs', tournament, status });
  }

  /** Starts the server's pings (server/ws/heartbeat.ts). */
  startHeartbeat(intervalMs: number = this.pingIntervalMs): void {
    this.heartbeat.start(intervalMs);
  }

  stopHeartbeat(): void {
    this.heartbeat.stop();
  }

  /** Stops the hub's timers at the server's close: pings, the fan-out, and snapshots waiting their turn. */
  stop(): void {
    this.heartbeat.stop();
    this.fanout.stop();
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
    this.heartbeat.pong(conn);
  }

  /** Sockets the queued fan-out has still to send to (0: nothing waiting). */
  get fanoutBacklog(): number {
    return this.fanout.backlog;
  }

  /** Drops a connection at once and forgets it (its page reconnects by itself). */
  private drop(conn: Connection, reason: string): void {
    if (conn.socket.terminate) conn.socket.terminate();
    else conn.socket.close(CLOSE_TOO_SLOW, reason);
    this.close(conn);
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
    const session = new Session(socket, sameOrigin && !delayed ? actor : { role: 'viewer', id: 'anonymous' }, sameOrigin, address, delayed, this.sessions);
    this.connections.add(session);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    const role = session.actor.role === 'system' ? 'td' : session.actor.role;
    session.send({ type: 'hello', protocol: PROTOCOL_VERSION, serverTime: this.time.now(), rate: this.time.rate, role, may: commandsFor(role) });
    return session;
  }

  close(conn: Connection): void {
    for (const tournament of [...conn.subscriptions.keys()]) this.router.unsubscribe(conn as Session, tournament);
    for (const followers of this.obsFollowers.values()) followers.delete(conn as Session);
    if (!this.connections.delete(conn)) return;
    this.queues.forget(conn);
    const left = (this.perAddress.get(conn.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(conn.address, left);
    else this.perAddress.delete(conn.address);
  }

  message(conn: Connection, data: string): void {
    this.router.message(conn as Session, data);
  }

  /** Queues one committed change for every subscriber of its topics (live or delayed feed). */
  publish(change: Change): void {
    this.fanout.publish(change);
  }

  /** Forgets what the hub keeps of a tournament no socket follows (an edge dropped its mirror). */
  forget(tournament: string): void {
    this.bulk.forget(tournament);
  }

  /** Whether any socket follows the tournament or waits for its snapshot (an edge keeps its mirror meanwhile). */
  follows(tournament: string): boolean {
    if (this.fanout.followed(tournament)) return true;
    for (const conn of this.connections) if (conn.subscriptions.has(tournament)) return true;
    return false;
  }

  /**
   * The stream delay changed, or the delayed feed was rewritten in place (an erase): every
   * delayed subscriber gets a new snapshot, made anew, with the new `delayMs`.
   */
  resyncDelayed(tournament: string): void {
    this.bulk.forget(tournament);
    if (!this.registry.get(tournament) || !this.fanout.followed(tournament)) return;
    // What the change of delay released goes out first, as patches on the state the socket holds.
    this.fanout.flush(tournament);
    for (const { conn, topics } of this.fanout.delayedMembers(tournament)) {
      this.fanout.leave(conn, tournament);
      conn.subscriptions.set(tournament, groupKey(topics, true));
      this.bulk.request({ conn, tournament, topics });
    }
  }

  /**
   * The tournament was loaded again from the database (PostgreSQL: host/pg/cluster.ts), so what a
   * socket holds may be ahead of it: every subscriber gets a new snapshot.
   */
  resync(tournament: string): void {
    // A seq of the state loaded anew may hold other content than the body made for it before.
    this.bulk.forget(tournament);
    if (!this.fanout.followed(tournament)) return;
    for (const { conn, topics, delayed } of this.fanout.delayedMembers(tournament, true)) {
      this.fanout.leave(conn, tournament);
      conn.subscriptions.set(tournament, groupKey(topics, delayed));
      this.bulk.request({ conn, tournament, topics });
    }
  }

  private followObs(session: Session, tournament: unknown, id?: RequestId): void {
    if (!may(session.actor.role, 'obs.operate')) return session.error({ code: 'not-authorized', message: 'The OBS status is for the TD and the stream producer.' }, id);
    if (typeof tournament !== 'string' || !this.registry.get(tournament)) return session.error({ code: 'unknown-tournament', message: 'There is no such tournament.' }, id);
    let followers = this.obsFollowers.get(tournament);
    if (!followers) this.obsFollowers.set(tournament, (followers = new Set()));
    followers.add(session);
    if (this.obsStatus) session.send({ type: 'obs', tournament, status: this.obsStatus(tournament) });
  }

  private authenticate(session: Session, token: unknown, id?: RequestId): void {
    if (session.delayed) return session.error({ code: 'not-authorized', message: 'The stream feed (/ws/stream) is read-only; sign in on /ws.' }, id);
    if (!session.sameOrigin) {
      return session.error({ code: 'bad-origin', message: 'A socket opened by a page from another site cannot sign in.' }, id);
    }
    const actor = typeof token === 'string' ? this.auth.bearer(token) : null;
    if (actor instanceof Promise) {
      void actor.then(
        (signed) => this.signedIn(session, signed, id),
        () => session.error({ code: 'storage-unavailable', message: 'The token could not be checked now (no host answers); try again.' }, id),
      );
      return;
    }
    this.signedIn(session, actor, id);
  }

  private signedIn(session: Session, actor: Actor | null, id?: RequestId): void {
    if (!this.connections.has(session)) return;
    if (!actor) return session.error({ code: 'not-authenticated', message: 'The token is not valid.' }, id);
    session.actor = actor;
    session.send({ type: 'hello', protocol: PROTOCOL_VERSION, serverTime: this.time.now(), rate: this.time.rate, role: 'td', may: commandsFor('td') });
    session.send({ type: 'result', id, ok: true, seq: 0 });
  }
}
