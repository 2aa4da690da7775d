import type { FlightsTranslation } from './en.js';

/** Alternates, usolgte pladser, bordstørrelse og dagens afslutning (dansk). */
export const flightsDa: FlightsTranslation = {
  resizeKind: 'Plads fjernet',
  resized: 'Bordene spiller nu {{seats}}-handed: {{moves}} flytninger',
  alternatesTitle: 'Alternates',
  alternateLine: '{{position}}. {{name}}',
  endOfDayTitle: 'Dagens afslutning',
  handsLeft_one: '{{count}} hånd tilbage',
  handsLeft_other: '{{count}} hænder tilbage',
  handsLeftTable: 'Bord {{table}}: {{hands}}',
  cardDrawn: 'Trukket kort: {{card}} - alle borde spiller {{hands}} hænder mere',
  dayOver: 'Spillet er slut for i dag: bag and tag',
  dayClosed: 'Dagen er lukket: alle stacks er bagget',
  unsoldTitle: 'Usolgte pladser',
  control: {
    addAlternate: 'Tilføj alternate',
    alternateName: 'Navn på alternate',
    remove: 'Fjern',
    endDay: 'Dagens afslutning: træk kortet for de sidste hænder',
    bagTitle: 'Bag and tag',
    bagProgress: '{{bagged}} af {{left}} bagget',
    bag: 'Bag',
    closeDay: 'Luk dagen',
    placeUnsold: 'Læg startstacks på de tomme pladser',
    countUnsold: 'Tæl',
    lateName: "Sen tilmeldings navn",
    takeUnsold: 'Tag denne plads',
    tableSize: 'Bordstørrelse',
    resize: 'Skift til {{seats}}-handed',
  },
  unsoldLine: 'Bord {{table}}, plads {{seat}}: {{chips}}',
};
