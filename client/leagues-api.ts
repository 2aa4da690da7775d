/**
 * Leagues and seasons (docs/API.md "Leagues", docs/LEAGUES.md) as thin `fetchX` wrappers over
 * client/api.ts's `request`: the TD makes leagues and seasons, tries a formula, and reads the
 * standings. Never throw.
 */
import { request } from './api.js';
import type { LeagueView, NameDisplay, PointsFormula, SeasonView, StandingsView } from '../server/protocol/leagues.js';

export type { LeagueView, NameDisplay, PointsFormula, SeasonView, StandingsView };

const league = (id: string) => `/api/leagues/${encodeURIComponent(id)}`;
const season = (leagueId: string, id: string) => `${league(leagueId)}/seasons/${encodeURIComponent(id)}`;

export interface SeasonInput {
  name: string;
  tournaments: string[];
  formula: PointsFormula;
  bestOf: number | null;
}

export interface FormulaCheck {
  ok: true;
  n: number;
  places: { place: number; points: number }[];
}

export const fetchLeagues = () => request<{ leagues: LeagueView[] }>('GET', '/api/leagues');
export const createLeague = (name: string, names: NameDisplay) => request<{ ok: true; league: LeagueView }>('POST', '/api/leagues', { name, names });
export const updateLeague = (id: string, change: { name?: string; names?: NameDisplay }) => request<{ ok: true; league: LeagueView }>('PATCH', league(id), change);
export const createSeason = (leagueId: string, input: SeasonInput) => request<{ ok: true; season: SeasonView }>('POST', `${league(leagueId)}/seasons`, input);
export const updateSeason = (leagueId: string, id: string, change: Partial<SeasonInput>) => request<{ ok: true; season: SeasonView }>('PATCH', season(leagueId, id), change);
export const deleteSeason = (leagueId: string, id: string) => request<{ ok: true }>('DELETE', season(leagueId, id));
export const checkFormula = (formula: PointsFormula, n: number) => request<FormulaCheck>('POST', '/api/leagues/formula/check', { formula, n });
export const fetchStandings = (leagueId: string, id: string) => request<StandingsView>('GET', `${season(leagueId, id)}/standings`);
/** The public page of a season and the TD's CSV, as links. */
export const publicPage = (leagueId: string, id: string) => `/league/${encodeURIComponent(leagueId)}?season=${encodeURIComponent(id)}`;
export const standingsCsv = (leagueId: string, id: string) => `${season(leagueId, id)}/standings.csv`;
