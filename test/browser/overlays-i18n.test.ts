/**
 * The overlays' texts in all five languages: every key English has, every language has, with
 * the same `{{values}}` (a missing key fails here even if the types were bypassed), and the
 * numbers the stream shows come out right in each language.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LOCALES } from '../../server/protocol/tournament.js';
import { STREAM_LANGUAGES, streamLocalizer } from '../../overlays/stream/lib/l10n.js';
import { en } from '../../overlays/stream/lib/locales/en.js';
import { nl } from '../../overlays/stream/lib/locales/nl.js';
import { da } from '../../overlays/stream/lib/locales/da.js';
import { hr } from '../../overlays/stream/lib/locales/hr.js';
import { de } from '../../overlays/stream/lib/locales/de.js';
import '../helpers/texts.js';

const STREAM_TEXTS = { en, nl, da, hr, de };

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('overlay texts', () => {
  it('come in the five languages of the app', () => {
    assert.deepEqual([...STREAM_LANGUAGES].sort(), [...LOCALES].sort());
  });

  for (const lang of STREAM_LANGUAGES) {
    it(`${lang}: has every key, no other, each with the same values and not empty`, () => {
      const texts = STREAM_TEXTS[lang] as Record<string, string>;
      const reference = STREAM_TEXTS.en as Record<string, string>;
      assert.deepEqual(Object.keys(texts).sort(), Object.keys(reference).sort());
      for (const [key, text] of Object.entries(reference)) {
        assert.ok(typeof texts[key] === 'string' && texts[key]!.trim() !== '', `${lang}.${key} is empty`);
        assert.deepEqual(placeholders(texts[key]!), placeholders(text), `${lang}.${key} has other values than en`);
      }
    });
  }

  it('writes places, shared places, chips and big blinds per language', () => {
    const en = streamLocalizer('en');
    assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map((n) => en.ordinal(n)), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st']);
    assert.equal(en.place(13, 14), '13th-14th');
    assert.equal(en.place(14, 14), '14th');
    assert.equal(streamLocalizer('nl').place(13, 14), '13e-14e');
    assert.equal(streamLocalizer('de').place(13, 14), '13.-14.');
    assert.deepEqual([845, 9_999, 12_500, 845_000, 1_200_000, 1_234_567].map((n) => en.chips(n)), ['845', '9,999', '12.5k', '845k', '1.2M', '1.23M']);
    assert.equal(streamLocalizer('de').chips(1_200_000), '1,2M');
    assert.equal(en.bb(20_000, 150), '133 BB');
    assert.equal(en.bb(10_000, 150), '66.6 BB');
    assert.equal(streamLocalizer('da').bb(10_000, 150), '66,6 BB');
    assert.equal(en.money(123_000, 'EUR'), '€1,230');
    assert.equal(streamLocalizer('hr').t('alert.busted', { name: 'Ana', place: '14.', prize: '€1' }), 'Ana, 14., €1');
  });
});
