/**
 * Set-up from the phone (issue 14): duplicating a tournament, and the structure tools of the
 * editor (templates, suggest, check, import, export). Creating is `POST /api/tournaments`
 * (tournaments.ts); a running tournament's structure changes with the `structure.set`
 * command; archiving is the `tournament.archive` command.
 *
 * The tools only compute: they change nothing, so any caller may use them. Duplicating creates
 * a tournament and needs the TD (the phone's TD session or the admin token).
 */
import type { Registry } from '../host/registry.js';
import { Hono } from 'hono';
import type { z } from 'zod';
import { EngineError } from '../engine/errors.js';
import type { ErrorCode } from '../protocol/errors.js';
import { colorUpSchedule } from '../engine/money/colorup.js';
import { PRESET_IDS, PRESETS } from '../engine/presets.js';
import type { NewTournament } from '../engine/state.js';
import { structureAndChipIssues } from '../engine/structure-check.js';
import { suggestStructure } from '../engine/structure-suggest.js';
import { structureTemplate, TEMPLATE_IDS } from '../engine/structure-templates.js';
import { exportStructure, guessFormat, importStructure, StructureFileError, type StructureFormat } from '../files/structure-file.js';
import { structureSchema } from '../engine/schemas/tournament.js';
import { checkStructureSchema, duplicateSchema, importStructureSchema, suggestSchema } from '../engine/schemas/setup.js';
import { STORAGE_MESSAGE } from '../host/store.js';
import { errorResponse, readJson, refuseUnless, type Ctx, type Deps, type Env } from './context.js';

function invalid(c: Ctx, code: ErrorCode, error: z.ZodError) {
  const message = error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
  return errorResponse(c, 400, { code, message });
}

/** Who may create tournaments: the TD; a signed-in floor or producer phone is told it may not. */
export function refuseUnlessTd(c: Ctx, what: string) {
  return refuseUnless(c, 'setup', { anonymous: `${what} needs the tournament director.`, signedIn: `${what} is for the tournament director.` });
}

export function structureRoutes() {
  return new Hono<Env>()
    .get('/templates', (c) => c.json({ templates: TEMPLATE_IDS.map(structureTemplate) }))
    // The rule presets for the new-tournament form (names and the values they fix).
    .get('/presets', (c) => c.json({ presets: PRESET_IDS.map((id) => PRESETS[id]) }))
    .post('/suggest', async (c) => {
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = suggestSchema.safeParse(body.value);
      if (!parsed.success) return invalid(c, 'invalid-command', parsed.error);
      try {
        return c.json({ ok: true, structure: suggestStructure(parsed.data) });
      } catch (err) {
        if (err instanceof EngineError) return errorResponse(c, 400, { code: err.code, message: err.message });
        throw err;
      }
    })
    // The editor's live check: every problem at its item, and where the chips leave play.
    .post('/check', async (c) => {
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = checkStructureSchema.safeParse(body.value);
      if (!parsed.success) return invalid(c, 'invalid-structure', parsed.error);
      const { structure, chipSet } = parsed.data;
      try {
        const issues = structureAndChipIssues(structure, chipSet);
        const colorUps = chipSet?.length && issues.length === 0 ? colorUpSchedule(structure, chipSet) : [];
        return c.json({ ok: issues.length === 0, issues, colorUps });
      } catch (err) {
        if (err instanceof EngineError) return errorResponse(c, 400, { code: err.code, message: err.message });
        throw err;
      }
    })
    .post('/import', async (c) => {
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = importStructureSchema.safeParse(body.value);
      if (!parsed.success) return invalid(c, 'invalid-command', parsed.error);
      const { text, format, fileName } = parsed.data;
      const chosen: StructureFormat = format ?? guessFormat(text, fileName);
      try {
        return c.json({ ok: true, format: chosen, structure: importStructure(text, chosen) });
      } catch (err) {
        if (err instanceof StructureFileError) {
          const values = { ...err.values, ...(err.line ? { line: err.line } : {}) };
          return errorResponse(c, 400, {
            code: 'invalid-structure-file',
            message: err.message,
            issues: [{ index: null, field: null, code: err.code, values, message: err.message, ...(err.line ? { line: err.line } : {}) }],
          });
        }
        throw err;
      }
    })
    .post('/export', async (c) => {
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const { structure, format } = (body.value ?? {}) as { structure?: unknown; format?: unknown };
      const parsed = structureSchema.safeParse(structure);
      if (!parsed.success) return invalid(c, 'invalid-structure', parsed.error);
      if (format !== 'json' && format !== 'csv') return errorResponse(c, 400, { code: 'invalid-command', message: '"format" must be "json" or "csv".' });
      return c.text(exportStructure(parsed.data, format), 200, { 'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8' });
    });
}

/** `/api/tournaments/:id/…` additions: duplicate, and the structure as a file. */
export function tournamentSetupRoutes({ registry }: Deps) {
  return new Hono<Env>()
    .post('/:id/duplicate', async (c) => {
      const refused = refuseUnlessTd(c, 'Duplicating a tournament');
      if (refused) return refused;
      const source = registry.get(c.req.param('id'));
      if (!source) return errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${c.req.param('id').slice(0, 40)}".` });
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = duplicateSchema.safeParse(body.value ?? {});
      if (!parsed.success) return invalid(c, 'invalid-tournament', parsed.error);
      // The set-up as it stands now (settings changed since creation included), none of the night.
      const { name, preset, rules, ...settings } = source.state.settings;
      const input: NewTournament = { name: parsed.data.name ?? name, preset, structure: source.state.structure, settings: { ...settings, rules } };
      const host = registry.create(input);
      // Answered once it is saved (on PostgreSQL the row is written behind: host/pg/pg-store.ts).
      if (!(await host.durable())) return errorResponse(c, 503, { code: 'storage-unavailable', message: STORAGE_MESSAGE });
      return c.json({ ok: true, id: host.id }, 201);
    })
    // The set-up as the new-tournament form edits it: a past tournament's settings to start from.
    .get('/:id/setup', (c) => {
      const refused = refuseUnlessTd(c, 'The set-up of a tournament');
      if (refused) return refused;
      const host = registry.get(c.req.param('id'));
      if (!host) return errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${c.req.param('id').slice(0, 40)}".` });
      const { name, preset, ...settings } = host.state.settings;
      return c.json({ id: host.id, name, preset, settings, structure: host.state.structure, clock: { status: host.state.clock.status, index: host.state.clock.index } });
    })
    // Two plain routes, not one `structure.:format{(csv|json)}`: that one answered 404 once the
    // branding routes (/:id/branding/:slot/...) were mounted beside it (Hono's router choice);
    // test/server/setup.test.ts downloads both.
    .get('/:id/structure.csv', (c) => exportResponse(c, registry, 'csv'))
    .get('/:id/structure.json', (c) => exportResponse(c, registry, 'json'));
}

/** A tournament's structure as a file to download (csv or json). */
function exportResponse(c: Ctx, registry: Registry, format: StructureFormat): Response {
  const host = registry.get(c.req.param('id') ?? '');
  if (!host) return errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${(c.req.param('id') ?? '').slice(0, 40)}".` });
  const file = `${host.state.settings.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'structure'}.${format}`;
  return c.body(exportStructure(host.state.structure, format), 200, {
    'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    'content-disposition': `attachment; filename="structure.${format}"; filename*=UTF-8''${encodeURIComponent(file)}`,
  });
}
