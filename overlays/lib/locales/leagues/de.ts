/** Leagues and standings (issue 27). Deutsch. */
import type { LeaguesErrorsTranslation, LeaguesTranslation } from './en.js';

export const leaguesDe: LeaguesTranslation = {
  standings: 'Gesamtwertung',
  seasonTitle: '{{league}} · {{season}}',
  rank: '#',
  player: 'Spieler',
  points: 'Punkte',
  pointsShort: 'Pkt.',
  played: 'Gespielt',
  wins: 'Siege',
  cashes: 'Im Geld',
  bestOf: 'Die besten {{count}} von {{total}} Abenden zählen',
  allCount: 'Jeder Abend zählt',
  provisional: 'Vorläufig: ein Turnier läuft noch',
  noResults: 'Noch keine Ergebnisse',
  tournament: 'Turnier',
  place: 'Platz',
  inPlay: 'Noch im Spiel',
  notCounted: 'zählt nicht',
  prize: 'Preis',
  back: 'Zurück zur Gesamtwertung',
  playerTitle: 'Ergebnisse von {{name}}',
  rankOf: 'Platz {{rank}} von {{count}}',
  unknownLeague: 'Diese Liga oder Saison gibt es nicht.',
  unknownPlayer: 'Dieser Spieler hat in dieser Saison kein Ergebnis.',
  csv: 'Als CSV herunterladen',
  seasons: 'Saisons',
};

export const leaguesErrorsDe: LeaguesErrorsTranslation = {
  'unknown-league': 'Diese Liga gibt es nicht.',
  'unknown-season': 'Diese Saison gibt es in dieser Liga nicht.',
  'invalid-league': 'Die Liga oder Saison ist ungültig.',
  'invalid-formula': 'Die Punkteformel ist ungültig.',
  'formula-divides-by-zero': 'Die Punkteformel teilt durch null.',
};
