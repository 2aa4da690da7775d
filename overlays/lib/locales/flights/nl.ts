import type { FlightsTranslation } from './en.js';

/** Invallers, onverkochte stoelen, tafelgrootte en einde speeldag (Nederlands). */
export const flightsNl: FlightsTranslation = {
  resizeKind: 'Stoel weggehaald',
  resized: 'De tafels spelen nu {{seats}}-handed: {{moves}} verplaatsingen',
  alternatesTitle: 'Invallers',
  alternateLine: '{{position}}. {{name}}',
  endOfDayTitle: 'Einde speeldag',
  handsLeft_one: 'Nog {{count}} hand',
  handsLeft_other: 'Nog {{count}} handen',
  handsLeftTable: 'Tafel {{table}}: {{hands}}',
  cardDrawn: 'Getrokken kaart: {{card}} - alle tafels spelen nog {{hands}} handen',
  dayOver: 'Einde spel voor vandaag: bag and tag',
  dayClosed: 'Speeldag gesloten: alle stacks zijn gebagd',
  unsoldTitle: 'Onverkochte stoelen',
  control: {
    addAlternate: 'Invaller toevoegen',
    alternateName: 'Naam invaller',
    remove: 'Verwijderen',
    endDay: 'Einde speeldag: kaart trekken voor de laatste handen',
    bagTitle: 'Bag and tag',
    bagProgress: '{{bagged}} van {{left}} gebagd',
    bag: 'Bag',
    closeDay: 'Speeldag sluiten',
    placeUnsold: 'Startstapels op de lege stoelen leggen',
    countUnsold: 'Tellen',
    lateName: "Naam late inschrijver",
    takeUnsold: 'Deze stoel nemen',
    tableSize: 'Tafelgrootte',
    resize: 'Naar {{seats}}-handed',
  },
  unsoldLine: 'Tafel {{table}}, stoel {{seat}}: {{chips}}',
};
