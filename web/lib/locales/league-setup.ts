import type { Namespace } from '../i18n.js';
import { leagueSetupEn } from '../../../overlays/lib/locales/league-setup/en.js';

/** Leagues on the TD's phone: leagues, seasons, formulas, standings (the screens' are `leagues`). */
export const leagueSetup: Namespace = {
  mount: 'leagueSetup',
  en: leagueSetupEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/league-setup/nl.js')).leagueSetupNl,
    da: async () => (await import('../../../overlays/lib/locales/league-setup/da.js')).leagueSetupDa,
    hr: async () => (await import('../../../overlays/lib/locales/league-setup/hr.js')).leagueSetupHr,
    de: async () => (await import('../../../overlays/lib/locales/league-setup/de.js')).leagueSetupDe,
  },
};
