/**
 * Validation of bounties and satellites (server/protocol/bounties.ts): the set-up's formats and
 * the bounty commands' arguments (checked at compile time against the protocol's types).
 */
import { z } from 'zod';
import type { BountyCommandArgs, BountySettings, BountySettingsInput, SatelliteSettings, SatelliteSettingsInput } from '../../protocol/bounties.js';
import type { Assert, AssertNever, Drift, Same } from './check.js';

const money = z.number().int('must be a whole number of cents').nonnegative('cannot be negative').max(1e12);
const id = z.string().min(1).max(40);

export const bountySettingsSchema = z.strictObject({
  format: z.enum(['knockout', 'progressive', 'mystery']),
  amount: money.positive('must be above 0'),
  share: z.number().int('must be a whole percent').min(1).max(100).default(50),
  finalTwo: z.enum(['whole', 'share']).default('whole'),
  rebuy: money.default(0),
  addon: money.default(0),
  mysteryFrom: z.union([z.literal('money'), z.number().int().min(1).max(200)]).default('money'),
  unclaimed: z.enum(['players', 'house']).default('players'),
});

export const satelliteSettingsSchema = z.strictObject({
  seatValue: money.positive('must be above 0'),
  remainder: z.enum(['next-place', 'shared']).default('next-place'),
  seatsGuaranteed: z.number().int().min(0).max(10_000).default(0),
});

/** Up to 9 eliminators of one bust (a pot split nine ways); percents 1..100. */
export const eliminatorsSchema = z.array(id).min(1).max(9);
export const splitSchema = z.array(z.number().int('must be a whole percent').min(1).max(100)).min(1).max(9);

export const bountyCommandArgs = {
  'bounty.post': z.strictObject({
    prizes: z
      .array(z.strictObject({ amount: money.positive('must be above 0'), count: z.number().int().min(1).max(10_000) }))
      .min(1)
      .max(100)
      .refine((l) => l.reduce((a, p) => a + p.count, 0) <= 10_000, 'holds more than 10,000 envelopes'),
  }),
  'entry.setEliminators': z.strictObject({ entryId: id, eliminators: eliminatorsSchema, splits: splitSchema.optional() }),
  'bounty.markPaid': z.strictObject({ entryId: id, amount: money }),
  'bounty.confirmEnvelopes': z.strictObject({}),
  'satellite.seatHeld': z.strictObject({ entryId: id, held: z.boolean() }),
} as const;

export type Checks = [
  AssertNever<Drift<typeof bountyCommandArgs, BountyCommandArgs>>,
  Assert<Same<z.input<typeof bountySettingsSchema>, BountySettingsInput>>,
  Assert<Same<z.output<typeof bountySettingsSchema>, BountySettings>>,
  Assert<Same<z.input<typeof satelliteSettingsSchema>, SatelliteSettingsInput>>,
  Assert<Same<z.output<typeof satelliteSettingsSchema>, SatelliteSettings>>,
];
