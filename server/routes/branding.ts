/**
 * Branding of the stream overlays (issue 24): colours, the event's logo and a sponsor's,
 * stored with the tournament (tables `brandings` and `branding_images`, through
 * server/branding/store.ts: the embedded SQLite database, or PostgreSQL with RIFFLE_DATABASE_URL).
 *
 * - `GET  /api/tournaments/:id/branding`: what the overlays read (public: it is on air anyway).
 * - `PUT  /api/tournaments/:id/branding/colors` `{accent?, background?, text?}` (`#rrggbb`, or
 *   null to drop one): the TD or the producer.
 * - `PUT  /api/tournaments/:id/branding/logo|sponsor`: the image's bytes as the body. The type
 *   is sniffed from the bytes (PNG, JPEG, WebP; an SVG is refused: it can carry script, and a
 *   declared content-type is never trusted), at most BRANDING_MAX_BYTES and 2048×2048 pixels.
 * - `DELETE /api/tournaments/:id/branding/logo|sponsor`.
 * - `GET  /api/tournaments/:id/branding/logo|sponsor/:hash`: the image, `immutable`.
 *
 * Bad input answers 400/413/415 with a code and changes nothing.
 */
import { Hono } from 'hono';
import { checkImage } from '../files/image-check.js';
import { errorResponse, readJson, refuseUnless, type Ctx, type Deps, type Env } from './context.js';
import {
  BRANDING_COLORS,
  BRANDING_MAX_BYTES,
  BRANDING_MAX_AREA,
  BRANDING_MAX_PIXELS,
  BRANDING_SLOTS,
  COLOR_PATTERN,
  type BrandingColor,
  type BrandingSlot,
  type BrandingView,
} from '../protocol/branding.js';

function isSlot(slot: string): slot is BrandingSlot {
  return (BRANDING_SLOTS as readonly string[]).includes(slot);
}

export function brandingRoutes({ registry, brandings, time }: Deps) {
  const view = async (id: string): Promise<BrandingView> => {
    const out: BrandingView = { colors: await brandings.colors(id) };
    for (const { slot, hash } of await brandings.images(id)) out[slot] = `/api/tournaments/${encodeURIComponent(id)}/branding/${slot}/${hash}`;
    return out;
  };
  const unknown = (c: Ctx) => errorResponse(c, 404, { code: 'unknown-tournament', message: 'No such tournament.' });
  const refuse = (c: Ctx) => refuseUnless(c, 'branding.set', 'Branding is set by the TD or the stream producer.');

  return new Hono<Env>()
    .get('/:id/branding', async (c) => {
      const id = c.req.param('id');
      if (!registry.get(id)) return unknown(c);
      c.header('Cache-Control', 'no-cache');
      return c.json(await view(id));
    })
    .put('/:id/branding/colors', async (c) => {
      const id = c.req.param('id');
      if (!registry.get(id)) return unknown(c);
      {
        const refused = refuse(c);
        if (refused) return refused;
      }
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const value = body.value;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return errorResponse(c, 400, { code: 'invalid-branding', message: 'Send {accent?, background?, text?}, each a colour like #e11d48.' });
      const colors = { ...(await brandings.colors(id)) };
      for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
        if (!Object.hasOwn(BRANDING_COLORS, key)) return errorResponse(c, 400, { code: 'invalid-branding', message: `"${key.slice(0, 40)}" is not a colour of the branding (accent, background, text).` });
        if (raw === null) delete colors[key as BrandingColor];
        else if (typeof raw === 'string' && COLOR_PATTERN.test(raw)) colors[key as BrandingColor] = raw.toLowerCase();
        else return errorResponse(c, 400, { code: 'invalid-color', message: `${key}: a colour is written #rrggbb, like #e11d48.` });
      }
      await brandings.setColors(id, colors, time.now());
      return c.json({ ok: true, branding: await view(id) });
    })
    .put('/:id/branding/:slot', async (c) => {
      const id = c.req.param('id');
      const slot = c.req.param('slot');
      if (!registry.get(id)) return unknown(c);
      if (!isSlot(slot)) return errorResponse(c, 404, { code: 'unknown-slot', message: `Branding images are ${BRANDING_SLOTS.join(' and ')}.` });
      {
        const refused = refuse(c);
        if (refused) return refused;
      }
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const checked = await checkImage(bytes, BRANDING_MAX_BYTES, BRANDING_MAX_PIXELS, BRANDING_MAX_AREA);
      if (!checked.ok) return errorResponse(c, checked.status, checked.error);
      const { mime, width, height, hash } = checked;
      await brandings.putImage(id, slot, { hash, mime, width, height, data: Buffer.from(bytes) }, time.now());
      return c.json({ ok: true, branding: await view(id) });
    })
    .delete('/:id/branding/:slot', async (c) => {
      const id = c.req.param('id');
      const slot = c.req.param('slot');
      if (!registry.get(id)) return unknown(c);
      if (!isSlot(slot)) return errorResponse(c, 404, { code: 'unknown-slot', message: `Branding images are ${BRANDING_SLOTS.join(' and ')}.` });
      {
        const refused = refuse(c);
        if (refused) return refused;
      }
      await brandings.deleteImage(id, slot);
      return c.json({ ok: true, branding: await view(id) });
    })
    .get('/:id/branding/:slot/:hash', async (c) => {
      const row = await brandings.image(c.req.param('id'), c.req.param('slot'));
      if (!row || row.hash !== c.req.param('hash')) return errorResponse(c, 404, { code: 'unknown-image', message: 'No such image (it may have been replaced).' });
      return c.body(new Uint8Array(row.data), 200, {
        'content-type': row.mime,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-length': String(row.data.length),
      });
    });
}
