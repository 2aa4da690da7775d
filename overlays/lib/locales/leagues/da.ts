/** Leagues and standings (issue 27). Dansk. */
import type { LeaguesErrorsTranslation, LeaguesTranslation } from './en.js';

export const leaguesDa: LeaguesTranslation = {
  standings: 'Stilling',
  seasonTitle: '{{league}} · {{season}}',
  rank: '#',
  player: 'Spiller',
  points: 'Point',
  pointsShort: 'p',
  played: 'Spillet',
  wins: 'Sejre',
  cashes: 'I pengene',
  bestOf: 'De bedste {{count}} af {{total}} aftener tæller',
  allCount: 'Hver aften tæller',
  provisional: 'Foreløbig: en turnering er stadig i gang',
  noResults: 'Ingen resultater endnu',
  tournament: 'Turnering',
  place: 'Placering',
  inPlay: 'Spiller stadig',
  notCounted: 'tæller ikke',
  prize: 'Præmie',
  back: 'Tilbage til stillingen',
  playerTitle: 'Resultater for {{name}}',
  rankOf: 'Nr. {{rank}} af {{count}}',
  unknownLeague: 'Denne liga eller sæson findes ikke.',
  unknownPlayer: 'Denne spiller har intet resultat i denne sæson.',
  csv: 'Hent som CSV',
  seasons: 'Sæsoner',
};

export const leaguesErrorsDa: LeaguesErrorsTranslation = {
  'unknown-league': 'Denne liga findes ikke.',
  'unknown-season': 'Denne sæson findes ikke i ligaen.',
  'invalid-league': 'Ligaen eller sæsonen er ikke gyldig.',
  'invalid-formula': 'Pointformlen er ikke gyldig.',
  'formula-divides-by-zero': 'Pointformlen dividerer med nul.',
};
