/**
 * The bounty format and the satellite as the TD types them in the new-tournament form, and what
 * the form sends (server/protocol/bounties.ts). The bounty is typed inside the buy-in, as a
 * poster prices it ("€100: €45 + €5 fee + €50 bounty"): the engine's buy-in is the prize-pool
 * part, so the bounty is taken off the price typed (the same for a rebuy's and an add-on's
 * bounty). A satellite's seats are worked out for the number of entries the TD expects, with
 * the engine's own seat rule (server/protocol/rules/satellite-seats.ts).
 */
import type { Localizer } from '../../web/lib/i18n.js';
import type { BountyFormat, BountySettings, BountySettingsInput, SatelliteSettings, SatelliteSettingsInput } from '../../server/protocol/bounties.js';
import { satellitePayouts } from '../../server/protocol/rules/satellite-seats.js';

export interface FormatDraft {
  bounty: 'none' | BountyFormat;
  amount: string;
  share: string;
  finalTwo: BountySettings['finalTwo'];
  /** Blank: envelopes are drawn from the money; else a level number. */
  mysteryFrom: string;
  rebuy: string;
  addon: string;
  unclaimed: BountySettings['unclaimed'];
  satellite: boolean;
  seatValue: string;
  remainder: SatelliteSettings['remainder'];
  seatsGuaranteed: string;
  /** Not sent: the entries the figures of the seats are worked out for. */
  expected: string;
}

export const EMPTY_FORMAT: FormatDraft = {
  bounty: 'none',
  amount: '',
  share: '50',
  finalTwo: 'whole',
  mysteryFrom: '',
  rebuy: '0',
  addon: '0',
  unclaimed: 'players',
  satellite: false,
  seatValue: '',
  remainder: 'next-place',
  seatsGuaranteed: '0',
  expected: '20',
};

/** The prices typed elsewhere in the form (cents; a period not sold: null). */
export interface FormatPrices {
  buyIn: number;
  fee: number;
  guarantee: number;
  rebuy: { price: number; fee: number } | null;
  addon: { price: number; fee: number } | null;
  currency: string;
}

/** One price split in its parts (cents): what the player pays, the prize pool's, the fee and the bounty. */
export interface PriceSplit {
  total: number;
  prize: number;
  fee: number;
  bounty: number;
}

export interface SeatsPreview {
  entries: number;
  pool: number;
  seats: number;
  value: number;
  /** What is left after the seats (cents), and where it goes. */
  left: number;
  remainder: SatelliteSettings['remainder'];
}

export interface FormatResult {
  bounty: BountySettingsInput | null;
  satellite: SatelliteSettingsInput | null;
  /** The prize-pool parts of the prices, to send as the buy-in and the periods' prices. */
  buyIn: number;
  rebuyPrice: number | null;
  addonPrice: number | null;
  splits: { entry: PriceSplit; rebuy?: PriceSplit; addon?: PriceSplit } | null;
  seats: SeatsPreview | null;
  /** Field path (in this draft) to the text shown at it; none: it can be sent. */
  errors: Record<string, string>;
}

const cents = (text: string): number | null => {
  if (text.trim() === '') return 0;
  const n = Number(text.trim().replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null;
};
const whole = (text: string, min: number, max: number): number | null => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
};

/** The format's settings from the draft and the form's prices, with every problem in the TD's words. */
export function formatSettings(d: FormatDraft, prices: FormatPrices, l10n: Localizer): FormatResult {
  const errors: Record<string, string> = {};
  const money = (c: number) => l10n.money(c, prices.currency);
  const out: FormatResult = { bounty: null, satellite: null, buyIn: prices.buyIn, rebuyPrice: prices.rebuy?.price ?? null, addonPrice: prices.addon?.price ?? null, splits: null, seats: null, errors };
  if (d.bounty !== 'none') {
    const amount = cents(d.amount);
    if (amount === null || amount <= 0) errors.amount = l10n.t('bounties.setup.errors.amount');
    else if (amount > prices.buyIn) errors.amount = l10n.t('bounties.setup.errors.overBuyIn', { bounty: money(amount), buyIn: money(prices.buyIn) });
    const a = amount ?? 0;
    const part = (path: 'rebuy' | 'addon', price: { price: number; fee: number } | null): { bounty: number; split?: PriceSplit } => {
      if (!price) return { bounty: 0 };
      const b = cents(d[path]);
      if (b === null) errors[path] = l10n.t('setup.form.errors.amount');
      else if (b > price.price) errors[path] = l10n.t('bounties.setup.errors.overPrice', { bounty: money(b), price: money(price.price) });
      const bounty = b ?? 0;
      return { bounty, split: { total: price.price + price.fee, prize: Math.max(0, price.price - bounty), fee: price.fee, bounty } };
    };
    const rebuy = part('rebuy', prices.rebuy);
    const addon = part('addon', prices.addon);
    const share = d.bounty === 'progressive' ? whole(d.share, 1, 100) : 50;
    if (share === null) errors.share = l10n.t('bounties.setup.errors.share');
    const from = d.mysteryFrom.trim() === '' ? 'money' : whole(d.mysteryFrom, 1, 200);
    if (d.bounty === 'mystery' && from === null) errors.mysteryFrom = l10n.t('setup.form.errors.number');
    out.bounty = {
      format: d.bounty,
      amount: a,
      ...(d.bounty === 'progressive' ? { share: share ?? 50, finalTwo: d.finalTwo } : {}),
      ...(d.bounty === 'mystery' ? { mysteryFrom: from ?? 'money' } : { unclaimed: d.unclaimed }),
      ...(prices.rebuy ? { rebuy: rebuy.bounty } : {}),
      ...(prices.addon ? { addon: addon.bounty } : {}),
    };
    out.buyIn = Math.max(0, prices.buyIn - a);
    if (prices.rebuy) out.rebuyPrice = Math.max(0, prices.rebuy.price - rebuy.bounty);
    if (prices.addon) out.addonPrice = Math.max(0, prices.addon.price - addon.bounty);
    out.splits = {
      entry: { total: prices.buyIn + prices.fee, prize: out.buyIn, fee: prices.fee, bounty: a },
      ...(rebuy.split ? { rebuy: rebuy.split } : {}),
      ...(addon.split ? { addon: addon.split } : {}),
    };
  }
  if (d.satellite) {
    const value = cents(d.seatValue);
    const guaranteed = whole(d.seatsGuaranteed, 0, 10_000);
    const entries = whole(d.expected, 1, 100_000);
    if (value === null || value <= 0) errors.seatValue = l10n.t('bounties.setup.errors.seatValue');
    if (guaranteed === null) errors.seatsGuaranteed = l10n.t('setup.form.errors.number');
    if (entries === null) errors.expected = l10n.t('setup.form.errors.number');
    if (value && guaranteed !== null && entries !== null) {
      // The engine's pool: every entry's prize part, at least the guarantee (the form's, or the seats').
      const pool = Math.max(entries * out.buyIn, prices.guarantee, guaranteed * value);
      const payouts = satellitePayouts(pool, { seatValue: value, remainder: d.remainder });
      const seats = payouts.filter((p) => p >= value).length;
      out.seats = { entries, pool, seats, value, left: pool - seats * value, remainder: d.remainder };
      if (seats === 0) errors.seatValue = l10n.t('bounties.setup.errors.seatOverPool', { seat: money(value), pool: money(pool), entries: l10n.number(entries) });
    }
    out.satellite = { seatValue: value ?? 0, remainder: d.remainder, seatsGuaranteed: guaranteed ?? 0 };
  }
  return out;
}

/** A stored tournament's format as a draft (a copy of a past night), its prices typed with the bounty inside. */
export function formatDraftFrom(bounty: BountySettings | null | undefined, satellite: SatelliteSettings | null | undefined): FormatDraft {
  const major = (c: number) => String(c / 100);
  return {
    ...EMPTY_FORMAT,
    ...(bounty
      ? {
          bounty: bounty.format,
          amount: major(bounty.amount),
          share: String(bounty.share),
          finalTwo: bounty.finalTwo,
          mysteryFrom: bounty.mysteryFrom === 'money' ? '' : String(bounty.mysteryFrom),
          rebuy: major(bounty.rebuy),
          addon: major(bounty.addon),
          unclaimed: bounty.unclaimed,
        }
      : {}),
    ...(satellite ? { satellite: true, seatValue: major(satellite.seatValue), remainder: satellite.remainder, seatsGuaranteed: String(satellite.seatsGuaranteed) } : {}),
  };
}

/** "€100.00 = €45.00 prize pool + €5.00 fee + €50.00 bounty". */
export function splitText(l10n: Localizer, s: PriceSplit, currency: string): string {
  const m = (c: number) => l10n.money(c, currency);
  return l10n.t('bounties.setup.split', { total: m(s.total), prize: m(s.prize), fee: m(s.fee), bounty: m(s.bounty) });
}

/** "20 entries: prize pool €1,800.00 · 7 seats of €250.00 · €50.00 to place 8". */
export function seatsText(l10n: Localizer, s: SeatsPreview, currency: string): string {
  const m = (c: number) => l10n.money(c, currency);
  const seats = l10n.t('bounties.setup.seats', { count: s.seats, value: m(s.value) });
  const left = s.left === 0 ? l10n.t('bounties.setup.leftNone') : s.remainder === 'next-place' ? l10n.t('bounties.setup.leftNext', { left: m(s.left), place: l10n.number(s.seats + 1) }) : l10n.t('bounties.setup.leftShared', { left: m(s.left) });
  return `${l10n.t('bounties.setup.pool', { entries: l10n.number(s.entries), pool: m(s.pool) })} · ${seats} · ${left}`;
}
