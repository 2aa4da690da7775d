/**
 * A player row as the stream reads it: the players topic's view and what other work adds to it
 * (docs/CONTRACT of issue 24: `bounty` from the bounty formats, `photo` from the player
 * database). Both optional: a plate or graphic shows them where they are, and does without.
 */
import type { PlayerEntryView } from '../../../server/protocol/entries-views.js';

export type StreamPlayer = PlayerEntryView & {
  /** The bounty on his head, minor units (absent: no bounty format). */
  bounty?: number;
  /** A same-origin URL of his photo (absent: the flag stands in). */
  photo?: string;
};

/** Who won a busted player's last chips, and the bounty each won from this bust (`entry.busted`). */
export interface Eliminator {
  entryId: string;
  name: string;
  bounty: number;
}
