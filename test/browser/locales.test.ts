/**
 * The texts of the display, seat lookup, phone and stream overlays in all five languages (every
 * namespace of web/lib/locales.ts): each language has every key English has and no other, each with the same
 * `{{values}}`, a plural form for every category its Intl.PluralRules uses (Croatian: one, few,
 * other), and a text for every error code the server sends. The types say the same, but a
 * cast or an `as` could bypass them; this does not.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LOCALES } from '../../server/protocol/tournament.js';
import { ERROR_CODES } from '../../server/protocol/errors.js';
import { LANGUAGES, localizer } from '../../web/lib/i18n.js';
import { textsIn } from '../helpers/texts.js';
import { errorText } from '../../web/lib/error-text.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;
/**
 * The words a translation may keep as in English: poker, broadcast and tech terms the floors of
 * all five languages use as they are ("Level 4", "BBA 200", "Rebuy", "ICM", "Bounty", "On air", "Bag and
 * tag", "Misdeal" and "re-deal" as TDA r35 in the ONK, PPN, Munkebjerg and HR books writes them; "Chip
 * leader" as the HR book does: "igrač koji ima najviše žetona (chip leader)"), and
 * words spelt alike in English and the language ("Name" and "Hand" in German and Dutch, "problem"
 * in Danish). A text
 * equal to its English one is accepted only when every word of it is here; anything else equal
 * to English is an untranslated copy (as seating, entries and commands were in de, da and hr).
 */
const TERMS = new Set(
  'D SB BB Rebuy Add-on Re-entry re-entry re-entries Deal ICM Chip-chop Time-out Stream Overlays OBS WebSocket Ticker Level Levels level levels Blinds Ante BBA min Online Offline OK TD Floor PIN Entries Chips Hand-for-hand hand-for-hand On Off on off air Balance Start Stop Pause Bust hand S Bag and tag Alternates Small Big blind Fee Buy-in Rebuys Name problem Misdeal re-deal Hand Bounty bounty bounties Bounties Mystery KO Knockout Satellite Seats Chip leader'.split(' '),
);
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))].sort();

const english = textsIn('en');
/** Keys without their plural suffix: "control.pending" for control.pending_one / _other. */
const bases = (texts: ReadonlyMap<string, string>) => new Set([...texts.keys()].map((k) => k.replace(PLURAL, '')));
const pluralBases = [...english.keys()].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length));

describe('screen texts', () => {
  it('come in the five languages of the app', () => {
    assert.deepEqual([...LANGUAGES].sort(), [...LOCALES].sort());
  });

  it('name every error code the server sends', () => {
    const missing = ERROR_CODES.filter((code) => !english.has(`errors.${code}`));
    assert.deepEqual(missing, [], 'add these to overlays/lib/locales/errors/en.ts and the other languages');
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: has every key of every namespace, no other, the same values, each plural form`, () => {
      const texts = textsIn(lang);
      const want = bases(english);
      const have = bases(texts);
      assert.deepEqual([...want].filter((k) => !have.has(k)), [], `${lang}: missing keys`);
      assert.deepEqual([...have].filter((k) => !want.has(k)), [], `${lang}: keys English does not have`);
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.filter((c) => c !== 'zero' && c !== 'many' && c !== 'two');
      for (const base of pluralBases) {
        for (const category of categories) assert.ok(texts.has(`${base}_${category}`), `${lang}: ${base}_${category} is missing`);
      }
      for (const [key, text] of texts) {
        assert.ok(text.trim() !== '', `${lang}.${key} is empty`);
        const reference = english.get(key) ?? english.get(key.replace(PLURAL, '_other'));
        assert.ok(reference !== undefined, `${lang}.${key} has no English`);
        assert.deepEqual(placeholders(text), placeholders(reference), `${lang}.${key} has other values than English`);
      }
    });
  }

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: keeps no English text but poker and broadcast terms`, () => {
      const copies = [...textsIn(lang)]
        .filter(([key, text]) => english.get(key) === text)
        .filter(([, text]) => !(text.replace(/\{\{\w+\}\}/g, '').match(/\p{L}[\p{L}-]*/gu) ?? []).every((word) => TERMS.has(word)))
        .map(([key, text]) => `${key}: ${text}`);
      assert.deepEqual(copies, [], `${lang}: untranslated`);
    });
  }

  it('translate server errors by code; English keeps the server’s more precise message', () => {
    const error = { code: 'seat-taken', message: 'table 3 seat 7 is taken by Anna' };
    assert.equal(errorText(localizer('en'), error), 'table 3 seat 7 is taken by Anna');
    assert.equal(errorText(localizer('de'), error), 'Dieser Platz ist besetzt.');
    assert.equal(errorText(localizer('hr'), { code: 'network-error', message: '' }), 'Poslužitelj nije dostupan. Provjerite Wi-Fi.');
    assert.equal(errorText(localizer('da'), { code: 'some-new-code', message: 'no' }), 'Serveren afviste: no');
  });

  it('write places by the language’s ordinal rule', () => {
    assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 101].map((n) => localizer('en').place(n)), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '14th', '21st', '22nd', '101st']);
    assert.equal(localizer('en').place(13, 14), '13th-14th');
    assert.equal(localizer('nl').place(14), '14e');
    assert.equal(localizer('de').place(14), '14.');
    assert.equal(localizer('hr').t('entries.control.hands', { count: 3 }), '3 ruke');
    assert.equal(localizer('hr').t('entries.control.hands', { count: 5 }), '5 ruku');
  });
});
