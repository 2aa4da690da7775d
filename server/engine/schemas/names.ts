/**
 * What a name shown on the venue's screens may be: a person's (entries, alternates, unsold
 * seats, Day 2 survivors) and a tournament's. One validator for every place a name enters
 * (issue 21: `"\u200B\u200B"`, `"A\u0000B\u0007"`, a newline and a lone surrogate were
 * accepted, and showed as nothing, broke a line or a CSV row, or turned into U+FFFD).
 *
 * A name is stored as NFC (the composed form: "é" typed on a phone and pasted from a
 * spreadsheet are the same name) and trimmed. It is refused when it holds
 * - a control character (C0, DEL, C1: NUL, BEL, tab, newline) or a line or paragraph separator;
 * - a lone UTF-16 surrogate (broken text: JSON may carry one, no screen can show it);
 * - a bidirectional embedding, override or isolate (U+202A-U+202E, U+2066-U+2069): it reorders
 *   the rest of the line it is shown in (a chip count after the name read backwards). The marks
 *   LRM and RLM stay allowed: they act on themselves only;
 * - no visible character: only spaces, zero-width or other default-ignorable characters
 *   (ZWSP, ZWJ, the Hangul fillers), combining marks with nothing to sit on, or the blank
 *   braille cell (U+2800), which screens draw as nothing.
 * Everything else is a name: accents, CJK, Arabic, apostrophes, hyphens, emoji, and zero-width
 * joiners inside an emoji sequence (the family emoji) since the emoji are visible.
 */
import { z } from 'zod';

/** The error code of a refused name (server/protocol/errors.ts), carried on its zod issue. */
export const INVALID_NAME = 'invalid-name';

/** Characters of a person's name at most (UTF-16 units, after NFC and trimming). */
export const PERSON_NAME_MAX = 60;

const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const LONE_SURROGATE = /\p{Cs}/u;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** A character a screen draws: not a space, a format or default-ignorable character, a control, a mark alone, unassigned, private use or the blank braille cell. */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{C}\p{M}\u2800]/u;

/** Why `name` (NFC, trimmed) is not a name, in words for the TD; null when it is one. */
export function nameProblem(name: string): string | null {
  if (LONE_SURROGATE.test(name)) return 'holds a broken character (a lone UTF-16 surrogate)';
  if (CONTROL.test(name)) return 'cannot hold control characters or line breaks';
  if (BIDI_CONTROL.test(name)) return 'cannot hold text-direction overrides (U+202A-U+202E, U+2066-U+2069)';
  if (!VISIBLE.test(name)) return name === '' ? 'is required' : 'needs a visible character: it is only spaces or invisible characters';
  return null;
}

/**
 * A name of at most `max` characters: normalised to NFC and trimmed, refused with the code
 * `invalid-name` (parseCommand reads it from the issue's params) and a message saying why.
 */
export function nameSchema(max: number) {
  return z.string().transform((raw, ctx) => {
    const name = raw.normalize('NFC').trim();
    const problem = nameProblem(name) ?? (name.length > max ? `is longer than ${max} characters` : null);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem, params: { code: INVALID_NAME } });
      return z.NEVER;
    }
    return name;
  });
}

/** A person's name: a player registering, an alternate, an unsold seat's taker, a Day 2 survivor. */
export const personNameSchema = nameSchema(PERSON_NAME_MAX);
