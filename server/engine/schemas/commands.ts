/**
 * Validation of every command (server/protocol/commands.ts): the idempotency key and the
 * arguments of each command, by type. Each domain's file holds its commands' schemas; the
 * engine's command registry (../commands/) pairs each with the rule that applies it.
 */
import { z } from 'zod';
import type { ClockCommandArgs, CommandArgsMap } from '../../protocol/commands.js';
import { structureSchema } from './tournament.js';
import { entriesCommandArgs } from './entries.js';
import { seatingCommandArgs } from './seating.js';
import { flightsCommandArgs } from './flights.js';
import { bountyCommandArgs } from './bounties.js';
import { streamCommandArgs } from './stream.js';
import type { AssertNever, Drift } from './check.js';

/** A caller's idempotency key: printable, at most 100 characters. */
export const commandIdSchema = z.string().regex(/^[\x21-\x7e]{1,100}$/, 'must be 1 to 100 printable ASCII characters');

/** The clock's commands and the set-up's. */
export const clockCommandArgs = {
  'clock.start': z.strictObject({
    /** Start below rules.minPlayersToStart (HR house rules: 8): the TD's explicit decision. */
    override: z.boolean().default(false),
  }),
  'clock.pause': z.strictObject({}),
  'clock.resume': z.strictObject({}),
  'clock.adjust': z.strictObject({
    seconds: z.number().int('must be a whole number of seconds').min(-86_400).max(86_400).refine((s) => s !== 0, 'cannot be 0'),
  }),
  'level.next': z.strictObject({}),
  'level.previous': z.strictObject({}),
  'level.set': z.strictObject({ index: z.number().int('must be a whole number').min(0) }),
  // Set-up (issue 14): a new structure (played levels stay), archiving a finished tournament.
  'structure.set': z.strictObject({ structure: structureSchema }),
  'tournament.archive': z.strictObject({ archived: z.boolean().default(true) }),
} as const;

/** The arguments of each command, by type (the envelope's `type` and `id` are not included). */
export const commandArgs = {
  ...clockCommandArgs,
  ...entriesCommandArgs,
  ...seatingCommandArgs,
  ...streamCommandArgs,
  ...flightsCommandArgs,
  ...bountyCommandArgs,
} as const;

// Every command of the protocol has a schema, no other, and each accepts exactly the
// protocol's arguments (check.ts); the domains' files check theirs the same way.
export type Checks = [AssertNever<Drift<typeof clockCommandArgs, ClockCommandArgs>>, AssertNever<Drift<typeof commandArgs, CommandArgsMap>>];
