/**
 * Leagues on the TD's phone (set-up: Leagues): leagues, seasons, the points formula with its
 * preview, the season's tournaments and its standings. English, the reference: every other
 * language has exactly these keys (test/browser/locales.test.ts). The screens' standings texts
 * are the `leagues` namespace.
 */
export const leagueSetupEn = {
  title: 'Leagues',
  open: 'Leagues',
  none: 'No league yet: make the first one below.',
  newLeague: 'New league',
  leagueName: 'Name of the league',
  names: 'Names on the public pages',
  namesFull: 'Full names',
  namesInitials: 'Initials (J.d.V.)',
  namesNickname: 'Nickname, else initials',
  create: 'Create the league',
  created: 'League “{{name}}” created',
  seasons_one: '{{count}} season',
  seasons_other: '{{count}} seasons',
  noSeason: 'No season yet.',
  newSeason: 'New season',
  seasonName: 'Name of the season',
  back: 'Back to the leagues',
  standings: 'Standings',
  edit: 'Edit the season',
  createSeason: 'Create the season',
  save: 'Save the season',
  saved: 'Season “{{name}}” saved',
  cancel: 'Cancel',
  bestOf: 'Best results that count (empty: all)',
  tournaments: 'Tournaments of the season',
  noTournaments: 'No tournament in this season yet.',
  addTournament: 'Add a tournament',
  add: 'Add',
  remove: 'Remove',
  formula: {
    title: 'Points formula',
    kind: 'Formula',
    kinds: {
      table: 'Points table',
      linear: 'Players beaten (n − p + 1)',
      sqrt: 'Square root (PokerStars)',
      neau: 'Dr. Neau’s formula',
      custom: 'Typed formula',
    },
    points: 'Points for 1st, 2nd, 3rd, … (commas)',
    participation: 'Points for any other finish',
    scale: 'Scale',
    topShare: 'Only the best % of the field score (empty: all)',
    buyIn: 'Weigh by the buy-in: × (1 + log(b + 0.25))',
    expression: 'Formula',
    expressionHint: 'n entries, p place, b buy-in, e paid, prize, k knockouts, entries; + − * / ^, sqrt, log, min, max, cond ? a : b. E.g. max(1, 11 - p) + 2 * k',
    knockoutPoints: 'Points per knockout',
    sample: 'Sample field (entries)',
    preview: 'Points in a field of {{n}} (buy-in 20, no knockouts)',
    badPoints: 'Type the points as numbers separated by commas.',
  },
  table: {
    rank: '#',
    player: 'Player',
    points: 'Points',
    played: 'Played',
  },
  provisional: 'Provisional: a tournament is still running.',
  empty: 'No results yet.',
  warnings: 'Results the formula could not score (they count 0):',
  publicPage: 'Open the public page',
  csv: 'Standings as CSV',
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type LeagueSetupTexts = Strings<typeof leagueSetupEn>;
