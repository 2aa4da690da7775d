/**
 * Texts and numbers of the stream overlays in one language. A few lines instead of i18next:
 * an overlay page must stay under 30 KB of JavaScript (gzipped), and its texts are a flat list
 * with `{{name}}` values, ordinals and nothing else. Numbers and money go through Intl.
 */
import { formatCountdown } from '../../../client/clock.js';
import { formatMoney } from '../../../web/lib/money.js';
import type { ItemView } from '../../../client/messages.js';
import { da } from './locales/da.js';
import { de } from './locales/de.js';
import { en, type StreamTextKey, type StreamTexts } from './locales/en.js';
import { hr } from './locales/hr.js';
import { nl } from './locales/nl.js';

/** The languages of the overlays: the app's five (server LOCALES). */
export const STREAM_TEXTS: Record<'en' | 'nl' | 'da' | 'hr' | 'de', StreamTexts> = { en, nl, da, hr, de };
export type StreamLanguage = keyof typeof STREAM_TEXTS;
export const STREAM_LANGUAGES = Object.keys(STREAM_TEXTS) as StreamLanguage[];

export function isStreamLanguage(value: unknown): value is StreamLanguage {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(STREAM_TEXTS, value);
}

export interface StreamLocalizer {
  readonly lang: StreamLanguage;
  t(key: StreamTextKey, values?: Record<string, string | number>): string;
  /** "1,234" / "1.234". */
  number(value: number): string;
  /** Chips in little space, as the poker stream writes them: "845", "12.5k", "845k", "1.2M". */
  chips(value: number): string;
  /** A stack in big blinds: "42.5 BB" (one decimal below 100). */
  bb(chips: number, bigBlind: number): string;
  money(cents: number, currency: string): string;
  /** "14th" / "14e" / "14.". */
  ordinal(n: number): string;
  /** A finishing place; a place shared by players out in the same hand: "13th-14th". */
  place(place: number, placeTo?: number): string;
  /** "Level 4" or "Break". */
  itemName(item: ItemView): string;
  /** "100 / 200". */
  blinds(item: ItemView): string;
  /** "BBA 200", "Ante 25" or "". */
  ante(item: ItemView): string;
  /** "19:59". */
  countdown(ms: number): string;
  /** "12 min" (whole minutes, rounded up: a ticker is not a stopwatch). */
  minutes(ms: number): string;
}

const cache = new Map<StreamLanguage, StreamLocalizer>();

export function streamLocalizer(lang: StreamLanguage): StreamLocalizer {
  const cached = cache.get(lang);
  if (cached) return cached;
  const texts = STREAM_TEXTS[lang];
  const whole = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  const twoDecimals = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const ordinals = new Intl.PluralRules(lang, { type: 'ordinal' });
  const t = (key: StreamTextKey, values: Record<string, string | number> = {}) =>
    (texts[key] ?? en[key]).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  const number = (value: number) => whole.format(value);
  const chips = (value: number) =>
    value >= 1_000_000
      ? `${twoDecimals.format(Math.floor(value / 10_000) / 100)}M`
      : value >= 100_000
        ? `${whole.format(Math.floor(value / 1000))}k`
        : value >= 10_000
          ? `${oneDecimal.format(Math.floor(value / 100) / 10)}k`
          : number(value);
  const ordinal = (n: number) => {
    const form = ordinals.select(n);
    const key = `ordinal.${form === 'one' || form === 'two' || form === 'few' ? form : 'other'}` as const;
    return t(key, { n: number(n) });
  };
  const l: StreamLocalizer = {
    lang,
    t,
    number,
    chips,
    bb: (value, bigBlind) => {
      const bbs = bigBlind > 0 ? value / bigBlind : 0;
      return t('bb', { n: bbs >= 100 ? whole.format(Math.floor(bbs)) : oneDecimal.format(Math.floor(bbs * 10) / 10) });
    },
    money: (cents, currency) => formatMoney(lang, cents, currency),
    ordinal,
    place: (place, placeTo) => (placeTo !== undefined && placeTo > place ? t('placeRange', { from: ordinal(place), to: ordinal(placeTo) }) : ordinal(place)),
    itemName: (item) => (item.break ? t('break') : t('level', { n: number(item.n) })),
    blinds: (item) => (item.break ? '' : `${number(item.sb)} / ${number(item.bb)}`),
    ante: (item) => (item.break ? '' : item.bba ? t('bba', { amount: number(item.bba) }) : item.ante ? t('ante', { amount: number(item.ante) }) : ''),
    countdown: formatCountdown,
    minutes: (ms) => t('minutes', { n: number(Math.max(0, Math.ceil(ms / 60_000))) }),
  };
  cache.set(lang, l);
  return l;
}
