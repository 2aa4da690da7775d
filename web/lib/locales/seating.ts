import type { Namespace } from '../i18n.js';
import { seatingEn } from '../../../overlays/lib/locales/seating/en.js';

/** Seating: draws, moves, balancing, the seat lookup. */
export const seating: Namespace = {
  mount: 'seating',
  en: seatingEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/seating/nl.js')).seatingNl,
    da: async () => (await import('../../../overlays/lib/locales/seating/da.js')).seatingDa,
    hr: async () => (await import('../../../overlays/lib/locales/seating/hr.js')).seatingHr,
    de: async () => (await import('../../../overlays/lib/locales/seating/de.js')).seatingDe,
  },
};
