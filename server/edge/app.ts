/**
 * An edge's HTTP side (docs/ARCHITECTURE.md "Edges"): the pages and their bundles, `/healthz`,
 * and `/ws` and `/ws/stream`, behind the same security headers and Host allow-list as a host's
 * (server/routes/common.ts). Who a socket is comes from a host (`riffle.hosts.auth`): the
 * session cookie, or a bearer token; the edge holds no database.
 */
import type { TrustedProxies } from '../net/forwarded.js';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import { SESSION_COOKIE } from '../auth/auth.js';
import { ANONYMOUS, type Actor } from '../host/actor.js';
import type { HostAllowList } from '../net/address.js';
import { allowHosts, securityHeaders, socketRoutes } from '../routes/common.js';
import { errorResponse, type Ctx, type Env } from '../routes/context.js';
import { pageRoutes } from '../routes/pages.js';
import type { Hub } from '../ws/hub.js';
import type { Mirrors } from './mirrors.js';
import { apiProxy } from './api-proxy.js';
import { healthRoutes, natsCheck } from '../routes/health.js';
import type { Metrics } from '../metrics/metrics.js';

export interface EdgeAppDeps {
  hub: Hub;
  mirrors: Mirrors;
  log: Logger;
  webRoot: string;
  hosts: HostAllowList;
  /** Balancers in front whose X-Forwarded-For names the client (RIFFLE_TRUSTED_PROXIES). */
  proxies?: TrustedProxies;
  metrics?: Metrics;
}

export function createEdgeApp({ hub, mirrors, log, webRoot, hosts, proxies, metrics }: EdgeAppDeps) {
  const app = new Hono<Env>();
  app.onError((err, c) => {
    log.error({ err, path: c.req.path }, 'request failed');
    return errorResponse(c, 500, { code: 'internal-error', message: 'Something went wrong inside the server; nothing was changed.' });
  });
  app.notFound((c) => errorResponse(c, 404, { code: 'not-found', message: `Nothing at ${c.req.path.slice(0, 80)}.` }));
  // Behind a trusted balancer, the client is who its X-Forwarded-For names (net/forwarded.ts).
  if (proxies) app.use('*', proxies.middleware());
  app.use('*', securityHeaders());
  app.use('*', allowHosts(hosts, log));

  // Liveness and readiness (server/routes/health.ts): an edge serves nothing without NATS.
  app.route('/', healthRoutes([natsCheck(() => mirrors.natsState, true)], () => ({ edge: true, nats: mirrors.natsState, tournaments: mirrors.size, ...hub.health() }), metrics));

  // A socket's actor: the bearer token or the session cookie, checked by a host.
  const { capSockets, socketRoute } = socketRoutes(hub, log);
  const actor = async (c: Ctx, next: () => Promise<void>) => {
    let who: Actor | null = null;
    const header = c.req.header('authorization');
    if (header?.startsWith('Bearer ')) who = await mirrors.actorOf({ bearer: header.slice(7).trim() });
    else {
      const cookie = getCookie(c, SESSION_COOKIE);
      if (cookie) who = await mirrors.actorOf({ session: cookie });
    }
    c.set('actor', who ?? ANONYMOUS);
    c.set('sessionToken', null);
    await next();
  };
  app.get('/ws', capSockets, actor, socketRoute(false));
  app.get('/ws/stream', capSockets, actor, socketRoute(true));

  // The HTTP API through NATS to the hosts (server/edge/api-proxy.ts).
  app.all('/api/*', apiProxy(() => mirrors.connection, log, { connected: () => mirrors.natsConnected }));

  // An edge cannot tell an unknown tournament without asking a host: every page is served, and
  // its socket's `subscribe` says `unknown-tournament`.
  app.route('/', pageRoutes({ registry: { get: () => true }, webRoot }));
  return app;
}
