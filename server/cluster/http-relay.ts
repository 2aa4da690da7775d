/**
 * The HTTP relay, host side (issue 28; docs/SCALING.md "Edges"): an edge has no database, so it
 * relays `/api/*` to the hosts through NATS (server/edge/api-proxy.ts) and this turns each
 * relayed request into a `Request` for the host's own Hono app (`app.fetch`), exactly as if the
 * client had asked the host: the same routes, checks, body limits, sign-in and request budget.
 *
 * Subjects (server/cluster/wire.ts): `riffle.t.<id>.http` for each tournament this host owns
 * (nobody else answers it, so an edge reaches the owner or hears "no responders"), and
 * `riffle.hosts.http` in the queue group `hosts` (any one host answers) for the other paths.
 *
 * The client's address travels with the request and is what the app's `clientAddress` reads
 * (a relayed request pays the anonymous request budget of the client, not of the edge, and the
 * PIN limiter sees the client). The hosts trust it as they trust every message on NATS: only
 * hosts and edges may connect to it (docs/SCALING.md).
 *
 * Sizes: a message is at most the NATS server's `max_payload` (1 MB by default). A request is
 * one message (its body base64 inside, so at most about 3/4 of it: a 512 KiB branding image or
 * player photo fits, a players CSV of the full 2 MiB needs max_payload 4 MB (`npm run cluster` sets 8 MB, which a big field's snapshot needs anyway)
 * `npm run cluster` sets); the edge refuses a larger body with 413 before sending anything. An
 * answer larger than one message goes in parts: the head (status, headers, `parts`), then
 * `parts` messages of raw bytes to the same reply subject, in order (one publisher, one
 * subscriber: NATS keeps the order).
 */
import { isIP } from 'node:net';
import type { Msg, NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import { decodeJson, encodeJson, HOSTS_QUEUE, SUBJECTS } from './wire.js';

/** The request headers an edge passes on; no other header reaches the host. */
export const RELAYED_HEADERS = ['cookie', 'authorization', 'content-type', 'origin', 'host', 'sec-fetch-site', 'user-agent'] as const;
export type RelayedHeader = (typeof RELAYED_HEADERS)[number];

/** An HTTP request relayed by an edge (`riffle.t.<id>.http` / `riffle.hosts.http`). */
export interface RelayedRequest {
  /** A probe from an edge waiting for an answer: is the owner still there? (answered at once, 204) */
  probe?: true;
  method: string;
  /** Path and query, starting with `/api/`. */
  path: string;
  headers: Partial<Record<RelayedHeader, string>>;
  /** The client's address as the edge saw it (the request budget and the PIN limiter count it). */
  address: string;
  /** The body, base64. */
  body?: string;
}

/** The answer's head; `parts` raw-byte messages follow it when the body did not fit in it. */
export interface RelayedAnswer {
  status: number;
  /** Name and value pairs (`set-cookie` may come more than once). */
  headers: [string, string][];
  /** The whole body, base64, when `parts` is 0. */
  body: string;
  parts: number;
  /**
   * On a tournament's subject: the lease epoch under which the answering host owns it. An edge
   * waiting for an answer whose probe is answered under a newer epoch knows its request went to
   * an owner since replaced (stopped, not dead: its subscription still stands), and stops waiting.
   */
  epoch?: number;
}

/** The largest answer relayed (a whole state of a big tournament is a few MB; a backup may be more: 502). */
export const RELAY_MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** Room kept in a message for the JSON around a body and NATS's own framing. */
export const RELAY_HEAD_ROOM = 16 * 1024;
/** How often the tournaments owned are compared with the subjects answered (a take-over is answered within this). */
export const RELAY_RECONCILE_MS = 250;

/** Headers of an answer that belong to one connection, not to the answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);

/** The tournament whose owner answers `path` (`/api/tournaments/<id>/...`), or null (any host). */
export function tournamentOfPath(path: string): string | null {
  const m = /^\/api\/tournaments\/([^/?#]+)\/[^?#]/.exec(path);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/** `/api/tournaments/<one segment>`: a tournament's state, or a setup route (`templates`, `import`, ...). */
export function singleSegmentTournament(path: string): string | null {
  const m = /^\/api\/tournaments\/([^/?#]+)(?:[?#]|$)/.exec(path);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/** The raw bytes of a message part, for a body that does not fit the head. */
function partBytes(maxPayload: number): number {
  return Math.max(1024, maxPayload - RELAY_HEAD_ROOM);
}

/** How much of a body fits base64 in one message beside its head. */
export function inlineBytes(maxPayload: number): number {
  return Math.floor(((maxPayload - RELAY_HEAD_ROOM) * 3) / 4);
}

export interface HttpRelayDeps {
  /** The host's application (server/app.ts `createApp`). */
  fetch(request: Request, env: unknown): Response | Promise<Response>;
  /** The tournaments this host serves (owns, on PostgreSQL). */
  registry: { list(): readonly { id: string }[]; get(id: string): unknown };
  /** The lease epoch under which this host owns a tournament (0 on SQLite; RelayedAnswer.epoch). */
  epochOf?: (id: string) => number;
  log: Logger;
  /** Tests: the bytes of an answer's part (default: the server's max_payload less head room). */
  partBytes?: number;
}

/**
 * Answers relayed requests on the NATS connection `connection()` returns once it is made (the
 * host's HostLink makes it): subscribes when it appears, and follows the tournaments served.
 */
export class HttpRelay {
  private nc: NatsConnection | null = null;
  private hostsSub: Subscription | null = null;
  private readonly owned = new Map<string, Subscription>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly deps: HttpRelayDeps,
    private readonly connection: () => NatsConnection | null,
  ) {}

  start(): this {
    this.reconcile();
    this.timer = setInterval(() => this.reconcile(), RELAY_RECONCILE_MS);
    this.timer.unref?.();
    return this;
  }

  /** Subscribes on a new connection; follows the tournaments served. */
  private reconcile(): void {
    const nc = this.connection();
    if (!nc || nc.isClosed()) return;
    if (nc !== this.nc) {
      this.unsubscribeAll();
      this.nc = nc;
      this.hostsSub = nc.subscribe(SUBJECTS.hostsHttp, { queue: HOSTS_QUEUE, callback: (err, msg) => void (err ? undefined : this.answer(msg, null)) });
    }
    const served = new Set<string>();
    for (const { id } of this.deps.registry.list()) {
      served.add(id);
      if (!this.owned.has(id)) this.owned.set(id, nc.subscribe(SUBJECTS.http(id), { callback: (err, msg) => void (err ? undefined : this.answer(msg, id)) }));
    }
    for (const [id, sub] of [...this.owned]) {
      if (served.has(id)) continue;
      sub.unsubscribe();
      this.owned.delete(id);
    }
  }

  private async answer(msg: Msg, tournament: string | null): Promise<void> {
    // No longer the owner (its subject goes at the next reconcile): silent, so the owner's answer wins.
    if (tournament !== null && !this.deps.registry.get(tournament)) return;
    try {
      const reply = await this.handle(msg.data);
      this.send(msg, reply.status, reply.headers, reply.body, tournament === null ? undefined : this.deps.epochOf?.(tournament));
    } catch (err) {
      this.deps.log.error({ err }, 'answering a relayed HTTP request failed');
      const body = new TextEncoder().encode(JSON.stringify({ ok: false, error: { code: 'internal-error', message: 'Something went wrong inside the server; nothing was changed.' } }));
      this.send(msg, 500, [['content-type', 'application/json']], body);
    }
  }

  /** The relayed request through the app; a request that is not one gets 400. */
  async handle(data: Uint8Array): Promise<{ status: number; headers: [string, string][]; body: Uint8Array }> {
    const bad = (message: string) => ({ status: 400, headers: [['content-type', 'application/json']] as [string, string][], body: new TextEncoder().encode(JSON.stringify({ ok: false, error: { code: 'bad-json', message } })) });
    let req: RelayedRequest;
    try {
      req = decodeJson<RelayedRequest>(data);
    } catch {
      return bad('The relayed request is not valid JSON.');
    }
    if (req.probe === true) return { status: 204, headers: [], body: new Uint8Array(0) };
    if (typeof req.path !== 'string' || !req.path.startsWith('/api/') || typeof req.method !== 'string') return bad('Only /api/ requests are relayed.');
    const headers = new Headers();
    for (const name of RELAYED_HEADERS) {
      const value = req.headers?.[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const body = typeof req.body === 'string' && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.from(req.body, 'base64') : null;
    if (body) headers.set('content-length', String(body.length));
    let url: URL;
    try {
      url = new URL(req.path, `http://${headers.get('host') ?? 'localhost'}`);
    } catch {
      return bad('The relayed Host or path is not valid.');
    }
    const request = new Request(url, { method: req.method, headers, ...(body ? { body } : {}) });
    // What @hono/node-server's getConnInfo reads (server/routes/context.ts clientAddress): the client's address.
    const address = typeof req.address === 'string' ? req.address.slice(0, 64) : '';
    const env = { incoming: { socket: { remoteAddress: address, remotePort: 0, remoteFamily: isIP(address) === 6 ? 'IPv6' : 'IPv4' } } };
    const res = await this.deps.fetch(request, env);
    const declared = Number(res.headers.get('content-length'));
    if (declared > RELAY_MAX_ANSWER_BYTES) {
      await res.body?.cancel();
      return tooLarge();
    }
    const bytes = await readCapped(res, RELAY_MAX_ANSWER_BYTES);
    if (!bytes) return tooLarge();
    const out: [string, string][] = [];
    for (const [name, value] of res.headers) if (!HOP_BY_HOP.has(name)) out.push([name, value]);
    return { status: res.status, headers: out, body: bytes };
  }

  /** The head, and the parts when the body does not fit in it. */
  private send(msg: Msg, status: number, headers: [string, string][], body: Uint8Array, epoch?: number): void {
    const maxPayload = this.nc?.info?.max_payload ?? 1024 * 1024;
    const owner = epoch === undefined ? {} : { epoch };
    if (body.length <= inlineBytes(maxPayload) && !this.deps.partBytes) {
      msg.respond(encodeJson({ status, headers, body: Buffer.from(body).toString('base64'), parts: 0, ...owner } satisfies RelayedAnswer));
      return;
    }
    const size = this.deps.partBytes ?? partBytes(maxPayload);
    const parts = Math.ceil(body.length / size);
    msg.respond(encodeJson({ status, headers, body: '', parts, ...owner } satisfies RelayedAnswer));
    for (let i = 0; i < parts; i++) msg.respond(body.subarray(i * size, (i + 1) * size));
  }

  private unsubscribeAll(): void {
    this.hostsSub?.unsubscribe();
    this.hostsSub = null;
    for (const sub of this.owned.values()) sub.unsubscribe();
    this.owned.clear();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.nc && !this.nc.isClosed()) this.unsubscribeAll();
  }
}

function tooLarge() {
  const message = `The answer is larger than an edge relays (${RELAY_MAX_ANSWER_BYTES / 1024 / 1024} MiB); ask a host directly.`;
  return { status: 502, headers: [['content-type', 'application/json']] as [string, string][], body: new TextEncoder().encode(JSON.stringify({ ok: false, error: { code: 'body-too-large', message } })) };
}

/** The body of `res`, or null when it is longer than `max` bytes (the rest is not read). */
async function readCapped(res: Response, max: number): Promise<Uint8Array | null> {
  if (!res.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Starts the relay on a connection (or one made later): tests call it with their own `nc`. */
export function startHttpRelay(nc: NatsConnection | (() => NatsConnection | null), app: { fetch: HttpRelayDeps['fetch'] }, options: Omit<HttpRelayDeps, 'fetch'>): HttpRelay {
  return new HttpRelay({ ...options, fetch: app.fetch }, typeof nc === 'function' ? nc : () => nc).start();
}
