/**
 * The venue's players (issue 27; docs/API.md "Players"). Roles through `may()`: `players.read`
 * (the floor and the TD) finds players and registers them, a new name creating his record;
 * `players.manage` (the TD) reads contacts and notes, edits, sets photos, imports, exports,
 * merges and erases. Contact details are never on a public route nor in what the floor reads.
 *
 * - `GET    /api/players?q=`           search by a few letters of any name (typo-tolerant)
 * - `POST   /api/players`              a new record `{name, nickname?, country?}` (+ contact: TD)
 * - `GET    /api/players/export.csv`   every record (TD)
 * - `POST   /api/players/import`       a CSV body (TD): all rows or, with a bad one, none;
 *                                      `?preview=1`: what it would do, line by line, nothing changed
 * - `GET    /api/players/:id`          his card (the TD: the record) and his tournaments
 * - `PATCH  /api/players/:id`          change fields (TD)
 * - `PUT    /api/players/:id/photo`    the image's bytes (TD); `DELETE` drops it
 * - `GET    /api/players/:id/photo?v=` the photo, public (the stream's plates), cached for good
 * - `POST   /api/players/:id/merge`    `{into}`: this record is a duplicate of `into` (TD)
 * - `DELETE /api/players/:id`          erased on request (TD)
 */
import { Hono } from 'hono';
import { checkImage } from '../files/image-check.js';
import { addWork, errorResponse, readJson, refuseUnless, type Ctx, type Deps, type Env } from './context.js';
import { may } from '../protocol/roles.js';
import {
  IMPORT_MAX_BYTES,
  PHOTO_MAX_AREA,
  PHOTO_MAX_BYTES,
  PLAYER_MATCHES_MAX,
  PHOTO_MAX_PIXELS,
  PLAYER_QUERY_MAX,
  PLAYER_QUERY_MIN,
  type PlayerSearchAnswer,
} from '../protocol/players.js';
import { PlayerStore, cardOf, recordOf } from '../players/store.js';
import { searchBudget } from '../players/search.js';
import { checkInput } from '../players/input.js';
import { exportCsv, parseImport } from '../players/csv.js';
import { importPreview } from '../players/import-preview.js';
import { canonicalPlayerId, mergedIds } from '../players/merge.js';
import { eraseFromTournaments, historyOf } from '../players/tournaments.js';

const CONTACT_FIELDS = ['email', 'phone', 'notes'] as const;

export function playerRoutes({ registry, store, time }: Deps) {
  const players = new PlayerStore(store.db, time);
  const read = (c: Ctx) => refuseUnless(c, 'players.read', 'Players are found and registered by the floor or the TD: sign in with the PIN.');
  const manage = (c: Ctx) => refuseUnless(c, 'players.manage', 'Player records are kept by the TD.');
  const unknown = (c: Ctx, id: string) => errorResponse(c, 404, { code: 'unknown-player', message: `There is no player "${id.slice(0, 40)}" (erased, or never here).` });

  return new Hono<Env>()
    .get('/', (c) => {
      const refused = read(c);
      if (refused) return refused;
      const q = (c.req.query('q') ?? '').trim();
      if ([...q].length < PLAYER_QUERY_MIN || [...q].length > PLAYER_QUERY_MAX) {
        return errorResponse(c, 400, { code: 'invalid-query', message: `Type ${PLAYER_QUERY_MIN} to ${PLAYER_QUERY_MAX} letters of the name.` });
      }
      // A full name of more words (the pasted list and Enter look names up whole) is searched by
      // its first five words (PLAYER_QUERY_WORDS_MAX): the work stays bounded and the name is still found.
      // Within the search's work budget (a partial answer says so); its time is charged to the
      // caller's budget, so a phone searching in a loop is held to its share of the event loop.
      const budget = searchBudget();
      const { rows, more, partial } = players.search(q, PLAYER_MATCHES_MAX, budget);
      addWork(c, budget.elapsedMs());
      const answer: PlayerSearchAnswer = { ok: true, matches: rows.map(cardOf), more, ...(partial ? { partial: true as const } : {}) };
      c.header('Cache-Control', 'no-store');
      return c.json(answer);
    })
    .post('/', async (c) => {
      const refused = read(c);
      if (refused) return refused;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const checked = checkInput(body.value);
      if (!checked.ok) return errorResponse(c, 400, { code: checked.code, message: checked.message });
      if (checked.value.name === undefined) return errorResponse(c, 400, { code: 'invalid-name', message: 'name: is required' });
      // The floor registers a new name; contact details and notes are the TD's to keep.
      if (!may(c.get('actor').role, 'players.manage') && CONTACT_FIELDS.some((f) => checked.value[f] != null)) {
        return errorResponse(c, 403, { code: 'not-authorized', message: 'Contact details and notes are kept by the TD.' });
      }
      const row = players.create({ ...checked.value, name: checked.value.name });
      return c.json({ ok: true, player: may(c.get('actor').role, 'players.manage') ? recordOf(row) : cardOf(row) });
    })
    .get('/export.csv', (c) => {
      const refused = manage(c);
      if (refused) return refused;
      const rows = [];
      for (let after: string | null = null; ; ) {
        const page = players.page(after, 1000);
        rows.push(...page);
        if (page.length < 1000) break;
        after = page[page.length - 1]!.id;
      }
      return c.body(exportCsv(rows), 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="players.csv"', 'cache-control': 'no-store' });
    })
    .post('/import', async (c) => {
      const refused = manage(c);
      if (refused) return refused;
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.length > IMPORT_MAX_BYTES) return errorResponse(c, 413, { code: 'body-too-large', message: `A players file is at most ${IMPORT_MAX_BYTES / 1024 / 1024} MiB; split it.` });
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        return errorResponse(c, 400, { code: 'invalid-csv', message: 'This is not a CSV file: it is not UTF-8 text (save it from the spreadsheet as "CSV UTF-8").' });
      }
      if (text.includes('\u0000')) return errorResponse(c, 400, { code: 'invalid-csv', message: 'This is not a CSV file: it holds binary data.' });
      const parsed = await parseImport(text);
      if (c.req.query('preview') === '1' && (parsed.ok || parsed.code === 'invalid-import')) return c.json(importPreview(parsed, (id) => players.get(id)));
      if (!parsed.ok) {
        const issues = parsed.code === 'invalid-import' ? parsed.problems.map((p) => ({ index: null, field: null, line: p.line, message: p.message })) : undefined;
        return errorResponse(c, 400, { code: parsed.code, message: parsed.message, ...(issues ? { issues } : {}) });
      }
      const missing = parsed.rows.filter((r) => r.id !== null && !players.get(r.id));
      if (missing.length) {
        return errorResponse(c, 400, {
          code: 'invalid-import',
          message: `${missing.length} line(s) name a player this server does not have: ${missing.slice(0, 3).map((r) => `line ${r.line}`).join(', ')}. Nothing was imported.`,
          issues: missing.slice(0, 100).map((r) => ({ index: null, field: 'id', line: r.line, message: `id: no player ${r.id} here (erased, or from another server); leave it empty for a new player.` })),
        });
      }
      const done = await players.importRows(
        parsed.rows.filter((r) => r.id === null).map((r) => ({ ...r.input, name: r.input.name! })),
        parsed.rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, input: r.input })),
      );
      return c.json({ ok: true, ...done });
    })
    .get('/:id', (c) => {
      const refused = read(c);
      if (refused) return refused;
      const row = players.get(c.req.param('id'));
      if (!row) return unknown(c, c.req.param('id'));
      const td = may(c.get('actor').role, 'players.manage');
      return c.json({ ok: true, player: td ? recordOf(row) : cardOf(row), results: historyOf(registry, mergedIds(store.db, row.id)) });
    })
    .patch('/:id', async (c) => {
      const refused = manage(c);
      if (refused) return refused;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const checked = checkInput(body.value);
      if (!checked.ok) return errorResponse(c, 400, { code: checked.code, message: checked.message });
      const row = players.update(c.req.param('id'), checked.value);
      if (!row) return unknown(c, c.req.param('id'));
      return c.json({ ok: true, player: recordOf(row) });
    })
    .put('/:id/photo', async (c) => {
      const refused = manage(c);
      if (refused) return refused;
      if (!players.get(c.req.param('id'))) return unknown(c, c.req.param('id'));
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const checked = await checkImage(bytes, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MAX_AREA);
      if (!checked.ok) return errorResponse(c, checked.status, checked.error);
      const row = players.setPhoto(c.req.param('id'), { mime: checked.mime, hash: checked.hash, data: bytes })!;
      return c.json({ ok: true, player: recordOf(row) });
    })
    .delete('/:id/photo', (c) => {
      const refused = manage(c);
      if (refused) return refused;
      const row = players.setPhoto(c.req.param('id'), null);
      if (!row) return unknown(c, c.req.param('id'));
      return c.json({ ok: true, player: recordOf(row) });
    })
    // Public: the stream's plates show it (on air anyway). With the current `?v=` it never
    // changes and is cached for good; without, or an old one, it is checked each time.
    .get('/:id/photo', (c) => {
      const photo = players.photo(c.req.param('id'));
      if (!photo) return errorResponse(c, 404, { code: 'unknown-image', message: 'This player has no photo.' });
      const current = c.req.query('v') === photo.hash;
      return c.body(new Uint8Array(photo.data), 200, {
        'content-type': photo.mime,
        'cache-control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
        etag: `"${photo.hash}"`,
        'x-content-type-options': 'nosniff',
        'content-length': String(photo.data.length),
      });
    })
    .post('/:id/merge', async (c) => {
      const refused = manage(c);
      if (refused) return refused;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const into = (body.value as { into?: unknown } | null)?.into;
      if (typeof into !== 'string') return errorResponse(c, 400, { code: 'invalid-player', message: 'Send {"into": "<player id>"}: the record this one is a duplicate of.' });
      const from = players.get(c.req.param('id'));
      if (!from) return unknown(c, c.req.param('id'));
      const target = players.get(into);
      if (!target) return unknown(c, into);
      if (from.id === target.id) return errorResponse(c, 400, { code: 'merge-into-self', message: `${from.name} cannot be merged into himself.` });
      const row = players.merge(from.id, target.id);
      return c.json({ ok: true, player: recordOf(row), merged: from.id, results: historyOf(registry, mergedIds(store.db, row.id)) });
    })
    .delete('/:id', (c) => {
      const refused = manage(c);
      if (refused) return refused;
      const row = players.get(c.req.param('id'));
      if (!row) return unknown(c, c.req.param('id'));
      // The tournaments first: should one fail, the record is still there to erase again.
      const tournaments = eraseFromTournaments(registry, mergedIds(store.db, canonicalPlayerId(store.db, row.id)), c.get('actor'));
      players.erase(row.id);
      return c.json({ ok: true, erased: row.id, tournaments });
    });
}
