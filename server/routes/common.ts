/**
 * What every Riffle process that serves pages and sockets puts in front of them, a host
 * (server/app.ts) and an edge (server/edge/app.ts) alike: the security headers, the Host
 * allow-list (DNS rebinding), and the `/ws` and `/ws/stream` upgrade routes.
 */
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { HostAllowList } from '../net/address.js';
import type { UpgradeEnv } from '../ws/upgrade.js';
import { clientAddress, errorResponse, sameOrigin, type Ctx, type Env } from './context.js';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Lit adopts constructed stylesheets; the page shells carry one small inline <style>.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "media-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The stream overlays may be framed by this server's own pages only: the phone's Stream tab
 * previews them in a frame (issue 24). They have no controls to trick a click into.
 */
export const OVERLAY_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

/** The security headers of every answer (not of a WebSocket upgrade's, which `ws` writes). */
export function securityHeaders(): MiddlewareHandler<Env> {
  return async (c, next) => {
    await next();
    // A WebSocket upgrade's response is never sent as such (ws writes the 101): no header objects for it.
    if ((c.req.path === '/ws' || c.req.path === '/ws/stream') && c.req.header('upgrade')?.toLowerCase() === 'websocket') return;
    const overlay = c.req.path.startsWith('/overlay/');
    c.header('Content-Security-Policy', overlay ? OVERLAY_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', overlay ? 'SAMEORIGIN' : 'DENY');
  };
}

/**
 * DNS rebinding: a page on another site whose name now points at this machine sends that name
 * as Host. Only this machine's own names and addresses (and RIFFLE_HOSTS) are served.
 */
export function allowHosts(hosts: HostAllowList, log: Logger): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (!hosts.allows(c.req.header('host'))) {
      log.warn({ host: c.req.header('host')?.slice(0, 80) }, 'request refused: unknown Host');
      return errorResponse(c, 421, { code: 'bad-host', message: 'This server does not answer to that host name. Use its address, or add the name to RIFFLE_HOSTS.' });
    }
    await next();
  };
}

/** What the socket routes need of the hub. */
export interface SocketHub {
  mayOpen(address: string): boolean;
  readonly socketsPerAddressLimit: number;
}

/**
 * `/ws`: screens, phones and automation. `/ws/stream`: stream overlays, on the delayed feed
 * only. The route decides (after the Host, actor and per-address checks) and hands its grant to
 * the upgrade handler (server/ws/upgrade.ts), which opens the socket; nothing of this request's
 * context is kept for the socket's lifetime. The `actor` variable must be set before.
 */
export function socketRoutes(hub: SocketHub, log: Logger): { capSockets: MiddlewareHandler<Env>; socketRoute: (delayed: boolean) => MiddlewareHandler<Env> } {
  // One address may hold at most hub.socketsPerAddressLimit sockets (loopback excepted).
  const capSockets = async (c: Ctx, next: () => Promise<void>) => {
    const address = clientAddress(c);
    if (!hub.mayOpen(address)) {
      log.warn({ client: address }, 'websocket refused: too many sockets from one address');
      return errorResponse(c, 429, {
        code: 'rate-limited',
        message: `At most ${hub.socketsPerAddressLimit} screens may connect from one address; close some first.`,
      });
    }
    c.set('clientAddress', address);
    await next();
  };
  const socketRoute = (delayed: boolean) => async (c: Ctx, next: () => Promise<void>) => {
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return next();
    const upgrade = (c.env as Partial<UpgradeEnv> | undefined)?.upgrade;
    // Not through the server's upgrade handler (e.g. app.request in a test): nothing to open.
    if (!upgrade) return new Response(null, { status: 500 });
    upgrade.grant = {
      actor: c.get('actor'),
      sameOrigin: sameOrigin(c.req.header('origin'), c.req.header('host')),
      address: c.get('clientAddress'),
      delayed,
    };
    return new Response(null);
  };
  return { capSockets, socketRoute };
}
