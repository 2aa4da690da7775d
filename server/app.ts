/**
 * The HTTP and WebSocket application, composed from route modules. Wiring only: no rules
 * here, and nothing that needs a real socket, so tests can call `app.request()`.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from './auth/auth.js';
import { ANONYMOUS, type Actor } from './host/actor.js';
import { isStorageError, STORAGE_MESSAGE } from './host/store.js';
import { authRoutes } from './routes/auth.js';
import { clientAddress, errorResponse, fromAnotherSite, type Ctx, type Deps, type Env } from './routes/context.js';
import { allowHosts, securityHeaders, socketRoutes } from './routes/common.js';
import { pageRoutes } from './routes/pages.js';
import { tournamentRoutes } from './routes/tournaments.js';
import { resultsRoutes } from './routes/results.js';
import { seatRoutes } from './routes/seat.js';
import { backupRoutes } from './routes/backup.js';
import { healthRoutes } from './routes/health.js';
import { clusterRoutes } from './routes/cluster.js';
import { tournamentExportRoutes } from './routes/tournament-export.js';
import { obsRoutes } from './routes/obs.js';
import { brandingRoutes } from './routes/branding.js';
import { leaguesModule } from './routes/leagues.js';
import { leaguePageRoutes } from './routes/league-pages.js';
import { BRANDING_MAX_BYTES } from './protocol/branding.js';
import { playerRoutes } from './routes/players.js';
import { MAX_HOLD_MS } from './net/early-refusal.js';
import { canonicalPlayerId, statement } from './players/merge.js';
import { IMPORT_MAX_BYTES, PHOTO_MAX_BYTES } from './protocol/players.js';

/** `PUT /api/tournaments/:id/branding/logo|sponsor`: an image body, with its own size limit. */
const BRANDING_IMAGE_PATH = /^\/api\/tournaments\/[^/]+\/branding\/(logo|sponsor)$/;
import { structureRoutes, tournamentSetupRoutes } from './routes/setup.js';

/** Issue 27: a player's photo and a players CSV, each with its own limit (their routes check it too). */
const PLAYER_BODIES: readonly { method: string; path: RegExp; max: number; code: 'image-too-large' | 'body-too-large' }[] = [
  { method: 'PUT', path: /^\/api\/players\/[^/]+\/photo$/, max: PHOTO_MAX_BYTES, code: 'image-too-large' as const },
  { method: 'POST', path: /^\/api\/players\/import$/, max: IMPORT_MAX_BYTES, code: 'body-too-large' as const },
];

export const MAX_BODY_BYTES = 64 * 1024;

export { CONTENT_SECURITY_POLICY, OVERLAY_CONTENT_SECURITY_POLICY } from './routes/common.js';

export function createApp(deps: Deps) {
  const { auth, hub, log } = deps;
  const app = new Hono<Env>();

  app.onError((err, c) => {
    log.error({ err, path: c.req.path }, 'request failed');
    if (isStorageError(err)) return errorResponse(c, 503, { code: 'storage-unavailable', message: (err as { publicMessage?: string }).publicMessage ?? STORAGE_MESSAGE });
    return errorResponse(c, 500, { code: 'internal-error', message: 'Something went wrong inside the server; nothing was changed.' });
  });
  app.notFound((c) => errorResponse(c, 404, { code: 'not-found', message: `Nothing at ${c.req.path.slice(0, 80)}.` }));
  // Behind a trusted balancer, the client is who its X-Forwarded-For names (net/forwarded.ts).
  if (deps.proxies) app.use('*', deps.proxies.middleware());

  app.use('*', securityHeaders());

  // DNS rebinding: only this machine's own names and addresses (and RIFFLE_HOSTS) are served.
  app.use('*', allowHosts(deps.hosts, log));

  /**
   * A session cookie's actor: a value on SQLite and for a session cached on PostgreSQL (no
   * await then), a promise when PostgreSQL must be asked. PostgreSQL unreachable: an API
   * request is answered 503 storage-unavailable (app.onError), a page or socket is served as to
   * an anonymous screen.
   */
  const sessionOf = (c: Ctx, cookie: string): Actor | null | Promise<Actor | null> => {
    const found = auth.session(cookie);
    if (!(found instanceof Promise)) return found;
    return found.catch((err: unknown) => {
      if (isStorageError(err) && !c.req.path.startsWith('/api/')) return null;
      throw err;
    });
  };

  // Who is asking: the admin token, a paired phone's cookie, or an anonymous screen.
  app.use('*', async (c, next) => {
    let actor: Actor = ANONYMOUS;
    let sessionToken: string | null = null;
    const header = c.req.header('authorization');
    if (header?.startsWith('Bearer ')) {
      actor = auth.bearer(header.slice(7).trim()) ?? ANONYMOUS;
    } else {
      const cookie = getCookie(c, SESSION_COOKIE);
      let fromCookie = cookie ? sessionOf(c, cookie) : null;
      if (fromCookie instanceof Promise) fromCookie = await fromCookie;
      if (fromCookie && cookie) {
        actor = fromCookie;
        sessionToken = cookie;
        // CSRF: a cookie-authenticated change must come from a page of this site.
        if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
          if (fromAnotherSite(c)) return errorResponse(c, 403, { code: 'bad-origin', message: 'Changes must come from this server\'s own pages.' });
        }
      }
    }
    c.set('actor', actor);
    c.set('sessionToken', sessionToken);
    await next();
  });

  // What a client may cost per second: a client in debt is refused before any work, then its
  // request's bytes, its answer's (where the route states the length) and the work the route
  // did (`addWork`) are charged: an anonymous client to its address, staff to their actor, with
  // a budget of their own (server/net/request-budget.ts).
  app.use('/api/*', async (c, next) => {
    const actor = c.get('actor');
    const payer = actor.id === 'anonymous' ? { address: clientAddress(c) } : { actor: actor.id };
    const wait = deps.requestBudget.waitMs(payer);
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      // Closed after the answer: a refused body is not read (a poster in a loop would otherwise
      // have the server take in its 64 KiB a time), and the next try pays for a new connection.
      c.header('Connection', 'close');
      const who = 'address' in payer ? 'this address' : 'this phone';
      // Held until the payer is back in credit (at most MAX_HOLD_MS), as the early refusal holds
      // an anonymous one: a phone in a loop that ignores Retry-After gets a try a second, not
      // as many refusals as the event loop can make.
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, MAX_HOLD_MS)));
      return errorResponse(c, 429, { code: 'rate-limited', message: `Too many requests from ${who}; try again in ${Math.ceil(wait / 1000)} s.` });
    }
    const declared = c.req.header('content-length');
    // A chunked body is counted as the most the body limit lets through.
    const sent = declared !== undefined ? Number(declared) || 0 : c.req.method === 'GET' || c.req.method === 'HEAD' ? 0 : MAX_BODY_BYTES;
    await next();
    deps.requestBudget.charge(payer, sent + (Number(c.res.headers.get('content-length')) || 0), c.get('workMs') ?? 0);
  });

  // The body limit. A body of a declared length is judged by that length; hono's bodyLimit,
  // which counts what it reads, sees only bodies without one (chunked). It asks every request
  // for `raw.body`, which makes @hono/node-server build a web Request with a stream and an
  // abort signal around the socket; without it, readJson's `text()` reads the socket directly
  // (6 % of the server's time per registration at 10,000 entries: docs/BENCHMARKS.md, sixth round).
  const tooLarge = (c: Ctx) => errorResponse(c, 413, { code: 'body-too-large', message: `Request bodies are limited to ${MAX_BODY_BYTES / 1024} KiB.` });
  const countedLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  // A branding image (server/routes/branding.ts) may be larger: that route checks its own size.
  const imageLimit = bodyLimit({ maxSize: BRANDING_MAX_BYTES, onError: (c) => errorResponse(c, 413, { code: 'image-too-large', message: `Images are limited to ${BRANDING_MAX_BYTES / 1024} KiB.` }) });
  const playerLimits = PLAYER_BODIES.map((b) => ({ ...b, limit: bodyLimit({ maxSize: b.max, onError: (c) => errorResponse(c, 413, { code: b.code, message: `At most ${b.max / 1024} KiB here.` }) }) }));
  app.use('/api/*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const larger = playerLimits.find((b) => b.method === c.req.method && b.path.test(c.req.path));
    if (larger) {
      const declared = c.req.header('content-length');
      if (declared !== undefined && parseInt(declared, 10) > larger.max) {
        return errorResponse(c, 413, { code: larger.code, message: `At most ${larger.max / 1024} KiB here; this is ${Math.ceil(parseInt(declared, 10) / 1024)} KiB.` });
      }
      return larger.limit(c, next);
    }
    const image = c.req.method === 'PUT' && BRANDING_IMAGE_PATH.test(c.req.path);
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (image) return parseInt(length, 10) > BRANDING_MAX_BYTES ? errorResponse(c, 413, { code: 'image-too-large', message: `The image is ${Math.ceil(parseInt(length, 10) / 1024)} KiB; at most ${BRANDING_MAX_BYTES / 1024} KiB.` }) : next();
      return parseInt(length, 10) > MAX_BODY_BYTES ? tooLarge(c) : next();
    }
    return image ? imageLimit(c, next) : countedLimit(c, next);
  });

  // Liveness and readiness (server/routes/health.ts): the store, and NATS's credentials.
  const storeReady = () => deps.registry.storageDown ?? (deps.storage.writable() ? null : 'the database cannot be written');
  app.route(
    '/',
    healthRoutes([storeReady, ...(deps.ready ?? [])], () => ({
      tournaments: deps.registry.list().length,
      ...hub.health(),
      storage: { writable: deps.storage.writable(), lostCommands: deps.storage.lost },
      ...deps.healthDetails?.(),
    }), deps.metrics),
  );

  // `/ws` and `/ws/stream` (server/routes/common.ts): the grant for the upgrade handler.
  const { capSockets, socketRoute } = socketRoutes(hub, log);

  app.get('/ws', capSockets, socketRoute(false));
  app.get('/ws/stream', capSockets, socketRoute(true));

  app.route('/api/auth', authRoutes(deps));
  app.route('/api/backup', backupRoutes(deps));
  app.route('/api/cluster', clusterRoutes(deps.ownership));
  app.route('/api/tournaments', tournamentRoutes(deps));
  app.route('/api/tournaments', tournamentExportRoutes(deps));
  app.route('/api/tournaments', resultsRoutes(deps));
  app.route('/api/tournaments', seatRoutes(deps));
  app.route('/api/tournaments', obsRoutes(deps));
  app.route('/api/tournaments', tournamentSetupRoutes(deps));
  app.route('/api/tournaments', brandingRoutes(deps));
  app.route('/api/structures', structureRoutes());
  app.route('/api/players', playerRoutes(deps));
  // Leagues (issue 27): a venue player's results join his merged records' (canonicalPlayerId);
  // a name key ('name:…') or an erased player's key is its own.
  // A league showing nicknames reads them from the player's record (initials when he has none).
  const nicknameOf = (key: string) =>
    key.startsWith('p_')
      ? ((statement(deps.store.db, 'SELECT nickname FROM players WHERE id = ? AND erased_at IS NULL').get(canonicalPlayerId(deps.store.db, key)) as { nickname: string | null } | undefined)?.nickname ?? undefined)
      : undefined;
  const leagues = leaguesModule(deps, { resolve: (key) => (key.startsWith('p_') ? canonicalPlayerId(deps.store.db, key) : key), nickname: nicknameOf });
  app.route('/api/leagues', leagues.api);
  app.route('/api/tournaments', leagues.tournaments);
  app.route('/', leaguePageRoutes(deps, leagues));
  app.route('/', pageRoutes(deps));
  return app;
}
