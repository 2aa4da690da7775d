/** The venue's players on the phone (issue 27): registration from the player database (English). */
export const playersEn = {
  matches: 'Players found',
  returning: 'Returning',
  inPlay: 'In play',
  reentry: 'Re-entry',
  registerNew: 'Register “{{name}}” as a new player',
  more: 'More players match: type more letters',
  noDatabase: 'The player list could not be reached: registered by name only',
  list: {
    returning_one: '{{count}} returning player',
    returning_other: '{{count}} returning players',
    ask: 'These lines need a choice',
    line: 'Line {{line}}: {{name}}',
    choose: 'Who is it?',
    skip: 'Skip',
    asNew: 'A new player',
    confirm: 'Register these',
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type PlayersTexts = Strings<typeof playersEn>;
