/** Leagues and standings (issue 27). Nederlands. */
import type { LeaguesErrorsTranslation, LeaguesTranslation } from './en.js';

export const leaguesNl: LeaguesTranslation = {
  standings: 'Klassement',
  seasonTitle: '{{league}} · {{season}}',
  rank: '#',
  player: 'Speler',
  points: 'Punten',
  pointsShort: 'pnt',
  played: 'Gespeeld',
  wins: 'Gewonnen',
  cashes: 'In het geld',
  bestOf: 'De beste {{count}} van {{total}} avonden tellen',
  allCount: 'Elke avond telt',
  provisional: 'Voorlopig: er loopt nog een toernooi',
  noResults: 'Nog geen uitslagen',
  tournament: 'Toernooi',
  place: 'Plaats',
  inPlay: 'Speelt nog',
  notCounted: 'telt niet',
  prize: 'Prijs',
  back: 'Terug naar het klassement',
  playerTitle: 'Uitslagen van {{name}}',
  rankOf: 'Plaats {{rank}} van {{count}}',
  unknownLeague: 'Deze competitie of dit seizoen bestaat niet.',
  unknownPlayer: 'Deze speler heeft geen uitslag in dit seizoen.',
  csv: 'Downloaden als CSV',
  seasons: 'Seizoenen',
};

export const leaguesErrorsNl: LeaguesErrorsTranslation = {
  'unknown-league': 'Deze competitie bestaat niet.',
  'unknown-season': 'Dit seizoen bestaat niet in deze competitie.',
  'invalid-league': 'De competitie of het seizoen is niet geldig.',
  'invalid-formula': 'De puntenformule is niet geldig.',
  'formula-divides-by-zero': 'De puntenformule deelt door nul.',
};
