/**
 * The WebSocket hub: subscriptions and fan-out. It does not know the transport; the route
 * hands it a `SocketLike` and forwards messages and closes (tldraw's room does the same).
 *
 * Fan-out cost: subscribers are grouped by the topics they asked for, so each change is
 * serialized once per group, not once per screen.
 */
import type { ErrorBody } from '../protocol/errors.js';
import { EVENT_TOPIC, PROTOCOL_VERSION, type ClientMessage, type CommandAnswer, type ServerMessage } from '../protocol/messages.js';
import { TOPICS, type Topic } from '../protocol/views.js';
import { mayAct, type Actor } from '../host/actor.js';
import type { ObsStatusView } from '../protocol/obs.js';
import type { Registry } from '../host/registry.js';
import type { Change, TournamentHost } from '../host/tournament-host.js';
import type { TimeSource } from '../time.js';
import { isLoopback } from '../net/address.js';

export interface SocketLike {
  send(data: string): void;
  /** Sends already UTF-8-encoded JSON as a text frame, so a fan-out encodes once, not per socket. */
  sendEncoded?(data: Buffer): void;
  close(code?: number, reason?: string): void;
  /** Bytes queued in the server for this socket and not yet handed to the network. */
  bufferedAmount?(): number;
  /** Drops the connection at once (no close handshake a stalled client would never answer). */
  terminate?(): void;
  /** A protocol-level ping; `onPong` is called when it is answered. */
  ping?(): void;
}

/** Limits per connection (docs/API.md "Limits"). */
export const WS_LIMITS = {
  /** Largest message accepted; larger ones close the socket with 1009. */
  maxMessageBytes: 64 * 1024,
  /** Token bucket: sustained messages per second and burst. */
  messagesPerSecond: 20,
  burst: 60,
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
   * client). Past it the socket is dropped with close code 4008; its page reconnects and gets
   * a fresh snapshot. Big enough for the largest snapshot of a 10,000-entry field.
   */
  maxBufferedBytes: 8 * 1024 * 1024,
  /** The server pings every socket this often; one that has not answered the last ping is dropped. */
  pingIntervalMs: 30_000,
} as const;

/** Close code of a socket dropped for not reading what it was sent (docs/API.md). */
export const CLOSE_TOO_SLOW = 4008;

export interface HubOptions {
  maxSocketsPerAddress?: number;
  /** Server ping interval (WS_LIMITS.pingIntervalMs); tests shorten it. */
  pingIntervalMs?: number;
  /** Per-socket send buffer bound (WS_LIMITS.maxBufferedBytes); tests shorten it. */
  maxBufferedBytes?: number;
  /** Count loopback like any other address (tests of the cap). */
  limitLoopback?: boolean;
}

interface Group {
  topics: readonly Topic[];
  /** Members follow the stream's delayed feed (`/ws/stream`). */
  delayed: boolean;
  members: Set<Connection>;
}

export interface Connection {
  socket: SocketLike;
  actor: Actor;
  /** False when the page that opened the socket is from another site: never commands. */
  sameOrigin: boolean;
  /** The client's address, for the per-address cap. */
  address: string;
  /**
   * A stream overlay's socket (`/ws/stream`): it receives only the delayed feed, whatever it
   * asks, and is read-only (never signed in, never sends commands).
   */
  delayed: boolean;
  /** tournament -> group key. */
  subscriptions: Map<string, string>;
  tokens: number;
  refilledAt: number;
  dropped: number;
  /** Answered the last server ping (or none was sent yet). */
  alive: boolean;
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
  private readonly maxBufferedBytes: number;

  constructor(
    private readonly registry: Registry,
    private readonly time: TimeSource,
    private readonly auth: HubAuth,
    options: HubOptions = {},
  ) {
    this.maxPerAddress = options.maxSocketsPerAddress ?? WS_LIMITS.maxSocketsPerAddress;
    this.limitLoopback = options.limitLoopback ?? false;
    this.pingIntervalMs = options.pingIntervalMs ?? WS_LIMITS.pingIntervalMs;
    this.maxBufferedBytes = options.maxBufferedBytes ?? WS_LIMITS.maxBufferedBytes;
  }

  private heartbeat: ReturnType<typeof setInterval> | null = null;
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

  /**
   * Starts the server's pings: every `pingIntervalMs` each socket that has not answered the
   * previous ping is dropped (a phone that left the Wi-Fi, a TV switched off: without this
   * its socket and everything queued for it would stay until the kernel gives up, hours later).
   */
  startHeartbeat(intervalMs: number = this.pingIntervalMs): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      for (const conn of this.connections) {
        if (!conn.socket.ping) continue;
        if (!conn.alive) {
          this.drop(conn, 'no answer to ping');
          continue;
        }
        conn.alive = false;
        conn.socket.ping();
      }
    }, intervalMs);
    this.heartbeat.unref?.();
  }

  stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
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
   * (4008) instead of growing the server's memory without bound.
   */
  private room(conn: Connection, bytes: number, limit: number = this.maxBufferedBytes): boolean {
    const queued = conn.socket.bufferedAmount?.() ?? 0;
    if (queued + bytes <= limit || queued === 0) return true;
    this.drop(conn, 'too slow');
    return false;
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
    };
    this.connections.add(conn);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    const role = conn.actor.role === 'system' ? 'td' : conn.actor.role;
    this.send(conn, { type: 'hello', protocol: PROTOCOL_VERSION, serverTime: this.time.now(), rate: this.time.rate, role });
    return conn;
  }

  close(conn: Connection): void {
    for (const tournament of [...conn.subscriptions.keys()]) this.unsubscribe(conn, tournament);
    for (const followers of this.obsFollowers.values()) followers.delete(conn);
    if (!this.connections.delete(conn)) return;
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
    const ref = 'ref' in msg && (typeof msg.ref === 'string' || typeof msg.ref === 'number') ? msg.ref : undefined;
    switch (msg.type) {
      case 'ping':
        return this.send(conn, { type: 'pong', t: typeof msg.t === 'number' ? msg.t : 0, serverTime: this.time.now() });
      case 'subscribe':
        return this.subscribe(conn, msg.tournament, msg.topics);
      case 'unsubscribe':
        if (typeof msg.tournament === 'string') this.unsubscribe(conn, msg.tournament);
        return;
      case 'auth':
        return this.authenticate(conn, msg.token);
      case 'command':
        return this.command(conn, msg.tournament, msg.command, ref);
      case 'obs.subscribe':
        return this.followObs(conn, msg.tournament);
      default:
        return this.error(conn, { code: 'unknown-command', message: `There is no message type "${String((msg as { type: string }).type).slice(0, 40)}".` });
    }
  }

  /** Sends one committed change to every subscriber of its topics (live or delayed feed). */
  publish(change: Change): void {
    const groups = this.groups.get(change.tournament);
    if (!groups) return;
    const delayed = change.feed === 'delayed';
    for (const group of groups.values()) {
      if (group.delayed !== delayed) continue;
      let changes = '';
      for (const topic of group.topics) {
        const json = change.changed.get(topic);
        if (json !== undefined) changes += `${changes ? ',' : ''}"${topic}":${json}`;
      }
      const events = change.events.filter((e) => group.topics.includes(EVENT_TOPIC[e.type]));
      if (!changes && events.length === 0) continue;
      let prev = 0;
      for (const topic of group.topics) prev = Math.max(prev, change.lastChanged[topic]);
      const data =
        `{"type":"patch","tournament":${JSON.stringify(change.tournament)},"seq":${change.seq},"prev":${prev},"changes":{${changes}}` +
        (events.length ? `,"events":${JSON.stringify(events)}}` : '}');
      const bytes = Buffer.from(data);
      // (A dropped socket leaves the set while it is iterated: allowed for a Set, no copy made.)
      for (const conn of group.members) {
        if (!this.room(conn, bytes.length)) continue;
        if (conn.socket.sendEncoded) conn.socket.sendEncoded(bytes);
        else conn.socket.send(data);
      }
    }
  }

  private subscribe(conn: Connection, tournament: unknown, topics: unknown): void {
    if (typeof tournament !== 'string') {
      return this.error(conn, { code: 'invalid-tournament', message: '"tournament" must be a tournament id.' });
    }
    const host = this.registry.get(tournament);
    if (!host) return this.error(conn, { code: 'unknown-tournament', message: `There is no tournament "${tournament.slice(0, 40)}".` });
    let chosen: Topic[];
    if (topics === undefined) chosen = [...TOPICS];
    else if (Array.isArray(topics) && topics.length > 0 && topics.every((t) => (TOPICS as readonly unknown[]).includes(t))) {
      chosen = TOPICS.filter((t) => topics.includes(t));
    } else {
      return this.error(conn, { code: 'invalid-command', message: `"topics" must be a non-empty list of: ${TOPICS.join(', ')}.` });
    }
    if (!conn.subscriptions.has(tournament) && conn.subscriptions.size >= WS_LIMITS.maxSubscriptions) {
      return this.error(conn, { code: 'rate-limited', message: `A socket may follow at most ${WS_LIMITS.maxSubscriptions} tournaments.` });
    }
    this.unsubscribe(conn, tournament);
    const key = groupKey(chosen, conn.delayed);
    let groups = this.groups.get(tournament);
    if (!groups) this.groups.set(tournament, (groups = new Map()));
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { topics: chosen, delayed: conn.delayed, members: new Set() }));
    group.members.add(conn);
    conn.subscriptions.set(tournament, key);
    this.sendSnapshot(conn, host, tournament, chosen);
  }

  /** The snapshot is assembled from the same cached topic JSON the patches use (live or delayed). */
  private sendSnapshot(conn: Connection, host: TournamentHost, tournament: string, topics: readonly Topic[]): void {
    // A socket that still has a lot queued (re-subscribing without reading) gets no second copy.
    // (An eighth of the bound: 1 MiB by default.)
    if (!this.room(conn, 0, this.maxBufferedBytes / 8)) return;
    const feed = conn.delayed ? host.delayed : host;
    const state = topics.map((t) => `"${t}":${feed.topicJsonFor(t)}`).join(',');
    const delay = conn.delayed ? `,"delayMs":${host.delayed.delayMs}` : '';
    conn.socket.send(
      `{"type":"snapshot","tournament":${JSON.stringify(tournament)},"seq":${feed.seq},"serverTime":${this.time.now()}${delay},"state":{${state}}}`,
    );
  }

  /** The stream delay changed: every delayed subscriber gets a new snapshot with the new `delayMs`. */
  resyncDelayed(tournament: string): void {
    const host = this.registry.get(tournament);
    const groups = this.groups.get(tournament);
    if (!host || !groups) return;
    for (const group of groups.values()) {
      if (!group.delayed) continue;
      for (const conn of [...group.members]) this.sendSnapshot(conn, host, tournament, group.topics);
    }
  }

  private unsubscribe(conn: Connection, tournament: string): void {
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

  private followObs(conn: Connection, tournament: unknown): void {
    if (!mayAct(conn.actor as Actor, 'stream')) return this.error(conn, { code: 'not-authorized', message: 'The OBS status is for the TD and the stream producer.' });
    if (typeof tournament !== 'string' || !this.registry.get(tournament)) return this.error(conn, { code: 'unknown-tournament', message: 'There is no such tournament.' });
    let followers = this.obsFollowers.get(tournament);
    if (!followers) this.obsFollowers.set(tournament, (followers = new Set()));
    followers.add(conn);
    if (this.obsStatus) this.send(conn, { type: 'obs', tournament, status: this.obsStatus(tournament) });
  }

  private authenticate(conn: Connection, token: unknown): void {
    if (conn.delayed) return this.error(conn, { code: 'not-authorized', message: 'The stream feed (/ws/stream) is read-only; sign in on /ws.' });
    if (!conn.sameOrigin) {
      return this.error(conn, { code: 'bad-origin', message: 'A socket opened by a page from another site cannot sign in.' });
    }
    const actor = typeof token === 'string' ? this.auth.bearer(token) : null;
    if (!actor) return this.error(conn, { code: 'not-authenticated', message: 'The token is not valid.' });
    conn.actor = actor;
    this.send(conn, { type: 'hello', protocol: PROTOCOL_VERSION, serverTime: this.time.now(), rate: this.time.rate, role: 'td' });
  }

  private command(conn: Connection, tournament: unknown, command: unknown, ref: string | number | undefined): void {
    const reply = (answer: ServerMessage) => this.send(conn, answer);
    if (conn.delayed) {
      return reply({ type: 'result', ref, ok: false, error: { code: 'not-authorized', message: 'The stream feed (/ws/stream) is read-only; send commands on /ws.' } });
    }
    if (!conn.sameOrigin) {
      return reply({ type: 'result', ref, ok: false, error: { code: 'bad-origin', message: 'A socket opened by a page from another site cannot send commands.' } });
    }
    const host = typeof tournament === 'string' ? this.registry.get(tournament) : undefined;
    if (!host) {
      return reply({ type: 'result', ref, ok: false, error: { code: 'unknown-tournament', message: 'There is no such tournament.' } });
    }
    // dispatch answers every failure itself (storage, internal); this is the last guard, so a
    // command on a socket is never left without an answer.
    let answer: CommandAnswer;
    try {
      answer = host.dispatch(command, conn.actor).answer;
    } catch {
      answer = { ok: false, error: { code: 'internal-error', message: 'The command failed inside the server; nothing was changed.' } };
    }
    reply({ type: 'result', ref, ...answer });
  }

  /** Token bucket per connection; a flood is answered once, then dropped, then closed. */
  private allow(conn: Connection): boolean {
    const now = Date.now();
    conn.tokens = Math.min(WS_LIMITS.burst, conn.tokens + ((now - conn.refilledAt) / 1000) * WS_LIMITS.messagesPerSecond);
    conn.refilledAt = now;
    if (conn.tokens >= 1) {
      conn.tokens -= 1;
      return true;
    }
    conn.dropped++;
    if (conn.dropped === 1) this.error(conn, { code: 'rate-limited', message: 'Too many messages; slow down.' });
    if (conn.dropped > WS_LIMITS.maxDropped) conn.socket.close(1008, 'rate limit');
    return false;
  }

  private send(conn: Connection, msg: ServerMessage): void {
    const data = JSON.stringify(msg);
    if (this.room(conn, data.length)) conn.socket.send(data);
  }

  private error(conn: Connection, error: ErrorBody): void {
    this.send(conn, { type: 'error', error });
  }
}
