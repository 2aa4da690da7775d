import type { cuesEn } from './en.js';

/** Dansk. */
export const cuesDa: typeof cuesEn = {
  onTheClock: 'På uret',
  where: 'Bord {{table}}, sæde {{seat}}',
  atZero: {
    'dead-facing-bet': 'Ved nul: over for en indsats er hånden død, ellers check',
    dead: 'Ved nul: hånden er død',
  },
  timeUp: {
    'dead-facing-bet': 'Tid! Over for en indsats: hånden er død. Ingen indsats: check.',
    dead: 'Tid! Hånden er død.',
  },
  callClock: 'Ur',
  stopClock: 'Stop uret',
  dismiss: 'Luk',
  noPush: 'Dealere: ingen flere skift',
  levelIn: 'Nyt level om {{time}}',
  breakIn: 'Pause om {{time}}',
  decks: 'Dealere, gør jeres kortspil klar',
};
