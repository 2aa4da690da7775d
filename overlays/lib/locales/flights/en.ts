/**
 * Texts for alternates (IP r15), unsold seats (IP r16-3), the table-size change (MEC r5) and the
 * end of a multi-day day (MEC r9), shown on the venue display and the phone. English.
 */
export const flightsEn = {
  resizeKind: 'Seat removed',
  resized: 'Tables now play {{seats}}-handed: {{moves}} moves',
  alternatesTitle: 'Alternates',
  alternateLine: '{{position}}. {{name}}',
  endOfDayTitle: 'End of the day',
  handsLeft_one: '{{count}} hand left',
  handsLeft_other: '{{count}} hands left',
  handsLeftTable: 'Table {{table}}: {{hands}}',
  cardDrawn: 'Card drawn: {{card}} - every table plays {{hands}} more hands',
  dayOver: 'Play is over for today: bag and tag',
  dayClosed: 'Day closed: every stack is bagged',
  unsoldTitle: 'Unsold seats',
  control: {
    addAlternate: 'Add alternate',
    alternateName: 'Alternate name',
    remove: 'Remove',
    endDay: 'End of day: draw the card for the last hands',
    bagTitle: 'Bag and tag',
    bagProgress: '{{bagged}} of {{left}} bagged',
    bag: 'Bag',
    closeDay: 'Close the day',
    placeUnsold: 'Place starting stacks at the empty seats',
    countUnsold: 'Count',
    lateName: "Late entrant's name",
    takeUnsold: 'Take this seat',
    tableSize: 'Table size',
    resize: 'Change to {{seats}}-handed',
  },
  unsoldLine: 'Table {{table}}, seat {{seat}}: {{chips}}',
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
/** Croatian adds a "few" plural form (web/lib/i18n.ts uses Intl.PluralRules). */
export type FlightsTranslation = Strings<typeof flightsEn> & { handsLeft_few?: string };
