/**
 * Translations through i18next, with every language bundled (no network: venue LANs often have
 * no internet, and the CSP allows no other origin). Every text a screen or the panel shows goes
 * through a Localizer; numbers are formatted with Intl for the language (1,000 / 2,000 in
 * English, 1.000 / 2.000 in Dutch).
 *
 * Adding a language: a file in ./locales per namespace, typed `Translation` (every key of the
 * English one; test/browser/locales.test.ts fails on a missing or extra key), then one line in
 * RESOURCES and LANGUAGES. Money goes through one helper (./money.ts), here as `money()`.
 */
import i18next, { type i18n } from 'i18next';
import { formatCountdown } from '../../client/clock.js';
import { da } from '../../overlays/lib/locales/da.js';
import { de } from '../../overlays/lib/locales/de.js';
import { setupDa } from '../../overlays/lib/locales/setup/da.js';
import { setupDe } from '../../overlays/lib/locales/setup/de.js';
import { setupEn } from '../../overlays/lib/locales/setup/en.js';
import { setupHr } from '../../overlays/lib/locales/setup/hr.js';
import { setupNl } from '../../overlays/lib/locales/setup/nl.js';
import { en } from '../../overlays/lib/locales/en.js';
import { hr } from '../../overlays/lib/locales/hr.js';
import { nl } from '../../overlays/lib/locales/nl.js';
import type { ItemView } from '../../client/messages.js';
import { formatMoney } from './money.js';

/** The languages shipped; the same list as the server's `LOCALES` (settings.locale). */
export const LANGUAGES = ['en', 'nl', 'da', 'hr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

// `setup` (issue 14: the TD's set-up screens) is its own namespace, merged in here.
/** Every language's texts (exported for the completeness test). */
export const RESOURCES = {
  en: { translation: { ...en, setup: setupEn } },
  nl: { translation: { ...nl, setup: setupNl } },
  de: { translation: { ...de, setup: setupDe } },
  da: { translation: { ...da, setup: setupDa } },
  hr: { translation: { ...hr, setup: setupHr } },
};

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type WithoutPlural<K extends string> = K extends `${infer B}_${'one' | 'other'}` ? B : K;
/** Every key of the English resources, plural suffixes removed (`t('control.pending', {count})`). */
export type TranslationKey = WithoutPlural<Leaves<typeof en & { setup: typeof setupEn }>>;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language to show: `?lang=xx` in the address (a screen set up for a foreign crowd),
 * else the tournament's locale, else English.
 */
export function chooseLanguage(search: string, tournamentLocale?: string): Language {
  const fromUrl = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (isLanguage(fromUrl)) return fromUrl;
  if (isLanguage(tournamentLocale)) return tournamentLocale;
  return 'en';
}

/** Texts and numbers in one language. Immutable: a new language is a new Localizer. */
export interface Localizer {
  readonly lang: Language;
  t(key: TranslationKey, values?: Record<string, unknown>): string;
  /** Chips or counts: "1,000" / "1.000". */
  number(value: number): string;
  /** Chips in little space: "100K", "1.5M" (in full below 100,000). */
  chips(value: number): string;
  /** "100 / 200"; `short`: with chips() ("100K / 200K") for small tiles. */
  blinds(smallBlind: number, bigBlind: number, short?: boolean): string;
  /** "Ante 25", "BBA 200" or "" when the level has none. */
  ante(item: ItemView, short?: boolean): string;
  /** "Level 4" or "Break". */
  itemName(item: ItemView): string;
  /** "Level 4 · 100 / 200 · BBA 200" or "Break 15 min": an item in one line. */
  itemSummary(item: ItemView): string;
  /** Money from cents in the tournament's currency: "€1,350" / "1.350 €" (./money.ts). */
  money(cents: number, currency: string): string;
  /** A finishing place: "14th" / "14e" / "14."; a shared place "13th-14th". */
  place(place: number, placeTo?: number): string;
  /** "19:59", "1:05:00". */
  countdown(ms: number): string;
  /** Whole minutes of a duration, formatted ("15", "7.5" in en). */
  minutes(ms: number): string;
}

const cache = new Map<Language, Localizer>();

export function localizer(lang: Language): Localizer {
  const cached = cache.get(lang);
  if (cached) return cached;
  const instance: i18n = i18next.createInstance({
    lng: lang,
    fallbackLng: 'en',
    resources: RESOURCES,
    // Synchronous: the resources are bundled, so the first render already has its texts.
    initAsync: false,
    // Lit escapes every interpolated value itself; escaping here would show "&amp;".
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  void instance.init();
  const numbers = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const decimals = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  const millions = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const t = (key: TranslationKey, values?: Record<string, unknown>) => instance.t(key, values ?? {}) as string;
  const number = (value: number) => numbers.format(value);
  const minutes = (ms: number) => decimals.format(ms / 60_000);
  // K and M as poker clocks write them in every language (Intl's compact forms differ: German
  // writes thousands in full), with the language's decimal mark.
  const chips = (value: number) =>
    value >= 1_000_000 ? `${millions.format(value / 1_000_000)}M` : value >= 100_000 ? `${decimals.format(value / 1000)}K` : number(value);
  const ordinals = new Intl.PluralRules(lang, { type: 'ordinal' });
  const ordinal = (n: number) => {
    const form = ordinals.select(n);
    const key = form === 'one' || form === 'two' || form === 'few' ? form : 'other';
    return t(`common.ordinal.${key}`, { n: number(n) });
  };
  const l: Localizer = {
    lang,
    t,
    number,
    chips,
    blinds: (sb, bb, short = false) => (short ? `${chips(sb)} / ${chips(bb)}` : `${number(sb)} / ${number(bb)}`),
    ante: (item, short = false) => {
      const amount = (value: number) => (short ? chips(value) : number(value));
      if (item.break) return '';
      if (item.bba) return t('common.bba', { amount: amount(item.bba) });
      if (item.ante) return t('common.ante', { amount: amount(item.ante) });
      return '';
    },
    itemName: (item) => (item.break ? t('common.break') : t('common.level', { n: number(item.n) })),
    itemSummary: (item) =>
      item.break
        ? t('common.breakMinutes', { minutes: minutes(item.ms) })
        : [t('common.level', { n: number(item.n) }), `${number(item.sb)} / ${number(item.bb)}`, l.ante(item)].filter(Boolean).join(' · '),
    money: (cents, currency) => formatMoney(lang, cents, currency),
    place: (place, placeTo) => (placeTo !== undefined && placeTo > place ? t('common.placeRange', { from: ordinal(place), to: ordinal(placeTo) }) : ordinal(place)),
    countdown: formatCountdown,
    minutes,
  };
  cache.set(lang, l);
  return l;
}
