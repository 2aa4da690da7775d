/**
 * The router: a socket's message, parsed and checked once, goes where it belongs. The handshake
 * (`hello` with the protocol version) and the app's `ping` are answered here; `subscribe` goes to
 * the bulk sender (which joins the socket to the fan-out when its snapshot goes out), `command`
 * to the tournament's host, `auth` and `obs.subscribe` to the hub, which keeps who may do what.
 */
import { CLOSE_PROTOCOL_VERSION, PROTOCOL_VERSION, type ClientMessage, type RequestId } from '../protocol/messages.js';
import { TOPICS, type Topic } from '../protocol/views.js';
import type { FeedSource, Feeds } from './feeds.js';
import type { Answer, DispatchResult } from '../host/tournament-host.js';
import type { TimeSource } from '../time.js';
import type { BulkSender } from './bulk-sender.js';
import { groupKey, type Fanout } from './fanout.js';
import { WS_LIMITS } from './limits.js';
import type { Session } from './session.js';
import { liveTopicsFor, PRODUCER_TOPIC } from '../host/producer-text.js';

/** What the router hands back to the hub: signing in, OBS status, and closing a socket. */
export interface RouterHub {
  authenticate(session: Session, token: unknown, id?: RequestId): void;
  followObs(session: Session, tournament: unknown, id?: RequestId): void;
  close(session: Session): void;
}

export class Router {
  constructor(
    private readonly registry: Feeds,
    private readonly time: TimeSource,
    private readonly fanout: Fanout,
    private readonly bulk: BulkSender,
    private readonly hub: RouterHub,
  ) {}

  message(session: Session, data: string): void {
    if (!session.allow()) return;
    let msg: ClientMessage;
    try {
      msg = JSON.parse(data) as ClientMessage;
    } catch {
      return session.error({ code: 'bad-json', message: 'The message is not valid JSON.' });
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg) || typeof msg.type !== 'string') {
      return session.error({ code: 'invalid-command', message: 'A message must be a JSON object with a "type".' });
    }
    const id: RequestId | undefined = 'id' in msg && (typeof msg.id === 'string' || typeof msg.id === 'number') ? msg.id : undefined;
    if (msg.type === 'ping') return session.send({ type: 'pong', t: typeof msg.t === 'number' ? msg.t : 0, serverTime: this.time.now() });
    if (msg.type === 'hello') return this.greet(session, msg.protocol, id);
    // A client that does not say its version first is an old page (protocol 1 never did).
    if (!session.greeted) return this.refuseVersion(session, undefined, id);
    switch (msg.type) {
      case 'subscribe':
        return this.subscribe(session, msg.tournament, msg.topics, id, msg.since);
      case 'unsubscribe':
        if (typeof msg.tournament === 'string') {
          this.bulk.cancel(session, msg.tournament, { code: 'rate-limited', message: 'Unsubscribed before the snapshot was sent.' });
          this.unsubscribe(session, msg.tournament);
        }
        return session.send({ type: 'result', id, ok: true, seq: 0 });
      case 'auth':
        return this.hub.authenticate(session, msg.token, id);
      case 'command':
        return this.command(session, msg.tournament, msg.command, id);
      case 'obs.subscribe':
        return this.hub.followObs(session, msg.tournament, id);
      default:
        return session.error({ code: 'unknown-command', message: `There is no message type "${String((msg as { type: string }).type).slice(0, 40)}".` }, id);
    }
  }

  /** Leaves a tournament: what waits in the bulk sender, and the fan-out. */
  unsubscribe(session: Session, tournament: string): void {
    this.bulk.cancel(session, tournament);
    this.fanout.leave(session, tournament);
  }

  /** The client's hello: the protocol version it speaks. Another version is told to reload. */
  private greet(session: Session, protocol: unknown, id: RequestId | undefined): void {
    if (protocol !== PROTOCOL_VERSION) return this.refuseVersion(session, protocol, id);
    session.greeted = true;
    session.send({ type: 'result', id, ok: true, seq: 0 });
  }

  private refuseVersion(session: Session, protocol: unknown, id: RequestId | undefined): void {
    const theirs = typeof protocol === 'number' ? `protocol ${protocol}` : 'an older protocol';
    session.error({ code: 'protocol-version', message: `This page speaks ${theirs}; the server speaks protocol ${PROTOCOL_VERSION}. Reload the page.` }, id);
    session.socket.close(CLOSE_PROTOCOL_VERSION, 'reload');
    this.hub.close(session);
  }

  private subscribe(session: Session, tournament: unknown, topics: unknown, id?: RequestId, since?: unknown): void {
    if (typeof tournament !== 'string') {
      return session.error({ code: 'invalid-tournament', message: '"tournament" must be a tournament id.' }, id);
    }
    if (!this.registry.get(tournament)) {
      const unknown = () => session.error({ code: 'unknown-tournament', message: `There is no tournament "${tournament.slice(0, 40)}".` }, id);
      if (!this.registry.follow) return unknown();
      // An edge: the tournament is mirrored first (its owner asked through NATS), then subscribed.
      void this.registry.follow(tournament).then(
        (followed) => {
          if (followed.ok && this.registry.get(tournament)) return this.subscribe(session, tournament, topics, id, since);
          session.error(followed.ok ? { code: 'unknown-tournament', message: `There is no tournament "${tournament.slice(0, 40)}".` } : followed.error, id);
        },
        unknown,
      );
      return;
    }
    let chosen: Topic[];
    if (topics === undefined) chosen = [...TOPICS];
    else if (Array.isArray(topics) && topics.length > 0 && topics.every((t) => (TOPICS as readonly unknown[]).includes(t))) {
      chosen = TOPICS.filter((t) => topics.includes(t));
    } else {
      return session.error({ code: 'invalid-command', message: `"topics" must be a non-empty list of: ${TOPICS.join(', ')}.` }, id);
    }
    // Producer text airs late (the secure delay): live, only the TD and the producer read it
    // (host/producer-text.ts); the others get the other topics they asked for.
    if (!session.delayed) {
      chosen = liveTopicsFor(session.actor, chosen);
      if (chosen.length === 0) {
        return session.error({ code: 'not-authorized', message: `The "${PRODUCER_TOPIC}" topic airs late: live it is for the TD and the producer; overlays follow /ws/stream.` }, id);
      }
    }
    if (since !== undefined && (typeof since !== 'number' || !Number.isInteger(since) || since < 0)) {
      return session.error({ code: 'invalid-command', message: '"since" must be the seq of the last change applied (a whole number).' }, id);
    }
    if (!session.subscriptions.has(tournament) && session.subscriptions.size >= WS_LIMITS.maxSubscriptions) {
      return session.error({ code: 'rate-limited', message: `A socket may follow at most ${WS_LIMITS.maxSubscriptions} tournaments.` }, id);
    }
    // The socket leaves the fan-out until its snapshot or resume goes out (bulk-sender.ts); a
    // subscribe still waiting is answered and replaced there.
    this.fanout.leave(session, tournament);
    session.subscriptions.set(tournament, groupKey(chosen, session.delayed));
    this.bulk.request({ conn: session, tournament, topics: chosen, ...(id !== undefined ? { id } : {}), ...(since !== undefined ? { since: since as number } : {}) });
  }

  private command(session: Session, tournament: unknown, command: unknown, ref: RequestId | undefined): void {
    const reply = ({ answer }: Answer) => session.send({ type: 'result', id: ref, ...answer });
    if (session.delayed) {
      return reply({ status: 403, answer: { ok: false, error: { code: 'not-authorized', message: 'The stream feed (/ws/stream) is read-only; send commands on /ws.' } } });
    }
    if (!session.sameOrigin) {
      return reply({ status: 403, answer: { ok: false, error: { code: 'bad-origin', message: 'A socket opened by a page from another site cannot send commands.' } } });
    }
    const host = typeof tournament === 'string' ? this.registry.get(tournament) : undefined;
    if (!host && typeof tournament === 'string' && this.registry.follow && !this.registry.storageDown) {
      // An edge that does not mirror the tournament yet: mirrored first, then sent.
      void this.registry.follow(tournament).then(
        (followed) => {
          if (followed.ok && this.registry.get(tournament)) return this.command(session, tournament, command, ref);
          if (followed.ok || followed.error.code === 'unknown-tournament') return this.refuseUnknown(reply);
          reply({ status: 503, answer: { ok: false, error: followed.error } });
        },
        () => this.refuseUnknown(reply),
      );
      return;
    }
    if (!host) return this.refuseUnknown(reply);
    // dispatch answers every failure itself (storage, internal); this is the last guard, so a
    // command on a socket is never left without an answer.
    let result: DispatchResult | Promise<Answer>;
    try {
      result = host.dispatch(command, session.actor, 'group');
    } catch {
      return reply({ status: 500, answer: { ok: false, error: { code: 'internal-error', message: 'The command failed inside the server; nothing was changed.' } } });
    }
    if (result instanceof Promise) return this.answerLater(session, host, result, reply);
    if (!result.answer.ok) return reply(result);
    this.fanout.sendAhead(session, host, result.answer.seq);
    // Group commit: the answer waits for the fsync it shares with the commands sent meanwhile
    // (results of one socket keep their order: fsyncs answer their waiters in order).
    void result.durable().then(reply);
  }

  private refuseUnknown(reply: (answer: Answer) => void): void {
    if (this.registry.storageDown) return reply({ status: 503, answer: { ok: false, error: { code: 'storage-unavailable', message: this.registry.storageDown } } });
    return reply({ status: 404, answer: { ok: false, error: { code: 'unknown-tournament', message: 'There is no such tournament.' } } });
  }

  /**
   * An edge's command, answered by the owner once durable (NATS request-reply). When the change
   * already reached the edge's mirror, the sender gets its patch ahead of the fan-out, before the
   * answer, as on the host.
   */
  private answerLater(session: Session, source: FeedSource, answer: Promise<Answer>, reply: (answer: Answer) => void): void {
    void answer
      .catch((): Answer => ({ status: 500, answer: { ok: false, error: { code: 'internal-error', message: 'The command failed inside the server; nothing was changed.' } } }))
      .then((result) => {
        if (result.answer.ok && result.answer.seq <= source.seq) this.fanout.sendAhead(session, source, result.answer.seq);
        reply(result);
      });
  }
}
