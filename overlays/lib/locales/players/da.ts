import type { PlayersTexts } from './en.js';

/** Stedets spillere på telefonen: tilmelding fra spillerlisten (dansk). */
export const playersDa: PlayersTexts = {
  matches: 'Fundne spillere',
  returning: 'Kendt spiller',
  inPlay: 'Spiller nu',
  reentry: 'Re-entry',
  registerNew: 'Tilmeld „{{name}}“ som ny spiller',
  more: 'Flere spillere passer: skriv flere bogstaver',
  noDatabase: 'Spillerlisten kunne ikke nås: kun tilmeldt med navn',
  list: {
    returning_one: '{{count}} kendt spiller',
    returning_other: '{{count}} kendte spillere',
    ask: 'Disse linjer kræver et valg',
    line: 'Linje {{line}}: {{name}}',
    choose: 'Hvem er det?',
    skip: 'Spring over',
    asNew: 'En ny spiller',
    confirm: 'Tilmeld disse',
  },
};
