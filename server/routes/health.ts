/**
 * Liveness and readiness, for a host (server/app.ts) and an edge (server/edge/app.ts) alike.
 *
 * - `GET /healthz` (liveness): 200 while the process answers at all, with what it knows of
 *   itself; `ok` is whether it can serve now (the same as readiness). Restart a process only
 *   when this does not answer.
 * - `GET /readyz` (readiness): 200 `{ready: true}`, or 503 `{ready: false, reasons}` while it
 *   cannot serve: its store cannot be written or reached (a host), NATS is down or refuses its
 *   credentials (an edge; a host only when refused, since it serves its own sockets without
 *   NATS). Balancers send traffic only to ready processes (docs/SCALING.md).
 */
import { Hono } from 'hono';
import { timingSafeEqual } from 'node:crypto';
import { errorResponse, type Env } from './context.js';
import type { Metrics } from '../metrics/metrics.js';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** One thing a process needs to serve: null when it has it, else why not (a sentence). */
export type ReadinessCheck = () => string | null;

export function notReady(checks: readonly ReadinessCheck[]): string[] {
  return checks.map((check) => check()).filter((reason): reason is string => reason !== null);
}

export function healthRoutes(checks: readonly ReadinessCheck[], details: () => Record<string, unknown>, metrics?: Metrics) {
  if (metrics) metrics.ready = () => notReady(checks).length === 0;
  return new Hono<Env>()
    .get('/healthz', (c) => {
      const reasons = notReady(checks);
      return c.json({ ok: reasons.length === 0, ...(reasons.length ? { reasons } : {}), ...details() });
    })
    // Prometheus (server/metrics/metrics.ts). With RIFFLE_METRICS_TOKEN set, only with that bearer token.
    .get('/metrics', async (c) => {
      if (!metrics) return c.notFound();
      const token = process.env.RIFFLE_METRICS_TOKEN;
      if (token && !sameSecret(c.req.header('authorization') ?? '', `Bearer ${token}`)) return errorResponse(c, 401, { code: 'not-authenticated', message: 'The metrics need the bearer token RIFFLE_METRICS_TOKEN.' });
      const { text, contentType } = await metrics.scrape();
      c.header('Cache-Control', 'no-store');
      return c.body(text, 200, { 'content-type': contentType });
    })
    .get('/readyz', (c) => {
      const reasons = notReady(checks);
      c.header('Cache-Control', 'no-store');
      return reasons.length ? c.json({ ready: false, reasons }, 503) : c.json({ ready: true });
    });
}

/** What NATS's state means for readiness (server/cluster/connect.ts). */
export function natsCheck(state: () => { connected: boolean; refused: boolean } | null, needed: boolean): ReadinessCheck {
  return () => {
    const s = state();
    if (!s) return null;
    if (s.refused) return 'NATS refuses this process\'s credentials (see the log)';
    if (needed && !s.connected) return 'NATS cannot be reached';
    return null;
  };
}
