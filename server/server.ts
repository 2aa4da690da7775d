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
import { SqliteAuthStore } from './auth/auth-store.js';
import { PgAuthStore } from './auth/pg-auth-store.js';
import { PgBrandingStore, SqliteBrandingStore, type BrandingStore } from './branding/store.js';
import { PgObsSettings, SqliteObsSettings } from './obs/settings.js';
import { Registry } from './host/registry.js';
import { isStorageError, Store } from './host/store.js';
import { WalCheckpointer } from './host/wal-checkpointer.js';
import { ReopenWhenWritable, whyReadOnly } from './host/reopen.js';
import { lostCommands, readSeqMark, SEQ_MARK_FILE, SeqMarkWriter, type LostCommands } from './host/seq-mark.js';
import { sampleTournament } from './sample.js';
import { systemTime, type SeedSource, type TimeSource } from './time.js';
import { Hub, WS_LIMITS, type HubOptions } from './ws/hub.js';
import { acceptSockets } from './ws/upgrade.js';
import { HostAllowList } from './net/address.js';
import { ObsBridge } from './obs/bridge.js';
import { OBS_TIMING, type ObsTiming } from './obs/link.js';
import { createServer as createHttpsServer, type ServerOptions as HttpsServerOptions } from 'node:https';
import { createServer as createHttpServer, type RequestListener, type ServerOptions as HttpServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { isLoopback } from './net/address.js';
import { RequestBudget, type RequestBudgetOptions } from './net/request-budget.js';
import { refuseOverBudget } from './net/early-refusal.js';
import { TrustedProxies } from './net/forwarded.js';
import { pgStore, type PgRuntime } from './host/pg/start.js';
import { leaseTiming } from './host/pg/pg-db.js';
import { Metrics } from './metrics/metrics.js';
import { localTournamentsLeftBehind, type LeftBehind } from './host/pg/left-behind.js';
import { HostLink } from './cluster/host-link.js';
import { HttpRelay } from './cluster/http-relay.js';
import type { NatsAuth } from './cluster/nats-options.js';
import { natsCheck } from './routes/health.js';
import type { Deps } from './routes/context.js';

export interface RiffleConfig {
  port: number;
  /** What an anonymous HTTP client may cost per second (default REQUEST_BUDGET). */
  requestBudget?: RequestBudgetOptions;
  /** Address to listen on; all interfaces by default so phones and TVs on the LAN reach it. */
  hostname?: string;
  /** Folder of the SQLite database, or `:memory:`. */
  dataDir: string;
  /**
   * `postgres://...` (RIFFLE_DATABASE_URL): the tournaments (commands, checkpoints) in PostgreSQL,
   * shared by any number of processes, each tournament owned by one (host/pg/cluster.ts), and
   * with them the sessions, the PINs, the admin token's hash, the OBS settings and the
   * brandings (auth/pg-auth-store.ts, obs/settings.ts, branding/store.ts). The players and
   * leagues stay in the SQLite database of `dataDir` (docs/SCALING.md).
   */
  databaseUrl?: string;
  /**
   * `nats://...` (RIFFLE_NATS_URL): publish every change of the tournaments this process owns and
   * answer edges (server/cluster/host-link.ts; docs/ARCHITECTURE.md "Edges").
   */
  natsUrl?: string;
  /** Credentials and TLS for NATS (RIFFLE_NATS_USER, …; server/cluster/nats-options.ts). */
  natsAuth?: NatsAuth;
  /** How long a lease lasts on PostgreSQL (RIFFLE_LEASE_MS; host/pg/pg-db.ts LEASE_BOUNDS), renewed three times within it. */
  leaseMs?: number;
  webRoot?: string;
  time?: TimeSource;
  /** Seeds of the commands' randomness (seat draws); the OS's by default. Tests pin them. */
  seeds?: SeedSource;
  auth?: AuthOptions;
  /** Create the sample tournament on an empty database. */
  sample?: boolean;
  /** Socket limits (RIFFLE_WS_PER_ADDRESS); see WS_LIMITS. */
  ws?: HubOptions;
  /**
   * Addresses of balancers in front (RIFFLE_TRUSTED_PROXIES): a request or socket from one is
   * counted by the client its X-Forwarded-For names (net/forwarded.ts); their own connections
   * are not capped per address.
   */
  trustedProxies?: string[];
  /** More Host names to answer to besides this machine's own (RIFFLE_HOSTS); `*` allows any. */
  hosts?: string[];
  /**
   * Serve HTTPS and WSS with this certificate and key (PEM; RIFFLE_TLS_CERT / RIFFLE_TLS_KEY).
   * Then the session cookie is `Secure` and the PIN and cookie cannot be read off the Wi-Fi.
   */
  tls?: { cert: string | Buffer; key: string | Buffer };
  log?: Logger;
  /** OBS's reconnect, heartbeat and request deadlines (OBS_TIMING by default; tests shorten them). */
  obsTiming?: Partial<ObsTiming>;
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
function capConnections(server: ServerType, limitLoopback: boolean, log: Logger, proxies: TrustedProxies): void {
  const open = new Map<string, number>();
  let warned = 0;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if ((!limitLoopback && isLoopback(address)) || proxies.has(address)) return;
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
  /** The PostgreSQL store and its cluster, with `databaseUrl`. */
  pg: PgRuntime | null;
  /** The link to the edges through NATS, with `natsUrl`. */
  nats: HostLink | null;
  hub: Hub;
  obs: ObsBridge;
  server: ServerType;
  log: Logger;
  close(): Promise<void>;
}

/**
 * Compares the command logs with the high-water mark written beside the database (seq-mark.ts):
 * a log that ends below its mark lost acknowledged commands (a WAL deleted after a crash). Each
 * is logged as an error and reported in /healthz and GET /api/tournaments. Returns them and the
 * writer that keeps the mark from now on.
 */
function checkSeqMark(file: string, registry: Registry, store: Store, log: Logger): { lost: LostCommands[]; writer: SeqMarkWriter | null } {
  const mark = readSeqMark(file, (reason) => log.warn({ file, reason }, 'the high-water mark does not parse: a lost WAL cannot be noticed at this start'));
  const present = new Map<string, number | null>(registry.list().map((host) => [host.id, host.seq]));
  for (const { id } of registry.unavailable) present.set(id, null);
  const lost = mark ? lostCommands(mark, present) : [];
  for (const l of lost) {
    log.error(
      { tournament: l.tournament, name: l.name, logSeq: l.logSeq, markSeq: l.markSeq, missing: l.missing, gone: l.gone, markedAt: new Date(l.markedAt).toISOString() },
      `acknowledged commands are missing from the database: "${l.name}" ${l.gone ? 'is gone' : `ends at command ${l.logSeq}`}, but command ${l.markSeq} was acknowledged (at least ${l.missing} lost; most likely the WAL file riffle.db-wal was deleted after a crash, or the database was replaced by an older copy). Check the tournament against the floor and enter what is missing again.`,
    );
  }
  // Tournaments set aside keep the mark they had: they cannot change while this server runs.
  const kept = Object.fromEntries(Object.entries(mark?.tournaments ?? {}).filter(([id]) => present.get(id) === null));
  const failed = (err: unknown) => log.error({ err, file }, 'the high-water mark could not be written (a lost WAL may go unnoticed at the next start)');
  try {
    const writer = new SeqMarkWriter(
      file,
      () => ({ ...kept, ...Object.fromEntries(registry.list().map((host) => [host.id, { name: host.state.settings.name, seq: host.seq }])) }),
      () => store.durable(),
      failed,
    );
    return { lost, writer };
  } catch (err) {
    // A data folder that cannot be written: the server runs on without the mark.
    failed(err);
    return { lost, writer: null };
  }
}

/** A host's NATS in its readiness (and /healthz: its state, and local tournaments not served) (refused credentials only: it serves its own sockets without NATS) and /healthz. */
function natsHealth(link: HostLink | null, leftBehind: LeftBehind | null): Pick<Deps, 'ready' | 'healthDetails'> {
  const left = leftBehind ? { localSqliteNotServed: leftBehind } : {};
  if (!link) return { healthDetails: () => left };
  return { ready: [natsCheck(() => link.natsState, false)], healthDetails: () => ({ nats: link.natsState, ...left }) };
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
  const store = new Store(openDb(dbFile ?? ':memory:'));
  // SQLite's WAL checkpoints in a worker thread, not inside a command's commit.
  let walCheckpoints: WalCheckpointer | null = null;
  const checkpointWal = () => {
    if (!dbFile) return;
    walCheckpoints = new WalCheckpointer(dbFile, (message) => log.error({ err: message }, 'WAL checkpoints in the background failed; the database makes its own from now on'));
    if (!store.checkpointWalIn(walCheckpoints)) void walCheckpoints.close();
  };
  // A database that cannot be written at start-up is served as it is, and opened again as soon
  // as it can be written (reopen.ts); commands are answered 503 meanwhile.
  const readOnly = dbFile ? whyReadOnly(dbFile) : null;
  let reopen: ReopenWhenWritable | null = null;
  if (dbFile && readOnly) {
    log.error({ reason: readOnly }, 'the database cannot be written: Riffle serves what it holds and answers commands 503 until it can, then saves again by itself');
    reopen = new ReopenWhenWritable(
      dbFile,
      () => {
        const old = store.db;
        store.reopen(openDb(dbFile));
        old.$client.close();
        checkpointWal();
        log.warn('the database can be written again: saving from now on');
      },
      (err) => log.error({ err }, 'opening the database again for writing failed; trying again'),
    );
  } else checkpointWal();
  let hub: Hub | null = null;
  let obs: ObsBridge | null = null;
  let marks: SeqMarkWriter | null = null;
  let link: HostLink | null = null;
  /** NATS's first try: awaited before listening, so that edges find this host answering. */
  let natsTried: Promise<void> = Promise.resolve();
  // Tournaments of a SQLite venue that PostgreSQL does not serve: said loudly (pg/left-behind.ts).
  const leftBehind = config.databaseUrl ? localTournamentsLeftBehind(store, dbFile, log) : null;
  const pg = config.databaseUrl ? pgStore(config.databaseUrl, log, undefined, config.leaseMs !== undefined ? leaseTiming(config.leaseMs) : undefined) : null;
  // On PostgreSQL every host shares the sessions and PINs; a session ended on another host is
  // noticed within SESSION_RECHECK_MS and its sockets here lose their rights then.
  const auth = new Auth(pg ? new PgAuthStore(pg.opened, log, (actorId) => hub?.revoke(actorId)) : new SqliteAuthStore(() => store.db), config.auth);
  const pgObs = pg ? new PgObsSettings(pg.opened) : null;
  const brandings: BrandingStore = pg ? new PgBrandingStore(pg.opened) : new SqliteBrandingStore(() => store.db);
  const metrics = new Metrics('host', {
    sockets: () => hub?.health() ?? { connections: 0, queuedBytes: 0, slowDrops: 0 },
    tournaments: () => registry.list().map((host) => ({ id: host.id, epoch: pg?.store.epoch(host.id) ?? 0, seq: host.seq, delayed: host.delayed.pending })),
    ...(config.natsUrl ? { nats: () => link?.natsState ?? { connected: false, refused: false } } : {}),
  });
  const registry = new Registry(pg?.store ?? store, time, {
    change: (change) => {
      marks?.changed();
      hub?.publish(change);
      obs?.onChange(change);
      link?.change(change);
    },
    delayChanged: (tournament) => {
      hub?.resyncDelayed(tournament);
      link?.delayChanged(tournament);
    },
    error: (err, context) => log.error({ err, ...context }, 'command failed inside the server'),
    answered: (answer, seconds) => metrics.answered(answer, seconds),
  }, config.seeds);
  // On PostgreSQL the tournaments are taken over once it answers (the first round awaited here).
  const pgRuntime =
    pg?.start(registry, (tournament) => {
      hub?.resync(tournament);
      link?.loaded(tournament);
      // Taken over after the start: its OBS settings are read again, then its OBS connected.
      if (obs && pgObs) {
        const bridge = obs;
        pgObs.load(tournament).then(
          () => bridge.adopt(tournament),
          (err: unknown) => log.error({ err, tournament }, 'the OBS settings of a tournament taken over could not be read from PostgreSQL'),
        );
      }
    }, (tournament) => link?.dropped(tournament)) ?? null;
  if (config.natsUrl) {
    link = new HostLink({
      natsUrl: config.natsUrl,
      ...(config.natsAuth ? { natsAuth: config.natsAuth } : {}),
      registry,
      auth,
      log,
      epochOf: (id) => pg?.store.epoch(id) ?? 0,
      // On SQLite this process serves every tournament; on PostgreSQL, any process may own it.
      exists: async (id) => {
        if (registry.get(id) || !pgRuntime) return registry.get(id) !== undefined;
        if (!pgRuntime.cluster) throw new Error('PostgreSQL cannot be reached');
        return pgRuntime.cluster.exists(id);
      },
    });
    natsTried = link.start();
  }
  await pgRuntime?.ready;
  await natsTried;
  if (pgRuntime?.cluster) {
    // PostgreSQL answered: the PINs and the OBS settings are known before the server listens.
    await auth.ready;
    await pgObs?.loadAll().catch((err: unknown) => log.error({ err }, 'the OBS settings could not be read from PostgreSQL'));
  }
  // Acknowledged commands lost with the WAL, found at this start; the mark kept from now on.
  const seqMark = dbFile && !pg ? checkSeqMark(join(config.dataDir, SEQ_MARK_FILE), registry, store, log) : { lost: [], writer: null };
  marks = seqMark.writer;
  const theHub = (hub = new Hub(registry, time, auth, { log, fannedOut: (s) => metrics.fannedOut(s), ...config.ws }));
  hub.startHeartbeat();
  const bridge = (obs = new ObsBridge(registry, pgObs ?? new SqliteObsSettings(() => store.db), time, log, (tournament, status) => theHub.publishObs(tournament, status), { ...OBS_TIMING, ...config.obsTiming }));
  hub.obsStatus = (tournament) => bridge.status(tournament);
  if (config.sample && !pg && registry.list().length === 0) {
    try {
      registry.create(sampleTournament());
    } catch (err) {
      if (!isStorageError(err)) throw err;
      log.error({ err }, 'storage is full or failing: the sample tournament was not created');
    }
  }

  bridge.start();
  const requestBudget = new RequestBudget(config.requestBudget);
  const proxies = new TrustedProxies(config.trustedProxies);
  const app = createApp({ registry, store, hub, auth, time, log, obs: bridge, brandings, webRoot: config.webRoot ?? DEFAULT_WEB_ROOT, hosts: new HostAllowList(config.hosts), ...(proxies.size ? { proxies } : {}), storage: { writable: () => !reopen?.waiting, lost: seqMark.lost }, requestBudget, metrics, ...natsHealth(link, leftBehind), ...(pgRuntime ? { festival: pgRuntime.festival, ownership: pgRuntime.ownership } : {}) });
  // Edges relay /api/* to this app through NATS (server/cluster/http-relay.ts), on the link's connection.
  const relay = link ? new HttpRelay({ fetch: app.fetch, registry, log, epochOf: (id) => pg?.store.epoch(id) ?? 0 }, () => link?.connection ?? null).start() : null;
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_LIMITS.maxMessageBytes, perMessageDeflate: false });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.hostname ?? '0.0.0.0',
        // A request's headers must arrive within HTTP_LIMITS.headersTimeoutMs (slowloris), checked every second.
        // An anonymous client over its request budget is refused before the application is.
        ...(config.tls
          ? {
              createServer: ((options: HttpsServerOptions, listener: RequestListener) => createHttpsServer(options, refuseOverBudget(requestBudget, listener, proxies))) as typeof createHttpsServer,
              serverOptions: { cert: config.tls.cert, key: config.tls.key, ...HTTP_TIMEOUTS },
            }
          : {
              createServer: ((options: HttpServerOptions, listener: RequestListener) => createHttpServer(options, refuseOverBudget(requestBudget, listener, proxies))) as typeof createHttpServer,
              serverOptions: HTTP_TIMEOUTS,
            }),
      },
      () => resolve(s),
    );
  });
  // serve() made a node:http or node:https server above (never HTTP/2): both emit `upgrade`.
  acceptSockets(server as HttpServer, { wss, fetch: app.fetch, hub, log });
  capConnections(server, config.ws?.limitLoopback ?? false, log, proxies);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    port,
    get db() {
      return store.db;
    },
    store,
    auth,
    registry,
    pg: pgRuntime,
    nats: link,
    hub,
    obs: bridge,
    server,
    log,
    async close() {
      reopen?.close();
      relay?.close();
      await link?.close();
      registry.close();
      hub.stop();
      bridge.close();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Answers waiting for their fsync get it before the database closes.
      await store.durable().catch(() => {});
      auth.close();
      await pgRuntime?.close();
      await marks?.close();
      store.closeWal();
      await walCheckpoints?.close();
      store.db.$client.close();
    },
  };
}
