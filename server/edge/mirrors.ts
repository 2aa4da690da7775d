/**
 * An edge's tournaments (the Feeds of its hub, server/ws/feeds.ts) and its one NATS connection.
 * A tournament is mirrored when a socket first asks for it (`follow`: the feed subscribed, then
 * a snapshot asked of the owner) and forgotten (its feed unsubscribed) `forgetAfterMs` after
 * the last socket left it. Commands and sign-ins go to the hosts by request-reply.
 *
 * NATS down (at start or later) is a log line: the sockets stay, mirrors serve what they hold,
 * commands are answered 503 storage-unavailable at once; when it is back each mirror asks its
 * owner what it missed (Mirror.reconnected).
 */
import { requestInParts } from '../cluster/parts.js';
import { ErrorCode, type NatsConnection, type NatsError, type Subscription } from 'nats';
import type { Logger } from 'pino';
import type { Actor } from '../host/actor.js';
import type { Answer, Change } from '../host/tournament-host.js';
import type { Feeds, FollowResult } from '../ws/feeds.js';
import { decodeFeed, decodeJson, decodeSync, encodeJson, SUBJECTS, type AuthReply, type AuthRequest, type CommandRequest, type ExistsReply, type ExistsRequest, type SyncAnswer, type SyncRequest } from '../cluster/wire.js';
import { Mirror, SYNC_RETRY_MS, type MirrorLink } from './mirror.js';
import { connectForever, firstTryOrLater, type Connecting, type NatsState } from '../cluster/connect.js';
import { describeNats, type NatsTarget } from '../cluster/nats-options.js';

/** How long a command may wait for its owner's answer. */
export const COMMAND_TIMEOUT_MS = 10_000;
/** How long a sync or a sign-in may wait. */
export const REQUEST_TIMEOUT_MS = 5_000;
/** How long a socket's first subscribe waits for a tournament that exists but has no owner now (changing hosts). */
export const FOLLOW_WAIT_MS = 10_000;
/** A mirror no socket follows is forgotten after this long (a page that reloads finds it still there). */
export const FORGET_AFTER_MS = 60_000;

export const NATS_DOWN = 'This screen server (an edge) cannot reach the tournament hosts right now (NATS is down): nothing was changed. It reconnects by itself; send the same command again then.';
export const CHANGING_HOSTS = 'The tournament is changing hosts (its server stopped and another is taking it over): nothing was changed yet. Send the same command again in a few seconds.';
export const OWNER_CHANGED = 'The tournament changed hosts while the command was on its way: it may or may not have been made. Send the same command (same id) again and you get its answer.';
export const NO_ANSWER = 'The tournament\'s host did not answer within 10 s. The command may or may not have been made: send the same command (same id) again and you get its answer.';

/** What the mirrors need of the hub. */
export interface MirrorHub {
  publish(change: Change): void;
  resync(tournament: string): void;
  resyncDelayed(tournament: string): void;
  follows(tournament: string): boolean;
  forget(tournament: string): void;
}

function unavailable(message: string): Answer {
  return { status: 503, answer: { ok: false, error: { code: 'storage-unavailable', message } } };
}

export class Mirrors implements Feeds, MirrorLink {
  private nc: NatsConnection | null = null;
  private connected = false;
  private readonly mirrors = new Map<string, { mirror: Mirror; sub: Subscription | null }>();
  private readonly starting = new Map<string, Promise<FollowResult>>();
  private hub: MirrorHub | null = null;
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  private connecting: Connecting | null = null;
  /** A change arrived from its owner, committed at `at` (metrics: the edge's lag). */
  received: ((at: number, feed: 'live' | 'delayed') => void) | null = null;

  constructor(
    private readonly nats: NatsTarget,
    private readonly log: Logger,
    private readonly forgetAfterMs = FORGET_AFTER_MS,
  ) {}

  get storageDown(): string | null {
    return this.connected ? null : NATS_DOWN;
  }

  /** Whether the NATS connection is up (/healthz). */
  get natsConnected(): boolean {
    return this.connected;
  }

  /** Where this edge stands with NATS: refused credentials told apart (readiness). */
  get natsState(): NatsState {
    return this.connecting?.state ?? { connected: false, refused: false, error: 'not started' };
  }

  /** The NATS connection, once made (the edge's HTTP relay: server/edge/api-proxy.ts). */
  get connection(): NatsConnection | null {
    return this.nc;
  }

  get size(): number {
    return this.mirrors.size;
  }

  /** Connects in the background; NATS down at start is a log line and a retry, forever. Resolves after the first try (at most FIRST_TRY_WAIT_MS). */
  start(hub: MirrorHub): Promise<void> {
    this.hub = hub;
    this.sweeper = setInterval(() => this.sweep(), Math.min(5_000, this.forgetAfterMs));
    this.sweeper.unref?.();
    this.connecting = connectForever(
      this.nats,
      `riffle-edge-${process.pid}`,
      this.log,
      (nc) => {
        if (this.closed) return void nc.close();
        this.nc = nc;
        this.connected = true;
        this.log.info({ nats: describeNats(this.nats) }, 'edge: NATS connected');
        void this.watch(nc);
      },
      'NATS cannot be reached (RIFFLE_NATS_URL): this edge serves its pages but no tournament until it can',
    );
    return firstTryOrLater(this.connecting);
  }

  private async watch(nc: NatsConnection): Promise<void> {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') {
        this.connected = false;
        this.log.warn({ server: s.data }, 'edge: NATS connection lost; screens keep what they show, commands are answered storage-unavailable until it is back');
      } else if (s.type === 'reconnect') {
        this.connected = true;
        this.log.warn({ server: s.data }, 'edge: NATS connection back; asking each tournament\'s owner what was missed');
        for (const { mirror } of this.mirrors.values()) mirror.reconnected();
      }
    }
  }

  get(id: string): Mirror | undefined {
    const entry = this.mirrors.get(id);
    if (!entry || !entry.mirror.ready) return undefined;
    entry.mirror.lastUsed = Date.now();
    return entry.mirror;
  }

  /**
   * Mirrors a tournament: its feed subscribed, then its snapshot. No owner answering: a host is
   * asked whether the tournament exists at all; if so (it is changing hosts) the socket waits,
   * asking again every second, at most FOLLOW_WAIT_MS.
   */
  follow(id: string): Promise<FollowResult> {
    if (this.mirrors.get(id)?.mirror.ready) return Promise.resolve({ ok: true });
    let pending = this.starting.get(id);
    if (pending) return pending;
    const nc = this.nc;
    if (!nc || !this.connected || this.closed) return Promise.resolve({ ok: false, error: { code: 'storage-unavailable', message: NATS_DOWN } });
    const mirror = new Mirror(id, this);
    const sub = nc.subscribe(SUBJECTS.feed(id), {
      callback: (err, msg) => {
        if (err) return;
        let message;
        try {
          message = decodeFeed(msg.data);
        } catch (e) {
          this.log.warn({ tournament: id, err: String(e) }, 'edge: a feed message does not parse; asking the owner again');
          mirror.reconnected();
          return;
        }
        if ('change' in message) this.received?.(message.change.at, message.change.feed);
        mirror.receive(message);
      },
    });
    this.mirrors.set(id, { mirror, sub });
    pending = this.firstSnapshot(id, mirror).then((result) => {
      this.starting.delete(id);
      if (!result.ok) this.drop(id);
      return result;
    });
    this.starting.set(id, pending);
    return pending;
  }

  private async firstSnapshot(id: string, mirror: Mirror): Promise<FollowResult> {
    const until = Date.now() + FOLLOW_WAIT_MS;
    for (;;) {
      if (await mirror.start()) return { ok: true };
      if (this.closed || !this.connected) return { ok: false, error: { code: 'storage-unavailable', message: NATS_DOWN } };
      const exists = await this.exists(id);
      if (exists === false) return { ok: false, error: { code: 'unknown-tournament', message: `There is no tournament "${id.slice(0, 40)}".` } };
      if (Date.now() >= until) return { ok: false, error: { code: 'storage-unavailable', message: CHANGING_HOSTS } };
      await new Promise((r) => setTimeout(r, SYNC_RETRY_MS));
    }
  }

  /** Whether a tournament is stored at all (a host asks its database); null when no host can say. */
  private async exists(id: string): Promise<boolean | null> {
    const nc = this.nc;
    if (!nc || !this.connected) return null;
    try {
      const reply = await nc.request(SUBJECTS.exists, encodeJson({ tournament: id } satisfies ExistsRequest), { timeout: REQUEST_TIMEOUT_MS });
      return decodeJson<ExistsReply>(reply.data).exists;
    } catch {
      return null;
    }
  }

  private drop(id: string): void {
    const entry = this.mirrors.get(id);
    if (!entry) return;
    this.mirrors.delete(id);
    entry.mirror.close();
    entry.sub?.unsubscribe();
    this.hub?.forget(id);
  }

  /** Forgets the mirrors no socket followed for `forgetAfterMs`. */
  sweep(now = Date.now()): void {
    for (const [id, { mirror }] of [...this.mirrors]) {
      if (!mirror.ready) continue;
      if (this.hub?.follows(id)) mirror.lastUsed = now;
      else if (now - mirror.lastUsed >= this.forgetAfterMs) this.drop(id);
    }
  }

  // MirrorLink: what a mirror asks of the edge.

  async sync(id: string, request: SyncRequest): Promise<SyncAnswer> {
    const nc = this.nc;
    if (!nc || !this.connected) throw new Error('NATS is down');
    // A big field's snapshot comes in parts (cluster/parts.ts).
    return decodeSync(await requestInParts(nc, SUBJECTS.sync(id), encodeJson(request), REQUEST_TIMEOUT_MS));
  }

  async command(id: string, command: unknown, actor: Actor, ownerChanged?: Promise<void>): Promise<Answer> {
    const nc = this.nc;
    if (!nc || !this.connected) return unavailable(NATS_DOWN);
    try {
      const request = nc.request(SUBJECTS.cmd(id), encodeJson({ command, actor } satisfies CommandRequest), { timeout: COMMAND_TIMEOUT_MS });
      // The owner it went to died and another took over: no answer will come from the old one.
      const reply = ownerChanged ? await Promise.race([request, ownerChanged.then(() => null)]) : await request;
      if (reply === null) {
        request.catch(() => {});
        return unavailable(OWNER_CHANGED);
      }
      return decodeJson<Answer>(reply.data);
    } catch (err) {
      const code = (err as NatsError).code;
      if (code === ErrorCode.NoResponders) return unavailable(CHANGING_HOSTS);
      if (code === ErrorCode.Timeout) return unavailable(NO_ANSWER);
      return unavailable(this.connected ? CHANGING_HOSTS : NATS_DOWN);
    }
  }

  /** Who a token is (a host checks it: riffle.hosts.auth); null when not valid or no host answers. */
  async actorOf(request: AuthRequest): Promise<Actor | null> {
    const nc = this.nc;
    if (!nc || !this.connected) return null;
    try {
      const reply = await nc.request(SUBJECTS.auth, encodeJson(request), { timeout: REQUEST_TIMEOUT_MS });
      return decodeJson<AuthReply>(reply.data).actor ?? null;
    } catch (err) {
      this.log.warn({ err: String(err) }, 'edge: no host answered a sign-in check');
      return null;
    }
  }

  publish(change: Change): void {
    this.hub?.publish(change);
  }

  resync(id: string): void {
    this.hub?.resync(id);
  }

  resyncDelayed(id: string): void {
    this.hub?.resyncDelayed(id);
  }

  warn(fields: object, message: string): void {
    this.log.warn(fields, message);
  }

  info(fields: object, message: string): void {
    this.log.info(fields, message);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.connecting?.close();
    if (this.sweeper) clearInterval(this.sweeper);
    for (const id of [...this.mirrors.keys()]) this.drop(id);
    const nc = this.nc;
    this.nc = null;
    this.connected = false;
    if (nc && !nc.isClosed()) await nc.close().catch(() => {});
  }
}
