/** Set-up commands (issue 14): a new structure for a tournament, archiving a finished one. */
import { commandArgs } from '../schemas/commands.js';
import { EngineError } from '../errors.js';
import { changeStructure } from '../structure-change.js';
import { isFinished } from '../end.js';
import type { TournamentState } from '../state.js';
import { defineCommand, type CommandTable } from './types.js';


export const setupCommands = {
  'structure.set': defineCommand({
    args: commandArgs['structure.set'],
    summary: 'Replace the structure: played levels stay, the current one keeps its time played.',
    apply: (state, { structure }, { now }) => changeStructure(state, structure, now),
  }),
  'tournament.archive': defineCommand({
    args: commandArgs['tournament.archive'],
    summary: 'Archive a finished tournament (or bring it back): it leaves the lists of tournaments.',
    apply: (state, { archived }) => {
      // A tournament in play stays in the lists: screens and phones follow it.
      if (archived && state.clock.status === 'running' && !isFinished(state)) {
        throw new EngineError('tournament-in-play', 'The clock is running and no winner is known; pause the clock or finish the tournament before archiving it.');
      }
      if (archived) return { state: { ...state, archived: true }, events: [] };
      const { archived: _gone, ...rest } = state;
      return { state: rest, events: [] };
    },
  }),
} satisfies CommandTable;
