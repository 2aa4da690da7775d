/**
 * The HTTP relay, edge side (issue 28; server/cluster/http-relay.ts is the host's): `/api/*` on
 * an edge goes through NATS to a host, whose app answers it as if the client had asked it.
 * `/api/tournaments/<id>/...` goes to that tournament's owner (`riffle.t.<id>.http`); every
 * other path to any host (`riffle.hosts.http`). `/api/tournaments/<one segment>` is a
 * tournament's state or a setup route (`templates`, `import`, ...): its owner first, any host
 * when it has none.
 *
 * Faults answer 503 `storage-unavailable` with what happened, as a command on an edge does: NATS
 * down, no owner right now (a take-over takes a few seconds), no host answered in time. A
 * tournament with no owner that no host knows (`riffle.hosts.exists`) is 404 `unknown-tournament`.
 */
import { createInbox, ErrorCode, type NatsConnection, type NatsError, type Subscription } from 'nats';
import type { Context, Handler } from 'hono';
import type { Logger } from 'pino';
import { clientAddress, errorResponse } from '../routes/context.js';
import { decodeJson, encodeJson, SUBJECTS, type ExistsReply, type ExistsRequest } from '../cluster/wire.js';
import { inlineBytes, RELAY_MAX_ANSWER_BYTES, RELAYED_HEADERS, singleSegmentTournament, tournamentOfPath, type RelayedAnswer, type RelayedRequest } from '../cluster/http-relay.js';

/** How long a relayed request may wait for its answer (a command waits for its commit). */
export const RELAY_TIMEOUT_MS = 10_000;

/** How long a host may take to say whether a tournament exists. */
const EXISTS_TIMEOUT_MS = 5_000;

/** The waits before asking a tournament's owner again when none answered (1 s in all). */
const NO_OWNER_RETRIES_MS = [100, 200, 300, 400];

export const RELAY_NATS_DOWN = 'This server (an edge) cannot reach the tournament hosts right now (NATS is down): nothing was changed. It reconnects by itself; try again in a few seconds.';
export const RELAY_CHANGING_HOSTS = 'The tournament is changing hosts (its server stopped and another is taking it over): nothing was changed. Try again in a few seconds.';
/** No owner, and no host said whether the tournament exists. */
export const RELAY_NO_OWNER = 'The tournament is changing hosts (its server stopped and another is taking it over), or no host has it: nothing was changed. Try again in a few seconds.';
export const RELAY_NO_HOST = 'No tournament host is running right now: nothing was changed. Try again once one is.';
export const RELAY_OWNER_GONE = 'The tournament\'s host stopped while answering (another is taking it over): a change may or may not have been made. Send the same command (same id) again in a few seconds and you get its answer.';
export const RELAY_NO_ANSWER = `The host did not answer within ${RELAY_TIMEOUT_MS / 1000} s. A change may or may not have been made: send the same command (same id) again and you get its answer.`;

type Outcome = { kind: 'answer'; answer: RelayedAnswer; parts: Uint8Array[] } | { kind: 'no-responders' } | { kind: 'timeout' } | { kind: 'gone' } | { kind: 'too-large' };

/** How often an edge waiting for an owner's answer checks that the owner is still there. */
const PROBE_EVERY_MS = 1_000;
const PROBE = encodeJson({ probe: true, method: 'GET', path: '/api/', headers: {}, address: '' } satisfies RelayedRequest);

/**
 * One request-reply whose reply may come in parts (http-relay.ts): the head, then `parts`
 * messages of raw bytes. NATS's own request() takes one message, so the inbox is ours.
 */
/**
 * The lease epoch last heard from each tournament's owner (RelayedAnswer.epoch), so that a request
 * knows the owner it was sent to: a probe answered under a newer epoch means another host took the
 * tournament over while the request waited on the one before, which may be stopped (SIGSTOP, a
 * frozen VM) with its subscription still standing, and would answer only once let go.
 */
export class OwnerEpochs {
  private readonly epochs = new Map<string, number>();
  constructor(private readonly max = 10_000) {}

  get(tournament: string): number | undefined {
    return this.epochs.get(tournament);
  }

  heard(tournament: string, epoch: number): void {
    if ((this.epochs.get(tournament) ?? -1) >= epoch) return;
    // Only tournaments some owner answered for are kept; past `max` the oldest heard goes.
    if (!this.epochs.has(tournament) && this.epochs.size >= this.max) this.epochs.delete(this.epochs.keys().next().value as string);
    this.epochs.set(tournament, epoch);
  }
}

/** A request's tournament, and the epoch of its owner when it was sent (undefined: none heard yet). */
interface OwnerWatch {
  tournament: string;
  epochs: OwnerEpochs;
  sentUnder: number | undefined;
}

/** The epoch in a relayed answer's head (undefined when it has none or is not JSON). */
function epochIn(data: Uint8Array): number | undefined {
  try {
    const epoch = decodeJson<RelayedAnswer>(data).epoch;
    return typeof epoch === 'number' ? epoch : undefined;
  } catch {
    return undefined;
  }
}

function ask(nc: NatsConnection, subject: string, data: Uint8Array, timeoutMs: number, probe = false, owner?: OwnerWatch): Promise<Outcome> {
  return new Promise((resolve) => {
    const inbox = createInbox();
    let head: RelayedAnswer | null = null;
    const parts: Uint8Array[] = [];
    let length = 0;
    let sub: Subscription | null = null;
    const done = (outcome: Outcome) => {
      clearTimeout(timer);
      if (prober) clearInterval(prober);
      sub?.unsubscribe();
      resolve(outcome);
    };
    const timer = setTimeout(() => done({ kind: 'timeout' }), timeoutMs);
    // The owner killed while answering never answers: asked every second whether anyone still
    // listens on the subject, and told at once when no one does (a take-over takes seconds).
    let probing = false;
    const prober = probe
      ? setInterval(() => {
          if (probing) return;
          probing = true;
          nc.request(subject, PROBE, { timeout: PROBE_EVERY_MS }).then(
            (reply) => {
              probing = false;
              const epoch = owner ? epochIn(reply.data) : undefined;
              if (!owner || epoch === undefined) return;
              owner.epochs.heard(owner.tournament, epoch);
              if (owner.sentUnder !== undefined && epoch > owner.sentUnder) done({ kind: 'gone' });
            },
            (err: NatsError) => {
              probing = false;
              if (err.code === ErrorCode.NoResponders) done({ kind: 'gone' });
            },
          );
        }, PROBE_EVERY_MS)
      : null;
    sub = nc.subscribe(inbox, {
      callback: (err, msg) => {
        if (err) return done({ kind: 'timeout' });
        // The server says nobody listens on the subject (status 503, no data).
        if (!head && msg.data.length === 0 && msg.headers?.code === 503) return done({ kind: 'no-responders' });
        if (!head) {
          try {
            head = decodeJson<RelayedAnswer>(msg.data);
          } catch {
            return done({ kind: 'timeout' });
          }
          if (owner && typeof head.epoch === 'number') owner.epochs.heard(owner.tournament, head.epoch);
          if (!head.parts) return done({ kind: 'answer', answer: head, parts });
          return;
        }
        parts.push(msg.data);
        length += msg.data.length;
        if (length > RELAY_MAX_ANSWER_BYTES) return done({ kind: 'too-large' });
        if (parts.length === head.parts) done({ kind: 'answer', answer: head, parts });
      },
    });
    nc.publish(subject, data, { reply: inbox });
  });
}

/** Whether a tournament is stored at all (`riffle.hosts.exists`: any host); null when no host says. */
async function exists(nc: NatsConnection, tournament: string): Promise<boolean | null> {
  try {
    const reply = await nc.request(SUBJECTS.exists, encodeJson({ tournament } satisfies ExistsRequest), { timeout: EXISTS_TIMEOUT_MS });
    return decodeJson<ExistsReply>(reply.data).exists;
  } catch {
    return null;
  }
}

/** Reads the request's body, at most `max` bytes; null when it is longer. */
async function readBody(c: Context, max: number): Promise<Uint8Array | null> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > max) return null;
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export interface ApiProxyOptions {
  /** False while the connection is lost and nats.js reconnects (Mirrors.natsConnected). */
  connected?: () => boolean;
  /** How long an answer may take (RELAY_TIMEOUT_MS). */
  timeoutMs?: number;
}

/**
 * The `/api/*` handler of an edge. `nc` is the edge's NATS connection, or a function that
 * returns it once it is made (null until then and while it is closed).
 */
export function apiProxy(nc: NatsConnection | null | (() => NatsConnection | null), log: Logger, options: ApiProxyOptions = {}): Handler {
  const connection = typeof nc === 'function' ? nc : () => nc;
  const { connected = () => true, timeoutMs = RELAY_TIMEOUT_MS } = options;
  const epochs = new OwnerEpochs();
  const unavailable = (c: Context, message: string) => errorResponse(c, 503, { code: 'storage-unavailable', message });
  return async (c) => {
    const conn = connection();
    // While NATS reconnects a request would wait in nats.js's buffer until its timeout: refused at once.
    if (!conn || conn.isClosed() || conn.isDraining() || !connected()) return unavailable(c, RELAY_NATS_DOWN);
    const method = c.req.method;
    let body: Uint8Array | null = null;
    if (method !== 'GET' && method !== 'HEAD') {
      const max = inlineBytes(conn.info?.max_payload ?? 1024 * 1024);
      body = await readBody(c, max);
      if (!body) {
        return errorResponse(c, 413, {
          code: 'body-too-large',
          message: `Through this server (an edge) a request body is limited to ${Math.floor(max / 1024)} KiB (NATS's max_payload); send it to a host directly, or raise max_payload (docs/SCALING.md).`,
        });
      }
    }
    const url = new URL(c.req.url);
    const path = url.pathname + url.search;
    const headers: RelayedRequest['headers'] = {};
    for (const name of RELAYED_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers[name] = value;
    }
    const request: RelayedRequest = { method, path, headers, address: clientAddress(c), ...(body && body.length ? { body: Buffer.from(body).toString('base64') } : {}) };
    const data = encodeJson(request);
    const owner = tournamentOfPath(path);
    const single = owner === null ? singleSegmentTournament(path) : null;
    let outcome: Outcome;
    let stored: boolean | null = null;
    try {
      const subject = owner !== null ? SUBJECTS.http(owner) : single !== null ? SUBJECTS.http(single) : SUBJECTS.hostsHttp;
      const watch = (t: string | null): OwnerWatch | undefined => (t === null ? undefined : { tournament: t, epochs, sentUnder: epochs.get(t) });
      outcome = await ask(conn, subject, data, timeoutMs, owner !== null, watch(owner ?? single));
      if (owner !== null && outcome.kind === 'no-responders') {
        // No owner: a tournament that does not exist is told so (404, as a host says it)...
        stored = await exists(conn, owner);
        if (stored === false) return errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${owner.slice(0, 40)}".` });
      }
      // ...one just created, or just taken over, is answered on its subject within
      // RELAY_RECONCILE_MS of its host having it: asked again for a second before saying so.
      for (let i = 0; owner !== null && outcome.kind === 'no-responders' && i < NO_OWNER_RETRIES_MS.length; i++) {
        await new Promise((r) => setTimeout(r, NO_OWNER_RETRIES_MS[i]));
        outcome = await ask(conn, subject, data, timeoutMs, true, watch(owner));
      }
      if (outcome.kind === 'no-responders' && single !== null) outcome = await ask(conn, SUBJECTS.hostsHttp, data, timeoutMs);
    } catch (err) {
      // The connection closed or is reconnecting with a full buffer.
      log.warn({ err: String(err), path: c.req.path.slice(0, 80) }, 'edge: a request could not be relayed');
      return unavailable(c, RELAY_NATS_DOWN);
    }
    switch (outcome.kind) {
      case 'no-responders':
        return unavailable(c, owner === null ? RELAY_NO_HOST : stored ? RELAY_CHANGING_HOSTS : RELAY_NO_OWNER);
      case 'gone':
        log.warn({ path: c.req.path.slice(0, 80) }, 'edge: the tournament\'s host stopped while answering a relayed request');
        return unavailable(c, RELAY_OWNER_GONE);
      case 'timeout':
        log.warn({ path: c.req.path.slice(0, 80) }, 'edge: no host answered a relayed request in time');
        return unavailable(c, RELAY_NO_ANSWER);
      case 'too-large':
        return errorResponse(c, 502, { code: 'body-too-large', message: `The answer is larger than an edge relays (${RELAY_MAX_ANSWER_BYTES / 1024 / 1024} MiB); ask a host directly.` });
      case 'answer': {
        const { answer, parts } = outcome;
        const bytes = answer.parts ? Buffer.concat(parts) : Buffer.from(answer.body, 'base64');
        const out = new Headers();
        for (const [name, value] of answer.headers) out.append(name, value);
        const nullBody = answer.status === 204 || answer.status === 304 || method === 'HEAD';
        return new Response(nullBody ? null : bytes, { status: answer.status, headers: out });
      }
    }
  };
}
