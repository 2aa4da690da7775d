/**
 * Set-up from the phone (issue 14): validation of the inputs of the structure tools (check,
 * suggest, duplicate; server/protocol/tournament.ts). The commands `structure.set` and
 * `tournament.archive` are in commands.ts.
 */
import { z } from 'zod';
import type { CheckStructureRequest, DuplicateRequest, ImportStructureRequest, SuggestRequest } from '../../protocol/tournament.js';
import { structureSchema, tournamentNameSchema } from './tournament.js';
import type { Assert, Same } from './check.js';

/** A chip set to plan with: at most 20 denominations, each a whole number of chips up to 1e12 (the chips of entries.ts). */
const chipSet = z.array(z.number().int('must be whole numbers of chips').positive().max(1e12)).max(20).nullable().optional();

/** A structure to check against a chip set (the editor's live check). */
export const checkStructureSchema = z.strictObject({
  structure: structureSchema,
  chipSet,
});

/**
 * The suggestion's inputs size its loops (levels that fit = target / level length), so each is
 * capped here (issue 21: a level of 5e-324 minutes spun the event loop for good): levels of at
 * least a minute, a target of at most a week; that the levels fit a structure
 * (STRUCTURE_MAX_ITEMS) the suggestion checks itself, with a message saying what to change.
 */
export const suggestSchema = z.strictObject({
  players: z.number().int().min(2, 'must be at least 2').max(100_000),
  startingStack: z.number().int().min(100, 'must be at least 100').max(1e9),
  targetMinutes: z.number().int().min(10).max(7 * 24 * 60, 'cannot exceed 10080 (a week)'),
  levelMinutes: z.number().min(1, 'must be at least 1 minute').max(240, 'cannot exceed 240 minutes'),
  breakMinutes: z.number().min(1, 'must be at least 1 minute').max(120, 'cannot exceed 120 minutes').optional(),
  breakEvery: z.number().int().min(1).max(50).optional(),
  ante: z.enum(['none', 'bba']).optional(),
  chipSet,
});

/**
 * A structure file to read. Its text is bounded by the body limit (64 KiB, server/app.ts); the
 * reader is linear in it (server/files/structure-file.ts).
 */
export const importStructureSchema = z.strictObject({
  text: z.string(),
  format: z.enum(['json', 'csv']).optional(),
  fileName: z.string().max(255, 'is longer than 255 characters').optional(),
});

export const duplicateSchema = z.strictObject({
  name: tournamentNameSchema.optional(),
});

// The protocol's request types, exactly (server/engine/schemas/check.ts).
export type Checks = [
  Assert<Same<z.input<typeof checkStructureSchema>, CheckStructureRequest>>,
  Assert<Same<z.input<typeof suggestSchema>, SuggestRequest>>,
  Assert<Same<z.input<typeof duplicateSchema>, DuplicateRequest>>,
  Assert<Same<z.input<typeof importStructureSchema>, ImportStructureRequest>>,
];
