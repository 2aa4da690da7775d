/**
 * What a name on the venue's screens may be (server/engine/schemas/names.ts, issue 21): the
 * probe's names are refused with `invalid-name` and a reason; names of real players from
 * anywhere are kept, composed (NFC) and trimmed. Expected values written by hand.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { nameSchema, personNameSchema } from '../../../server/engine/schemas/names.js';
import { parseCommand } from '../../../server/engine/apply.js';
import { errorCode } from '../../helpers/engine.js';

/** The code and message of a refused name, or the stored name. */
function check(name: unknown): { ok: true; name: string } | { ok: false; code: unknown; message: string } {
  const parsed = personNameSchema.safeParse(name);
  if (parsed.success) return { ok: true, name: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, code: (issue as { params?: { code?: unknown } }).params?.code, message: issue.message };
}

describe('names refused', () => {
  const refused: Array<[string, string, RegExp]> = [
    ['two zero-width spaces (the probe)', '\u200B\u200B', /visible character/],
    ['NUL and BEL (the probe)', 'A\u0000B\u0007', /control characters/],
    ['a newline inside (the probe)', 'Anna\nJansen', /line breaks/],
    ['a tab inside', 'Anna\tJansen', /control characters/],
    ['a C1 control', 'Anna\u0085', /control characters/],
    ['DEL', 'Anna\u007F', /control characters/],
    ['a line separator', 'Anna\u2028Jansen', /line breaks/],
    ['a lone high surrogate (the probe)', 'Ann\uD83Da', /lone UTF-16 surrogate/],
    ['a lone low surrogate at the end', 'Anna\uDC00', /lone UTF-16 surrogate/],
    ['a right-to-left override', 'Anna\u202Enesnaj', /text-direction overrides/],
    ['a first-strong isolate', 'Anna\u2068', /text-direction overrides/],
    ['spaces only', '   ', /is required/],
    ['empty', '', /is required/],
    ['an ideographic space and a no-break space', '\u3000\u00A0', /is required/],
    ['a zero-width joiner alone', '\u200D', /visible character/],
    ['the Hangul filler', '\u3164\u3164', /visible character/],
    ['the blank braille cell', '\u2800', /visible character/],
    ['an accent with nothing under it', '\u0301\u0301', /visible character/],
    ['a word joiner and a right-to-left mark', '\u2060\u200F', /visible character/],
    ['61 characters', 'A'.repeat(61), /longer than 60 characters/],
  ];
  for (const [what, name, message] of refused) {
    it(`${what}: invalid-name`, () => {
      const result = check(name);
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.equal(result.code, 'invalid-name');
      assert.match(result.message, message);
    });
  }

  it('a command with a bad name is refused with invalid-name and the reason (parseCommand)', () => {
    assert.equal(errorCode(() => parseCommand({ type: 'entry.add', name: '\u200B\u200B' })), 'invalid-name');
    assert.throws(() => parseCommand({ type: 'entry.add', name: 'A\u0000B' }), /entry\.add: "name" cannot hold control characters or line breaks\./);
    // Other bad arguments keep their code.
    assert.equal(errorCode(() => parseCommand({ type: 'entry.add', name: 'Anna', country: 'XX' })), 'invalid-command');
  });
});

describe('names kept', () => {
  const kept: Array<[string, string, string]> = [
    ['accents', 'Zoë Ørsted-Håkansson', 'Zoë Ørsted-Håkansson'],
    ['Croatian', 'Đurđa Šćepanović', 'Đurđa Šćepanović'],
    ['an apostrophe and a hyphen', "Seán O'Brien-Smith", "Seán O'Brien-Smith"],
    ['Chinese', '王小明', '王小明'],
    ['Japanese', '佐藤 花子', '佐藤 花子'],
    ['Arabic', 'محمد علي', 'محمد علي'],
    ['Hebrew with a right-to-left mark (a mark acts on itself only)', '\u200Fדוד לוי', '\u200Fדוד לוי'],
    ['an emoji', 'Anna 🃏', 'Anna 🃏'],
    ['a family emoji: zero-width joiners inside an emoji sequence', '👨\u200D👩\u200D👧', '👨\u200D👩\u200D👧'],
    ["Scotland's flag: tag characters inside an emoji sequence", '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
    ['a decomposed e + diaeresis, stored composed (NFC)', 'Zoe\u0308', 'Zo\u00EB'],
    ['Hangul typed as jamo, stored as the syllable (NFC)', '\u1112\u1161\u11AB', '\uD55C'],
    ['spaces around, trimmed', '  Anna Jansen \u00A0', 'Anna Jansen'],
    ['60 characters', 'A'.repeat(60), 'A'.repeat(60)],
  ];
  for (const [what, name, stored] of kept) {
    it(`${what}`, () => assert.deepEqual(check(name), { ok: true, name: stored }));
  }

  it('a tournament name may be 120 characters', () => {
    assert.equal(nameSchema(120).safeParse('S'.repeat(120)).success, true);
    assert.equal(nameSchema(120).safeParse('S'.repeat(121)).success, false);
  });
});
