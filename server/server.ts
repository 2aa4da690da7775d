/**
 * Starts Riffle: database, tournaments, HTTP and WebSockets on one port. Used by main.ts and
 * by the tests, which start real servers on loopback ports.
 */
import { serve, type ServerType } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { pino, type Logger } from 'pino';
import { join } from 'node:path';
import { openDb, type Db } from '../db/client.js';
import { createApp } from './app.js';
import { Auth, type AuthOptions } from './auth/auth.js';
import { Registry } from './host/registry.js';
import { isStorageError, Store } from './host/store.js';
import { WalCheckpointer } from './host/wal-checkpointer.js';
import { sampleTournament } from './sample.js';
import { systemTime, type SeedSource, type TimeSource } from './time.js';
import { Hub, WS_LIMITS, type HubOptions } from './ws/hub.js';
import { acceptSockets } from './ws/upgrade.js';
import { HostAllowList } from './net/address.js';
import { ObsBridge } from './obs/bridge.js';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { isLoopback } from './net/address.js';

export interface RiffleConfig {
  port: number;
  /** Address to listen on; all interfaces by default so phones and TVs on the LAN reach it. */
  hostname?: string;
  /** Folder of the SQLite database, or `:memory:`. */
  dataDir: string;
  webRoot?: string;
  time?: TimeSource;
  /** Seeds of the commands' randomness (seat draws); the OS's by default. Tests pin them. */
  seeds?: SeedSource;
  auth?: AuthOptions;
  /** Create the sample tournament on an empty database. */
  sample?: boolean;
  /** Socket limits (RIFFLE_WS_PER_ADDRESS); see WS_LIMITS. */
  ws?: HubOptions;
  /** More Host names to answer to besides this machine's own (RIFFLE_HOSTS); `*` allows any. */
  hosts?: string[];
  /**
   * Serve HTTPS and WSS with this certificate and key (PEM; RIFFLE_TLS_CERT / RIFFLE_TLS_KEY).
   * Then the session cookie is `Secure` and the PIN and cookie cannot be read off the Wi-Fi.
   */
  tls?: { cert: string | Buffer; key: string | Buffer };
  log?: Logger;
}

/** HTTP connection limits (docs/API.md "Limits"). */
export const HTTP_LIMITS = {
  /**
   * Open HTTP connections (sockets included) one client address may hold; more are closed at
   * once. Above a venue's needs (a TV or phone uses a few, an OBS machine one per source plus
   * keep-alive), far below the process's descriptors, so one hostile laptop cannot starve the
   * room. The server's own machine (loopback) is not counted.
   */
  connectionsPerAddress: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
} as const;

const HTTP_TIMEOUTS = {
  headersTimeout: HTTP_LIMITS.headersTimeoutMs,
  requestTimeout: HTTP_LIMITS.requestTimeoutMs,
  connectionsCheckingInterval: 1_000,
};

/** Closes a new connection at once when its address already holds HTTP_LIMITS.connectionsPerAddress. */
function capConnections(server: ServerType, limitLoopback: boolean, log: Logger): void {
  const open = new Map<string, number>();
  let warned = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (!limitLoopback && isLoopback(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > HTTP_LIMITS.connectionsPerAddress) {
      socket.destroy();
      if (Date.now() - warned > 10_000) {
        warned = Date.now();
        log.warn({ client: address }, 'connection refused: too many open connections from one address');
      }
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

export interface Riffle {
  port: number;
  db: Db;
  store: Store;
  auth: Auth;
  registry: Registry;
  hub: Hub;
  obs: ObsBridge;
  server: ServerType;
  log: Logger;
  close(): Promise<void>;
}

export const DEFAULT_WEB_ROOT = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', 'dist', 'web');

export function createLogger(): Logger {
  // Secrets never reach the log: headers that carry them are redacted wherever they appear.
  return pino({
    level: process.env.LOG_LEVEL ?? 'info',
    redact: ['*.headers.authorization', '*.headers.cookie', 'token', 'pin', '*.token', '*.pin', 'password', '*.password'],
  });
}

export async function startRiffle(config: RiffleConfig): Promise<Riffle> {
  const log = config.log ?? createLogger();
  const time = config.time ?? systemTime();
  const dbFile = config.dataDir === ':memory:' ? null : join(config.dataDir, 'riffle.db');
  const db = openDb(dbFile ?? ':memory:');
  const store = new Store(db);
  // SQLite's WAL checkpoints in a worker thread, not inside a command's commit.
  const walCheckpoints = dbFile ? new WalCheckpointer(dbFile, (message) => log.error({ err: message }, 'WAL checkpoints in the background failed; the database makes its own from now on')) : null;
  if (walCheckpoints && !store.checkpointWalIn(walCheckpoints)) void walCheckpoints.close();
  const auth = new Auth(db, config.auth);
  let hub: Hub | null = null;
  let obs: ObsBridge | null = null;
  const registry = new Registry(store, time, {
    change: (change) => {
      hub?.publish(change);
      obs?.onChange(change);
    },
    delayChanged: (tournament) => hub?.resyncDelayed(tournament),
    error: (err, context) => log.error({ err, ...context }, 'command failed inside the server'),
  }, config.seeds);
  const theHub = (hub = new Hub(registry, time, auth, { log, ...config.ws }));
  hub.startHeartbeat();
  const bridge = (obs = new ObsBridge(registry, db, time, log, (tournament, status) => theHub.publishObs(tournament, status)));
  hub.obsStatus = (tournament) => bridge.status(tournament);
  if (config.sample && registry.list().length === 0) {
    try {
      registry.create(sampleTournament());
    } catch (err) {
      if (!isStorageError(err)) throw err;
      log.error({ err }, 'storage is full or failing: the sample tournament was not created');
    }
  }

  bridge.start();
  const app = createApp({ registry, store, hub, auth, time, log, obs: bridge, webRoot: config.webRoot ?? DEFAULT_WEB_ROOT, hosts: new HostAllowList(config.hosts) });
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_LIMITS.maxMessageBytes, perMessageDeflate: false });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.hostname ?? '0.0.0.0',
        // A request's headers must arrive within HTTP_LIMITS.headersTimeoutMs (slowloris), checked every second.
        ...(config.tls
          ? { createServer: createHttpsServer, serverOptions: { cert: config.tls.cert, key: config.tls.key, ...HTTP_TIMEOUTS } }
          : { serverOptions: HTTP_TIMEOUTS }),
      },
      () => resolve(s),
    );
  });
  // serve() made a node:http or node:https server above (never HTTP/2): both emit `upgrade`.
  acceptSockets(server as HttpServer, { wss, fetch: app.fetch, hub, log });
  capConnections(server, config.ws?.limitLoopback ?? false, log);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    port,
    db,
    store,
    auth,
    registry,
    hub,
    obs: bridge,
    server,
    log,
    async close() {
      registry.close();
      hub.stop();
      bridge.close();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Answers waiting for their fsync get it before the database closes.
      await store.durable().catch(() => {});
      store.closeWal();
      await walCheckpoints?.close();
      db.$client.close();
    },
  };
}
