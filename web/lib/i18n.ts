/**
 * The one localizer of every browser page: the venue display, the seat lookup, the lobby, the
 * phone and the stream overlays. Texts and numbers in one language; numbers through Intl
 * (1,000 / 2,000 in English, 1.000 / 2.000 in Dutch), money through ./money.ts.
 *
 * Texts come in namespaces (./locales/keys.ts: one file each; a page names the ones it shows). A
 * page bundles the English texts of its namespaces (the fallback for a missing key, and what
 * the first paint shows) and loads another language's texts by `import()` when it is chosen:
 * a Croatian screen downloads Croatian, never Danish. No network beyond the server itself
 * (venue LANs often have no internet; the CSP allows no other origin).
 *
 * Written by hand rather than with i18next: the texts use `{{name}}` values and plural forms
 * by Intl.PluralRules (`_one`, `_few`, `_other`) and nothing else, and i18next alone was 42 KB
 * of the seat lookup's 252 KB (its budget is 30 KB gzipped, docs/BENCHMARKS.md).
 */
import { formatCountdown } from '../../client/clock.js';
import type { ItemView } from '../../client/messages.js';
import { formatMoney } from './money.js';
import type { TranslationKey } from './locales/keys.js';

export type { TranslationKey } from './locales/keys.js';

/** The languages shipped; the same list as the server's `LOCALES` (settings.locale). */
export const LANGUAGES = ['en', 'nl', 'da', 'hr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
type Foreign = Exclude<Language, 'en'>;

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

/** A namespace of texts (./locales.ts): its English bundled, the other languages on demand. */
export interface Namespace {
  /** Where its keys sit: `seating` gives `seating.findSeat`; '' puts them at the top (core). */
  readonly mount: string;
  readonly en: object;
  readonly load: { readonly [L in Foreign]: () => Promise<object> };
}

/** Every text loaded so far, by language, under its full key ("seating.findSeat"). */
const TEXTS = new Map<Language, Map<string, string>>(LANGUAGES.map((lang) => [lang, new Map()]));
/** Per namespace and language: loaded (true) or on its way. */
const LOADED = new Map<Namespace, Map<Language, true | Promise<void>>>();

function add(lang: Language, ns: Namespace, tree: object): void {
  const into = TEXTS.get(lang)!;
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') into.set(prefix + key, value);
      else if (value && typeof value === 'object') walk(value as object, `${prefix}${key}.`);
    }
  };
  walk(tree, ns.mount ? `${ns.mount}.` : '');
}

function stateOf(ns: Namespace): Map<Language, true | Promise<void>> {
  let state = LOADED.get(ns);
  if (!state) {
    // English is bundled with the namespace: it is there from the first paint.
    add('en', ns, ns.en);
    state = new Map([['en', true]]);
    LOADED.set(ns, state);
  }
  return state;
}

/** Whether `lang`'s texts of every namespace have arrived (English always has). */
export function hasTexts(lang: Language, namespaces: readonly Namespace[]): boolean {
  return namespaces.every((ns) => stateOf(ns).get(lang) === true);
}

/**
 * Loads `lang`'s texts of the namespaces (once each). A chunk that cannot load (the server
 * went away mid-update) leaves English in its place rather than a page without words.
 */
export function loadTexts(lang: Language, namespaces: readonly Namespace[]): Promise<void> {
  return Promise.all(
    namespaces.map((ns) => {
      const state = stateOf(ns);
      const known = state.get(lang);
      if (known === true) return undefined;
      if (known) return known;
      const loading = ns.load[lang as Foreign]()
        .then((tree) => add(lang, ns, tree))
        .catch(() => undefined)
        .then(() => void state.set(lang, true));
      state.set(lang, loading);
      return loading;
    }),
  ).then(() => undefined);
}

/**
 * The localizer a page renders with: `lang`'s once its texts are here; until then English
 * (never a bare key), and `onLoaded` runs when they arrive so the page renders again.
 */
export function localizerFor(lang: Language, namespaces: readonly Namespace[], onLoaded: () => void): Localizer {
  if (hasTexts(lang, namespaces)) return localizer(lang);
  void loadTexts(lang, namespaces).then(onLoaded);
  return localizer('en');
}

/** The texts of one language as loaded (tests: completeness of every namespace). */
export function textsOf(lang: Language): ReadonlyMap<string, string> {
  return TEXTS.get(lang)!;
}

/** Texts and numbers in one language. Immutable: a new language is a new Localizer. */
export interface Localizer {
  readonly lang: Language;
  /** The text of `key` with its `{{values}}`; `count` picks the plural form. English if missing here. */
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
  /** The form of `n` by the language's ordinal rule: `one`, `two`, `few` or `other` ("1st", "2nd", "3rd", "4th"). */
  ordinalForm(n: number): 'one' | 'two' | 'few' | 'other';
  /** A finishing place: "14th" / "14e" / "14."; a shared place "13th-14th". */
  place(place: number, placeTo?: number): string;
  /** "19:59", "1:05:00". */
  countdown(ms: number): string;
  /** Whole minutes of a duration, formatted ("15", "7.5" in en). */
  minutes(ms: number): string;
}

const cache = new Map<Language, Localizer>();
const plurals = new Map<Language, Intl.PluralRules>();
const pluralRules = (lang: Language) => {
  let rules = plurals.get(lang);
  if (!rules) plurals.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules;
};

/** The text of `key` in `lang`, its plural form by `count`, or undefined. */
function find(lang: Language, key: string, count: unknown): string | undefined {
  const texts = TEXTS.get(lang)!;
  if (typeof count === 'number') {
    const plural = texts.get(`${key}_${pluralRules(lang).select(count)}`) ?? texts.get(`${key}_other`);
    if (plural !== undefined) return plural;
  }
  return texts.get(key);
}

export function localizer(lang: Language): Localizer {
  const cached = cache.get(lang);
  if (cached) return cached;
  const numbers = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const decimals = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  const millions = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  // Values go in as they are: Lit escapes every interpolated value itself.
  const t = (key: TranslationKey, values: Record<string, unknown> = {}) => {
    const text = find(lang, key, values.count) ?? find('en', key, values.count);
    if (text === undefined) return key;
    return text.includes('{{') ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (values[name] === undefined ? '' : String(values[name]))) : text;
  };
  const number = (value: number) => numbers.format(value);
  const minutes = (ms: number) => decimals.format(ms / 60_000);
  // K and M as poker clocks write them in every language (Intl's compact forms differ: German
  // writes thousands in full), with the language's decimal mark.
  const chips = (value: number) =>
    value >= 1_000_000 ? `${millions.format(value / 1_000_000)}M` : value >= 100_000 ? `${decimals.format(value / 1000)}K` : number(value);
  const ordinals = new Intl.PluralRules(lang, { type: 'ordinal' });
  const ordinalForm = (n: number) => {
    const form = ordinals.select(n);
    return form === 'one' || form === 'two' || form === 'few' ? form : 'other';
  };
  const ordinal = (n: number) => t(`common.ordinal.${ordinalForm(n)}`, { n: number(n) });
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
    ordinalForm,
    place: (place, placeTo) => (placeTo !== undefined && placeTo > place ? t('common.placeRange', { from: ordinal(place), to: ordinal(placeTo) }) : ordinal(place)),
    countdown: formatCountdown,
    minutes,
  };
  cache.set(lang, l);
  return l;
}
