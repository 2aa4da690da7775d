/**
 * A host's side of NATS (RIFFLE_NATS_URL; docs/ARCHITECTURE.md "Edges"): beside `Hub.publish`,
 * every Change of every tournament this process owns goes out on `riffle.t.<id>.feed`, encoded
 * once (wire.ts); `loaded` after a take-over or a reload and `delay` when the stream delay
 * changes; and it answers, for the tournaments it owns, `sync` (what an edge missed, from the
 * host's history, or a whole snapshot) and `cmd` (a command, answered once durable), and for
 * any tournament `riffle.hosts.auth` (queue group `hosts`).
 *
 * NATS is never in a command's path on the host: a publish is a buffered write, and NATS down
 * (at start or later) is a log line while the host goes on serving its own sockets; nats.js
 * reconnects forever and edges ask for what they missed when it is back (their `sync`).
 *
 * Which tournaments are owned is read off the registry (every RECONCILE_MS, at a `loaded`, and
 * at the first change of one not yet known): on SQLite, all of them (epoch 0); on PostgreSQL, the
 * ones whose lease this process holds (server/host/pg/cluster.ts).
 */
import { type Msg, type NatsConnection, type NatsError, type Subscription } from 'nats';
import type { Logger } from 'pino';
import type { Actor } from '../host/actor.js';
import { connectForever, firstTryOrLater, type Connecting, type NatsState } from './connect.js';
import { describeNats, type NatsAuth } from './nats-options.js';
import { isRole } from '../protocol/roles.js';
import { respondInParts } from './parts.js';
import type { Answer, Change, TournamentHost } from '../host/tournament-host.js';
import { TOPICS } from '../protocol/views.js';
import {
  decodeJson,
  encodeChange,
  encodeControl,
  encodeJson,
  encodeSyncChanges,
  encodeSyncSnapshot,
  HOSTS_QUEUE,
  SUBJECTS,
  type AuthReply,
  type AuthRequest,
  type CommandRequest,
  type ExistsReply,
  type ExistsRequest,
  type SyncRequest,
} from './wire.js';

/** How often the tournaments owned are compared with the subjects answered. */
export const RECONCILE_MS = 1_000;

/** What the link needs of the host. */
export interface HostLinkDeps {
  natsUrl: string;
  /** Credentials and TLS for NATS (nats-options.ts). */
  natsAuth?: NatsAuth;
  /** The tournaments this process serves (Registry). */
  registry: { get(id: string): TournamentHost | undefined; list(): TournamentHost[] };
  /** The host's Auth (`session` may be answered later, e.g. from PostgreSQL). */
  auth: { bearer(token: string): Actor | null; session(token: string): Actor | null | Promise<Actor | null> };
  /** Whether a tournament is stored at all (on PostgreSQL, owned by any process or none). */
  exists(id: string): Promise<boolean>;
  /** The lease epoch under which this process holds a tournament (0 on SQLite). */
  epochOf(id: string): number;
  log: Logger;
  /** Tests: the bytes of a sync answer's part (by default the server's max_payload less head room). */
  partBytes?: number;
}

interface Owned {
  epoch: number;
  /** The live seq at which this process took the tournament (loaded it) under `epoch`. */
  epochStart: number;
  /** Seq of the last change published on each feed (-1: not known; an edge then asks). */
  live: number;
  delayed: number;
  subs: Subscription[];
}

export class HostLink {
  private nc: NatsConnection | null = null;
  private readonly owned = new Map<string, Owned>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  private authSub: Subscription | null = null;
  private existsSub: Subscription | null = null;
  private outbox: Array<{ subject: string; encode: () => Uint8Array; failed?: () => void }> = [];
  private connecting: Connecting | null = null;

  constructor(private readonly deps: HostLinkDeps) {}

  /** Connects in the background (never throws, never waits): NATS down at start is a log line. */
  start(): Promise<void> {
    const { log, natsUrl, natsAuth } = this.deps;
    const target = { url: natsUrl, ...(natsAuth ? { auth: natsAuth } : {}) };
    this.reconcile();
    this.timer = setInterval(() => this.reconcile(), RECONCILE_MS);
    this.timer.unref?.();
    this.connecting = connectForever(
      target,
      `riffle-host-${process.pid}`,
      log,
      (nc) => {
        if (this.closed) return void nc.close();
        this.nc = nc;
        log.info({ nats: describeNats(target) }, 'NATS connected: publishing changes and answering edges');
        this.authSub = nc.subscribe(SUBJECTS.auth, { queue: HOSTS_QUEUE, callback: (err, msg) => void (err ? undefined : this.answerAuth(msg)) });
        this.existsSub = nc.subscribe(SUBJECTS.exists, { queue: HOSTS_QUEUE, callback: (err, msg) => void (err ? undefined : this.answerExists(msg)) });
        for (const [id, owned] of this.owned) owned.subs = this.subscribe(id);
        void this.watch(nc);
      },
      'NATS cannot be reached (RIFFLE_NATS_URL): screens on edges get nothing from this host until it can; this host serves its own sockets meanwhile',
    );
    return firstTryOrLater(this.connecting);
  }

  /** Where this host stands with NATS (readiness). */
  get natsState(): NatsState {
    return this.connecting?.state ?? { connected: false, refused: false, error: 'not started' };
  }

  /** The NATS connection, once made (the HTTP relay answers on it too: server/cluster/http-relay.ts). */
  get connection(): NatsConnection | null {
    return this.nc;
  }

  private async watch(nc: NatsConnection): Promise<void> {
    const { log } = this.deps;
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') log.warn({ server: s.data }, 'NATS connection lost: edges miss this host\'s changes until it is back (they ask for them then); own sockets are served as before');
      else if (s.type === 'reconnect') log.warn({ server: s.data }, 'NATS connection back');
    }
  }

  /** A committed change (live, or released by the stream's delay): to the tournament's feed. */
  change(change: Change): void {
    let owned = this.owned.get(change.tournament);
    let prev: number;
    // A tournament loaded anew may change (the clock's missed boundaries) before `loaded` is
    // called: its first changes already carry the new epoch.
    if (owned && owned.epoch !== this.deps.epochOf(change.tournament)) {
      this.untrack(change.tournament);
      owned = undefined;
    }
    if (!owned) {
      this.track(change.tournament);
      owned = this.owned.get(change.tournament);
      if (!owned) return;
      prev = -1;
    } else prev = change.feed === 'live' ? owned.live : owned.delayed;
    if (change.feed === 'live') owned.live = change.seq;
    else owned.delayed = change.seq;
    const id = change.tournament;
    this.publish(SUBJECTS.feed(id), () => encodeChange(change, prev, owned.epoch), () => {
      // Not published (too large): the edges are told to ask for what they miss.
      const now = this.owned.get(id);
      if (!now) return;
      if (change.feed === 'delayed') this.delayChanged(id);
      else this.publish(SUBJECTS.feed(id), () => encodeControl({ kind: 'loaded', tournament: id, epoch: now.epoch, seq: now.live }));
    });
  }

  /** The stream delay changed: edges take the delayed feed anew. */
  delayChanged(id: string): void {
    const host = this.deps.registry.get(id);
    const owned = this.owned.get(id);
    if (!host || !owned) return;
    owned.delayed = host.delayed.seq;
    this.publish(SUBJECTS.feed(id), () => encodeControl({ kind: 'delay', tournament: id, epoch: owned.epoch, delayMs: host.delayed.delayMs, seq: host.delayed.seq }));
  }

  /** The tournament was taken over or loaded again (a new host object, a new epoch): edges resync. */
  loaded(id: string): void {
    this.untrack(id);
    this.track(id);
    const owned = this.owned.get(id);
    if (!owned) return;
    this.publish(SUBJECTS.feed(id), () => encodeControl({ kind: 'loaded', tournament: id, epoch: owned.epoch, seq: owned.live }));
  }

  /**
   * Encoded and published after the command's own work (a microtask: before any answer, which
   * waits for its commit, so an edge hears of a change before its sender's answer), in order.
   */
  private publish(subject: string, encode: () => Uint8Array, failed?: () => void): void {
    if (!this.nc) return;
    this.outbox.push({ subject, encode, ...(failed ? { failed } : {}) });
    if (this.outbox.length === 1) queueMicrotask(() => this.flush());
  }

  private flush(): void {
    const out = this.outbox;
    this.outbox = [];
    const nc = this.nc;
    if (!nc || nc.isClosed()) return;
    for (const { subject, encode, failed } of out) {
      try {
        nc.publish(subject, encode());
      } catch (err) {
        // Too large for the server's max_payload (a whole topic set in a big field), or the
        // connection closing: the edges are told at once to ask (`loaded` with the seq they should
        // hold: they take the missed changes by `sync`, whose answer may come in parts), not
        // only at the next change, which may never come.
        this.deps.log.warn({ err: String(err), subject }, 'a change could not be published on NATS; edges are told to ask for it');
        failed?.();
      }
    }
  }

  /** The tournament is no longer served here (handed over): its subjects go at once, so edges hear its next owner, not this silence. */
  dropped(id: string): void {
    if (!this.deps.registry.get(id)) this.untrack(id);
  }

  /** Compares the tournaments served with the subjects answered. */
  private reconcile(): void {
    const served = new Set<string>();
    for (const host of this.deps.registry.list()) {
      served.add(host.id);
      if (!this.owned.has(host.id)) this.track(host.id);
    }
    for (const id of [...this.owned.keys()]) if (!served.has(id)) this.untrack(id);
  }

  private track(id: string): void {
    const host = this.deps.registry.get(id);
    if (!host || this.closed) return;
    this.owned.set(id, { epoch: this.deps.epochOf(id), epochStart: host.seq, live: host.seq, delayed: host.delayed.seq, subs: this.subscribe(id) });
  }

  private untrack(id: string): void {
    const owned = this.owned.get(id);
    if (!owned) return;
    this.owned.delete(id);
    for (const sub of owned.subs) sub.unsubscribe();
  }

  private subscribe(id: string): Subscription[] {
    const nc = this.nc;
    if (!nc || nc.isClosed()) return [];
    const call = (fn: (msg: Msg) => void | Promise<void>) => (err: NatsError | null, msg: Msg) => {
      if (err) return;
      void Promise.resolve()
        .then(() => fn(msg))
        .catch((e: unknown) => this.deps.log.error({ err: e, tournament: id }, 'answering an edge failed'));
    };
    return [nc.subscribe(SUBJECTS.sync(id), { callback: call((msg) => this.answerSync(id, msg)) }), nc.subscribe(SUBJECTS.cmd(id), { callback: call((msg) => this.answerCommand(id, msg)) })];
  }

  private answerSync(id: string, msg: Msg): void {
    const host = this.deps.registry.get(id);
    const owned = this.owned.get(id);
    // Not (or no longer) the owner: silent, so the owner's answer is the one an edge gets.
    if (!host || !owned) return;
    const req = msg.data.length ? decodeJson<SyncRequest>(msg.data) : {};
    const since = req.since;
    // What an edge holds up to `since` is this owner's too when it is of this epoch, or of the
    // one before and exactly where this owner took over: the start of its history (the log,
    // saved, is the same up to there; what the old owner published past it may never have been).
    const sameHistory =
      typeof since === 'number' &&
      (req.epoch === owned.epoch || (req.epoch === owned.epoch - 1 && since <= owned.epochStart && host.changesSince(since - 1) === null));
    const missed = sameHistory ? host.changesSince(since) : null;
    if (missed) {
      let prev = since!;
      const changes = missed.map((change) => {
        const item = { change, prev };
        prev = change.seq;
        return item;
      });
      return void this.respond(msg, encodeSyncChanges({ epoch: owned.epoch, seq: host.seq }, changes));
    }
    const topics = [...TOPICS];
    this.respond(
      msg,
      encodeSyncSnapshot(
        { tournament: id, epoch: owned.epoch, seq: host.seq, versions: { ...host.versions }, topics, delayed: { seq: host.delayed.seq, delayMs: host.delayed.delayMs } },
        topics.map((t) => host.topicJsonFor(t)),
        topics.map((t) => host.delayed.topicJsonFor(t)),
      ),
    );
  }

  /** A sync answer, in parts when it is larger than one NATS message (a big field's snapshot: parts.ts). */
  private respond(msg: Msg, data: Uint8Array): void {
    respondInParts(msg, data, this.nc?.info?.max_payload ?? 1024 * 1024, this.deps.partBytes);
  }

  private async answerCommand(id: string, msg: Msg): Promise<void> {
    const host = this.deps.registry.get(id);
    // Not (or no longer) the owner (its subject goes at the next reconcile): silent, as above.
    if (!host) return;
    let req: CommandRequest;
    try {
      req = decodeJson<CommandRequest>(msg.data);
    } catch {
      return void msg.respond(encodeJson({ status: 400, answer: { ok: false, error: { code: 'bad-json', message: 'The command is not valid JSON.' } } } satisfies Answer));
    }
    // An edge vouches for who signed in on its socket (it asked a host: riffle.hosts.auth); the
    // server's own role is never taken from the wire.
    const actor: Actor = req.actor && isRole(req.actor.role) && typeof req.actor.id === 'string' ? { role: req.actor.role, id: req.actor.id.slice(0, 80) } : { role: 'viewer', id: 'anonymous' };
    let answer: Answer;
    try {
      answer = await host.dispatch(req.command, actor, 'group').durable();
    } catch {
      answer = { status: 500, answer: { ok: false, error: { code: 'internal-error', message: 'The command failed inside the server; nothing was changed.' } } };
    }
    msg.respond(encodeJson(answer));
  }

  private async answerAuth(msg: Msg): Promise<void> {
    let actor: Actor | null = null;
    try {
      const req = decodeJson<AuthRequest>(msg.data);
      if ('bearer' in req && typeof req.bearer === 'string') actor = this.deps.auth.bearer(req.bearer);
      else if ('session' in req && typeof req.session === 'string') actor = await this.deps.auth.session(req.session);
    } catch (err) {
      this.deps.log.error({ err }, 'checking a token for an edge failed');
    }
    msg.respond(encodeJson({ actor } satisfies AuthReply));
  }

  private async answerExists(msg: Msg): Promise<void> {
    let exists = false;
    try {
      const { tournament } = decodeJson<ExistsRequest>(msg.data);
      exists = typeof tournament === 'string' && (this.deps.registry.get(tournament) !== undefined || (await this.deps.exists(tournament)));
    } catch (err) {
      // The database cannot say now: no answer, and the edge keeps the screen waiting.
      this.deps.log.warn({ err: String(err) }, 'an edge asked whether a tournament exists; the database could not say');
      return;
    }
    msg.respond(encodeJson({ exists } satisfies ExistsReply));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.connecting?.close();
    if (this.timer) clearInterval(this.timer);
    for (const id of [...this.owned.keys()]) this.untrack(id);
    this.authSub?.unsubscribe();
    this.existsSub?.unsubscribe();
    const nc = this.nc;
    this.nc = null;
    if (nc && !nc.isClosed()) await nc.drain().catch(() => nc.close());
  }
}

