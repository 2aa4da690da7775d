/**
 * Validation of the arguments of the commands for alternates (IP r15), unsold seats (IP r16-3,
 * r35), going back from 10-handed to 9-handed (MEC r5) and multi-day events (MEC r9 end of day,
 * bag and tag, Day 2 from the Day 1 flights): server/protocol/flights-commands.ts. Spread into
 * `commandArgs` (commands.ts); docs/API.md documents each command.
 */
import { z } from 'zod';
import type { Day2Request, FlightCarry, FlightsCommandArgs } from '../../protocol/flights-commands.js';
import { countrySchema } from './countries.js';
import { nameSchema, personNameSchema } from './names.js';
import type { Assert, AssertNever, Drift, Same } from './check.js';

const tableId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, "-" or "_"');
const seat = z.number().int('must be a whole seat number').min(1).max(10);
const chips = z.number().int('must be a whole number of chips').nonnegative('cannot be negative').max(1e12);
const money = z.number().int('must be a whole number of cents').nonnegative('cannot be negative').max(1e12);
const name = personNameSchema;
const id = z.string().min(1).max(40);

/** One flight's survivors as bagged, carried into the Day 2 command (so a replay needs no other tournament). */
export const flightCarrySchema = z.strictObject({
  tournamentId: id,
  /** The flight's (tournament) name. */
  name: nameSchema(120),
  /** When the flight's day closed (server time). */
  closedAt: z.number().int().nonnegative(),
  /** Buy-ins the flight collected for the prize pool (cents) and its paid entries. */
  poolMoney: money,
  entries: z.number().int().nonnegative().max(1_000_000),
  /** Where the flight's clock stood when the day closed (0-based structure index, ms left). */
  clock: z.strictObject({ index: z.number().int().min(0).max(199), remainingMs: z.number().int().min(0).max(86_400_000) }).optional(),
  survivors: z
    .array(z.strictObject({ entryId: id, name, country: countrySchema.optional(), chips: chips.positive('must be above 0') }))
    .max(10_000),
});

export const flightsCommandArgs = {
  'alternate.add': z
    .strictObject({
      name: name.optional(),
      /** A known player who busted and re-enters from the alternate list (the re-entry rules apply). */
      playerId: id.optional(),
      country: countrySchema.optional(),
    })
    .refine((a) => (a.name === undefined) !== (a.playerId === undefined), 'give either "name" or "playerId"'),
  'alternate.remove': z.strictObject({ alternateId: id }),
  'tables.resize': z.strictObject({
    /** The new table size, e.g. 9 when going back from 10-handed (MEC r5). */
    seatsPerTable: z.number().int('must be a whole number').min(6).max(10),
  }),
  'unsold.place': z.strictObject({
    /** Seats to place a starting stack at; default every empty seat in use (IP r35-1). */
    seats: z.array(z.strictObject({ tableId, seat })).min(1).max(2000).optional(),
  }),
  'unsold.count': z.strictObject({ tableId, seat, chips }),
  'unsold.take': z.strictObject({ name, country: countrySchema.optional(), tableId, seat, chips: chips.positive('must be above 0') }),
  'day.end': z.strictObject({}),
  'day.bag': z.strictObject({
    counts: z.record(id, chips.positive('must be above 0')).refine((r) => Object.keys(r).length > 0, 'needs at least one count').refine((r) => Object.keys(r).length <= 10_000, 'names more than 10000 entries'),
  }),
  'day.close': z.strictObject({}),
  'day2.import': z.strictObject({ flights: z.array(flightCarrySchema).min(1).max(50) }),
} as const;

/** POST /api/tournaments/:id/day2: the closed flights to make Day 2 from, and the command id. */
export const day2RequestSchema = z.strictObject({
  flightIds: z.array(id).min(1).max(50),
  /** The idempotency key of the `day2.import` command (a retry with the same id is applied once). */
  id: z.string().regex(/^[\x21-\x7e]{1,100}$/, 'must be 1 to 100 printable ASCII characters').optional(),
});

// Each command accepts exactly the protocol's arguments, and a flight carried into Day 2 parses
// to the protocol's FlightCarry (server/engine/schemas/check.ts).
export type Checks = [
  AssertNever<Drift<typeof flightsCommandArgs, FlightsCommandArgs>>,
  Assert<Same<z.input<typeof flightCarrySchema>, FlightCarry>>,
  Assert<Same<z.output<typeof flightCarrySchema>, FlightCarry>>,
  Assert<Same<z.input<typeof day2RequestSchema>, Day2Request>>,
];
