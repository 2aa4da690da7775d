/**
 * The set-up namespace (overlays/lib/locales/setup/) is complete in all five languages: every
 * English key exists with the same {{values}} (plural keys by their base; Croatian adds _few),
 * no text is left in English where the language has its own word, and the localizer serves it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES, localizer } from '../../web/lib/i18n.js';
import '../helpers/texts.js';
import { setupDa } from '../../overlays/lib/locales/setup/da.js';
import { setupDe } from '../../overlays/lib/locales/setup/de.js';
import { setupEn } from '../../overlays/lib/locales/setup/en.js';
import { setupHr } from '../../overlays/lib/locales/setup/hr.js';
import { setupNl } from '../../overlays/lib/locales/setup/nl.js';

const BY_LANGUAGE: Record<string, unknown> = { en: setupEn, nl: setupNl, da: setupDa, hr: setupHr, de: setupDe };

function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const base = (key: string) => key.replace(/_(one|few|other)$/, '');
const values = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('setup locales', () => {
  const english = leaves(setupEn);
  for (const lang of LANGUAGES) {
    it(`${lang}: every key, with the same {{values}}`, () => {
      const texts = leaves(BY_LANGUAGE[lang]);
      for (const [key, text] of english) {
        assert.ok(texts.has(key), `${lang}: setup.${key} is missing`);
        assert.deepEqual(values(texts.get(key)!), values(text), `${lang}: setup.${key} has other {{values}}`);
      }
      for (const key of texts.keys()) assert.ok(english.has(key) || english.has(`${base(key)}_other`), `${lang}: setup.${key} is not an English key`);
    });
  }

  it('hr has the _few form of every plural (Intl.PluralRules: 3 is "few" in Croatian)', () => {
    assert.equal(new Intl.PluralRules('hr').select(3), 'few');
    const texts = leaves(setupHr);
    for (const key of english.keys()) if (key.endsWith('_other')) assert.ok(texts.has(`${base(key)}_few`), `hr: setup.${base(key)}_few is missing`);
    assert.equal(localizer('hr').t('setup.editor.problems', { count: 3 }), '3 problema');
    assert.equal(localizer('hr').t('setup.form.createdTables', { name: 'X', count: 2 }), '"X" napravljen s 2 stola');
  });

  it('the localizer serves the namespace in each language', () => {
    assert.equal(localizer('de').t('setup.list.new'), 'Neues Turnier');
    assert.equal(localizer('nl').t('setup.form.createdTables', { name: 'X', count: 2 }), '"X" aangemaakt met 2 tafels');
    assert.equal(localizer('da').t('setup.editor.save'), 'Gem struktur');
    assert.equal(localizer('en').t('setup.tools.imported', { count: 1 }), 'Imported 1 item');
  });

  // Placeholders ({{levels}}) are not words: a text made of them alone is the same in every language.
  it('no text is left in English unless it is the same word in that language (Buy-in, Ante, …)', () => {
    const same = new Set(['form.money', 'form.addon', 'editor.ante', 'editor.colorUp', 'editor.sb', 'editor.bb', 'form.chips', 'form.buyChips', 'editor.level', 'editor.levelCount', 'form.rebuy', 'list.duplicate', 'editor.problems']);
    for (const lang of ['nl', 'da', 'hr', 'de']) {
      const texts = leaves(BY_LANGUAGE[lang]);
      const english1 = [...english].filter(([key, text]) => !same.has(base(key)) && texts.get(key) === text && /[a-z]{4}/.test(text.replace(/\{\{\w+\}\}/g, '')));
      assert.deepEqual(english1.map(([k]) => k), [], `${lang}: still English`);
    }
  });
});
