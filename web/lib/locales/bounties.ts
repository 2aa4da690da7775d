import type { Namespace } from '../i18n.js';
import { bountiesEn } from '../../../overlays/lib/locales/bounties/en.js';

/** Bounties and satellites on the phone: set-up, the Money tab's bounty money, the bust's money. */
export const bounties: Namespace = {
  mount: 'bounties',
  en: bountiesEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/bounties/nl.js')).bountiesNl,
    da: async () => (await import('../../../overlays/lib/locales/bounties/da.js')).bountiesDa,
    hr: async () => (await import('../../../overlays/lib/locales/bounties/hr.js')).bountiesHr,
    de: async () => (await import('../../../overlays/lib/locales/bounties/de.js')).bountiesDe,
  },
};
