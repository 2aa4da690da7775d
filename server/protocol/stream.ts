/**
 * The stream on the wire: the `stream` topic (what the producer has put on air), the stream
 * events, and the overlay kinds. Shared by the server, the overlays and the control panel
 * (no Node imports). docs/OVERLAYS.md describes every overlay and docs/API.md every field.
 */
import type { ObsRule } from './obs.js';

/** The graphics a streamer can add to OBS, one URL each: `/overlay/:tournamentId/:kind`. */
export const OVERLAY_KINDS = ['clock', 'leaderboard', 'table', 'alerts', 'payouts', 'ticker', 'lower-third', 'player-clock', 'scene', 'standings'] as const;
export type OverlayKind = (typeof OVERLAY_KINDS)[number];

/** Limits of what the producer may push (the overlays are laid out for them). */
export const STREAM_LIMITS = {
  /** Characters of a lower-third title or subtitle, or of one ticker message. */
  textMax: 200,
  tickerMessagesMax: 20,
  lowerThirdSecondsMax: 3600,
  /** The secure delay, in seconds (one hour at most). */
  delayMax: 3600,
  /** Lower thirds saved in the library (player bios). */
  libraryMax: 200,
} as const;

/**
 * How long an expired player clock stays on air before it leaves by itself: the overlay and the
 * phone hide it at `leavesAt` (endsAt + this), with no tick on the server.
 */
export const PLAYER_CLOCK_LINGER_MS = 5000;

/** A lower third as the producer writes it: on air (`stream.lowerThird`), cued or saved. */
export interface LowerThirdDraft {
  title: string;
  subtitle?: string;
  /** Hide by itself after this many seconds once on air. */
  seconds?: number;
}

/** A saved lower third in the library (`stream.library.save`). */
export interface SavedLowerThird {
  id: string;
  title: string;
  subtitle?: string;
}

export interface LowerThirdView {
  title: string;
  subtitle?: string;
  /** Server time at which it hides by itself; absent: shown until hidden. */
  until?: number;
  /** Counts the lower thirds pushed, so the same text pushed again animates in again. */
  n: number;
}

/**
 * The `stream` topic: the producer's hand on the air. Like every topic, a delayed overlay
 * receives it `delaySeconds` late, so a graphic goes on air with the pictures it belongs to.
 */
export interface StreamView {
  /** The featured table (the table with the cameras), or null. */
  featuredTableId: string | null;
  /** Overlays the producer has taken off air (animated out, page still loaded). */
  hidden: OverlayKind[];
  lowerThird: LowerThirdView | null;
  /** The producer's messages for the ticker, in order. */
  ticker: string[];
  /** The stream runs this many seconds behind the room (OBS's stream delay). */
  delaySeconds: number;
  /** The OBS automation rules (protocol/obs.ts). */
  obsRules: ObsRule[];
  /** The lower third prepared for `stream.take`, not on air; null: none. */
  cued: LowerThirdDraft | null;
  /** The saved lower thirds (player bios), in the order saved. */
  library: SavedLowerThird[];
  /**
   * Server time of the producer's last change to each overlay (on or off air, the lower third,
   * the ticker): the stream airs it `delaySeconds` later, so the phone says "on air at HH:MM:SS".
   */
  changedAt: Partial<Record<OverlayKind, number>>;
}

/** Events of the stream domain (topic `stream`). */
export type StreamEvent =
  /** The producer asked the alerts overlay to show its last alert again. */
  { type: 'stream.replayAlert'; at: number };

export const STREAM_EVENT_TOPIC = {
  'stream.replayAlert': 'stream',
} as const satisfies Record<StreamEvent['type'], 'stream'>;

/**
 * A player clock being called at a table ("calling the clock": RULES.md "Player clock", PPN r29): the
 * player has `actMs` in all, of which the last `countdownMs` are counted down aloud.
 * Carried in the `seating` topic, on the table (TableView.playerClock).
 */
export interface PlayerClockView {
  seat: number;
  entryId: string | null;
  name: string | null;
  startedAt: number;
  /** Server time at which the player's time runs out. */
  endsAt: number;
  countdownMs: number;
  /** Server time at which the expired clock leaves the stream and the phone by itself (endsAt + PLAYER_CLOCK_LINGER_MS). */
  leavesAt: number;
}

/** Events of the player clock (topic `seating`). */
export type PlayerClockEvent =
  | { type: 'playerClock.started'; tableId: string; table: number; seat: number; name: string | null; endsAt: number; at: number }
  | { type: 'playerClock.stopped'; tableId: string; table: number; at: number };

export const PLAYER_CLOCK_EVENT_TOPIC = {
  'playerClock.started': 'seating',
  'playerClock.stopped': 'seating',
} as const satisfies Record<PlayerClockEvent['type'], 'seating'>;

/** ISO 3166-1 alpha-2 country code, upper case ("NL"); shown as a flag on the stream. */
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
