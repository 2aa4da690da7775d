/**
 * Validation schemas for everything a client sends: tournaments, structures and commands.
 * Shared with the control panel (which imports the inferred types, not the runtime).
 *
 * zod: the most used TypeScript-first validator; one schema gives both the runtime check and
 * the static type, so the wire format is written once.
 */
import { z } from 'zod';
import { PRESET_IDS } from './views.js';
import { entriesCommandArgs, entriesSettingsShape } from './entries-schemas.js';
import { seatingCommandArgs } from './seating-schemas.js';
import { flightsCommandArgs } from './flights-schemas.js';
import { streamCommandArgs } from './stream-schemas.js';

const chips = z.number().int('must be a whole number of chips').nonnegative('cannot be negative').max(1e12);
/** Money is in minor units (cents): integers only, so no cent is ever lost to rounding. */
export const money = z.number().int('must be a whole number of cents').nonnegative('cannot be negative').max(1e12);
const minutes = z.number().positive('must be above 0').max(1440, 'cannot exceed 1440 (24 hours)');

export const levelSchema = z.strictObject({
  kind: z.literal('level'),
  smallBlind: chips,
  bigBlind: chips.positive('must be above 0'),
  ante: chips.default(0),
  anteType: z.enum(['none', 'ante', 'bba']).default('none'),
  minutes,
});

export const breakSchema = z.strictObject({
  kind: z.literal('break'),
  minutes,
  colorUp: z.strictObject({ denomination: chips.positive() }).nullable().default(null),
});

export const structureSchema = z
  .array(z.discriminatedUnion('kind', [levelSchema, breakSchema]))
  .min(1, 'needs at least one level')
  .max(200, 'has more than 200 items');

export const ruleValuesSchema = z.strictObject({
  seatsPerTable: z.number().int().min(2).max(10),
  finalTable: z.union([z.literal('plus-one'), z.number().int().min(2).max(10)]),
  reentryMax: z.number().int().min(0).max(100).nullable(),
  reentryUntil: z.enum(['first-break', 'late-registration']),
  lateStack: z.enum(['full', 'ip-2008']),
  handForHandMinutesPerHand: z.number().min(0).max(3, 'TDA 2024 AP 8: at most 3 minutes per hand'),
  playerClock: z.strictObject({ actSeconds: z.number().int().min(5).max(300), countdownSeconds: z.number().int().min(0).max(60) }),
  balanceTolerance: z.number().int().min(1).max(5),
  haltShortBy: z.number().int().min(2).max(10),
  balanceMove: z.enum(['big-blind-next', 'utg']),
  tableBreak: z.enum(['random-two-step', 'seat-cards']),
  minPlayersToStart: z.number().int().min(2).max(10_000),
  absentRemovalMinutes: z.number().int().min(1).max(600).nullable(),
  timeOutStepMinutes: z.number().int().min(1).max(60).nullable(),
  alternateStack: z.enum(['full', 'late-stack']),
  flightDuplicates: z.enum(['highest', 'first', 'refuse']),
});

export const LOCALES = ['en', 'nl', 'da', 'hr', 'de'] as const;

export const settingsSchema = z.strictObject({
  startingStack: chips.positive().default(20_000),
  buyIn: money.default(0),
  fee: money.default(0),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code').default('EUR'),
  /** Last play level (1-based level number) at which late registration is open; null: none. */
  lateRegistrationLevel: z.number().int().min(1).max(200).nullable().default(null),
  locale: z.enum(LOCALES).default('en'),
  /** Overrides of the preset's rule values. */
  rules: ruleValuesSchema.partial().default({}),
  // Chip set, guarantee, payout rounding, rebuys and add-ons (entries domain).
  ...entriesSettingsShape,
});

export const createTournamentSchema = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(120),
  preset: z.enum(PRESET_IDS).default('tda-2024-onk'),
  structure: structureSchema,
  settings: settingsSchema.default(settingsSchema.parse({})),
});

export type CreateTournament = z.input<typeof createTournamentSchema>;
export type CreateTournamentParsed = z.output<typeof createTournamentSchema>;

/** A caller's idempotency key: printable, at most 100 characters. */
export const commandIdSchema = z.string().regex(/^[\x21-\x7e]{1,100}$/, 'must be 1 to 100 printable ASCII characters');

/** The arguments of each command, by type (the envelope's `type` and `id` are not included). */
export const commandArgs = {
  'clock.start': z.strictObject({}),
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
  ...entriesCommandArgs,
  ...seatingCommandArgs,
  ...streamCommandArgs,
  ...flightsCommandArgs,
} as const;

export type CommandType = keyof typeof commandArgs;
export type CommandArgs<T extends CommandType> = z.output<(typeof commandArgs)[T]>;

/** What a client sends: `{type, id?, ...args}`. */
/** Arguments as a client writes them; an empty strict schema means "no arguments". */
type ClientArgs<T extends CommandType> = string extends keyof z.input<(typeof commandArgs)[T]> ? unknown : z.input<(typeof commandArgs)[T]>;
export type Command = { [T in CommandType]: { type: T; id?: string } & ClientArgs<T> }[CommandType];
