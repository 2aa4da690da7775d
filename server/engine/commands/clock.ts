/** Clock and level commands (issue: foundation). */
import { commandArgs } from '../schemas/commands.js';
import {
  adjustClock,
  nextLevel,
  pauseClock,
  previousLevel,
  resumeClock,
  setLevel,
  startClock,
  type ClockOutcome,
} from '../clock.js';
import type { TournamentState } from '../state.js';
import { defineCommand, type CommandTable, type Outcome } from './types.js';
import { EngineError } from '../errors.js';
import { PRESETS, rulesOf } from '../presets.js';
import { activeCount } from '../entries/ledger.js';

function withClock(state: TournamentState, { clock, events }: ClockOutcome): Outcome {
  return { state: { ...state, clock }, events };
}

export const clockCommands = {
  'clock.start': defineCommand({
    args: commandArgs['clock.start'],
    summary: 'Start the clock for the first time; refused below rules.minPlayersToStart (HR: 8) unless `override` (TD).',
    apply: (state, { override }, { now }) => {
      // HR house rules: at least 8 players are needed to start. The TD may start anyway.
      const min = rulesOf(state.settings).minPlayersToStart;
      const players = activeCount(state.entries);
      if (!override && state.clock.status === 'idle' && players < min) {
        throw new EngineError(
          'too-few-players',
          `This tournament needs at least ${min} players to start (${PRESETS[state.settings.preset].name}); ${players} ${players === 1 ? 'is' : 'are'} registered. The TD may start anyway with override.`,
        );
      }
      return withClock(state, startClock(state.clock, now));
    },
  }),
  'clock.pause': defineCommand({
    args: commandArgs['clock.pause'],
    summary: 'Pause the running clock.',
    apply: (state, _args, { now }) => withClock(state, pauseClock(state.clock, now)),
  }),
  'clock.resume': defineCommand({
    args: commandArgs['clock.resume'],
    summary: 'Resume a paused clock.',
    apply: (state, _args, { now }) => withClock(state, resumeClock(state.clock, now)),
  }),
  'clock.adjust': defineCommand({
    args: commandArgs['clock.adjust'],
    summary: 'Add (or, negative, remove) seconds from the current level.',
    apply: (state, { seconds }, { now }) => withClock(state, adjustClock(state.clock, state.structure, seconds * 1000, now)),
  }),
  'level.next': defineCommand({
    args: commandArgs['level.next'],
    summary: 'Go to the next level or break, with its full time.',
    apply: (state, _args, { now }) => withClock(state, nextLevel(state.clock, state.structure, now)),
  }),
  'level.previous': defineCommand({
    args: commandArgs['level.previous'],
    summary: 'Go back to the previous level or break, with its full time.',
    apply: (state, _args, { now }) => withClock(state, previousLevel(state.clock, state.structure, now)),
  }),
  'level.set': defineCommand({
    args: commandArgs['level.set'],
    summary: 'Jump to the level or break at `index` (0-based, breaks included), with its full time.',
    apply: (state, { index }, { now }) => withClock(state, setLevel(state.clock, state.structure, index, now)),
  }),
} satisfies CommandTable;
