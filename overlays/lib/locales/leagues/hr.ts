/** Leagues and standings (issue 27). Hrvatski. */
import type { LeaguesErrorsTranslation, LeaguesTranslation } from './en.js';

export const leaguesHr: LeaguesTranslation = {
  standings: 'Poredak',
  seasonTitle: '{{league}} · {{season}}',
  rank: '#',
  player: 'Igrač',
  points: 'Bodovi',
  pointsShort: 'bod.',
  played: 'Odigrano',
  wins: 'Pobjede',
  cashes: 'U novcu',
  bestOf: 'Računa se najboljih {{count}} od {{total}} večeri',
  allCount: 'Računa se svaka večer',
  provisional: 'Privremeno: jedan se turnir još igra',
  noResults: 'Još nema rezultata',
  tournament: 'Turnir',
  place: 'Mjesto',
  inPlay: 'Još igra',
  notCounted: 'ne računa se',
  prize: 'Nagrada',
  back: 'Natrag na poredak',
  playerTitle: 'Rezultati: {{name}}',
  rankOf: '{{rank}}. od {{count}}',
  unknownLeague: 'Ta liga ili sezona ne postoji.',
  unknownPlayer: 'Ovaj igrač nema rezultata u ovoj sezoni.',
  csv: 'Preuzmi kao CSV',
  seasons: 'Sezone',
};

export const leaguesErrorsHr: LeaguesErrorsTranslation = {
  'unknown-league': 'Ta liga ne postoji.',
  'unknown-season': 'Ta sezona ne postoji u ovoj ligi.',
  'invalid-league': 'Liga ili sezona nije ispravna.',
  'invalid-formula': 'Formula za bodove nije ispravna.',
  'formula-divides-by-zero': 'Formula za bodove dijeli s nulom.',
};
