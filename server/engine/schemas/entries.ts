/**
 * Validation of the entries domain (server/protocol/entries-commands.ts): its settings (rebuys,
 * add-ons, chip set, guarantee) and the arguments of its commands (entries, chips, bust-outs,
 * hand-for-hand, payouts, deals, penalties). Standalone so tournament.ts can import it without
 * a cycle.
 */
import { z } from 'zod';
import { PLAYER_PHOTO_PATH, VENUE_PLAYER_ID } from '../../protocol/players.js';
import type { BuyPeriod, BuyPeriodInput, EntriesCommandArgs, EntriesSettingsInput } from '../../protocol/entries-commands.js';
import { countrySchema } from './countries.js';
import { personNameSchema } from './names.js';
import type { Assert, AssertNever, Drift, Same } from './check.js';
import { bountySettingsSchema, eliminatorsSchema, satelliteSettingsSchema, splitSchema } from './bounties.js';

const chips = z.number().int('must be a whole number of chips').nonnegative('cannot be negative').max(1e12);
/** Money in minor units (cents), as in tournament.ts. */
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
  /** Knockout, PKO or mystery bounty (issue 25); none by default. */
  bounty: bountySettingsSchema.nullable().default(null),
  /** Seats as prizes (issue 25); none by default. */
  satellite: satelliteSettingsSchema.nullable().default(null),
};

const tableId = z.string().min(1).max(40);

/** Entries a command may name at once: a whole field (the 10,000 the benches play). */
const FIELD_MAX = 10_000;

/**
 * Values keyed by entry id, at most `max` of them: each key is a step of the command's work, so
 * the count is capped like a list's (issue 21), not only by the body's 64 KiB.
 */
function byEntry<T extends z.ZodType<number | string>>(value: T, max: number) {
  return z.record(id, value).refine((r) => Object.keys(r).length <= max, `names more than ${max} entries`);
}

export const entriesCommandArgs = {
  'entry.add': z
    .strictObject({
      name: personNameSchema.optional(),
      playerId: id.optional(),
      /** ISO 3166-1 alpha-2 country, shown as a flag on the stream (new players only). */
      country: countrySchema.optional(),
      /** Issue 27: the venue's record (`p_…`) and its photo's URL. */
      venuePlayerId: z.string().regex(VENUE_PLAYER_ID, 'is not a venue player id (p_ and 10 letters or digits 2-7)').optional(),
      photo: z.string().regex(PLAYER_PHOTO_PATH, 'is not a player photo URL (/api/players/<id>/photo?v=<hash>)').optional(),
      /** ONK MEC r1B: the TD places a registered player's stack after late registration closed. */
      afterClose: z.literal(true).optional(),
    })
    .refine((a) => (a.name === undefined) !== (a.playerId === undefined), 'give either "name" or "playerId"')
    .refine((a) => (a.venuePlayerId === undefined && a.photo === undefined) || a.name !== undefined, { message: 'venuePlayerId and photo come with "name"', path: ['venuePlayerId'] })
    .refine((a) => a.photo === undefined || a.venuePlayerId !== undefined, { message: 'a photo comes from a venue record: give "venuePlayerId"', path: ['photo'] })
    .refine((a) => a.afterClose === undefined || a.name !== undefined, { message: 'afterClose places a new player\'s stack (MEC r1B): give "name"', path: ['afterClose'] }),
  'entry.reenter': z.strictObject({
    playerId: id,
    /** TDA 2017 r7: the player gives up the stack he still has (it leaves play) to re-enter. */
    forfeit: z.boolean().default(false),
  }),
  'entry.rebuy': z.strictObject({ entryId: id }),
  'entry.addon': z.strictObject({ entryId: id }),
  'entry.bust': z.strictObject({
    entryIds: z.array(id).min(1).max(100),
    /** Table of each bust (needed when several bust in one hand); at most one per bust. */
    tables: byEntry(tableId, 100).optional(),
    /** Chips of each bust at the start of the hand (MEC r7; needed when several bust at one table). */
    startChips: byEntry(chips.positive(), 100).optional(),
    /** Who won each bust's last chips (issue 25), in the order the odd cent of a split goes. */
    eliminators: z.record(id, eliminatorsSchema).refine((r) => Object.keys(r).length <= 100, 'names more than 100 entries').optional(),
    /** Percent of each bust's bounty per eliminator, adding up to 100; default equal shares. */
    splits: z.record(id, splitSchema).refine((r) => Object.keys(r).length <= 100, 'names more than 100 entries').optional(),
  }),
  'entry.undoBust': z.strictObject({ entryId: id }),
  'chips.set': z.strictObject({ entryId: id, chips }),
  'chips.colorUp': z.strictObject({
    denomination: chips.positive(),
    /** Chips of the removed denomination each player still holds after the race (TDA 2017 r24). */
    leftovers: z
      .array(z.strictObject({ entryId: id, count: chips }))
      .max(FIELD_MAX)
      .refine((list) => new Set(list.map((l) => l.entryId)).size === list.length, 'names an entry twice')
      .default([]),
  }),
  'handForHand.start': z.strictObject({}),
  'handForHand.nextHand': z.strictObject({}),
  'handForHand.stop': z.strictObject({}),
  'payouts.set': z.strictObject({ amounts: z.array(money).min(1).max(5000).nullable() }),
  'deal.propose': z.strictObject({ reserve: money.default(0), chips: byEntry(chips.min(1, 'must be at least 1 chip'), FIELD_MAX).optional() }),
  'deal.apply': z.strictObject({
    /** Cents per remaining entry, by entry id. */
    amounts: byEntry(money, FIELD_MAX),
    /** Money left to play for; goes to the winner. */
    reserve: money.default(0),
    confirmed: z.literal(true, 'must be true: every remaining player agreed and the TD approves (IP r8)'),
    belowGuarantee: z.literal(true).optional(),
    endsPlay: z.literal(true).optional(),
    /** A satellite's deal under rules.satelliteDealCash `no-seat`: the cash of each place without a seat. */
    places: z.array(money).min(1).max(FIELD_MAX).optional(),
  }),
  'deal.undo': z.strictObject({}),
  'penalty.add': z.strictObject({
    entryId: id,
    /** `fold-out-of-turn`: the HR house rule, three missed hands; `blind-dodge`: IP r45-2, one round. */
    kind: z.enum(['warning', 'missed-hands', 'missed-rounds', 'time-out', 'disqualification', 'fold-out-of-turn', 'blind-dodge']),
    hands: z.number().int().min(1).max(1000).optional(),
    rounds: z.number().int().min(1).max(20).optional(),
    /** Players at his table, offender included; read from the seating when he is seated. */
    playersAtTable: z.number().int().min(2).max(10).optional(),
    minutes: z.number().int().min(1).max(600).optional(),
    note: z.string().max(200).optional(),
  }),
  'penalty.clear': z.strictObject({ penaltyId: id }),
  /** The floor marks a player absent (`absent: true`, from now) or back at the table (ONK MEC r4). */
  'entry.absent': z.strictObject({ entryId: id, absent: z.boolean() }),
  /** The TD removes the stack of a player absent rules.absentRemovalMinutes (ONK MEC r4: 30). */
  'entry.removeAbsent': z.strictObject({ entryId: id }),
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
        forfeitReentry: z.boolean(),
        reentryUntil: z.enum(['first-break', 'late-registration']),
        lateStack: z.enum(['full', 'ip-2008']),
        handForHandMinutesPerHand: z.number().min(0).max(3, 'TDA 2024 AP 8: at most 3 minutes per hand'),
        timeOutStepMinutes: z.number().int().min(1).max(60).nullable(),
        alternateStack: z.enum(['full', 'late-stack']),
        flightDuplicates: z.enum(['highest', 'first', 'refuse']),
        minPlayersToStart: z.number().int().min(0).max(10_000),
        absentRemovalMinutes: z.number().int().min(1).max(600).nullable(),
        dealerCues: z.boolean(),
        satelliteDealCash: z.enum(['no-seat', 'everyone']),
        satelliteLastSeat: z.enum(['share-cash', 'bigger-stack', 'play-off']),
        satelliteSeatHeld: z.enum(['pass-down', 'pay-value']),
        disqualifiedPrize: z.enum(['keep', 'next-place', 'house']),
        playerClockAtZero: z.enum(['dead-facing-bet', 'dead']),
        playerClock: z.strictObject({ totalSeconds: z.number().int().min(5).max(300), countdownSeconds: z.number().int().min(0).max(60) }),
      })
      .partial()
      .optional(),
  }),
} as const;

// Each command accepts exactly the protocol's arguments, and the settings and buy periods are
// the protocol's (server/engine/schemas/check.ts).
export type Checks = [
  AssertNever<Drift<typeof entriesCommandArgs, EntriesCommandArgs>>,
  Assert<Same<z.input<typeof buyPeriodSchema>, BuyPeriodInput>>,
  Assert<Same<z.output<typeof buyPeriodSchema>, BuyPeriod>>,
  Assert<Same<z.input<z.ZodObject<typeof entriesSettingsShape>>, EntriesSettingsInput>>,
];
