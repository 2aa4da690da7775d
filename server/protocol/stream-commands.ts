/**
 * The arguments of the stream commands as a client sends them: the producer's (featured table,
 * overlays on and off, lower third, ticker, delay), the table chip count, players' countries,
 * the player clock and the OBS rules. Limits are in STREAM_LIMITS (stream.ts).
 * server/engine/schemas/stream.ts validates them (checked at compile time against these types).
 */
import type { NoArgs } from './commands.js';
import type { ObsRulesArgs } from './obs.js';
import type { LowerThirdDraft, OverlayKind } from './stream.js';

export interface StreamCommandArgs {
  /** null: no featured table. */
  'stream.feature': { tableId: string | null };
  'stream.show': { overlay: OverlayKind; visible: boolean };
  'stream.lowerThird': {
    title: string;
    subtitle?: string;
    /** Hide by itself after this many seconds; without: until `stream.hideLowerThird`. */
    seconds?: number;
  };
  'stream.hideLowerThird': NoArgs;
  /** Prepares a lower third without airing it (null: clears the cue); `stream.take` airs it. */
  'stream.cue': { lowerThird: LowerThirdDraft | null };
  /** Airs the cued lower third in one tap (as `stream.lowerThird` with the cue) and clears the cue. */
  'stream.take': NoArgs;
  /** Saves a lower third (a player's bio) in the tournament's library; with `lowerThirdId`: replaces that one. */
  'stream.library.save': { lowerThirdId?: string; title: string; subtitle?: string };
  'stream.library.remove': { lowerThirdId: string };
  'stream.ticker': { messages: string[] };
  'stream.replayAlert': NoArgs;
  /**
   * 0 to 3600 seconds. Taking a running delay to 0 airs the room live: it needs `confirmed: true`
   * (refused `confirm-delay` without), so one stray tap cannot show the stream what it must not see early.
   */
  'stream.delay': { seconds: number; confirmed?: true };
  /** A chip count of several players at once (a whole table, 1 to 10 entries, each once): one command, one change. */
  'chips.count': { counts: Array<{ entryId: string; chips: number }> };
  /** Sets or clears (null) a player's country (ISO 3166-1 alpha-2, any case), shown as a flag on the stream. */
  'player.country': { playerId: string; country: string | null };
  /** Sets or clears (null: the rule's, first initial and surname) the short name the stream falls back to when the full name does not fit (protocol/on-air-name.ts). */
  'player.onAirName': { playerId: string; onAirName: string | null };
  /**
   * Issue 27: the player asked the venue to erase him: his name becomes "Erased player", his
   * country and photo go; his entries, places and prizes stay (the results add up). Sent by the
   * server for every tournament of an erased venue record (server/players/erase.ts).
   */
  'player.erase': { playerId: string };
  'playerClock.start': { tableId: string; seat: number };
  'playerClock.stop': { tableId: string };
  /** The OBS automation rules (protocol/obs.ts, docs/OBS.md): audited, kept across restarts. */
  'obs.rules.set': ObsRulesArgs;
}
