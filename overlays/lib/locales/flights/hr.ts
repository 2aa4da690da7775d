import type { FlightsTranslation } from './en.js';

/** Zamjenski igrači, neprodana mjesta, veličina stola i kraj dana (hrvatski). */
export const flightsHr: FlightsTranslation = {
  resizeKind: 'Mjesto uklonjeno',
  resized: 'Stolovi sada igraju s {{seats}} igrača: {{moves}} premještanja',
  alternatesTitle: 'Zamjenski igrači',
  alternateLine: '{{position}}. {{name}}',
  endOfDayTitle: 'Kraj dana',
  handsLeft_one: 'Još {{count}} ruka',
  handsLeft_few: 'Još {{count}} ruke',
  handsLeft_other: 'Još {{count}} ruku',
  handsLeftTable: 'Stol {{table}}: {{hands}}',
  cardDrawn: 'Izvučena karta: {{card}} - svi stolovi igraju još {{hands}} ruku',
  dayOver: 'Igra je za danas gotova: bag and tag',
  dayClosed: 'Dan zatvoren: svi stackovi su spremljeni',
  unsoldTitle: 'Neprodana mjesta',
  control: {
    addAlternate: 'Dodaj zamjenskog igrača',
    alternateName: 'Ime zamjenskog igrača',
    remove: 'Ukloni',
    endDay: 'Kraj dana: izvuci kartu za posljednje ruke',
    bagTitle: 'Bag and tag',
    bagProgress: '{{bagged}} od {{left}} spremljeno',
    bag: 'Spremi',
    closeDay: 'Zatvori dan',
    tableSize: 'Veličina stola',
    resize: 'Promijeni na {{seats}} igrača',
  },
  unsoldLine: 'Stol {{table}}, mjesto {{seat}}: {{chips}}',
};
