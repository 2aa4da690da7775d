/**
 * `state.stream`: what the producer has put on air (featured table, overlays taken off air,
 * lower third, ticker, delay), and `state.playerClocks`: players on the clock, by table.
 *
 * Both are optional in the stored state: a tournament made before the stream existed has
 * neither, and a replay of its log must deep-equal the stored state, so nothing adds them until
 * a command sets them.
 */
import type { OverlayKind } from '../../protocol/stream.js';
import type { ObsRule } from '../../protocol/obs.js';
import type { TournamentState } from '../state.js';

export interface LowerThird {
  title: string;
  subtitle?: string;
  until?: number;
  n: number;
}

export interface StreamState {
  featuredTableId: string | null;
  hidden: OverlayKind[];
  lowerThird: LowerThird | null;
  /** Lower thirds pushed so far (numbers them, so the same text animates in again). */
  lowerThirds: number;
  ticker: string[];
  delaySeconds: number;
  /** OBS automation rules (server/obs/, protocol/obs.ts); absent in states from before them. */
  obsRules?: ObsRule[];
}

/** A player put on the clock (RULES.md "Player clock"). */
export interface PlayerClock {
  seat: number;
  entryId: string | null;
  startedAt: number;
  endsAt: number;
  countdownMs: number;
}

export const INITIAL_STREAM: StreamState = Object.freeze({
  featuredTableId: null,
  hidden: [],
  lowerThird: null,
  lowerThirds: 0,
  ticker: [],
  delaySeconds: 0,
}) as StreamState;

export function streamOf(state: TournamentState): StreamState {
  return state.stream ?? INITIAL_STREAM;
}

export function withStream(state: TournamentState, patch: Partial<StreamState>): TournamentState {
  return { ...state, stream: { ...streamOf(state), ...patch } };
}

export function playerClocksOf(state: TournamentState): Readonly<Record<string, PlayerClock>> {
  return state.playerClocks ?? {};
}
