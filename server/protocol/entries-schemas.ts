/**
 * Schemas of the entries domain: its settings (rebuys, add-ons, chip set, guarantee) and the
 * arguments of its commands (entries, chips, bust-outs, hand-for-hand, payouts, deals,
 * penalties). Standalone (zod only) so schemas.ts can import it without a cycle.
 */
import { z } from 'zod';
import { countrySchema } from './stream-schemas.js';

const chips = z.number().int('must be a whole number of chips').nonnegative('cannot be negative').max(1e12);
/** Money in minor units (cents), as in schemas.ts. */
const money = z.number().int('must be a whole number of cents').nonnegative('cannot be negative').max(1e12);
const id = z.string().min(1).max(40);
const structureIndex = z.number().int('must be a whole number').min(0).max(199);

/** A rebuy or add-on period: its price, fee, chips and the structure items (0-based, breaks included) it is open for. */
export const buyPeriodSchema = z.strictObject({
  /** Part of the price that goes into the prize pool. */
  price: money,
  /** Part that goes to the house. */
  fee: money.default(0),
  chips: chips.positive('must be above 0'),
  fromIndex: structureIndex.default(0),
  untilIndex: structureIndex,
  /** Per entry; null: unlimited (add-ons are always at most one per entry). */
  max: z.number().int().min(1).max(100).nullable().default(null),
});

/** The entries domain's settings, merged into settingsSchema. */
export const entriesSettingsShape = {
  /** Chip denominations in the tournament's chip set (colour-ups are derived from it). */
  chipSet: z.array(chips.positive()).max(20).nullable().default(null),
  /** Guaranteed prize pool in cents; the house pays the overlay. */
  guarantee: money.default(0),
  /** Default payouts round every place below 1st down to this many cents. */
  payoutRoundingUnit: z.number().int().min(1).max(1_000_000).default(100),
  rebuy: buyPeriodSchema.nullable().default(null),
  addon: buyPeriodSchema.nullable().default(null),
};

const tableId = z.string().min(1).max(40);

export const entriesCommandArgs = {
  'entry.add': z
    .strictObject({
      name: z.string().trim().min(1, 'is required').max(60).optional(),
      playerId: id.optional(),
      /** ISO 3166-1 alpha-2 country, shown as a flag on the stream (new players only). */
      country: countrySchema.optional(),
    })
    .refine((a) => (a.name === undefined) !== (a.playerId === undefined), 'give either "name" or "playerId"'),
  'entry.reenter': z.strictObject({
    playerId: id,
    /** TDA 2017 r7: the player gives up the stack he still has (it leaves play) to re-enter. */
    forfeit: z.boolean().default(false),
  }),
  'entry.rebuy': z.strictObject({ entryId: id }),
  'entry.addon': z.strictObject({ entryId: id }),
  'entry.bust': z.strictObject({
    entryIds: z.array(id).min(1).max(100),
    /** Table of each bust (needed when several bust in one hand). */
    tables: z.record(id, tableId).optional(),
    /** Chips of each bust at the start of the hand (MEC r7; needed when several bust at one table). */
    startChips: z.record(id, chips.positive()).optional(),
  }),
  'entry.undoBust': z.strictObject({ entryId: id }),
  'chips.set': z.strictObject({ entryId: id, chips }),
  'chips.colorUp': z.strictObject({
    denomination: chips.positive(),
    /** Chips of the removed denomination each player still holds after the race (TDA 2017 r24). */
    leftovers: z.array(z.strictObject({ entryId: id, count: chips })).max(10_000).default([]),
  }),
  'handForHand.start': z.strictObject({}),
  'handForHand.nextHand': z.strictObject({}),
  'handForHand.stop': z.strictObject({}),
  'payouts.set': z.strictObject({ amounts: z.array(money).min(1).max(5000).nullable() }),
  'deal.propose': z.strictObject({ reserve: money.default(0) }),
  'deal.apply': z.strictObject({
    /** Cents per remaining entry, by entry id. */
    amounts: z.record(id, money),
    /** Money left to play for; goes to the winner. */
    reserve: money.default(0),
    confirmed: z.literal(true, 'must be true: every remaining player agreed and the TD approves (IP r8)'),
  }),
  'penalty.add': z.strictObject({
    entryId: id,
    kind: z.enum(['warning', 'missed-hands', 'missed-rounds', 'time-out', 'disqualification']),
    hands: z.number().int().min(1).max(1000).optional(),
    rounds: z.number().int().min(1).max(20).optional(),
    playersAtTable: z.number().int().min(2).max(10).optional(),
    minutes: z.number().int().min(1).max(600).optional(),
    note: z.string().max(200).optional(),
  }),
  'penalty.clear': z.strictObject({ penaltyId: id }),
  'settings.set': z.strictObject({
    lateRegistrationLevel: z.number().int().min(1).max(200).nullable().optional(),
    chipSet: entriesSettingsShape.chipSet.optional(),
    guarantee: money.optional(),
    payoutRoundingUnit: z.number().int().min(1).max(1_000_000).optional(),
    rebuy: buyPeriodSchema.nullable().optional(),
    addon: buyPeriodSchema.nullable().optional(),
    rules: z
      .strictObject({
        reentryMax: z.number().int().min(0).max(100).nullable(),
        reentryUntil: z.enum(['first-break', 'late-registration']),
        lateStack: z.enum(['full', 'ip-2008']),
        handForHandMinutesPerHand: z.number().min(0).max(3, 'TDA 2024 AP 8: at most 3 minutes per hand'),
        timeOutStepMinutes: z.number().int().min(1).max(60).nullable(),
        alternateStack: z.enum(['full', 'late-stack']),
        flightDuplicates: z.enum(['highest', 'first', 'refuse']),
      })
      .partial()
      .optional(),
  }),
} as const;

export type BuyPeriod = z.output<typeof buyPeriodSchema>;
export type PenaltyKind = z.output<(typeof entriesCommandArgs)['penalty.add']>['kind'];
