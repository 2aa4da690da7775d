/**
 * Commands for alternates (IP r15), unsold seats (IP r16-3, r35), going back from 10-handed to
 * 9-handed (MEC r5) and multi-day events (MEC r9, bag and tag, Day 2 from the flights). The
 * rules live in ../entries/alternates.ts, ../entries/unsold.ts, ../seating/resize.ts and
 * ../days/; docs/API.md documents each command.
 */
import { flightsCommandArgs as A } from '../../protocol/flights-schemas.js';
import { addAlternate, removeAlternate } from '../entries/alternates.js';
import { defineCommand, type CommandDef } from './types.js';

export const flightsCommands: Record<string, CommandDef> = {
  'alternate.add': defineCommand({
    args: A['alternate.add'],
    role: 'floor',
    summary: 'Put a player on the alternate list; he is seated, first come first served, when a seat frees (IP r15-1), with a full stack (IP r15-2).',
    apply: (state, { name, country }, { now }) => addAlternate(state, name, now, country),
  }),
  'alternate.remove': defineCommand({
    args: A['alternate.remove'],
    role: 'floor',
    summary: 'Take a player off the alternate list (withdrew, or absent when called).',
    apply: (state, { alternateId }) => removeAlternate(state, alternateId),
  }),
};
