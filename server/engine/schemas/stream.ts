/**
 * Validation of the stream commands' arguments (server/protocol/stream-commands.ts): the
 * producer's (featured table, overlays on and off, lower third, ticker, delay), the table chip
 * count, players' countries (countries.ts) and the player clock.
 */
import { z } from 'zod';
import { OVERLAY_KINDS, STREAM_LIMITS } from '../../protocol/stream.js';
import type { StreamCommandArgs } from '../../protocol/stream-commands.js';
import { countrySchema } from './countries.js';
import { nameSchema } from './names.js';
import { ON_AIR_NAME_MAX } from '../../protocol/on-air-name.js';
import { obsRulesArgs } from './obs.js';
import type { AssertNever, Drift } from './check.js';

const id = z.string().min(1).max(40);
const chips = z.number().int('must be a whole number of chips').nonnegative('cannot be negative').max(1e12);
const text = z.string().trim().min(1, 'is required').max(STREAM_LIMITS.textMax, `is longer than ${STREAM_LIMITS.textMax} characters`);

const lowerThirdDraft = z.strictObject({
  title: text,
  subtitle: text.optional(),
  /** Hide by itself after this many seconds; without: until `stream.hideLowerThird`. */
  seconds: z.number().int('must be a whole number of seconds').min(1, 'must be at least 1').max(STREAM_LIMITS.lowerThirdSecondsMax).optional(),
});

export const streamCommandArgs = {
  'stream.feature': z.strictObject({ tableId: id.nullable() }),
  'stream.show': z.strictObject({ overlay: z.enum(OVERLAY_KINDS), visible: z.boolean() }),
  'stream.lowerThird': lowerThirdDraft,
  'stream.hideLowerThird': z.strictObject({}),
  'stream.cue': z.strictObject({ lowerThird: lowerThirdDraft.nullable() }),
  'stream.take': z.strictObject({}),
  'stream.library.save': z.strictObject({ lowerThirdId: id.optional(), title: text, subtitle: text.optional() }),
  'stream.library.remove': z.strictObject({ lowerThirdId: id }),
  'stream.ticker': z.strictObject({ messages: z.array(text).max(STREAM_LIMITS.tickerMessagesMax, `has more than ${STREAM_LIMITS.tickerMessagesMax} messages`) }),
  'stream.replayAlert': z.strictObject({}),
  'stream.delay': z.strictObject({
    seconds: z.number().int('must be a whole number of seconds').min(0, 'cannot be negative').max(STREAM_LIMITS.delayMax, `cannot exceed ${STREAM_LIMITS.delayMax} (one hour)`),
    confirmed: z.literal(true, 'must be true: the producer confirmed airing the room live').optional(),
  }),
  /** A chip count of several players at once (a whole table): one command, one change. */
  'chips.count': z.strictObject({
    counts: z
      .array(z.strictObject({ entryId: id, chips }))
      .min(1, 'needs at least one count')
      .max(10, 'counts at most one table (10 seats)')
      .refine((list) => new Set(list.map((c) => c.entryId)).size === list.length, 'names an entry twice'),
  }),
  /** Sets or clears (null) a player's country, shown as a flag on the stream. */
  'player.country': z.strictObject({ playerId: id, country: countrySchema.nullable() }),
  'player.onAirName': z.strictObject({ playerId: id, onAirName: nameSchema(ON_AIR_NAME_MAX).nullable() }),
  'player.erase': z.strictObject({ playerId: id }),
  'playerClock.start': z.strictObject({ tableId: id, seat: z.number().int().min(1).max(10) }),
  'playerClock.stop': z.strictObject({ tableId: id }),
  /** The OBS automation rules (protocol/obs.ts, docs/OBS.md): audited, kept across restarts. */
  'obs.rules.set': obsRulesArgs,
} as const;

// Each command accepts exactly the protocol's arguments (server/engine/schemas/check.ts).
export type Checks = AssertNever<Drift<typeof streamCommandArgs, StreamCommandArgs>>;
