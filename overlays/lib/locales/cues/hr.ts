import type { cuesEn } from './en.js';

/** Hrvatski (HR: "karte foldane" at zero; "posljednjih 5 sekundi se odbrojava na glas"). */
export const cuesHr: typeof cuesEn = {
  onTheClock: 'Na satu',
  where: 'Stol {{table}}, mjesto {{seat}}',
  atZero: {
    'dead-facing-bet': 'Na nuli: protiv oklade ruka je mrtva, inače check',
    dead: 'Na nuli: karte se foldaju',
  },
  timeUp: {
    'dead-facing-bet': 'Vrijeme! Protiv oklade: ruka je mrtva. Bez oklade: check.',
    dead: 'Vrijeme! Karte su foldane.',
  },
  callClock: 'Sat',
  stopClock: 'Zaustavi sat',
  dismiss: 'Zatvori',
  noPush: 'Djelitelji: bez izmjena',
  levelIn: 'Novi level za {{time}}',
  breakIn: 'Pauza za {{time}}',
  decks: 'Djelitelji, pripremite špilove',
};
