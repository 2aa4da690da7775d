import type { CommandsTranslation } from './en.js';

/** Namen van de commando's (Nederlands). */
export const commandsNl: CommandsTranslation = {
  clock: { start: 'Klok starten', pause: 'Klok pauzeren', resume: 'Klok hervatten', adjust: 'Tijd aanpassen' },
  level: { next: 'Volgend level', previous: 'Vorig level', set: 'Naar level springen' },
  entry: { add: 'Inschrijven', reenter: 'Re-entry', rebuy: 'Rebuy', addon: 'Add-on', bust: 'Uit', undoBust: 'Uitschakeling terugdraaien', absent: 'Afwezig', removeAbsent: 'Afwezige speler verwijderen' },
  chips: { set: 'Fiches', colorUp: 'Color-up', count: 'Fiches van de tafel' },
  handForHand: { start: 'Hand-voor-hand starten', nextHand: 'Volgende hand (hand-voor-hand)', stop: 'Hand-voor-hand stoppen' },
  payouts: { set: 'Uitbetalingen' },
  deal: { propose: 'Deal berekenen', apply: 'Deal' },
  penalty: { add: 'Straf', clear: 'Straf wissen' },
  settings: { set: 'Instellingen' },
  table: { add: 'Tafel openen', remove: 'Tafel verwijderen', seatOutOfUse: 'Stoel buiten gebruik', breakOrder: 'Volgorde tafels opheffen', break: 'Tafel opheffen', waiveHalt: 'Stop opheffen' },
  seating: { draw: 'Plaatsloting', undo: 'Plaatsing ongedaan maken' },
  seat: { assign: 'Speler plaatsen', move: 'Speler verplaatsen', correct: 'Verkeerde stoel' },
  button: { set: 'Button zetten', draw: 'Kaart trekken voor de button' },
  hand: { next: 'Volgende hand' },
  balance: { apply: 'Tafels balanceren' },
  finalTable: { form: 'Finaletafel vormen' },
  stream: {
    feature: 'Uitgelichte tafel',
    show: 'Overlay aan/uit',
    lowerThird: 'Onderschrift',
    hideLowerThird: 'Onderschrift verbergen',
    ticker: 'Tickerberichten',
    replayAlert: 'Melding herhalen',
    delay: 'Streamvertraging',
  },
  player: { country: 'Land' },
  obs: { rules: { set: 'OBS-regels' } },
  playerClock: { start: 'Spelersklok', stop: 'Spelersklok stoppen' },
};
