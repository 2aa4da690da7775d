import type { Namespace } from '../i18n.js';
import { en as overlayEn } from '../../../overlays/stream/lib/locales/en.js';

/** What the stream overlays show on air (flat keys: `overlay.alert.busted`). */
export const overlay: Namespace = {
  mount: 'overlay',
  en: overlayEn,
  load: {
    nl: async () => (await import('../../../overlays/stream/lib/locales/nl.js')).nl,
    da: async () => (await import('../../../overlays/stream/lib/locales/da.js')).da,
    hr: async () => (await import('../../../overlays/stream/lib/locales/hr.js')).hr,
    de: async () => (await import('../../../overlays/stream/lib/locales/de.js')).de,
  },
};
