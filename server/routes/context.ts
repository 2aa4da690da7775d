import type { HostAllowList } from '../net/address.js';
import type { TrustedProxies } from '../net/forwarded.js';
import type { RequestBudget } from '../net/request-budget.js';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Logger } from 'pino';
import type { Auth } from '../auth/auth.js';
import type { Actor } from '../host/actor.js';
import type { Registry } from '../host/registry.js';
import type { Store } from '../host/store.js';
import type { LostCommands } from '../host/seq-mark.js';
import type { Hub } from '../ws/hub.js';
import type { ObsBridge } from '../obs/bridge.js';
import type { BrandingStore } from '../branding/store.js';
import type { TimeSource } from '../time.js';
import type { ErrorBody } from '../protocol/errors.js';
import { may, type Capability } from '../protocol/roles.js';
import type { ReadinessCheck } from './health.js';
import type { Festival } from '../host/summary.js';
import type { Ownership } from '../host/pg/ownership.js';
import type { Metrics } from '../metrics/metrics.js';

export interface Deps {
  registry: Registry;
  store: Store;
  hub: Hub;
  auth: Auth;
  time: TimeSource;
  log: Logger;
  /** Folder of the built browser bundles. */
  webRoot: string;
  /** The Host names this server answers to (DNS-rebinding defence). */
  hosts: HostAllowList;
  /** Where the tournaments' brandings are kept (server/branding/store.ts). */
  brandings: BrandingStore;
  /** The OBS bridge (server/obs/). */
  obs: ObsBridge;
  /** Whether the database can be written, and acknowledged commands found missing at start-up. */
  storage: StorageHealth;
  /** What anonymous HTTP clients may cost per second (server/net/request-budget.ts). */
  requestBudget: RequestBudget;
  /** Balancers in front whose X-Forwarded-For names the client (RIFFLE_TRUSTED_PROXIES; none by default). */
  proxies?: TrustedProxies;
  /** On PostgreSQL: every tournament of the cluster with its owner (host/summary.ts). */
  festival?: Festival;
  /** On PostgreSQL: who owns what, and draining this host (routes/cluster.ts). */
  ownership?: Ownership;
  /** What else this host needs to be ready besides its store (server/routes/health.ts). */
  ready?: ReadinessCheck[];
  /** Prometheus metrics of this process (GET /metrics). */
  metrics?: Metrics;
  /** More of what /healthz reports (NATS's state). */
  healthDetails?: () => Record<string, unknown>;
}

export interface StorageHealth {
  /** False while a database that was read-only at start-up waits to be writable (host/reopen.ts). */
  writable(): boolean;
  /** Tournaments whose log ends before commands they acknowledged (host/seq-mark.ts). */
  lost: readonly LostCommands[];
}

export interface Env {
  Variables: {
    actor: Actor;
    /** The session cookie's token when the actor came from it (logout needs it). */
    sessionToken: string | null;
    /** The peer's address (set on /ws for the per-address socket cap). */
    clientAddress: string;
    /** The client's address behind a trusted proxy (net/forwarded.ts); unset otherwise. */
    client: string;
    /** Milliseconds of work the route did, charged to the caller's budget (`addWork`). */
    workMs: number;
  };
}

export type Ctx = Context<Env>;

/** Charges `ms` of the request's own work (a search) to the caller's budget (server/net/request-budget.ts). */
export function addWork(c: Ctx, ms: number): void {
  c.set('workMs', (c.get('workMs') ?? 0) + ms);
}

export function errorResponse(c: Context, status: number, error: ErrorBody) {
  return c.json({ ok: false, error }, status as 400);
}

/**
 * null when the request's actor may do `capability` (protocol/roles.ts `may`, the one check);
 * otherwise the refusal: 401 `not-authenticated` for a phone not signed in (a screen), 403
 * `not-authorized` for a signed-in role that may not. `message` is the same text for both, or
 * one for each.
 */
export function refuseUnless(c: Ctx, capability: Capability, message: string | { anonymous: string; signedIn: string }): Response | null {
  const { role } = c.get('actor');
  if (may(role, capability)) return null;
  const text = typeof message === 'string' ? { anonymous: message, signedIn: message } : message;
  return role === 'viewer'
    ? errorResponse(c, 401, { code: 'not-authenticated', message: text.anonymous })
    : errorResponse(c, 403, { code: 'not-authorized', message: text.signedIn });
}

/**
 * Reads a JSON body. Sizes are capped by the body-limit middleware before this runs.
 * Returns the value, or a Response with `bad-json`.
 */
export async function readJson(c: Context): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const text = await c.req.text();
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: errorResponse(c, 400, { code: 'bad-json', message: 'The request body is not valid JSON.' }) };
  }
}

/** True when a browser says the request comes from a page of this same site. */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true; // not a browser page (curl, automation); browsers always send Origin on WebSockets and POSTs
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * True when a browser says a page of another site sent the request: its `Origin` is another
 * host (another port included), or its `Sec-Fetch-Site` is `cross-site` or `same-site` (a page
 * of another port or subdomain; Riffle's own pages send `same-origin`).
 */
export function fromAnotherSite(c: Context): boolean {
  const fetchSite = c.req.header('sec-fetch-site');
  return fetchSite === 'cross-site' || fetchSite === 'same-site' || !sameOrigin(c.req.header('origin'), c.req.header('host'));
}

/**
 * The client's address: the peer's, or behind a trusted proxy the one its X-Forwarded-For names
 * (net/forwarded.ts); '' when there is no socket (app.request() in tests).
 */
export function clientAddress(c: Context): string {
  const behindProxy = (c.get as (key: string) => unknown)('client');
  if (typeof behindProxy === 'string') return behindProxy;
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
}
