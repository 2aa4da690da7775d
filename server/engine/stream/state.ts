/**
 * `state.stream`: what the producer has put on air (featured table, overlays taken off air,
 * lower third, ticker, delay), and `state.playerClocks`: players on the clock, by table.
 *
 * Both are optional in the stored state: a tournament made before the stream existed has
 * neither, and a replay of its log must deep-equal the stored state, so nothing adds them until
 * a command sets them.
 */
import type { LowerThirdDraft, OverlayKind, SavedLowerThird } from '../../protocol/stream.js';
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
  /** The cued lower third (`stream.cue`); absent in states from before it. */
  cued?: LowerThirdDraft | null;
  /** Saved lower thirds (`stream.library.save`), and how many were ever saved (numbers their ids). */
  library?: SavedLowerThird[];
  librarySaved?: number;
  /** Server time of the producer's last change to each overlay (StreamView.changedAt); absent in states from before it. */
  changedAt?: Partial<Record<OverlayKind, number>>;
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

/** Records that the producer changed what `kind` shows at `now` (it airs `delaySeconds` later). */
export function changedNow(state: TournamentState, kind: OverlayKind, now: number): Partial<StreamState> {
  return { changedAt: { ...streamOf(state).changedAt, [kind]: now } };
}

export function playerClocksOf(state: TournamentState): Readonly<Record<string, PlayerClock>> {
  return state.playerClocks ?? {};
}
