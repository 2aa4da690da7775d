/**
 * A server error as a screen shows it, in the screen's language: the text for its code
 * (locales/errors/). English screens keep the server's own message, which is English and often
 * more precise ("table 1 has seats 1-3; there is no seat 4"); a code this version does not know
 * shows the server's message after a translated "the server refused".
 */
import type { Localizer, TranslationKey } from './i18n.js';

export function errorText(l10n: Localizer, error: { code: string; message: string }): string {
  if (l10n.lang === 'en' && error.message && error.code !== 'network-error') return error.message;
  const key = `errors.${error.code}` as TranslationKey;
  const text = l10n.t(key);
  return text === key || text === error.code ? l10n.t('errors.unknown', { message: error.message }) : text;
}
