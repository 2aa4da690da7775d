/**
 * Set-up from the phone (issue 14): validation of the inputs of the structure tools (check,
 * suggest, duplicate; server/protocol/tournament.ts). The commands `structure.set` and
 * `tournament.archive` are in commands.ts.
 */
import { z } from 'zod';
import type { CheckStructureRequest, DuplicateRequest, SuggestRequest } from '../../protocol/tournament.js';
import { structureSchema } from './tournament.js';
import type { Assert, Same } from './check.js';

/** A structure to check against a chip set (the editor's live check). */
export const checkStructureSchema = z.strictObject({
  structure: structureSchema,
  chipSet: z.array(z.number().int().positive()).max(20).nullable().optional(),
});

export const suggestSchema = z.strictObject({
  players: z.number().int().min(2, 'must be at least 2').max(100_000),
  startingStack: z.number().int().min(100, 'must be at least 100').max(1e9),
  targetMinutes: z.number().int().min(10).max(7 * 24 * 60),
  levelMinutes: z.number().positive().max(240),
  breakMinutes: z.number().positive().max(120).optional(),
  breakEvery: z.number().int().min(1).max(50).optional(),
  ante: z.enum(['none', 'bba']).optional(),
  chipSet: z.array(z.number().int().positive()).max(20).nullable().optional(),
});

export const duplicateSchema = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(120).optional(),
});

// The protocol's request types, exactly (server/engine/schemas/check.ts).
export type Checks = [
  Assert<Same<z.input<typeof checkStructureSchema>, CheckStructureRequest>>,
  Assert<Same<z.input<typeof suggestSchema>, SuggestRequest>>,
  Assert<Same<z.input<typeof duplicateSchema>, DuplicateRequest>>,
];
