/**
 * Leagues, seasons, points and standings (issue 27 items 3 and 4): the wire types the routes
 * answer with and the screens read. A leaf like the rest of the protocol: types and constants.
 * The rules are in server/leagues/ (docs/LEAGUES.md has the formulas with their sources).
 */

/**
 * How a season turns a finish into points. Every formula may add `knockoutPoints` per player
 * knocked out (a bounty format's knockouts, or those recorded without one).
 * - `table`: fixed points per place (`points[0]` for 1st …), `participation` for every other
 *   finish (default 0).
 * - `linear`: n - p + 1 (one point per player finished above; the last gets 1).
 * - `sqrt`: `scale` x sqrt(n) / sqrt(p) (the square-root formula: PokerStars' Tournament
 *   Leader Board, without its buy-in factor unless `buyIn`); only the best `topShare` of the
 *   field score (PokerStars: 0.15; default 1, everyone).
 * - `neau`: Dr. Neau's formula, sqrt(n x b x b / e) / (p + 1), b the buy-in, e what the player
 *   paid (buy-ins, rebuys, add-ons).
 * - `custom`: an expression the TD types over n, p, b, e, prize, k, entries (docs/LEAGUES.md).
 */
export type PointsFormula =
  | { kind: 'table'; points: number[]; participation?: number; knockoutPoints?: number }
  | { kind: 'linear'; knockoutPoints?: number }
  | { kind: 'sqrt'; scale?: number; topShare?: number; buyIn?: boolean; knockoutPoints?: number }
  | { kind: 'neau'; knockoutPoints?: number }
  | { kind: 'custom'; expression: string; knockoutPoints?: number };

export type PointsFormulaKind = PointsFormula['kind'];
export const FORMULA_KINDS = ['table', 'linear', 'sqrt', 'neau', 'custom'] as const satisfies readonly PointsFormulaKind[];

/** The variables a custom formula may name (docs/LEAGUES.md). */
export const FORMULA_VARIABLES = ['n', 'p', 'b', 'e', 'prize', 'k', 'entries'] as const;
export type FormulaVariable = (typeof FORMULA_VARIABLES)[number];

/** What the public pages show of a player's name (issue 27 item 5): a league setting. */
export const NAME_DISPLAYS = ['full', 'initials', 'nickname'] as const;
export type NameDisplay = (typeof NAME_DISPLAYS)[number];

export const LEAGUE_LIMITS = {
  nameMax: 80,
  /** Tournaments a season lists (a night a week for two years). */
  tournamentsMax: 120,
  /** Places of a points table. */
  tablePlacesMax: 500,
  expressionMax: 300,
  /** Seasons of one league; leagues of one server. */
  seasonsMax: 100,
  leaguesMax: 100,
  /** Rows the TV and stream views take (the public page and CSV have them all). */
  topMax: 50,
} as const;

export interface LeagueView {
  id: string;
  name: string;
  names: NameDisplay;
  seasons: SeasonView[];
}

export interface SeasonView {
  id: string;
  leagueId: string;
  name: string;
  /** Tournament ids in the order they are played (the tie rule's "earliest" reads it). */
  tournaments: string[];
  formula: PointsFormula;
  /** Best N results count; null: all. */
  bestOf: number | null;
}

/** One player's result in one tournament of the season, with its points. */
export interface StandingsResult {
  tournamentId: string;
  /** Best place of a shared range; null while still in play. */
  place: number | null;
  placeTo: number | null;
  points: number;
  /** One of his best N (counts in the total). */
  counted: boolean;
  prize: number;
  knockouts: number;
}

export interface StandingsRow {
  /** 1-based; equal rows share it (every tie rule equal). */
  rank: number;
  /** The player: his database id, or `name:` and his normalized name. */
  key: string;
  name: string;
  points: number;
  /** Tournaments he played / whose results count. */
  played: number;
  counted: number;
  best: number;
  wins: number;
  cashes: number;
  knockouts: number;
  results: StandingsResult[];
}

export interface StandingsView {
  league: { id: string; name: string };
  season: { id: string; name: string; bestOf: number | null; formula: PointsFormula; tournaments: number };
  /** Some counted tournament is still running: its places may move. */
  provisional: boolean;
  rows: StandingsRow[];
  /** Tournaments listed but not on this server (deleted, not restored). */
  missing: string[];
  /** Results the formula could not score (they count 0), for the TD only: the public view has none. */
  warnings?: string[];
}
