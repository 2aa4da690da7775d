/** Every language's league texts, for the pages and overlays that read them without i18next. */
import { leaguesDa } from './da.js';
import { leaguesDe } from './de.js';
import { leaguesEn, type LeaguesTranslation } from './en.js';
import { leaguesHr } from './hr.js';
import { leaguesNl } from './nl.js';

export const LEAGUES_TEXTS: Record<'en' | 'nl' | 'da' | 'hr' | 'de', LeaguesTranslation> = { en: leaguesEn, nl: leaguesNl, da: leaguesDa, hr: leaguesHr, de: leaguesDe };
export type LeaguesLanguage = keyof typeof LEAGUES_TEXTS;
export type LeaguesKey = keyof LeaguesTranslation;

export function isLeaguesLanguage(value: unknown): value is LeaguesLanguage {
  return typeof value === 'string' && Object.hasOwn(LEAGUES_TEXTS, value);
}

/** A text with its `{{name}}` values filled in. */
export function leaguesText(lang: LeaguesLanguage, key: LeaguesKey, values: Record<string, string | number> = {}): string {
  return LEAGUES_TEXTS[lang][key].replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
}
