import type { PlayersTexts } from './en.js';

/** Die Spieler des Hauses auf dem Telefon: Anmeldung aus der Spielerliste (Deutsch). */
export const playersDe: PlayersTexts = {
  matches: 'Gefundene Spieler',
  returning: 'Bekannter Spieler',
  inPlay: 'Im Spiel',
  reentry: 'Re-entry',
  registerNew: '„{{name}}“ als neuen Spieler anmelden',
  more: 'Weitere Spieler passen: mehr Buchstaben eingeben',
  noDatabase: 'Die Spielerliste ist nicht erreichbar: nur mit Namen angemeldet',
  list: {
    returning_one: '{{count}} bekannter Spieler',
    returning_other: '{{count}} bekannte Spieler',
    ask: 'Für diese Zeilen ist eine Auswahl nötig',
    line: 'Zeile {{line}}: {{name}}',
    choose: 'Wer ist es?',
    skip: 'Überspringen',
    asNew: 'Ein neuer Spieler',
    confirm: 'Diese anmelden',
  },
};
