/**
 * Leagues and seasons in the server's SQLite database (db/schema.ts `leagues`,
 * `league_seasons`). Settings, not tournament facts: no command, not in any log (as branding).
 * Standings are never stored (standings.ts makes them from the results).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leagues, leagueSeasons } from '../../db/schema.js';
import type { LeagueView, NameDisplay, PointsFormula, SeasonView } from '../protocol/leagues.js';

/** 10 lowercase letters and digits, as tournament ids (easy to read out). */
export function newLeagueId(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  let id = '';
  for (const b of randomBytes(10)) id += alphabet[b % alphabet.length];
  return id;
}

export interface SeasonRecord extends SeasonView {
  /** Changes whenever the season does: part of the standings' cache key. */
  updatedAt: number;
}

type SeasonRow = typeof leagueSeasons.$inferSelect;

function seasonOf(row: SeasonRow): SeasonRecord {
  return {
    id: row.id,
    leagueId: row.leagueId,
    name: row.name,
    tournaments: JSON.parse(row.tournaments) as string[],
    formula: JSON.parse(row.formula) as PointsFormula,
    bestOf: row.bestOf,
    updatedAt: row.updatedAt,
  };
}

export class LeagueStore {
  constructor(private readonly db: () => Db) {}

  private secret: string | null = null;

  /** The venue's secret for the public keys (leagues/names.ts), made once and kept in `settings`. */
  publicSecret(): string {
    if (this.secret) return this.secret;
    const sql = this.db().$client;
    sql.prepare("INSERT OR IGNORE INTO settings (key, value) VALUES ('leagues:public-secret', ?)").run(randomBytes(32).toString('hex'));
    this.secret = (sql.prepare("SELECT value FROM settings WHERE key = 'leagues:public-secret'").get() as { value: string }).value;
    return this.secret;
  }

  list(): LeagueView[] {
    const db = this.db();
    const seasons = db.select().from(leagueSeasons).orderBy(asc(leagueSeasons.createdAt), asc(leagueSeasons.id)).all().map(seasonOf);
    return db
      .select()
      .from(leagues)
      .orderBy(asc(leagues.createdAt), asc(leagues.id))
      .all()
      .map((l) => ({ id: l.id, name: l.name, names: l.names, seasons: seasons.filter((s) => s.leagueId === l.id).map(({ updatedAt: _u, ...s }) => s) }));
  }

  count(): number {
    return this.db().select({ id: leagues.id }).from(leagues).all().length;
  }

  get(id: string): LeagueView | null {
    const db = this.db();
    const l = db.select().from(leagues).where(eq(leagues.id, id)).get();
    if (!l) return null;
    const seasons = db.select().from(leagueSeasons).where(eq(leagueSeasons.leagueId, id)).orderBy(asc(leagueSeasons.createdAt), asc(leagueSeasons.id)).all();
    return { id: l.id, name: l.name, names: l.names, seasons: seasons.map(seasonOf).map(({ updatedAt: _u, ...s }) => s) };
  }

  create(input: { name: string; names: NameDisplay }, now: number): LeagueView {
    const id = newLeagueId();
    this.db().insert(leagues).values({ id, name: input.name, names: input.names, createdAt: now, updatedAt: now }).run();
    return this.get(id)!;
  }

  update(id: string, patch: { name?: string; names?: NameDisplay }, now: number): LeagueView | null {
    const set = { ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.names !== undefined ? { names: patch.names } : {}), updatedAt: now };
    const r = this.db().update(leagues).set(set).where(eq(leagues.id, id)).run();
    return r.changes ? this.get(id) : null;
  }

  remove(id: string): boolean {
    return this.db().delete(leagues).where(eq(leagues.id, id)).run().changes > 0;
  }

  season(leagueId: string, seasonId: string): SeasonRecord | null {
    const row = this.db().select().from(leagueSeasons).where(and(eq(leagueSeasons.leagueId, leagueId), eq(leagueSeasons.id, seasonId))).get();
    return row ? seasonOf(row) : null;
  }

  seasonCount(leagueId: string): number {
    return this.db().select({ id: leagueSeasons.id }).from(leagueSeasons).where(eq(leagueSeasons.leagueId, leagueId)).all().length;
  }

  createSeason(leagueId: string, input: { name: string; tournaments: string[]; formula: PointsFormula; bestOf: number | null }, now: number): SeasonRecord {
    const id = newLeagueId();
    this.db()
      .insert(leagueSeasons)
      .values({ id, leagueId, name: input.name, tournaments: JSON.stringify(input.tournaments), formula: JSON.stringify(input.formula), bestOf: input.bestOf, createdAt: now, updatedAt: now })
      .run();
    return this.season(leagueId, id)!;
  }

  updateSeason(leagueId: string, seasonId: string, patch: { name?: string; tournaments?: string[]; formula?: PointsFormula; bestOf?: number | null }, now: number): SeasonRecord | null {
    const set: Partial<SeasonRow> = { updatedAt: now };
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.tournaments !== undefined) set.tournaments = JSON.stringify(patch.tournaments);
    if (patch.formula !== undefined) set.formula = JSON.stringify(patch.formula);
    if (patch.bestOf !== undefined) set.bestOf = patch.bestOf;
    const r = this.db().update(leagueSeasons).set(set).where(and(eq(leagueSeasons.leagueId, leagueId), eq(leagueSeasons.id, seasonId))).run();
    return r.changes ? this.season(leagueId, seasonId) : null;
  }

  removeSeason(leagueId: string, seasonId: string): boolean {
    return this.db().delete(leagueSeasons).where(and(eq(leagueSeasons.leagueId, leagueId), eq(leagueSeasons.id, seasonId))).run().changes > 0;
  }

  /** The latest season listing this tournament (the TV and stream views show its standings), with its league. */
  seasonOfTournament(tournamentId: string): { league: LeagueView; season: SeasonRecord } | null {
    const row = this.db()
      .$client.prepare(
        `SELECT s.* FROM league_seasons s, json_each(s.tournaments) t WHERE t.value = ? ORDER BY s.created_at DESC, s.id DESC LIMIT 1`,
      )
      .get(tournamentId) as Record<string, unknown> | undefined;
    if (!row) return null;
    const season = this.season(String(row.league_id), String(row.id));
    const league = season && this.get(season.leagueId);
    return season && league ? { league, season } : null;
  }
}
