/** The `stream` topic and the player clock of a table, as screens see them. */
import { PLAYER_CLOCK_LINGER_MS, type PlayerClockView, type StreamView } from '../../protocol/stream.js';
import type { TournamentState } from '../state.js';
import { playerClocksOf, streamOf } from './state.js';

export function streamView(state: TournamentState): StreamView {
  const s = streamOf(state);
  return { featuredTableId: s.featuredTableId, hidden: s.hidden, lowerThird: s.lowerThird, ticker: s.ticker, delaySeconds: s.delaySeconds, obsRules: s.obsRules ?? [], cued: s.cued ?? null, library: s.library ?? [], changedAt: s.changedAt ?? {} };
}

/** The player clock running at `tableId`, with the player's name, or undefined. */
export function playerClockView(state: TournamentState, tableId: string, names: Pick<ReadonlyMap<string, string>, 'get'>): PlayerClockView | undefined {
  const clock = playerClocksOf(state)[tableId];
  if (!clock) return undefined;
  return { ...clock, name: clock.entryId ? (names.get(clock.entryId) ?? null) : null, leavesAt: clock.endsAt + PLAYER_CLOCK_LINGER_MS };
}
