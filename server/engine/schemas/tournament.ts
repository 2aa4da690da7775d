/**
 * Validation of a new tournament (server/protocol/tournament.ts): its structure, settings and
 * rule values. The commands' arguments are in commands.ts.
 *
 * zod: the most used TypeScript-first validator. The protocol writes each type by hand (it is
 * a leaf module, imported by the browser); each schema here is checked at compile time to
 * accept exactly that type (check.ts), so the two cannot drift.
 */
import { z } from 'zod';
import { PRESET_IDS } from '../../protocol/views.js';
import { LOCALES, STRUCTURE_MAX_ITEMS, type CreateTournament, type PlayerClockAllowance, type RuleValues, type RuleValuesInput, type StructureInput, type TournamentSettingsInput } from '../../protocol/tournament.js';
import type { StructureItem } from '../structure.js';
import { entriesSettingsShape } from './entries.js';
import { nameSchema } from './names.js';
import type { Assert, Same } from './check.js';

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
  .max(STRUCTURE_MAX_ITEMS, `has more than ${STRUCTURE_MAX_ITEMS} items`);

/**
 * The player clock's allowance: `totalSeconds` in all, of which the last `countdownSeconds` are
 * counted down (RULES.md "Player clock"). The old shape `{actSeconds, countdownSeconds}` (act
 * time, then the countdown) is read as its total, so older logs replay.
 */
export const playerClockSchema = z.preprocess(
  (v) => {
    if (v && typeof v === 'object' && 'actSeconds' in v && !('totalSeconds' in v)) {
      const { actSeconds, countdownSeconds } = v as { actSeconds: unknown; countdownSeconds?: unknown };
      if (typeof actSeconds === 'number' && (countdownSeconds === undefined || typeof countdownSeconds === 'number')) {
        return { totalSeconds: actSeconds + (countdownSeconds ?? 0), countdownSeconds: countdownSeconds ?? 0 };
      }
    }
    return v;
  },
  z
    .strictObject({ totalSeconds: z.number().int().min(5).max(300), countdownSeconds: z.number().int().min(0).max(60) })
    .refine((c) => c.countdownSeconds <= c.totalSeconds, { message: 'the counted-down part cannot be longer than the total', path: ['countdownSeconds'] }),
);

export const ruleValuesSchema = z.strictObject({
  seatsPerTable: z.number().int().min(2).max(10),
  finalTable: z.union([z.literal('plus-one'), z.number().int().min(2).max(10)]),
  reentryMax: z.number().int().min(0).max(100).nullable(),
  forfeitReentry: z.boolean(),
  reentryUntil: z.enum(['first-break', 'late-registration']),
  lateStack: z.enum(['full', 'ip-2008']),
  handForHandMinutesPerHand: z.number().min(0).max(3, 'TDA 2024 AP 8: at most 3 minutes per hand'),
  playerClock: playerClockSchema,
  playerClockAtZero: z.enum(['dead-facing-bet', 'dead']),
  balanceTolerance: z.number().int().min(1).max(5),
  haltShortBy: z.number().int().min(2).max(10),
  balanceMove: z.enum(['big-blind-next', 'utg']),
  tableBreak: z.enum(['random-two-step', 'seat-cards']),
  minPlayersToStart: z.number().int().min(0).max(10_000),
  absentRemovalMinutes: z.number().int().min(1).max(600).nullable(),
  timeOutStepMinutes: z.number().int().min(1).max(60).nullable(),
  alternateStack: z.enum(['full', 'late-stack']),
  flightDuplicates: z.enum(['highest', 'first', 'refuse']),
  penaltyRoundsMax: z.number().int().min(1).max(20).nullable(),
  buttonRule: z.enum(['dead-button', 'ip-2008']),
  newcomerOnSmallBlindSitsOut: z.boolean(),
  newcomerSitsOut: z.enum(['between-blind-and-button', 'small-blind-and-button']),
  dealerCues: z.boolean(),
  satelliteDealCash: z.enum(['no-seat', 'everyone']),
  satelliteLastSeat: z.enum(['share-cash', 'bigger-stack', 'play-off']),
  satelliteSeatHeld: z.enum(['pass-down', 'pay-value']),
  disqualifiedPrize: z.enum(['keep', 'next-place', 'house']),
});

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

/** A tournament's name as screens show it (names.ts: no control characters, something visible). */
export const tournamentNameSchema = nameSchema(120);

export const createTournamentSchema = z.strictObject({
  name: tournamentNameSchema,
  preset: z.enum(PRESET_IDS).default('tda-2024-onk'),
  structure: structureSchema,
  settings: settingsSchema.default(settingsSchema.parse({})),
  tables: z.number().int('must be a whole number').min(0).max(500).default(0),
});

/**
 * The protocol's types, exactly (check.ts), and the engine's structure items once parsed. The
 * player clock's input is compared apart: z.preprocess (which reads the old shape of older
 * logs) types its input as `unknown`, where the protocol names the two shapes it reads
 * (test/engine/rules.test.ts parses the old one); its parsed form is the protocol's.
 */
type SettingsInput = z.input<typeof settingsSchema>;
export type Checks = [
  Assert<Same<z.input<typeof structureSchema>, StructureInput>>,
  Assert<Same<z.output<typeof structureSchema>, StructureItem[]>>,
  Assert<Same<z.output<typeof ruleValuesSchema>, RuleValues>>,
  Assert<Same<z.output<typeof playerClockSchema>, PlayerClockAllowance>>,
  Assert<Same<Omit<Partial<z.input<typeof ruleValuesSchema>>, 'playerClock'>, Omit<RuleValuesInput, 'playerClock'>>>,
  Assert<Same<Omit<NonNullable<SettingsInput['rules']>, 'playerClock'>, Omit<RuleValuesInput, 'playerClock'>>>,
  Assert<Same<Omit<SettingsInput, 'rules'>, Omit<TournamentSettingsInput, 'rules'>>>,
  Assert<Same<Omit<z.input<typeof createTournamentSchema>, 'settings'>, Omit<CreateTournament, 'settings'>>>,
  Assert<Same<z.input<typeof createTournamentSchema>['settings'], SettingsInput | undefined>>,
];
