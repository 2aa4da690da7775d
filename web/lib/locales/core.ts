import type { Namespace } from '../i18n.js';
import { en as coreEn } from '../../../overlays/lib/locales/en.js';

/** `common`, `display`, `control`: the words every page has (levels, blinds, places). */
export const core: Namespace = {
  mount: '',
  en: coreEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/nl.js')).nl,
    da: async () => (await import('../../../overlays/lib/locales/da.js')).da,
    hr: async () => (await import('../../../overlays/lib/locales/hr.js')).hr,
    de: async () => (await import('../../../overlays/lib/locales/de.js')).de,
  },
};
