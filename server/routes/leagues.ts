/**
 * Leagues over HTTP (issue 27 items 3 and 4; docs/API.md "Leagues"):
 * - `/api/leagues`: the TD makes and changes leagues and seasons (`leagues.manage`); anyone
 *   reads them and the standings (public: names as the league shows them, keys hashed).
 * - `/api/tournaments/:id/league`: the standings of the latest season listing the tournament,
 *   for the venue display's rotation, the lobby panel and the stream overlay.
 * Standings are made from the tournaments' results on each read (cached by their inputs:
 * server/leagues/service.ts), never stored.
 */
import { Hono } from 'hono';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import { errorResponse, readJson, refuseUnless, type Ctx, type Deps, type Env } from './context.js';
import { safeCell } from '../files/csv-cell.js';
import { LeagueStore, type SeasonRecord } from '../leagues/store.js';
import { StandingsCache } from '../leagues/service.js';
import { FormulaError, compileFormula } from '../leagues/formula.js';
import { publicKey, publicRows, type NicknameOf } from '../leagues/names.js';
import { formulaSchema, leagueInput, leaguePatch, seasonInput, seasonPatch } from '../leagues/schemas.js';
import { LEAGUE_LIMITS, type LeagueView, type StandingsRow, type StandingsView } from '../protocol/leagues.js';
import type { ErrorCode } from '../protocol/errors.js';
import { may } from '../protocol/roles.js';

export interface LeagueOptions {
  /** Merged players (the player database's canonicalPlayerId); identity by default. */
  resolve?: (key: string) => string;
  /** Nicknames for leagues that show them (the player database); none by default. */
  nickname?: NicknameOf;
}

function invalid(c: Ctx, code: ErrorCode, error: z.ZodError) {
  const message = error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
  return errorResponse(c, 400, { code, message });
}

/** Cents as "12.50" (as results.csv). */
function amount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

export function standingsCsv(rows: readonly StandingsRow[], tournaments: readonly string[]): string {
  const columns = ['rank', 'name', 'player', 'points', 'played', 'counted', 'best', 'wins', 'cashes', 'knockouts', ...tournaments.map((t) => `points_${t}`)];
  const body = rows.map((r) => {
    const by = new Map(r.results.map((x) => [x.tournamentId, x]));
    return [
      r.rank,
      safeCell(r.name),
      r.key,
      r.points.toFixed(2),
      r.played,
      r.counted,
      r.best.toFixed(2),
      r.wins,
      r.cashes,
      r.knockouts,
      // A result that does not count is in brackets, as clubs print a dropped score.
      ...tournaments.map((t) => ((x) => (x ? (x.counted ? x.points.toFixed(2) : `(${x.points.toFixed(2)})`) : ''))(by.get(t))),
    ];
  });
  return stringify(body, { header: true, columns });
}

export function leaguesModule(deps: Deps, options: LeagueOptions = {}) {
  const { registry, time } = deps;
  const store = new LeagueStore(() => deps.store.db);
  const cache = new StandingsCache({ state: (id) => registry.get(id)?.state }, options.resolve);
  const refuse = (c: Ctx) => refuseUnless(c, 'leagues.manage', { anonymous: 'Leagues are set up by the tournament director.', signedIn: 'Leagues are for the tournament director.' });
  const unknownLeague = (c: Ctx) => errorResponse(c, 404, { code: 'unknown-league', message: `There is no league "${c.req.param('id')?.slice(0, 40) ?? ''}".` });
  const unknownSeason = (c: Ctx) => errorResponse(c, 404, { code: 'unknown-season', message: `This league has no season "${c.req.param('season')?.slice(0, 40) ?? ''}".` });

  /** A formula is tried on sample finishes before it is stored (formula.ts); null when it scores. */
  const formulaRefused = (c: Ctx, formula: z.output<typeof formulaSchema> | undefined) => {
    if (!formula) return null;
    try {
      compileFormula(formula);
      return null;
    } catch (err) {
      if (err instanceof FormulaError) return errorResponse(c, 400, { code: err.code, message: err.message });
      throw err;
    }
  };
  const unknownTournaments = (c: Ctx, ids: readonly string[] | undefined) => {
    const unknown = (ids ?? []).filter((id) => !registry.get(id));
    return unknown.length ? errorResponse(c, 400, { code: 'unknown-tournament', message: `No tournament ${unknown.slice(0, 5).map((id) => `"${id.slice(0, 40)}"`).join(', ')} on this server.` }) : null;
  };

  /** The standings as the public sees them: names as the league shows them, keys hashed, with `?top=`. */
  const publicView = (league: LeagueView, view: StandingsView, top?: number, nights = false): StandingsView => {
    const picked = top ? view.rows.slice(0, top) : view.rows;
    const shown = publicRows(picked, league.names, store.publicSecret(), options.nickname);
    // The TD reads each player's nights under any name display (his phone's league screen).
    const rows = nights ? shown.map((r, i) => ({ ...r, results: picked[i]!.results })) : shown;
    const { warnings: _w, ...rest } = view;
    return { ...rest, rows };
  };

  const seasonOf = (c: Ctx): { league: LeagueView; season: SeasonRecord } | Response => {
    const league = store.get(c.req.param('id') ?? '');
    if (!league) return unknownLeague(c);
    const season = store.season(league.id, c.req.param('season') ?? '');
    return season ? { league, season } : unknownSeason(c);
  };

  const standingsOf = (c: Ctx, league: LeagueView, season: SeasonRecord): StandingsView | Response => {
    try {
      return cache.of(league, season);
    } catch (err) {
      // A formula stored before a rule tightened: the TD's to mend; the public sees the error code.
      if (err instanceof FormulaError) return errorResponse(c, 409, { code: err.code, message: err.message });
      throw err;
    }
  };

  const topParam = (c: Ctx) => {
    const raw = c.req.query('top');
    const n = raw === undefined ? NaN : Number(raw);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, LEAGUE_LIMITS.topMax) : undefined;
  };

  const api = new Hono<Env>()
    .get('/', (c) => c.json({ leagues: store.list() }))
    .post('/', async (c) => {
      const refused = refuse(c);
      if (refused) return refused;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = leagueInput.safeParse(body.value);
      if (!parsed.success) return invalid(c, 'invalid-league', parsed.error);
      if (store.count() >= LEAGUE_LIMITS.leaguesMax) return errorResponse(c, 400, { code: 'invalid-league', message: `A server keeps at most ${LEAGUE_LIMITS.leaguesMax} leagues.` });
      return c.json({ ok: true, league: store.create(parsed.data, time.now()) }, 201);
    })
    // Try a formula without storing it: its points for 1st to 10th of `n` entries (default 20).
    .post('/formula/check', async (c) => {
      const refused = refuse(c);
      if (refused) return refused;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = formulaSchema.safeParse((body.value as { formula?: unknown } | null)?.formula);
      if (!parsed.success) return invalid(c, 'invalid-formula', parsed.error);
      const n = Math.min(10_000, Math.max(2, Math.trunc(Number((body.value as { n?: unknown }).n) || 20)));
      try {
        const points = compileFormula(parsed.data);
        const places = Array.from({ length: Math.min(10, n) }, (_, i) => ({ place: i + 1, points: Math.round(points({ n, p: i + 1, b: 20, e: 20, prize: 0, k: 0, entries: 1 }) * 100) / 100 }));
        return c.json({ ok: true, n, places });
      } catch (err) {
        if (err instanceof FormulaError) return errorResponse(c, 400, { code: err.code, message: err.message });
        throw err;
      }
    })
    .get('/:id', (c) => {
      const league = store.get(c.req.param('id'));
      return league ? c.json({ league }) : unknownLeague(c);
    })
    .patch('/:id', async (c) => {
      const refused = refuse(c);
      if (refused) return refused;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = leaguePatch.safeParse(body.value);
      if (!parsed.success) return invalid(c, 'invalid-league', parsed.error);
      const league = store.update(c.req.param('id'), parsed.data, time.now());
      return league ? c.json({ ok: true, league }) : unknownLeague(c);
    })
    .delete('/:id', (c) => {
      const refused = refuse(c);
      if (refused) return refused;
      return store.remove(c.req.param('id')) ? c.json({ ok: true }) : unknownLeague(c);
    })
    .post('/:id/seasons', async (c) => {
      const refused = refuse(c);
      if (refused) return refused;
      const league = store.get(c.req.param('id'));
      if (!league) return unknownLeague(c);
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = seasonInput.safeParse(body.value);
      if (!parsed.success) return invalid(c, 'invalid-league', parsed.error);
      const bad = formulaRefused(c, parsed.data.formula) ?? unknownTournaments(c, parsed.data.tournaments);
      if (bad) return bad;
      if (store.seasonCount(league.id) >= LEAGUE_LIMITS.seasonsMax) return errorResponse(c, 400, { code: 'invalid-league', message: `A league keeps at most ${LEAGUE_LIMITS.seasonsMax} seasons.` });
      const { updatedAt: _u, ...season } = store.createSeason(league.id, parsed.data, time.now());
      return c.json({ ok: true, season }, 201);
    })
    .patch('/:id/seasons/:season', async (c) => {
      const refused = refuse(c);
      if (refused) return refused;
      const found = seasonOf(c);
      if (found instanceof Response) return found;
      const body = await readJson(c);
      if (!body.ok) return body.response;
      const parsed = seasonPatch.safeParse(body.value);
      if (!parsed.success) return invalid(c, 'invalid-league', parsed.error);
      const bad = formulaRefused(c, parsed.data.formula) ?? unknownTournaments(c, parsed.data.tournaments);
      if (bad) return bad;
      const { updatedAt: _u, ...season } = store.updateSeason(found.league.id, found.season.id, parsed.data, time.now())!;
      return c.json({ ok: true, season });
    })
    .delete('/:id/seasons/:season', (c) => {
      const refused = refuse(c);
      if (refused) return refused;
      const found = seasonOf(c);
      if (found instanceof Response) return found;
      store.removeSeason(found.league.id, found.season.id);
      return c.json({ ok: true });
    })
    .get('/:id/seasons/:season/standings', (c) => {
      const found = seasonOf(c);
      if (found instanceof Response) return found;
      const view = standingsOf(c, found.league, found.season);
      if (view instanceof Response) return view;
      c.header('Cache-Control', 'no-cache');
      const td = may(c.get('actor').role, 'leagues.manage');
      const pub = publicView(found.league, view, topParam(c), td);
      // The TD also sees the results his formula could not score.
      return c.json(td && view.warnings ? { ...pub, warnings: view.warnings } : pub);
    })
    // The TD's copy has the full names and the keys; anyone else's what the public pages show.
    .get('/:id/seasons/:season/standings.csv', (c) => {
      const found = seasonOf(c);
      if (found instanceof Response) return found;
      const view = standingsOf(c, found.league, found.season);
      if (view instanceof Response) return view;
      const td = may(c.get('actor').role, 'leagues.manage');
      const rows = td ? view.rows : publicView(found.league, view).rows;
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="standings-${found.league.id}-${found.season.id}.csv"`);
      // The public's copy under initials or nicknames has no column per night (leagues/names.ts).
      return c.body(standingsCsv(rows, td || found.league.names === 'full' ? found.season.tournaments : []));
    })
    // A player's page: his results and points in the season, by his public key.
    .get('/:id/seasons/:season/players/:player', (c) => {
      const found = seasonOf(c);
      if (found instanceof Response) return found;
      const view = standingsOf(c, found.league, found.season);
      if (view instanceof Response) return view;
      const rows = publicView(found.league, view).rows;
      const row = rows.find((r) => r.key === c.req.param('player'));
      if (!row) return errorResponse(c, 404, { code: 'not-found', message: 'This player has no result in this season.' });
      const names = Object.fromEntries(found.season.tournaments.map((id) => [id, registry.get(id)?.state.settings.name ?? id]));
      return c.json({ league: view.league, season: view.season, provisional: view.provisional, players: rows.length, player: row, tournaments: names });
    });

  /** `/api/tournaments/:id/league`: what the TV, the lobby and the stream show; `{season: null}` outside any season. */
  const tournaments = new Hono<Env>().get('/:id/league', (c) => {
    const id = c.req.param('id');
    if (!registry.get(id)) return errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${id.slice(0, 40)}".` });
    c.header('Cache-Control', 'no-cache');
    const found = store.seasonOfTournament(id);
    if (!found) return c.json({ season: null });
    try {
      // `?final=1` (the stream overlay): finished nights only, so a bust is never shown before the delayed feed airs it.
      const finishedOnly = c.req.query('final') === '1';
      return c.json(publicView(found.league, cache.of(found.league, found.season, { finishedOnly }), topParam(c) ?? 10));
    } catch (err) {
      // Never an error on a screen: a season whose formula cannot score shows no standings.
      if (err instanceof FormulaError) return c.json({ season: null });
      throw err;
    }
  });

  return { api, tournaments, store, cache, publicView, standingsOf };
}

export { publicKey };
