/**
 * The new-tournament form's fields as typed (text), turned into the API's numbers on create,
 * and a past tournament's set-up as a new draft (a copy: new name, none of its night). Prices
 * are typed as the player pays them: a bounty is inside the buy-in (../format-setup/format-draft.ts).
 */
import { LANGUAGES, type Language } from '../../web/lib/i18n.js';
import type { TournamentSetup } from '../../client/setup-api.js';
import type { FormatPrices } from '../format-setup/format-draft.js';

export interface Draft {
  name: string;
  preset: string;
  locale: Language;
  buyIn: string;
  fee: string;
  currency: string;
  guarantee: string;
  startingStack: string;
  chipSet: string;
  lateRegistrationLevel: string;
  reentryMax: string;
  rebuy: { on: boolean; price: string; fee: string; chips: string; untilLevel: string; max: string };
  addon: { on: boolean; price: string; fee: string; chips: string; untilLevel: string; max: string };
  tables: string;
  seatsPerTable: string;
}

export const EMPTY: Draft = {
  name: '',
  preset: 'tda-2024-onk',
  locale: 'en',
  buyIn: '90',
  fee: '10',
  currency: 'EUR',
  guarantee: '',
  startingStack: '20000',
  chipSet: '25, 100, 500, 1000, 5000, 25000',
  lateRegistrationLevel: '6',
  reentryMax: '',
  rebuy: { on: false, price: '90', fee: '0', chips: '20000', untilLevel: '6', max: '' },
  addon: { on: false, price: '90', fee: '0', chips: '30000', untilLevel: '6', max: '' },
  tables: '0',
  seatsPerTable: '9',
};

export const cents = (major: number) => Math.round(major * 100);
const majorText = (minor: number | undefined) => (minor === undefined ? '' : String(minor / 100));

/** A past tournament's set-up as a new draft, named `name`; its bounty typed back inside the prices. */
export function draftFrom(s: TournamentSetup, name: string): Draft {
  const levelOf = (index: number) => String(s.structure.slice(0, index + 1).filter((i) => i.kind === 'level').length);
  const st = s.settings;
  const b = st.bounty;
  return {
    name,
    preset: s.preset,
    locale: (LANGUAGES as readonly string[]).includes(st.locale) ? (st.locale as Language) : 'en',
    buyIn: majorText(st.buyIn + (b?.amount ?? 0)),
    fee: majorText(st.fee),
    currency: st.currency,
    guarantee: st.guarantee ? majorText(st.guarantee) : '',
    startingStack: String(st.startingStack),
    chipSet: (st.chipSet ?? []).join(', '),
    lateRegistrationLevel: st.lateRegistrationLevel === null ? '' : String(st.lateRegistrationLevel),
    reentryMax: st.rules.reentryMax === null ? '' : String(st.rules.reentryMax),
    rebuy: st.rebuy
      ? { on: true, price: majorText(st.rebuy.price + (b?.rebuy ?? 0)), fee: majorText(st.rebuy.fee), chips: String(st.rebuy.chips), untilLevel: levelOf(st.rebuy.untilIndex), max: st.rebuy.max === null ? '' : String(st.rebuy.max) }
      : { ...EMPTY.rebuy },
    addon: st.addon
      ? { on: true, price: majorText(st.addon.price + (b?.addon ?? 0)), fee: majorText(st.addon.fee), chips: String(st.addon.chips), untilLevel: levelOf(st.addon.untilIndex), max: st.addon.max === null ? '' : String(st.addon.max) }
      : { ...EMPTY.addon },
    tables: '0',
    seatsPerTable: String(st.rules.seatsPerTable),
  };
}

/** The prices typed (cents; a figure not readable yet counts 0), for the bounty's split and the seats. */
export function pricesOf(d: Draft): FormatPrices {
  const money = (text: string) => {
    const n = Number(text.trim().replace(',', '.'));
    return Number.isFinite(n) && n > 0 ? cents(n) : 0;
  };
  return {
    buyIn: money(d.buyIn),
    fee: money(d.fee),
    guarantee: money(d.guarantee),
    rebuy: d.rebuy.on ? { price: money(d.rebuy.price), fee: money(d.rebuy.fee) } : null,
    addon: d.addon.on ? { price: money(d.addon.price), fee: money(d.addon.fee) } : null,
    currency: /^[A-Za-z]{3}$/.test(d.currency.trim()) ? d.currency.trim().toUpperCase() : 'EUR',
  };
}
