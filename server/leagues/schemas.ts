/**
 * What a TD may send to make or change a league or a season (server/routes/leagues.ts). Each
 * states at compile time that it gives exactly the protocol's type (schemas/check.ts `Same`).
 */
import { z } from 'zod';
import { nameSchema } from '../engine/schemas/names.js';
import type { Assert, Same } from '../engine/schemas/check.js';
import { LEAGUE_LIMITS, NAME_DISPLAYS, type PointsFormula } from '../protocol/leagues.js';

const points = z.number().finite().min(-1_000_000).max(1_000_000);
const knockoutPoints = points.optional();

export const formulaSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('table'), points: z.array(points).min(1).max(LEAGUE_LIMITS.tablePlacesMax), participation: points.optional(), knockoutPoints }),
  z.strictObject({ kind: z.literal('linear'), knockoutPoints }),
  z.strictObject({ kind: z.literal('sqrt'), scale: z.number().finite().positive().max(1_000_000).optional(), topShare: z.number().gt(0).max(1).optional(), buyIn: z.boolean().optional(), knockoutPoints }),
  z.strictObject({ kind: z.literal('neau'), knockoutPoints }),
  z.strictObject({ kind: z.literal('custom'), expression: z.string().min(1).max(LEAGUE_LIMITS.expressionMax), knockoutPoints }),
]);
export type _FormulaSame = Assert<Same<z.output<typeof formulaSchema>, PointsFormula>>;

const tournamentId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'a tournament id');

export const leagueInput = z.strictObject({
  name: nameSchema(LEAGUE_LIMITS.nameMax),
  names: z.enum(NAME_DISPLAYS).default('full'),
});
export const leaguePatch = z.strictObject({
  name: nameSchema(LEAGUE_LIMITS.nameMax).optional(),
  names: z.enum(NAME_DISPLAYS).optional(),
});

export const seasonInput = z.strictObject({
  name: nameSchema(LEAGUE_LIMITS.nameMax),
  tournaments: z.array(tournamentId).max(LEAGUE_LIMITS.tournamentsMax).default([]),
  formula: formulaSchema,
  bestOf: z.number().int().min(1).max(LEAGUE_LIMITS.tournamentsMax).nullable().default(null),
});
export const seasonPatch = z.strictObject({
  name: nameSchema(LEAGUE_LIMITS.nameMax).optional(),
  tournaments: z.array(tournamentId).max(LEAGUE_LIMITS.tournamentsMax).optional(),
  formula: formulaSchema.optional(),
  bestOf: z.number().int().min(1).max(LEAGUE_LIMITS.tournamentsMax).nullable().optional(),
});
