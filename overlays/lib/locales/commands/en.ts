/**
 * A short name for every command, by its type (`commands.entry.bust`), for texts that list
 * commands: "Not sent (older than 15 min): Bust — Anna". The type `CommandLabelKey` in
 * control/command-labels.ts fails to compile when a command type has no name here.
 */
export const commandsEn = {
  clock: { start: 'Start clock', pause: 'Pause clock', resume: 'Resume clock', adjust: 'Change time' },
  level: { next: 'Next level', previous: 'Previous level', set: 'Jump to level' },
  entry: { add: 'Register', reenter: 'Re-entry', rebuy: 'Rebuy', addon: 'Add-on', bust: 'Bust', undoBust: 'Undo bust', absent: 'Absent', removeAbsent: 'Remove absent player', setEliminators: 'Who eliminated' },
  chips: { set: 'Chip count', colorUp: 'Colour-up', count: 'Table chip count' },
  handForHand: { start: 'Start hand-for-hand', nextHand: 'Next hand (hand-for-hand)', stop: 'Stop hand-for-hand' },
  payouts: { set: 'Payouts' },
  bounty: { post: 'Post mystery bounties', markPaid: 'Bounty paid out', confirmEnvelopes: 'Confirm the envelope count' },
  satellite: { seatHeld: 'Already holds a seat' },
  deal: { propose: 'Deal calculation', apply: 'Deal', undo: 'Undo deal' },
  penalty: { add: 'Penalty', clear: 'Clear penalty' },
  settings: { set: 'Settings' },
  table: { add: 'Open table', remove: 'Remove table', seatOutOfUse: 'Seat out of use', breakOrder: 'Table break order', break: 'Break table', waiveHalt: 'Waive halt' },
  seating: { draw: 'Seat draw', redraw: 'Redraw seats', undo: 'Undo seating' },
  seat: { assign: 'Seat player', move: 'Move player', correct: 'Wrong seat' },
  button: { set: 'Set button', draw: 'Draw for the button' },
  hand: { next: 'Next hand', misdeal: 'Misdeal (re-deal)' },
  balance: { apply: 'Balance tables' },
  finalTable: { form: 'Form final table' },
  stream: {
    feature: 'Featured table',
    show: 'Overlay on/off air',
    lowerThird: 'Lower third',
    hideLowerThird: 'Hide lower third',
    cue: 'Cue lower third',
    take: 'Take lower third to air',
    library: { save: 'Save lower third', remove: 'Remove saved lower third' },
    ticker: 'Ticker messages',
    replayAlert: 'Replay alert',
    delay: 'Stream delay',
  },
  player: { country: 'Country', onAirName: 'On-air name', erase: 'Erase player' },
  obs: { rules: { set: 'OBS rules' } },
  structure: { set: 'Change structure' },
  tournament: { archive: 'Archive' },
  playerClock: { start: 'Player clock', stop: 'Stop player clock' },
  alternate: { add: 'Add alternate', remove: 'Remove alternate' },
  tables: { resize: 'Change table size' },
  unsold: { place: 'Place unsold stacks', count: 'Unsold stack count', take: 'Late entry on unsold seat' },
  day: { end: 'End of day: draw hands', bag: 'Bag and tag', close: 'Close the day' },
  day2: { import: 'Day 2 from the flights' },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type CommandsTranslation = Strings<typeof commandsEn>;
