/**
 * Ownership on PostgreSQL (docs/SCALING.md "Ownership"): who owns which tournament, and draining
 * the host that answers. For the TD (the admin token or a TD's phone).
 *
 * - `GET /api/cluster`: this process (`self`, whether it drains), the lease timing, and every
 *   tournament with its owner, lease epoch and how long its lease still runs.
 * - `POST /api/cluster/drain`: this process hands every tournament it owns to the others and
 *   takes none until `POST /api/cluster/undrain` or a restart. Send it to the host's own
 *   address (through an edge it reaches any one host); `{"owner": "…"}` in the body makes sure
 *   it is the host meant (409 from any other).
 */
import { Hono } from 'hono';
import type { Ownership } from '../host/pg/ownership.js';
import { refuseUnlessTd } from './setup.js';
import { errorResponse, readJson, type Ctx, type Env } from './context.js';

export function clusterRoutes(ownership: Ownership | undefined) {
  const single = (c: Ctx) => errorResponse(c, 404, { code: 'not-found', message: 'This server keeps its tournaments in SQLite: it owns them all, there is nothing to drain (docs/SCALING.md).' });
  const meant = async (c: Ctx, own: Ownership): Promise<Response | null> => {
    if (c.req.header('content-length') === '0' || !c.req.header('content-type')) return null;
    const body = await readJson(c);
    if (!body.ok) return body.response;
    const owner = (body.value as { owner?: unknown } | null)?.owner;
    if (owner !== undefined && owner !== own.self) return errorResponse(c, 409, { code: 'bad-host', message: `This is ${own.self}, not ${String(owner).slice(0, 80)}: send the drain to that host's own address.` });
    return null;
  };
  return new Hono<Env>()
    .get('/', async (c) => {
      const refused = refuseUnlessTd(c, 'Seeing who owns which tournament');
      if (refused) return refused;
      if (!ownership) return single(c);
      return c.json(await ownership.describe());
    })
    .post('/drain', async (c) => {
      const refused = refuseUnlessTd(c, 'Draining a host');
      if (refused) return refused;
      if (!ownership) return single(c);
      const other = await meant(c, ownership);
      if (other) return other;
      const moved = await ownership.drain();
      return c.json({ ok: true, self: ownership.self, draining: true, handedOver: moved });
    })
    .post('/undrain', async (c) => {
      const refused = refuseUnlessTd(c, 'Undraining a host');
      if (refused) return refused;
      if (!ownership) return single(c);
      const other = await meant(c, ownership);
      if (other) return other;
      ownership.undrain();
      return c.json({ ok: true, self: ownership.self, draining: false });
    });
}
