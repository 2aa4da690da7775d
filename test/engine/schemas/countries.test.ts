/**
 * Countries are ISO 3166-1 alpha-2 codes (server/engine/schemas/countries.ts, issue 21: "XX"
 * was accepted). Expected values by hand from ISO 3166-1; every accepted code is checked against
 * a second source too, the CLDR regions in Node's Intl.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { countrySchema, ISO_COUNTRIES } from '../../../server/engine/schemas/countries.js';

describe('country codes', () => {
  it('the countries of the presets\' rooms are accepted, in any case, stored upper case', () => {
    for (const [input, stored] of [['NL', 'NL'], ['HR', 'HR'], ['DK', 'DK'], ['DE', 'DE'], ['GB', 'GB'], ['nl', 'NL'], ['gB', 'GB']]) {
      assert.deepEqual(countrySchema.safeParse(input), { success: true, data: stored }, input);
    }
  });

  it('"XX" and codes ISO 3166-1 does not assign are refused, naming the code', () => {
    // UK (the United Kingdom is GB), EU and UN (not countries), XK (Kosovo: a user-assigned code),
    // YU and SU (withdrawn), ZZ (CLDR's unknown region), and shapes that are no code at all.
    for (const code of ['XX', 'UK', 'EU', 'UN', 'XK', 'YU', 'SU', 'ZZ', 'N', '', 'NLD', '12', 'N1']) {
      const parsed = countrySchema.safeParse(code);
      assert.equal(parsed.success, false, code);
      assert.match(parsed.error!.issues[0]!.message, /ISO 3166-1 country code/, code);
    }
  });

  it('holds the 249 codes ISO 3166-1 assigns, each a region Node\'s CLDR names as itself', () => {
    assert.equal(ISO_COUNTRIES.size, 249);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (const code of ISO_COUNTRIES) {
      assert.match(code, /^[A-Z]{2}$/);
      assert.ok(names.of(code), `${code} has no name in CLDR`);
      // A withdrawn code (UK, YU) is an alias CLDR replaces; an assigned one stays itself.
      assert.equal(new Intl.Locale(`und-${code}`).region, code);
    }
  });
});
