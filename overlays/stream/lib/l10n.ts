/**
 * The stream overlays' words and numbers: the one localizer (web/lib/i18n.ts) over the
 * `overlay` namespace (./locales, flat keys), plus the broadcast's own number forms. English
 * is bundled; another language loads on demand, so an overlay page stays under its 30 KB of
 * JavaScript (gzipped, docs/OVERLAYS.md).
 */
import { isLanguage, LANGUAGES, localizer, localizerFor, type Language, type TranslationKey } from '../../../web/lib/i18n.js';
import { overlay } from '../../../web/lib/locales/overlay.js';

const OVERLAY_TEXTS = [overlay];
import type { ItemView } from '../../../client/messages.js';
import type { StreamTextKey } from './locales/en.js';

/** The languages of the overlays: the app's five (server LOCALES). */
export type StreamLanguage = Language;
export const STREAM_LANGUAGES = LANGUAGES;
export const isStreamLanguage = isLanguage;

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
  /** The ante with its amount the poker way, where room is short: "BBA 2M". */
  anteShort(item: ItemView): string;
  /** "19:59". */
  countdown(ms: number): string;
  /** "12 min" (whole minutes, rounded up: a ticker is not a stopwatch). */
  minutes(ms: number): string;
}

const cache = new Map<StreamLanguage, StreamLocalizer>();

/** The overlay's words in `lang` once they are here, English until then (`onLoaded` renders again). */
export function overlayLocalizer(lang: StreamLanguage, onLoaded: () => void): StreamLocalizer {
  return streamLocalizer(localizerFor(lang, OVERLAY_TEXTS, onLoaded).lang);
}

/** The overlay's words in `lang` as loaded so far (English for what is not). */
export function streamLocalizer(lang: StreamLanguage): StreamLocalizer {
  const cached = cache.get(lang);
  if (cached) return cached;
  const l = localizer(lang);
  const whole = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  const twoDecimals = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const t = (key: StreamTextKey, values?: Record<string, string | number>) => l.t(`overlay.${key}` as TranslationKey, values);
  const number = l.number;
  const chips = (value: number) =>
    value >= 1_000_000
      ? `${twoDecimals.format(Math.floor(value / 10_000) / 100)}M`
      : value >= 100_000
        ? `${whole.format(Math.floor(value / 1000))}k`
        : value >= 10_000
          ? `${oneDecimal.format(Math.floor(value / 100) / 10)}k`
          : number(value);
  const ordinal = (n: number) => t(`ordinal.${l.ordinalForm(n)}`, { n: number(n) });
  const s: StreamLocalizer = {
    lang,
    t,
    number,
    chips,
    bb: (value, bigBlind) => {
      const bbs = bigBlind > 0 ? value / bigBlind : 0;
      return t('bb', { n: bbs >= 100 ? whole.format(Math.floor(bbs)) : oneDecimal.format(Math.floor(bbs * 10) / 10) });
    },
    money: l.money,
    ordinal,
    place: (place, placeTo) => (placeTo !== undefined && placeTo > place ? t('placeRange', { from: ordinal(place), to: ordinal(placeTo) }) : ordinal(place)),
    itemName: (item) => (item.break ? t('break') : t('level', { n: number(item.n) })),
    blinds: (item) => (item.break ? '' : `${number(item.sb)} / ${number(item.bb)}`),
    ante: (item) => (item.break ? '' : item.bba ? t('bba', { amount: number(item.bba) }) : item.ante ? t('ante', { amount: number(item.ante) }) : ''),
    anteShort: (item) => (item.break ? '' : item.bba ? t('bba', { amount: chips(item.bba) }) : item.ante ? t('ante', { amount: chips(item.ante) }) : ''),
    countdown: l.countdown,
    minutes: (ms) => t('minutes', { n: number(Math.max(0, Math.ceil(ms / 60_000))) }),
  };
  cache.set(lang, s);
  return s;
}
