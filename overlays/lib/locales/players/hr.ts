import type { WithFew } from '../en.js';
import type { PlayersTexts } from './en.js';

/** Igrači kluba na telefonu: prijava s popisa igrača (hrvatski). */
export const playersHr: WithFew<PlayersTexts> = {
  matches: 'Pronađeni igrači',
  returning: 'Poznati igrač',
  inPlay: 'U igri',
  reentry: 'Re-entry',
  registerNew: 'Prijavi „{{name}}” kao novog igrača',
  more: 'Više igrača odgovara: upišite još slova',
  noDatabase: 'Popis igrača nije dostupan: prijavljeno samo imenom',
  list: {
    returning_one: '{{count}} poznati igrač',
    returning_few: '{{count}} poznata igrača',
    returning_other: '{{count}} poznatih igrača',
    ask: 'Za ove retke potreban je izbor',
    line: 'Redak {{line}}: {{name}}',
    choose: 'Tko je to?',
    skip: 'Preskoči',
    asNew: 'Novi igrač',
    confirm: 'Prijavi ove',
  },
};
