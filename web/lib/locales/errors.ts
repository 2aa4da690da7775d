import type { Namespace } from '../i18n.js';
import { errorsEn } from '../../../overlays/lib/locales/errors/en.js';

/** The server's error codes as the pages show them (./error-text.ts). */
export const errors: Namespace = {
  mount: 'errors',
  en: errorsEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/errors/nl.js')).errorsNl,
    da: async () => (await import('../../../overlays/lib/locales/errors/da.js')).errorsDa,
    hr: async () => (await import('../../../overlays/lib/locales/errors/hr.js')).errorsHr,
    de: async () => (await import('../../../overlays/lib/locales/errors/de.js')).errorsDe,
  },
};
