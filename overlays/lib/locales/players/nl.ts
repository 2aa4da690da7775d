import type { PlayersTexts } from './en.js';

/** Spelers van de zaal op de telefoon: inschrijven uit de spelerslijst (Nederlands). */
export const playersNl: PlayersTexts = {
  matches: 'Gevonden spelers',
  returning: 'Bekende speler',
  inPlay: 'Speelt',
  reentry: 'Re-entry',
  registerNew: '„{{name}}” inschrijven als nieuwe speler',
  more: 'Meer spelers gevonden: typ meer letters',
  noDatabase: 'De spelerslijst is niet bereikbaar: alleen op naam ingeschreven',
  list: {
    returning_one: '{{count}} bekende speler',
    returning_other: '{{count}} bekende spelers',
    ask: 'Voor deze regels is een keuze nodig',
    line: 'Regel {{line}}: {{name}}',
    choose: 'Wie is het?',
    skip: 'Overslaan',
    asNew: 'Een nieuwe speler',
    confirm: 'Deze inschrijven',
  },
};
