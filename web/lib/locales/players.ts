import type { Namespace } from '../i18n.js';
import { playersEn } from '../../../overlays/lib/locales/players/en.js';

/** The venue's players on the phone: registration from the player database (issue 27). */
export const players: Namespace = {
  mount: 'players',
  en: playersEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/players/nl.js')).playersNl,
    da: async () => (await import('../../../overlays/lib/locales/players/da.js')).playersDa,
    hr: async () => (await import('../../../overlays/lib/locales/players/hr.js')).playersHr,
    de: async () => (await import('../../../overlays/lib/locales/players/de.js')).playersDe,
  },
};
