import type { cuesEn } from './en.js';

/** Nederlands (AP 20 in de woorden van de ONK-tekst: "delers, maak uw decks gereed"). */
export const cuesNl: typeof cuesEn = {
  onTheClock: 'Op de klok',
  where: 'Tafel {{table}}, stoel {{seat}}',
  atZero: {
    'dead-facing-bet': 'Bij nul: tegen een bet is de hand dood, anders check',
    dead: 'Bij nul: de hand is dood',
  },
  timeUp: {
    'dead-facing-bet': 'Tijd! Tegen een bet: de hand is dood. Geen bet: check.',
    dead: 'Tijd! De hand is dood.',
  },
  callClock: 'Klok',
  stopClock: 'Klok stoppen',
  dismiss: 'Sluiten',
  noPush: 'Delers: geen wissels meer',
  levelIn: 'Nieuw level over {{time}}',
  breakIn: 'Pauze over {{time}}',
  decks: 'Delers, maak uw decks gereed',
};
