import type { CommandsTranslation } from './en.js';

/** Kommandonavne (dansk). */
export const commandsDa: CommandsTranslation = {
  clock: { start: 'Start ur', pause: 'Sæt ur på pause', resume: 'Genoptag ur', adjust: 'Ændr tid' },
  level: { next: 'Næste level', previous: 'Forrige level', set: 'Gå til level' },
  entry: { add: 'Tilmeld', reenter: 'Re-entry', rebuy: 'Rebuy', addon: 'Add-on', bust: 'Bust', undoBust: 'Fortryd bust' },
  chips: { set: 'Chiptælling', colorUp: 'Color-up', count: 'Bordets chiptælling' },
  handForHand: { start: 'Start hand-for-hand', nextHand: 'Næste hånd (hand-for-hand)', stop: 'Stop hand-for-hand' },
  payouts: { set: 'Udbetalinger' },
  deal: { propose: 'Deal-beregning', apply: 'Deal' },
  penalty: { add: 'Straf', clear: 'Ophæv straf' },
  settings: { set: 'Indstillinger' },
  table: { add: 'Åbn bord', remove: 'Fjern bord', seatOutOfUse: 'Plads ude af brug', breakOrder: 'Rækkefølge for bordbrud', break: 'Bryd bord', waiveHalt: 'Ophæv spilstop' },
  seating: { draw: 'Lodtrækning om pladser', undo: 'Fortryd placering' },
  seat: { assign: 'Placér spiller', move: 'Flyt spiller', correct: 'Forkert plads' },
  button: { set: 'Sæt button', draw: 'Træk om button' },
  hand: { next: 'Næste hånd' },
  balance: { apply: 'Balancér borde' },
  finalTable: { form: 'Dan finalebord' },
  stream: {
    feature: 'Featured bord',
    show: 'Overlay til/fra',
    lowerThird: 'Navneskilt',
    hideLowerThird: 'Skjul navneskilt',
    ticker: 'Tickerbeskeder',
    replayAlert: 'Gentag besked',
    delay: 'Stream-forsinkelse',
  },
  player: { country: 'Land' },
  obs: { rules: { set: 'OBS-regler' } },
  playerClock: { start: 'Spillerur', stop: 'Stop spillerur' },
};
