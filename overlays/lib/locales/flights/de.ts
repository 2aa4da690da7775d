import type { FlightsTranslation } from './en.js';

/** Nachrücker, unverkaufte Plätze, Tischgröße und Tagesende (Deutsch). */
export const flightsDe: FlightsTranslation = {
  resizeKind: 'Platz entfernt',
  resized: 'Die Tische spielen jetzt {{seats}}-handed: {{moves}} Umsetzungen',
  alternatesTitle: 'Nachrücker',
  alternateLine: '{{position}}. {{name}}',
  endOfDayTitle: 'Ende des Spieltags',
  handsLeft_one: 'Noch {{count}} Hand',
  handsLeft_other: 'Noch {{count}} Hände',
  handsLeftTable: 'Tisch {{table}}: {{hands}}',
  cardDrawn: 'Gezogene Karte: {{card}} - alle Tische spielen noch {{hands}} Hände',
  dayOver: 'Spielende für heute: Bag and Tag',
  dayClosed: 'Tag geschlossen: alle Stacks sind eingetütet',
  unsoldTitle: 'Unverkaufte Plätze',
  control: {
    addAlternate: 'Nachrücker hinzufügen',
    alternateName: 'Name des Nachrückers',
    remove: 'Entfernen',
    endDay: 'Tagesende: Karte für die letzten Hände ziehen',
    bagTitle: 'Bag and Tag',
    bagProgress: '{{bagged}} von {{left}} eingetütet',
    bag: 'Eintüten',
    closeDay: 'Tag schließen',
    placeUnsold: 'Startstacks auf die leeren Plätze legen',
    countUnsold: 'Zählen',
    lateName: "Name des Nachzüglers",
    takeUnsold: 'Diesen Platz nehmen',
    tableSize: 'Tischgröße',
    resize: 'Auf {{seats}}-handed wechseln',
  },
  unsoldLine: 'Tisch {{table}}, Platz {{seat}}: {{chips}}',
};
