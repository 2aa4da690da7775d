/** Bounty commands (issue 25): the rules are in ../bounties/. */
import { confirmEnvelopes, markPaid, postMystery, setEliminators } from '../bounties/commands.js';
import { bountyCommandArgs as args } from '../schemas/bounties.js';
import { markSeatHeld } from '../bounties/satellite.js';
import { defineCommand, type CommandTable } from './types.js';

export const bountyCommands = {
  'entry.setEliminators': defineCommand({
    args: args['entry.setEliminators'],
    summary: 'Correct (or name afterwards) who eliminated a busted entry; every bounty that followed is worked out again.',
    apply: (state, input, ctx) => setEliminators(state, input, ctx),
  }),
  'bounty.post': defineCommand({
    args: args['bounty.post'],
    summary: 'Post the mystery bounty prizes (counts and amounts); they must add up to the bounty pool.',
    apply: (state, { prizes }, ctx) => postMystery(state, prizes, ctx),
  }),
  'bounty.markPaid': defineCommand({
    args: args['bounty.markPaid'],
    summary: "Mark what the cashier has handed an entry's player in bounty money (0 takes the mark back).",
    apply: (state, input, ctx) => markPaid(state, input, ctx),
  }),
  'satellite.seatHeld': defineCommand({
    args: args['satellite.seatHeld'],
    summary: 'Mark that the player of an entry in play already holds a seat (rules.satelliteSeatHeld decides what he gets at the seats).',
    apply: (state, { entryId, held }) => markSeatHeld(state, entryId, held),
  }),
  'bounty.confirmEnvelopes': defineCommand({
    args: args['bounty.confirmEnvelopes'],
    summary: 'Confirm the mystery envelope count although it differs from the players in play when the stage started.',
    apply: (state) => confirmEnvelopes(state),
  }),
} satisfies CommandTable;
