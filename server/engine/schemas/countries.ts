/**
 * Countries as ISO 3166-1 alpha-2 codes ("NL"), shown as a flag on the stream. The list is
 * flag-icons' (already the overlays' flags, scripts/build-web.mjs): its `iso` marks exactly the
 * 249 codes ISO 3166-1 assigns, so a code accepted here always has a flag to draw. Node's
 * Intl.DisplayNames knows 280 two-letter regions, among them withdrawn codes (UK, YU, SU) and
 * regions no ISO code names (EU, UN, XK, QO, ZZ), which would need a list of exceptions kept
 * by hand; test/engine/countries.test.ts checks every code here against it all the same.
 */
import { z } from 'zod';
import countries from 'flag-icons/country.json' with { type: 'json' };

/** The ISO 3166-1 alpha-2 codes, upper case. */
export const ISO_COUNTRIES: ReadonlySet<string> = new Set(countries.filter((c) => c.iso && /^[a-z]{2}$/.test(c.code)).map((c) => c.code.toUpperCase()));

/** A country code in any case ("nl"), stored upper case; "XX" and other unassigned codes are refused. */
export const countrySchema = z
  .string()
  .max(2, 'must be a two-letter ISO 3166-1 country code, e.g. "NL"')
  .transform((s) => s.toUpperCase())
  .refine((code) => ISO_COUNTRIES.has(code), { error: (issue) => `"${String(issue.input)}" is not an ISO 3166-1 country code (e.g. "NL", "DE", "GB")` });
