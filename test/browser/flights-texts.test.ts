/**
 * The texts for alternates, unsold seats, the table size and the end of the day
 * (overlays/lib/locales/flights/): every language has every English key, with the same
 * `{{values}}`, none empty. Croatian may add the "few" plural form.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { flightsDa } from '../../overlays/lib/locales/flights/da.js';
import { flightsDe } from '../../overlays/lib/locales/flights/de.js';
import { flightsEn } from '../../overlays/lib/locales/flights/en.js';
import { flightsHr } from '../../overlays/lib/locales/flights/hr.js';
import { flightsNl } from '../../overlays/lib/locales/flights/nl.js';

type Tree = { [k: string]: string | Tree };
const flat = (t: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flat(v, `${prefix}${k}.`)))));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('flights texts in five languages', () => {
  const en = flat(flightsEn as unknown as Tree);
  for (const [lang, texts] of Object.entries({ nl: flightsNl, da: flightsDa, hr: flightsHr, de: flightsDe })) {
    it(`${lang}: every key, the same values, none empty`, () => {
      const mine = flat(texts as unknown as Tree);
      const extra = Object.keys(mine).filter((k) => !(k in en) && !(lang === 'hr' && k.endsWith('_few')));
      assert.deepEqual(extra, []);
      for (const [key, text] of Object.entries(en)) {
        assert.ok(mine[key]?.trim(), `${lang}.${key} is missing or empty`);
        assert.deepEqual(placeholders(mine[key]!), placeholders(text), `${lang}.${key} has other values than en`);
      }
      if (lang === 'hr') assert.deepEqual(placeholders(mine.handsLeft_few!), ['count']);
    });
  }
});
