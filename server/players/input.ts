/**
 * What a player record may hold (issue 27), checked the same way for the editor's JSON and for
 * each row of a CSV import (`PlayerInput`, protocol/players.ts): the name as every person's name in Riffle (engine/schemas/names.ts),
 * a nickname likewise, a country as the flags know it, contact details of a sane length.
 */
import { z } from 'zod';
import { countrySchema } from '../engine/schemas/countries.js';
import { nameSchema, personNameSchema } from '../engine/schemas/names.js';
import { CONTACT_MAX, NICKNAME_MAX, NOTES_MAX } from '../protocol/players.js';

/** Empty text clears a field, as null does (a CSV cell left empty). */
const cleared = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable());

export const playerInputSchema = z.strictObject({
  name: personNameSchema.optional(),
  nickname: cleared(nameSchema(NICKNAME_MAX)).optional(),
  country: cleared(countrySchema).optional(),
  email: cleared(z.string().trim().max(CONTACT_MAX).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'is not an e-mail address')).optional(),
  phone: cleared(z.string().trim().max(40).regex(/^\+?[0-9 ().-]{3,40}$/, 'is not a phone number (digits, spaces, + ( ) - .)')).optional(),
  notes: cleared(z.string().max(NOTES_MAX, `is longer than ${NOTES_MAX} characters`)).optional(),
});

export type CheckedInput = z.output<typeof playerInputSchema>;

/** The input checked, or the first problem in words ("country: "XX" is not an ISO 3166-1 country code"). */
export function checkInput(value: unknown): { ok: true; value: CheckedInput } | { ok: false; message: string; code: 'invalid-player' | 'invalid-name' } {
  const parsed = playerInputSchema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  const code = (issue as { params?: { code?: string } }).params?.code === 'invalid-name' ? 'invalid-name' : 'invalid-player';
  return { ok: false, code, message: `${field}: ${issue.message}` };
}
