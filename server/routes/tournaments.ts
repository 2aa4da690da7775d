/** The tournament API: list, create, read public state, send commands, read the audit log. */
import { Hono } from 'hono';
import { EngineError } from '../engine/errors.js';
import { logEntryFor, PRODUCER_TOPIC, readsProducerText } from '../host/producer-text.js';
import { refuseUnlessTd } from './setup.js';
import type { TournamentHost } from '../host/tournament-host.js';
import { createTournamentSchema } from '../engine/schemas/tournament.js';
import { TOPICS } from '../protocol/views.js';
import { screenViews } from '../protocol/rules/payouts.js';
import { setupWarnings } from '../protocol/rules/setup-warnings.js';
import { flightCarry } from '../engine/days/day2.js';
import { day2RequestSchema } from '../engine/schemas/flights.js';
import { STORAGE_MESSAGE } from '../host/store.js';
import { festivalList } from '../host/summary.js';
import { errorResponse, readJson, refuseUnless, type Ctx, type Deps, type Env } from './context.js';

/**
 * The public state of a host's last seq as JSON, made once per seq and audience: the TD and the
 * producer get the `stream` topic too; anyone else not, since it holds producer text that airs
 * late (host/producer-text.ts).
 */
const stateTexts = { producer: new WeakMap<TournamentHost, { seq: number; json: string }>(), public: new WeakMap<TournamentHost, { seq: number; json: string }>() };
function stateJson(host: TournamentHost, producer: boolean): string {
  const texts = producer ? stateTexts.producer : stateTexts.public;
  const kept = texts.get(host);
  if (kept?.seq === host.seq) return kept.json;
  const topics = producer ? TOPICS : TOPICS.filter((t) => t !== PRODUCER_TOPIC);
  // The ladder with its amounts (the WebSocket sends shares of the pool: rules/payouts.ts).
  const json = JSON.stringify(screenViews(Object.fromEntries(topics.map((t) => [t, host.view(t)]))));
  texts.set(host, { seq: host.seq, json });
  return json;
}

export function tournamentRoutes({ registry, store, time, storage, festival }: Deps) {
  const find = (c: Ctx) => {
    const host = registry.get(c.req.param('id') ?? '');
    return host ?? null;
  };
  const unknown = (c: Ctx) =>
    // On PostgreSQL a tournament is unknown here while the database cannot be reached (host/pg/start.ts).
    registry.storageDown
      ? errorResponse(c, 503, { code: 'storage-unavailable', message: registry.storageDown })
      : errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${(c.req.param('id') ?? '').slice(0, 40)}".` });

  return new Hono<Env>()
    // `unavailable`: tournaments set aside at start-up, with the reason (docs/RELIABILITY.md);
    // `lostCommands`: tournaments whose log ends before commands they acknowledged (a lost WAL).
    // Archived tournaments only with `?archived=1` (the TD's list); screens never see them.
    // On PostgreSQL the festival's list: every tournament of the cluster with its owner, those
    // of other processes from their summaries in PostgreSQL (host/summary.ts).
    .get('/', async (c) => {
      const withArchived = c.req.query('archived') === '1';
      const { tournaments, incomplete } = await festivalList(registry, festival);
      return c.json({
        tournaments: tournaments.filter((t) => withArchived || !t.archived),
        ...(incomplete ? { incomplete } : {}),
        unavailable: registry.unavailable,
        lostCommands: storage.lost,
      });
    })
    .post('/', async (c) => {
      const refused = refuseUnlessTd(c, 'Creating a tournament');
      if (refused) return refused;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = createTournamentSchema.safeParse(body.value);
      if (!parsed.success) {
        const message = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
        return errorResponse(c, 400, { code: 'invalid-tournament', message });
      }
      try {
        const host = registry.create(parsed.data);
        // Answered once it is saved (on PostgreSQL the row is written behind: host/pg/pg-store.ts).
        if (!(await host.durable())) return errorResponse(c, 503, { code: 'storage-unavailable', message: STORAGE_MESSAGE });
        // Settings the preset's book rules out (ONK: no rebuys): said, never refused.
        const warnings = setupWarnings(parsed.data.preset, parsed.data.settings);
        return c.json({ ok: true, id: host.id, ...(warnings.length ? { warnings } : {}) }, 201);
      } catch (err) {
        if (err instanceof EngineError) return errorResponse(c, 400, { code: err.code, message: err.message, ...(err.issues?.length ? { issues: [...err.issues] } : {}) });
        throw err;
      }
    })
    .get('/:id', (c) => {
      const host = find(c);
      if (!host) return unknown(c);
      // Made once per seq and kept (megabytes at 10,000 entries: cost follows the change, not
      // the requests); its length is stated so an anonymous caller is charged for it (app.ts).
      const body = `{"id":${JSON.stringify(host.id)},"seq":${host.seq},"serverTime":${time.now()},"state":${stateJson(host, readsProducerText(c.get('actor')))}}`;
      return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': String(Buffer.byteLength(body)) });
    })
    .get('/:id/log', (c) => {
      const host = find(c);
      if (!host) return unknown(c);
      const refused = refuseUnless(c, 'log.read', 'The audit log is for the floor and the TD.');
      if (refused) return refused;
      const after = Math.max(0, Number(c.req.query('after') ?? 0) || 0);
      const limit = Math.min(1000, Math.max(1, Number(c.req.query('limit') ?? 200) || 200));
      // Each entry carries its seed, so a seat draw can be re-derived and explained (TDA 2017 r6).
      // Producer text stays out of the floor's copy until... always: the floor needs who and when,
      // not the stream's words (host/producer-text.ts, issue 24 item 7).
      const actor = c.get('actor');
      return c.json({ seq: host.seq, entries: host.log(after, limit).map((entry) => logEntryFor(actor, entry)) });
    })
    // Day 2 from closed Day 1 flights: the flights are only read here; their survivors and bag
    // counts go whole into Day 2's own `day2.import` command, so each tournament keeps one writer
    // and Day 2's log alone replays to the same state (docs/API.md "Day 2 from the flights").
    .post('/:id/day2', async (c) => {
      const host = find(c);
      if (!host) return unknown(c);
      const refused = refuseUnless(c, 'day2.create', 'Day 2 is made by the tournament director.');
      if (refused) return refused;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = day2RequestSchema.safeParse(body.value);
      if (!parsed.success) {
        return errorResponse(c, 400, { code: 'invalid-command', message: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') });
      }
      const flights = [];
      for (const flightId of parsed.data.flightIds) {
        const flight = registry.get(flightId);
        if (!flight) return errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${flightId.slice(0, 40)}".` });
        try {
          flights.push(flightCarry(flight.state));
        } catch (err) {
          if (err instanceof EngineError) return errorResponse(c, 409, { code: err.code, message: err.message });
          throw err;
        }
      }
      const command = { type: 'day2.import', ...(parsed.data.id ? { id: parsed.data.id } : {}), flights };
      const { status, answer } = await host.dispatch(command, c.get('actor'), 'group').durable();
      return c.json(answer, status as 200);
    })
    .post('/:id/commands', async (c) => {
      const host = find(c);
      if (!host) return unknown(c);
      const body = await readJson(c);
      if (!body.ok) return body.response;
      // Group commit: the answer waits for the fsync it shares with the commands sent meanwhile.
      const { status, answer } = await host.dispatch(body.value, c.get('actor'), 'group').durable();
      return c.json(answer, status as 200);
    });
}
