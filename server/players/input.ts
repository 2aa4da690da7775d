/**
 * What a player record may hold (issue 27), checked the same way for the editor's JSON and for
 * each row of a CSV import (`PlayerInput`, protocol/players.ts): the name as every person's name in Riffle (engine/schemas/names.ts),
 * a nickname likewise, a country as the flags know it, contact details of a sane length.
 */
import { z } from 'zod';
import { countrySchema } from '../engine/schemas/countries.js';
import { nameSchema, personNameSchema } from '../engine/schemas/names.js';
import { CONTACT_MAX, NICKNAME_MAX, NOTES_MAX } from '../protocol/players.js';

/**
 * What no text of a record may hold, as no name may (engine/schemas/names.ts): a control
 * character (NUL, BEL, tab...; notes keep their line breaks, as `\n`), a lone UTF-16 surrogate, a
 * text-direction override. The TD's own export then always imports again (a NUL in the notes
 * made the file "binary" to the import).
 */
const TEXT_PROBLEMS: readonly [RegExp, string][] = [
  [/\p{Cs}/u, 'holds a broken character (a lone UTF-16 surrogate)'],
  [/[\p{Cc}\u2028\u2029]/u, 'cannot hold control characters'],
  [/[\u202A-\u202E\u2066-\u2069]/u, 'cannot hold text-direction overrides (U+202A-U+202E, U+2066-U+2069)'],
];

/** `text` as stored (NFC; in notes, any line break as `\n`), or why it cannot be. */
export function textProblem(text: string, lines: boolean): string | null {
  const checked = lines ? text.replace(/\n/g, '') : text;
  for (const [pattern, problem] of TEXT_PROBLEMS) if (pattern.test(checked)) return problem;
  return null;
}

/** Text of at most `max` characters, refused with the reason when it holds what no screen or file should. */
function textSchema(max: number, lines: boolean) {
  return z.string().transform((raw, ctx) => {
    const text = (lines ? raw.replace(/\r\n?/g, '\n') : raw).normalize('NFC').trim();
    const problem = textProblem(text, lines) ?? (text.length > max ? `is longer than ${max} characters` : null);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return text;
  });
}

/** Empty text clears a field, as null does (a CSV cell left empty). */
const cleared = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable());

export const playerInputSchema = z.strictObject({
  name: personNameSchema.optional(),
  nickname: cleared(nameSchema(NICKNAME_MAX)).optional(),
  country: cleared(countrySchema).optional(),
  email: cleared(textSchema(CONTACT_MAX, false).pipe(z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'is not an e-mail address'))).optional(),
  phone: cleared(z.string().trim().max(40).regex(/^\+?[0-9 ().-]{3,40}$/, 'is not a phone number (digits, spaces, + ( ) - .)')).optional(),
  notes: cleared(textSchema(NOTES_MAX, true)).optional(),
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
