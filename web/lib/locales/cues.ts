import type { Namespace } from '../i18n.js';
import { cuesEn } from '../../../overlays/lib/locales/cues/en.js';

/** Player clock and dealer cues. */
export const cues: Namespace = {
  mount: 'cues',
  en: cuesEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/cues/nl.js')).cuesNl,
    da: async () => (await import('../../../overlays/lib/locales/cues/da.js')).cuesDa,
    hr: async () => (await import('../../../overlays/lib/locales/cues/hr.js')).cuesHr,
    de: async () => (await import('../../../overlays/lib/locales/cues/de.js')).cuesDe,
  },
};
