import type { Namespace } from '../i18n.js';
import { flightsEn } from '../../../overlays/lib/locales/flights/en.js';

/** Alternates, unsold seats, table size, end of day. */
export const flights: Namespace = {
  mount: 'flights',
  en: flightsEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/flights/nl.js')).flightsNl,
    da: async () => (await import('../../../overlays/lib/locales/flights/da.js')).flightsDa,
    hr: async () => (await import('../../../overlays/lib/locales/flights/hr.js')).flightsHr,
    de: async () => (await import('../../../overlays/lib/locales/flights/de.js')).flightsDe,
  },
};
