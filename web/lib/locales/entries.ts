import type { Namespace } from '../i18n.js';
import { entriesEn } from '../../../overlays/lib/locales/entries/en.js';

/** Entries, chips, bust-outs and payouts. */
export const entries: Namespace = {
  mount: 'entries',
  en: entriesEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/entries/nl.js')).entriesNl,
    da: async () => (await import('../../../overlays/lib/locales/entries/da.js')).entriesDa,
    hr: async () => (await import('../../../overlays/lib/locales/entries/hr.js')).entriesHr,
    de: async () => (await import('../../../overlays/lib/locales/entries/de.js')).entriesDe,
  },
};
