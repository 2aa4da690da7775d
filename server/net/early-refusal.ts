/**
 * The request budget's refusal before the application (issue 21): an anonymous client in debt
 * that keeps posting (a loop ignoring Retry-After) is answered from Node's own request event, with
 * no web Request, no routing and no middleware made for it, and its connection closed so its
 * body is never read. The application's middleware (server/app.ts) stays the one that decides who
 * is anonymous and charges what a request cost; this is only its refusal, made cheaper: a request
 * with a bearer token or a session cookie always goes on to the application.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { SESSION_COOKIE } from '../auth/auth.js';
import type { RequestBudget } from './request-budget.js';
import type { TrustedProxies } from './forwarded.js';

/** The longest a refusal is held back. */
export const MAX_HOLD_MS = 1000;

export function refuseOverBudget(budget: RequestBudget, next: RequestListener, proxies?: TrustedProxies): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/api/') || req.headers.authorization || req.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return next(req, res);
    const peer = req.socket.remoteAddress ?? '';
    const wait = budget.waitMs(proxies ? proxies.client(peer, req.headers['x-forwarded-for']) : peer);
    if (wait === 0) return next(req, res);
    const seconds = Math.ceil(wait / 1000);
    const body = JSON.stringify({ ok: false, error: { code: 'rate-limited', message: `Too many requests from this address; try again in ${seconds} s.` } });
    res.writeHead(429, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'retry-after': String(seconds),
      connection: 'close',
      'x-content-type-options': 'nosniff',
    });
    // Answered when the budget allows again (at most 1 s on): a loop that ignores Retry-After
    // is held to a try per connection a second, instead of costing the server a connection's
    // set-up and answer as fast as it can send them. Only timers wait; the per-address
    // connection cap bounds how many.
    const timer = setTimeout(() => res.end(body), Math.min(wait, MAX_HOLD_MS));
    res.once('close', () => clearTimeout(timer));
  };
}
