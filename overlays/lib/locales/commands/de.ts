import type { CommandsTranslation } from './en.js';

/** Befehlsnamen (Deutsch). */
export const commandsDe: CommandsTranslation = {
  clock: { start: 'Uhr starten', pause: 'Uhr anhalten', resume: 'Uhr fortsetzen', adjust: 'Zeit ändern' },
  level: { next: 'Nächstes Level', previous: 'Voriges Level', set: 'Zu Level springen' },
  entry: { add: 'Anmelden', reenter: 'Re-Entry', rebuy: 'Rebuy', addon: 'Add-on', bust: 'Ausscheiden', undoBust: 'Ausscheiden rückgängig' },
  chips: { set: 'Chipstand', colorUp: 'Color-up', count: 'Chipstände des Tisches' },
  handForHand: { start: 'Hand-für-Hand starten', nextHand: 'Nächste Hand (Hand-für-Hand)', stop: 'Hand-für-Hand beenden' },
  payouts: { set: 'Auszahlungen' },
  deal: { propose: 'Deal-Berechnung', apply: 'Deal' },
  penalty: { add: 'Strafe', clear: 'Strafe aufheben' },
  settings: { set: 'Einstellungen' },
  table: { add: 'Tisch öffnen', remove: 'Tisch entfernen', seatOutOfUse: 'Platz sperren', breakOrder: 'Reihenfolge der Tischauflösung', break: 'Tisch auflösen', waiveHalt: 'Spielstopp aufheben' },
  seating: { draw: 'Platzauslosung', undo: 'Sitzordnung rückgängig' },
  seat: { assign: 'Spieler setzen', move: 'Spieler umsetzen', correct: 'Falscher Platz' },
  button: { set: 'Button setzen', draw: 'Button auslosen' },
  hand: { next: 'Nächste Hand' },
  balance: { apply: 'Tische ausgleichen' },
  finalTable: { form: 'Finaltisch bilden' },
  stream: {
    feature: 'Featured Table',
    show: 'Overlay ein/aus',
    lowerThird: 'Bauchbinde',
    hideLowerThird: 'Bauchbinde ausblenden',
    ticker: 'Laufband-Meldungen',
    replayAlert: 'Meldung wiederholen',
    delay: 'Stream-Verzögerung',
  },
  player: { country: 'Land' },
  obs: { rules: { set: 'OBS-Regeln' } },
  playerClock: { start: 'Spieleruhr', stop: 'Spieleruhr stoppen' },
};
