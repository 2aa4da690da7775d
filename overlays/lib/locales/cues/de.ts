import type { cuesEn } from './en.js';

/** Deutsch. */
export const cuesDe: typeof cuesEn = {
  onTheClock: 'Auf der Uhr',
  where: 'Tisch {{table}}, Platz {{seat}}',
  atZero: {
    'dead-facing-bet': 'Bei null: gegen einen Einsatz ist die Hand tot, sonst Check',
    dead: 'Bei null: die Hand ist tot',
  },
  timeUp: {
    'dead-facing-bet': 'Zeit! Gegen einen Einsatz: die Hand ist tot. Kein Einsatz: Check.',
    dead: 'Zeit! Die Hand ist tot.',
  },
  callClock: 'Uhr',
  stopClock: 'Uhr stoppen',
  dismiss: 'Schließen',
  noPush: 'Dealer: keine Wechsel mehr',
  levelIn: 'Neues Level in {{time}}',
  breakIn: 'Pause in {{time}}',
  decks: 'Dealer, Decks vorbereiten',
};
