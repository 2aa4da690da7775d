import type { Namespace } from '../i18n.js';
import { streamEn } from '../../../overlays/lib/locales/stream/en.js';

/** The producer's Stream tab on the phone. */
export const stream: Namespace = {
  mount: 'stream',
  en: streamEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/stream/nl.js')).streamNl,
    da: async () => (await import('../../../overlays/lib/locales/stream/da.js')).streamDa,
    hr: async () => (await import('../../../overlays/lib/locales/stream/hr.js')).streamHr,
    de: async () => (await import('../../../overlays/lib/locales/stream/de.js')).streamDe,
  },
};
