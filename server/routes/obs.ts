/**
 * OBS per tournament (docs/OBS.md): `PUT /:id/obs {url, password}` (TD) stores the address and
 * connects; `GET` answers the status without the password (TD, producer); `DELETE` (TD)
 * disconnects and forgets. Manual control (TD, producer): the program scene, the studio-mode
 * cut, a scene item on or off, each answered once OBS confirmed it, or with why not.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { obsSettingsSchema } from '../engine/schemas/obs.js';
import type { ObsAction } from '../protocol/obs.js';
import { ObsRequestError, type ObsErrorCode } from '../obs/session.js';
import { errorResponse, readJson, refuseUnless, type Ctx, type Deps, type Env } from './context.js';

const sceneBody = z.strictObject({ scene: z.string().trim().min(1).max(200) });
/** The cut's body is optional: `{transition}` names the OBS transition to cut with. */
const transitionBody = z.strictObject({ transition: z.string().trim().min(1).max(200).optional() });
const itemBody = z.strictObject({ source: z.string().trim().min(1).max(200), visible: z.boolean(), scene: z.string().trim().min(1).max(200).optional() });

/** The HTTP status of each way an OBS action can fail (docs/API.md). */
const FAILED: Record<ObsErrorCode, number> = {
  'obs-not-connected': 409,
  'obs-refused': 409,
  'obs-unavailable': 503,
  'obs-timeout': 504,
  'obs-unknown-scene': 404,
  'obs-unknown-source': 404,
  'obs-unknown-transition': 404,
};

export function obsRoutes({ registry, obs }: Deps) {
  /** null when allowed; otherwise the refusal. */
  const refuse = (c: Ctx, tdOnly: boolean) => {
    if (!registry.get(c.req.param('id') ?? '')) return errorResponse(c, 404, { code: 'unknown-tournament', message: 'There is no such tournament.' });
    const who = tdOnly ? 'the tournament director' : 'the TD and the stream producer';
    return refuseUnless(c, tdOnly ? 'obs.configure' : 'obs.operate', `OBS settings are for ${who}.`);
  };
  const invalid = (c: Ctx, error: z.ZodError) =>
    errorResponse(c, 400, { code: 'invalid-command', message: error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') });
  /** Runs a manual action and answers once OBS confirmed it, or with the reason it did not happen. */
  const manual = async (c: Ctx, action: ObsAction, transitionName?: string) => {
    try {
      await obs.manual(c.req.param('id') ?? '', action, transitionName);
      return c.json({ ok: true });
    } catch (err) {
      if (!(err instanceof ObsRequestError)) throw err;
      return errorResponse(c, FAILED[err.code], { code: err.code, message: err.message, ...(err.names ? { names: [...err.names] } : {}) });
    }
  };

  return new Hono<Env>()
    .get('/:id/obs', (c) => refuse(c, false) ?? c.json({ ok: true, status: obs.status(c.req.param('id')) }))
    .put('/:id/obs', async (c) => {
      const no = refuse(c, true);
      if (no) return no;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = obsSettingsSchema.safeParse(body.value);
      if (!parsed.success) return invalid(c, parsed.error);
      await obs.configure(c.req.param('id'), parsed.data.url, parsed.data.password);
      return c.json({ ok: true, status: obs.status(c.req.param('id')) });
    })
    .delete('/:id/obs', async (c) => {
      const no = refuse(c, true);
      if (no) return no;
      await obs.forget(c.req.param('id'));
      return c.json({ ok: true, status: obs.status(c.req.param('id')) });
    })
    .post('/:id/obs/scene', async (c) => {
      const no = refuse(c, false);
      if (no) return no;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = sceneBody.safeParse(body.value);
      if (!parsed.success) return invalid(c, parsed.error);
      return manual(c, { scene: parsed.data.scene });
    })
    .post('/:id/obs/transition', async (c) => {
      const no = refuse(c, false);
      if (no) return no;
      // A Stream Deck button may post no body at all.
      const text = (await c.req.text()).trim();
      let value: unknown = {};
      if (text) {
        try {
          value = JSON.parse(text);
        } catch {
          return errorResponse(c, 400, { code: 'bad-json', message: 'The request body is not valid JSON.' });
        }
      }
      const parsed = transitionBody.safeParse(value);
      if (!parsed.success) return invalid(c, parsed.error);
      return manual(c, { transition: true }, parsed.data.transition);
    })
    .post('/:id/obs/item', async (c) => {
      const no = refuse(c, false);
      if (no) return no;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = itemBody.safeParse(body.value);
      if (!parsed.success) return invalid(c, parsed.error);
      const { source, visible, scene } = parsed.data;
      const target = { source, ...(scene ? { scene } : {}) };
      return manual(c, visible ? { show: target } : { hide: target });
    });
}
