import type { Namespace } from '../i18n.js';
import { leaguesEn } from '../../../overlays/lib/locales/leagues/en.js';

/** Leagues: the venue display's standings view (issue 27). */
export const leagues: Namespace = {
  mount: 'leagues',
  en: leaguesEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/leagues/nl.js')).leaguesNl,
    da: async () => (await import('../../../overlays/lib/locales/leagues/da.js')).leaguesDa,
    hr: async () => (await import('../../../overlays/lib/locales/leagues/hr.js')).leaguesHr,
    de: async () => (await import('../../../overlays/lib/locales/leagues/de.js')).leaguesDe,
  },
};
