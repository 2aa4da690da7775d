import type { FlightsTranslation } from './en.js';

/** Suppleanter, usolgte sæder, bordstørrelse og dagens afslutning (dansk). */
export const flightsDa: FlightsTranslation = {
  resizeKind: 'Sæde fjernet',
  resized: 'Bordene spiller nu {{seats}}-handed: {{moves}} flytninger',
  alternatesTitle: 'Suppleanter',
  alternateLine: '{{position}}. {{name}}',
  endOfDayTitle: 'Dagens afslutning',
  handsLeft_one: '{{count}} hånd tilbage',
  handsLeft_other: '{{count}} hænder tilbage',
  handsLeftTable: 'Bord {{table}}: {{hands}}',
  cardDrawn: 'Trukket kort: {{card}} - alle borde spiller {{hands}} hænder mere',
  dayOver: 'Spillet er slut for i dag: bag and tag',
  dayClosed: 'Dagen er lukket: alle stacks er bagget',
  unsoldTitle: 'Usolgte sæder',
  control: {
    addAlternate: 'Tilføj suppleant',
    alternateName: 'Suppleantens navn',
    remove: 'Fjern',
    endDay: 'Dagens afslutning: træk kortet for de sidste hænder',
    bagTitle: 'Bag and tag',
    bagProgress: '{{bagged}} af {{left}} bagget',
    bag: 'Bag',
    closeDay: 'Luk dagen',
    placeUnsold: 'Læg startstakke på de tomme sæder',
    countUnsold: 'Tæl',
    lateName: 'Navn ved sen registrering',
    takeUnsold: 'Tag dette sæde',
    tableSize: 'Bordstørrelse',
    resize: 'Skift til {{seats}}-handed',
  },
  unsoldLine: 'Bord {{table}}, sæde {{seat}}: {{chips}}',
};
