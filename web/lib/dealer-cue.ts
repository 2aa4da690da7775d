/** Dealer cues derived from the clock a screen already counts (TDA 2024 AP 7, AP 20). */
import type { LiveClock } from '../../client/clock.js';
import type { ItemView } from '../../server/protocol/views.js';

/** TDA 2024 AP 7: "De TDA adviseert delers om de push 90 seconden voor een geplande pauze of limietverandering te stoppen." */
export const NO_PUSH_MS = 90_000;
/** TDA 2024 AP 20: "binnen één minuut na het starten of hervatten van het spel". */
export const DECKS_MS = 60_000;

export type DealerCue = { kind: 'no-push'; toBreak: boolean; leftMs: number } | { kind: 'decks' };

/**
 * The dealer cue due on a clock as shown, or null. Derived on the screen from the clock it
 * already counts (the server never wakes for a cue):
 * - `no-push` from 90 s before the end of a play level, when a level or a break follows (AP 7);
 * - `decks` in the first minute of play at the start of the tournament and after each break (AP 20).
 */
export function dealerCue(live: LiveClock | null, items: readonly ItemView[] | undefined): DealerCue | null {
  if (!live || live.status !== 'running' || live.current.break) return null;
  if (live.next && live.remainingMs > 0 && live.remainingMs <= NO_PUSH_MS) return { kind: 'no-push', toBreak: live.next.break === true, leftMs: live.remainingMs };
  const index = live.current.index;
  const afterBreak = index === 0 || items?.[index - 1]?.break === true;
  if (afterBreak && live.current.ms - live.remainingMs < DECKS_MS) return { kind: 'decks' };
  return null;
}

