/** Pairing a phone with the PIN, and signing out. */
import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../auth/auth.js';
import { may } from '../protocol/roles.js';
import { clientAddress, errorResponse, fromAnotherSite, readJson, type Deps, type Env } from './context.js';

/** True for `application/json`, with or without parameters (`; charset=utf-8`). */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export function authRoutes({ auth, hub, log }: Deps) {
  return new Hono<Env>()
    .get('/me', (c) => {
      const actor = c.get('actor');
      return c.json({ role: actor.role });
    })
    .post('/pair', async (c) => {
      // Before the PIN limiter counts anything: a page of another site, even one open on the
      // server's own laptop, may not spend the PIN budget (six text/plain POSTs from a web page
      // locked the TD's console out). Only JSON is read: a browser sends it cross-site only
      // after a CORS preflight, which Riffle never grants. Both refusals cost nothing.
      if (fromAnotherSite(c)) {
        return errorResponse(c, 403, { code: 'bad-origin', message: 'Pair from this server\'s own control panel, not from another site\'s page.' });
      }
      if (!isJson(c.req.header('content-type'))) {
        return errorResponse(c, 415, { code: 'bad-json', message: 'Send the PIN as JSON (Content-Type: application/json).' });
      }
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const pin = (body.value as { pin?: unknown } | null)?.pin;
      if (typeof pin !== 'string' || !/^\d{6}$/.test(pin)) {
        return errorResponse(c, 400, { code: 'invalid-command', message: 'The PIN is six digits.' });
      }
      const client = clientAddress(c) || 'unknown';
      const result = await auth.pair(pin, client, c.req.header('user-agent') ?? '');
      if (!result.ok) {
        const seconds = Math.ceil(result.retryAfterMs / 1000);
        if (seconds > 0) c.header('Retry-After', String(seconds));
        log.warn({ client, code: result.code }, 'pairing refused');
        if (result.globalLockStarted) {
          const minutes = Math.ceil(auth.limiter.globalRetryAfter / 60_000);
          const port = new URL(c.req.url).port;
          log.error(
            { client, minutes },
            `too many wrong PINs on the network: pairing from other machines is locked for ${minutes} min; this machine can still pair at http://localhost${port ? `:${port}` : ''}/control`,
          );
        }
        return result.code === 'rate-limited'
          ? errorResponse(c, 429, { code: 'rate-limited', message: `Too many wrong PINs. Try again in ${seconds} s.` })
          : errorResponse(c, 401, { code: 'bad-pin', message: 'That PIN is not right.' });
      }
      setCookie(c, SESSION_COOKIE, result.token, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
        secure: new URL(c.req.url).protocol === 'https:',
        expires: new Date(result.expiresAt),
      });
      log.info({ client, role: result.role }, 'phone paired');
      return c.json({ ok: true, role: result.role });
    })
    .post('/logout', async (c) => {
      const token = c.get('sessionToken');
      if (token) {
        await auth.logout(token);
        // Sockets opened with this session lose their rights now, not when they next reconnect.
        hub.revoke(c.get('actor').id);
      }
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return c.json({ ok: true });
    })
    .get('/sessions', async (c) => {
      if (!may(c.get('actor').role, 'sessions.manage')) return errorResponse(c, 401, { code: 'not-authenticated', message: 'Only the TD may list paired phones.' });
      return c.json({ sessions: await auth.listSessions() });
    })
    .delete('/sessions/:sid', async (c) => {
      if (!may(c.get('actor').role, 'sessions.manage')) return errorResponse(c, 401, { code: 'not-authenticated', message: 'Only the TD may sign out a phone.' });
      const sid = c.req.param('sid');
      if (!(await auth.revokeSession(sid))) return errorResponse(c, 404, { code: 'not-found', message: 'No such paired phone.' });
      hub.revoke(`session:${sid}`);
      log.info({ session: sid }, 'session revoked');
      return c.json({ ok: true });
    });
}
