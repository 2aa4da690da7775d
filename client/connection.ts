/**
 * The connection layer: the page's one WebSocket to the server. It reconnects by itself
 * (backoff.ts), keeps every subscribed tournament's state (collections.ts), measures the server
 * time and hands commands to its command sink (sink.ts; the control panel's is commands.ts),
 * which sends each exactly once. The socket and its handshake are socket.ts: a server of
 * another protocol makes the page reload to get the server's bundle.
 *
 * Every request carries an id its answer repeats, and waits in one in-flight map until then:
 * a command under its own id (kept by the sink across sockets and pages), any other request
 * under the next number of this connection's one counter. A screen's connection has no sink:
 * its `sendCommand` answers `not-authorized` at once.
 *
 * Like home-assistant-js-websocket's Connection, with two differences the venue needs:
 * - Subscriptions are re-sent on reconnect with the seq last applied (`since`): the server sends
 *   only what was missed, or a snapshot when it no longer has it. A seq gap
 *   (`patch.prev > lastSeq`) resubscribes the same way, so a screen never shows a state that is
 *   missing a change.
 * - Commands are NOT failed on a lost connection: they stay pending and are re-sent with the
 *   same id after the reconnect. The server stores each command's answer by id, so a command
 *   that did arrive before the drop is answered again, not applied twice. The control panel
 *   also keeps them in localStorage (`keepPendingIn`), so they outlive a reload of the page.
 */
import { backoffDelay } from './backoff.js';
import { applyPatch, applySnapshot, emptyFeed, failedFeed, resumedFeed, type TournamentFeed } from './collections.js';
import { TOPICS, type ClientMessage, type Command, type CommandAnswer, type ErrorBody, type HelloMessage, type PublicEvent, type RequestId, type Role, type ServerMessage, type Topic } from './messages.js';
import type { PendingStore } from './pending-store.js';
import type { ObsStatusView } from '../server/protocol/obs.js';
import { may as mayRole } from '../server/protocol/roles.js';
import { ServerTime } from './server-time.js';
import type { CommandSink, CommandSinkFactory, PendingCommand, RestoredCommand } from './sink.js';
import { ConnectionStatusEvent, defaultSocketUrl, ExpiredEvent, HEARTBEAT, openSocket, PendingEvent, type ConnectionEventMap, type ConnectionStatus, type RiffleSocket } from './socket.js';

export { ConnectionStatusEvent, defaultSocketUrl, ExpiredEvent, HEARTBEAT, PendingEvent };
export type { ConnectionEventMap, ConnectionStatus };

/** Called with the tournament's new state and the events of the change that made it. */
export type FeedListener = (feed: TournamentFeed, events: readonly PublicEvent[]) => void;

export type { CommandSinkFactory, PendingCommand, RestoredCommand };

/** What a connection without a command sink answers a command: screens are read-only. */
const READ_ONLY: CommandAnswer = { ok: false, error: { code: 'not-authorized', message: 'This screen is read-only.' } };

/**
 * What a request on the current socket waits for, by its id: the one in-flight map. A command's
 * request id is its own id (kept across sockets and pages by the command sink); every other
 * request takes the next number of this connection's one counter.
 */
type InFlight = { kind: 'command' } | { kind: 'subscribe'; tournament: string } | { kind: 'request' };

export interface ConnectionOptions {
  /** Defaults to ws(s)://<this page's host>/ws. */
  url?: string;
  /**
   * The control panel's command sink (client/sink.ts; client/commands.ts `controlConnection`).
   * A screen has none: it sends no commands, and the queue and its offline store stay out of
   * its bundle.
   */
  commands?: CommandSinkFactory;
  /** For tests outside a browser. */
  createSocket?: (url: string) => WebSocket;
}

interface Subscription {
  readonly tournament: string;
  /** Each listener with the topics it asked for; the server gets their union. */
  readonly listeners: Map<FeedListener, readonly Topic[]>;
  topics: readonly Topic[];
  feed: TournamentFeed;
  /** A subscribe is on its way: patches are dropped until its snapshot arrives. */
  awaiting: boolean;
  /** The topics `feed` holds (of the last snapshot); a resume is only asked for the same ones. */
  synced: string;
  /** The id of its latest subscribe on this socket: only that one's answer decides. */
  request: RequestId | null;
}

/** A page reloads for a new protocol at most this often (a server mid-upgrade must not make TVs flicker). */
const RELOAD_GUARD_MS = 60_000;

export interface Connection {
  addEventListener<K extends keyof ConnectionEventMap>(type: K, listener: (ev: ConnectionEventMap[K]) => void, options?: AddEventListenerOptions | boolean): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean): void;
  removeEventListener<K extends keyof ConnectionEventMap>(type: K, listener: (ev: ConnectionEventMap[K]) => void, options?: EventListenerOptions | boolean): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: EventListenerOptions | boolean): void;
}

export class Connection extends EventTarget {
  /** The server's clock as this page estimates it. */
  readonly time = new ServerTime();
  private _status: ConnectionStatus = 'connecting';
  private _role: Role = 'viewer';
  private _may = new Set<string>();
  private readonly url: string;
  private readonly createSocket: (url: string) => WebSocket;
  private socket: RiffleSocket | null = null;
  private everOnline = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  /** Fires when an awaited pong is overdue: the socket is then treated as dead. */
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private burstLeft = 0;
  private closed = false;
  private readonly subscriptions = new Map<string, Subscription>();
  /** OBS status listeners by tournament (`obs.subscribe`, TD and producer; control panel only). */
  private readonly obsListeners = new Map<string, Set<(status: ObsStatusView) => void>>();
  /** Requests sent on this socket and not yet answered (see InFlight). */
  private readonly inflight = new Map<RequestId, InFlight>();
  private nextId = 1;
  private readonly commands: CommandSink | null;
  private readonly onOnline = () => this.wake();
  private readonly onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    // A phone that slept often holds a socket that is dead without knowing: prove it alive.
    if (this.greeted) this.ping();
    else this.wake();
  };

  constructor(options: ConnectionOptions = {}) {
    super();
    this.url = options.url ?? defaultSocketUrl();
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.commands = options.commands
      ? options.commands(
          (id, message) => this.greeted && this.send(message) && (this.inflight.set(id, { kind: 'command' }), true),
          (count) => this.dispatchEvent(new PendingEvent(count)),
          { onExpire: (commands) => this.dispatchEvent(new ExpiredEvent(commands)) },
        )
      : null;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
      document.addEventListener('visibilitychange', this.onVisible);
    }
    this.open();
  }

  get status(): ConnectionStatus {
    return this._status;
  }

  /** Whether this socket's role may send `type` with these arguments (the protocol's roles table, as the server checks it). */
  may(type: string, args?: unknown): boolean {
    return this._may.has(type) && mayRole(this._role, type, args);
  }

  /** The role the server gave this socket (from the session cookie at connect time). */
  get role(): Role {
    return this._role;
  }

  get pendingCount(): number {
    return this.commands?.size ?? 0;
  }

  pendingCommands(): PendingCommand[] {
    return this.commands?.list() ?? [];
  }

  /** True once the server greeted the current socket (socket.ts: the handshake is done). */
  private get greeted(): boolean {
    return this.socket?.ready ?? false;
  }

  /** Listens to status changes; returns the function that stops listening. */
  onStatus(listener: (ev: ConnectionStatusEvent) => void): () => void {
    this.addEventListener('status', listener);
    return () => this.removeEventListener('status', listener);
  }

  onPending(listener: (ev: PendingEvent) => void): () => void {
    this.addEventListener('pending', listener);
    return () => this.removeEventListener('pending', listener);
  }

  /** Commands dropped unsent for their age (each also resolves with code `expired`). */
  onExpired(listener: (ev: ExpiredEvent) => void): () => void {
    this.addEventListener('expired', listener);
    return () => this.removeEventListener('expired', listener);
  }

  /**
   * Follows a tournament. The listener is called with each new state (immediately if one is
   * already known). Returns the unsubscribe function. Topics default to all public topics.
   */
  subscribe(tournament: string, topics: readonly Topic[] | undefined, listener: FeedListener): () => void {
    let sub = this.subscriptions.get(tournament);
    const isNew = !sub;
    if (!sub) {
      sub = { tournament, listeners: new Map(), topics: [], feed: emptyFeed(tournament), awaiting: false, synced: '', request: null };
      this.subscriptions.set(tournament, sub);
    }
    sub.listeners.set(listener, topics && topics.length ? topics : TOPICS);
    const union = TOPICS.filter((t) => [...sub.listeners.values()].some((list) => list.includes(t)));
    if (isNew || union.length !== sub.topics.length) {
      sub.topics = union;
      this.sendSubscribe(sub);
    } else if (sub.feed.status !== 'loading') {
      listener(sub.feed, []);
    }
    const current = sub;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size > 0 || this.subscriptions.get(tournament) !== current) return;
      this.subscriptions.delete(tournament);
      if (this.greeted) this.send({ type: 'unsubscribe', id: this.request({ kind: 'request' }), tournament });
    };
  }

  /**
   * Follows a tournament's OBS status (the server pushes each change); re-sent after every
   * reconnect. Returns the function that stops listening.
   */
  followObs(tournament: string, listener: (status: ObsStatusView) => void): () => void {
    let set = this.obsListeners.get(tournament);
    if (!set) this.obsListeners.set(tournament, (set = new Set()));
    set.add(listener);
    if (this.greeted) this.send({ type: 'obs.subscribe', id: this.request({ kind: 'request' }), tournament });
    return () => {
      set.delete(listener);
      if (set.size === 0) this.obsListeners.delete(tournament);
    };
  }

  /** The last known state of a followed tournament. */
  feed(tournament: string): TournamentFeed | undefined {
    return this.subscriptions.get(tournament)?.feed;
  }

  /**
   * Sends a command and resolves with the server's answer (`ok` or `error`); never rejects.
   * Offline, the command waits and is sent (with the same id) once the socket is back; one
   * that waits longer than PENDING_MAX_AGE_MS resolves with code `expired`, unsent.
   * `subject` names whom it concerns ("Anna"), for the TD if it is dropped.
   */
  sendCommand(tournament: string, command: Command, subject?: string): Promise<CommandAnswer> {
    return this.commands ? this.commands.add(tournament, command, this.greeted, subject) : Promise.resolve(READ_ONLY);
  }

  /**
   * Keeps unanswered commands in `store` from now on, so they outlive the page, and restores
   * what an earlier page signed in as `role` left unanswered (see CommandQueue.keepIn). Only
   * the control panel calls this, once it knows the session's role: a display never sends
   * commands, and never restores any.
   */
  keepPendingIn(store: PendingStore, role: Role): RestoredCommand[] {
    return this.commands?.keepIn(store, role) ?? [];
  }

  /** Gives up on every unanswered command (they resolve with code `discarded`). */
  discardPending(): number {
    return this.commands?.failAll({ code: 'discarded', message: 'The action was discarded before the server confirmed it.' }) ?? 0;
  }

  /** Opens a new socket now, e.g. after pairing so the new session cookie applies. */
  reconnect(): void {
    if (this.closed) return;
    this.dropSocket();
    this.attempt = 0;
    this.setStatus('connecting');
    this.open();
  }

  /**
   * Closes for good: timers stop, unanswered commands resolve with `connection-closed`; the
   * stored ones stay stored for the next page.
   */
  close(): void {
    this.closed = true;
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline);
      document.removeEventListener('visibilitychange', this.onVisible);
    }
    this.clearReconnect();
    this.dropSocket();
    this.commands?.failAll({ code: 'connection-closed', message: 'The page closed its connection.' }, true);
  }

  // ---- socket life cycle

  private open(): void {
    if (this.closed) return;
    this.clearReconnect();
    this.inflight.clear();
    const socket = openSocket(
      this.url,
      this.createSocket,
      {
        ready: (hello) => this.socket === socket && this.onHello(hello),
        message: (msg) => this.socket === socket && this.onMessage(msg),
        outdated: () => this.reloadForProtocol(),
        lost: () => this.socket === socket && this.lost(),
      },
      () => this.request({ kind: 'request' }),
    );
    this.socket = socket;
    if (!socket) this.scheduleReconnect();
  }

  /** The socket closed, its hello or a pong is overdue: retry with backoff. */
  private lost(): void {
    this.dropSocket();
    this.setStatus(this.everOnline ? 'offline' : 'connecting');
    this.scheduleReconnect();
  }

  /** Forgets the current socket (without waiting for a close handshake a dead link never ends). */
  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.stopHeartbeat();
    this.inflight.clear();
    for (const sub of this.subscriptions.values()) {
      sub.awaiting = false;
      sub.request = null;
    }
    this.commands?.socketLost();
    socket?.close();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = backoffDelay(this.attempt++);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  /** The network is back or the page became visible: skip the remaining backoff. */
  private wake(): void {
    if (this.closed || this.socket) return;
    this.attempt = 0;
    this.open();
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this._status) return;
    this._status = status;
    this.dispatchEvent(new ConnectionStatusEvent(status, this._role));
  }

  // ---- messages

  private send(msg: ClientMessage | string): boolean {
    return this.socket?.send(msg) ?? false;
  }

  /** The next request id of this connection, waiting in the in-flight map for its answer. */
  private request(what: InFlight): number {
    const id = this.nextId++;
    this.inflight.set(id, what);
    return id;
  }

  /** Takes the request an answer is for out of the in-flight map. */
  private settle(id: RequestId | undefined): InFlight | undefined {
    if (id === undefined) return undefined;
    const what = this.inflight.get(id);
    this.inflight.delete(id);
    return what;
  }

  private onMessage(msg: ServerMessage): void {
    switch (msg.type) {
      case 'hello':
        return; // the socket layer's (socket.ts)
      case 'pong':
        return this.onPong(msg.t, msg.serverTime);
      case 'snapshot': {
        const sub = this.subscriptions.get(msg.tournament);
        this.settle(msg.id);
        this.time.seed(msg.serverTime);
        if (!sub) return;
        sub.awaiting = false;
        sub.synced = Object.keys(msg.state).sort().join();
        sub.feed = applySnapshot(sub.feed, msg);
        return this.notify(sub, []);
      }
      case 'resumed': {
        const sub = this.subscriptions.get(msg.tournament);
        this.settle(msg.id);
        this.time.seed(msg.serverTime);
        if (!sub) return;
        sub.awaiting = false;
        sub.feed = resumedFeed(sub.feed, msg);
        return;
      }
      case 'patch': {
        const sub = this.subscriptions.get(msg.tournament);
        if (!sub || sub.awaiting) return;
        const outcome = applyPatch(sub.feed, msg);
        if (outcome.kind === 'gap') return this.sendSubscribe(sub);
        if (outcome.kind === 'stale') return;
        sub.feed = outcome.feed;
        return this.notify(sub, outcome.events);
      }
      case 'result': {
        const { type: _type, id, ...answer } = msg;
        if (this.settle(id)?.kind === 'command') this.commands?.answer(String(id), answer);
        return;
      }
      case 'error': {
        const what = this.settle(msg.id);
        if (what?.kind === 'command' && this.commands?.answer(String(msg.id), { ok: false, error: msg.error })) return;
        if (what?.kind === 'subscribe') return this.subscribeFailed(what.tournament, msg.id!, msg.error);
        console.warn('riffle: server error', msg.error.code, msg.error.message);
        return;
      }
      case 'obs':
        for (const listener of this.obsListeners.get(msg.tournament) ?? []) listener(msg.status);
        return;
    }
  }

  private onHello(hello: HelloMessage): void {
    this._may = new Set(hello.may ?? []);
    this.time.reset(hello.rate, hello.serverTime);
    this.everOnline = true;
    this.attempt = 0;
    const roleChanged = hello.role !== this._role;
    this._role = hello.role;
    for (const sub of this.subscriptions.values()) this.sendSubscribe(sub);
    for (const tournament of this.obsListeners.keys()) this.send({ type: 'obs.subscribe', id: this.request({ kind: 'request' }), tournament });
    this.commands?.sendAll();
    this.startHeartbeat();
    if (this._status !== 'online') this.setStatus('online');
    else if (roleChanged) this.dispatchEvent(new ConnectionStatusEvent(this._status, hello.role));
  }

  /**
   * The server refused a subscribe. A newer subscribe to the tournament may have taken this
   * one's place (the server answers the older one rate-limited while the newer waits): then the
   * newer one's answer decides.
   */
  private subscribeFailed(tournament: string, id: RequestId, error: ErrorBody): void {
    const sub = this.subscriptions.get(tournament);
    if (!sub || sub.request !== id) return;
    sub.awaiting = false;
    sub.request = null;
    sub.feed = failedFeed(sub.feed, error);
    this.notify(sub, []);
  }

  /**
   * The server speaks another protocol version: this page's bundle is out of date. A page
   * reloads to get the server's (at most once a minute, with a random delay so a room of TVs
   * does not reload in the same instant); a page that cannot reload stays offline and retries.
   */
  private reloadForProtocol(): void {
    this.dispatchEvent(new Event('outdated'));
    if (typeof location === 'undefined' || typeof sessionStorage === 'undefined') return;
    const last = Number(sessionStorage.getItem('riffle.reloadedAt') ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    sessionStorage.setItem('riffle.reloadedAt', String(Date.now()));
    setTimeout(() => location.reload(), Math.random() * 2_000);
  }

  private sendSubscribe(sub: Subscription): void {
    if (!this.greeted) return; // sent on hello
    sub.awaiting = true;
    const id = this.request({ kind: 'subscribe', tournament: sub.tournament });
    sub.request = id;
    // Resume from the last change applied: the server sends only what was missed.
    const same = sub.synced === [...sub.topics].sort().join();
    const since = same && sub.feed.status === 'ready' && sub.feed.seq > 0 ? { since: sub.feed.seq } : {};
    this.send({ type: 'subscribe', id, tournament: sub.tournament, topics: [...sub.topics], ...since });
  }

  private notify(sub: Subscription, events: readonly PublicEvent[]): void {
    for (const listener of [...sub.listeners.keys()]) {
      try {
        listener(sub.feed, events);
      } catch (err) {
        console.error('riffle: subscriber failed', err);
      }
    }
  }

  // ---- heartbeat and time

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.burstLeft = HEARTBEAT.burst - 1;
    this.ping();
    this.heartbeatTimer = setInterval(() => {
      this.ping();
      this.commands?.resendStale(HEARTBEAT.resendAfterMs);
    }, HEARTBEAT.intervalMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    this.clearWatchdog();
    this.burstLeft = 0;
  }

  private armWatchdog(ms: number): void {
    this.clearWatchdog();
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (this.socket) this.lost();
    }, ms);
  }

  private clearWatchdog(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  private ping(): void {
    if (!this.send({ type: 'ping', t: performance.now() })) return;
    // Only the oldest unanswered ping counts: a dead socket is found within pongTimeoutMs of it.
    if (!this.watchdog) this.armWatchdog(HEARTBEAT.pongTimeoutMs);
  }

  private onPong(sentAt: number, serverTime: number): void {
    this.time.addPong(sentAt, serverTime);
    this.clearWatchdog();
    if (this.burstLeft > 0) {
      this.burstLeft--;
      this.ping();
    }
  }
}

let shared: Connection | null = null;

/**
 * The page's one connection, opened on first use. `commands` (the control panel only, through
 * client/commands.ts `controlConnection`) gives it a command queue.
 */
export function pageConnection(commands?: CommandSinkFactory): Connection {
  shared ??= new Connection(commands ? { commands } : {});
  return shared;
}
