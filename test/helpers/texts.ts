/**
 * Every namespace of texts in every language, loaded before the test that imports this runs
 * (a page loads only its own language, on demand: web/lib/i18n.ts). After this, `localizer(lang)`
 * has all its words.
 */
import { LANGUAGES, loadTexts, textsOf, type Language } from '../../web/lib/i18n.js';
import { ALL_TEXTS } from '../../web/lib/locales/all.js';

await Promise.all(LANGUAGES.map((lang) => loadTexts(lang, ALL_TEXTS)));

/** The texts of `lang` by full key ("seating.findSeat"), that language's only (no English fallback). */
export function textsIn(lang: Language): ReadonlyMap<string, string> {
  return textsOf(lang);
}
