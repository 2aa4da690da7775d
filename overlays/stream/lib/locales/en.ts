/**
 * The stream overlays' texts in English: the reference every other language must match key for
 * key (StreamTexts). Kept apart from the app's locales (overlays/lib/locales) so an overlay page
 * ships a few hundred bytes of texts instead of the control panel's, and no i18next: the budget
 * is 30 KB of JavaScript per page (docs/OVERLAYS.md).
 *
 * `{{name}}` is replaced by a value. Ordinals follow Intl.PluralRules({type: 'ordinal'}):
 * `ordinal.one|two|few|other` (languages without such forms give all four the same text).
 */
export const en = {
  'ordinal.one': '{{n}}st',
  'ordinal.two': '{{n}}nd',
  'ordinal.few': '{{n}}rd',
  'ordinal.other': '{{n}}th',
  placeRange: '{{from}}-{{to}}',
  level: 'Level {{n}}',
  break: 'Break',
  blinds: 'Blinds',
  ante: 'Ante {{amount}}',
  bba: 'BBA {{amount}}',
  next: 'Next',
  breakIn: 'Break in',
  paused: 'Paused',
  notStarted: 'Starting soon',
  ended: 'End of structure',
  finished: 'Tournament over',
  handForHand: 'Hand for hand',
  minutes: '{{n}} min',
  bb: '{{n}} BB',
  chipCounts: 'Chip counts',
  playersLeft: 'Players left',
  avgStack: 'Average stack',
  page: '{{page}} of {{pages}}',
  table: 'Table {{n}}',
  seat: 'Seat {{n}}',
  dealer: 'D',
  smallBlind: 'SB',
  bigBlind: 'BB',
  'alert.eliminated': 'Eliminated',
  'alert.busted': '{{name}}, {{place}}, {{prize}}',
  'alert.bustedNoPrize': '{{name}}, {{place}}',
  'alert.bubble': 'The bubble has burst',
  'alert.inTheMoney': '{{n}} players in the money',
  'alert.finalTable': 'Final table',
  'alert.finalTableText': 'Table {{n}} is the final table',
  'alert.levelUp': 'Blinds up',
  'alert.breakText': '{{n}} minutes',
  'alert.chipLeader': 'New chip leader',
  'alert.handForHand': 'Hand for hand',
  'alert.handForHandText': 'Every table plays one hand at a time',
  'alert.winner': 'Winner',
  'alert.winnerText': '{{name}} wins {{prize}}',
  payouts: 'Payouts',
  prizePool: 'Prize pool',
  nextPayJump: 'Next pay jump',
  deal: 'Deal',
  entries: 'Entries',
  playersOfEntries: 'Players {{left}} / {{entries}}',
  avgStackValue: 'Average stack {{chips}}',
  prizePoolValue: 'Prize pool {{amount}}',
  bounty: "Bounty",
  seatsLeftValue: "Seats left {{left}} / {{seats}}",
  seatBubble: "Seat bubble",
  nextBreakIn: 'Next break in {{time}}',
  blindsUpIn: 'Blinds up in {{time}}',
  lateRegOpen: 'Late registration open until level {{n}}',
  lateRegClosed: 'Registration closed',
  onTheClock: 'On the clock',
  tournamentUpdate: 'Tournament update',
  chipLeader: 'Chip leader',
  'alert.eliminatedBy': 'Eliminated by {{name}}',
  'alert.bountyWon': 'Bounty {{amount}}',
  'alert.champion': 'Champion',
} as const;

export type StreamTextKey = keyof typeof en;
/** A complete translation: a missing or extra key fails to compile (test/browser/overlays-i18n.test.ts checks it at run time too). */
export type StreamTexts = { readonly [K in StreamTextKey]: string };
