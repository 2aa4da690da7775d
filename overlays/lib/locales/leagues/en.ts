/**
 * Leagues, seasons and standings (issue 27): the public standings page, a player's page, the
 * venue display's standings view, the lobby panel and the stream's standings overlay. English,
 * the reference: every other language has exactly these keys (test/browser/locales.test.ts).
 * The server's public pages read these files too (server/routes/league-pages.ts).
 */
export const leaguesEn = {
  standings: 'Standings',
  seasonTitle: '{{league}} · {{season}}',
  rank: '#',
  player: 'Player',
  points: 'Points',
  pointsShort: 'pts',
  played: 'Played',
  wins: 'Wins',
  cashes: 'Cashes',
  bestOf: 'Best {{count}} of {{total}} nights count',
  allCount: 'Every night counts',
  provisional: 'Provisional: a tournament is still running',
  noResults: 'No results yet',
  tournament: 'Tournament',
  place: 'Place',
  inPlay: 'In play',
  notCounted: 'not counted',
  prize: 'Prize',
  back: 'Back to the standings',
  playerTitle: 'Results of {{name}}',
  rankOf: 'Rank {{rank}} of {{count}}',
  unknownLeague: 'There is no such league or season.',
  unknownPlayer: 'This player has no result in this season.',
  csv: 'Download as CSV',
  seasons: 'Seasons',
};

/** The league error codes as the phone and the screens show them (spread into locales/errors/). */
export const leaguesErrorsEn = {
  'unknown-league': 'There is no such league.',
  'unknown-season': 'There is no such season in this league.',
  'invalid-league': 'The league or season is not valid.',
  'invalid-formula': 'The points formula is not valid.',
  'formula-divides-by-zero': 'The points formula divides by zero.',
};

export type LeaguesTranslation = { [K in keyof typeof leaguesEn]: string };
export type LeaguesErrorsTranslation = { [K in keyof typeof leaguesErrorsEn]: string };
