import type { Namespace } from '../i18n.js';
import { setupEn } from '../../../overlays/lib/locales/setup/en.js';

/** The TD's set-up screens (issue 14). */
export const setup: Namespace = {
  mount: 'setup',
  en: setupEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/setup/nl.js')).setupNl,
    da: async () => (await import('../../../overlays/lib/locales/setup/da.js')).setupDa,
    hr: async () => (await import('../../../overlays/lib/locales/setup/hr.js')).setupHr,
    de: async () => (await import('../../../overlays/lib/locales/setup/de.js')).setupDe,
  },
};
