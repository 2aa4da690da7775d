/**
 * Starts an edge (docs/ARCHITECTURE.md "Edges"): a process with no database that holds screens'
 * sockets and serves the pages, fed by the tournaments' owners through NATS. The hub, the
 * upgrade code and the page routes are the host's own; only the tournaments are mirrors
 * (server/edge/mirrors.ts) instead of hosts.
 */
import { TrustedProxies } from '../net/forwarded.js';
import { serve, type ServerType } from '@hono/node-server';
import type { Server as HttpServer } from 'node:http';
import { WebSocketServer } from 'ws';
import type { Logger } from 'pino';
import { HostAllowList } from '../net/address.js';
import { createLogger, DEFAULT_WEB_ROOT } from '../server.js';
import { systemTime } from '../time.js';
import { Hub, WS_LIMITS, type HubOptions } from '../ws/hub.js';
import { acceptSockets } from '../ws/upgrade.js';
import { createEdgeApp } from './app.js';
import { Mirrors } from './mirrors.js';
import { Metrics } from '../metrics/metrics.js';
import { maskNatsUrl, type NatsAuth } from '../cluster/nats-options.js';

export interface EdgeConfig {
  port: number;
  /** `nats://...` (RIFFLE_NATS_URL, required). */
  natsUrl: string;
  /** Credentials and TLS for NATS (RIFFLE_NATS_USER, …; server/cluster/nats-options.ts). */
  natsAuth?: NatsAuth;
  hostname?: string;
  webRoot?: string;
  log?: Logger;
  /** More Host names to answer to (RIFFLE_HOSTS); `*` allows any. */
  hosts?: string[];
  /** Addresses of balancers in front whose X-Forwarded-For names the client (RIFFLE_TRUSTED_PROXIES). */
  trustedProxies?: string[];
  /** Socket limits (RIFFLE_WS_PER_ADDRESS); see WS_LIMITS. */
  ws?: HubOptions;
  /** A mirror no socket follows is forgotten after this long (FORGET_AFTER_MS; tests shorten it). */
  forgetAfterMs?: number;
}

export interface Edge {
  port: number;
  hub: Hub;
  mirrors: Mirrors;
  close(): Promise<void>;
}

export async function startEdge(config: EdgeConfig): Promise<Edge> {
  const log = config.log ?? createLogger();
  const time = systemTime();
  const mirrors = new Mirrors({ url: config.natsUrl, ...(config.natsAuth ? { auth: config.natsAuth } : {}) }, log, config.forgetAfterMs);
  let theHub: Hub | null = null;
  const metrics = new Metrics('edge', { sockets: () => theHub?.health() ?? { connections: 0, queuedBytes: 0, slowDrops: 0 }, nats: () => mirrors.natsState });
  mirrors.received = (at, feed) => metrics.received(at, feed);
  const hub = (theHub = new Hub(mirrors, time, { bearer: (token) => mirrors.actorOf({ bearer: token }) }, { log, fannedOut: (s) => metrics.fannedOut(s), ...config.ws }));
  // Its first screens find NATS connected (or it is down: then they are told so).
  const natsTried = mirrors.start(hub);
  hub.startHeartbeat();
  const proxies = new TrustedProxies(config.trustedProxies);
  const app = createEdgeApp({ hub, mirrors, log, webRoot: config.webRoot ?? DEFAULT_WEB_ROOT, hosts: new HostAllowList(config.hosts), metrics, ...(proxies.size ? { proxies } : {}) });
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_LIMITS.maxMessageBytes, perMessageDeflate: false });
  await natsTried;
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.hostname ?? '0.0.0.0' }, () => resolve(s));
  });
  acceptSockets(server as HttpServer, { wss, fetch: app.fetch, hub, log });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ port, nats: maskNatsUrl(config.natsUrl) }, 'Riffle edge is running');
  return {
    port,
    hub,
    mirrors,
    async close() {
      hub.stop();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await mirrors.close();
    },
  };
}
