import type { Namespace } from '../i18n.js';
import { commandsEn } from '../../../overlays/lib/locales/commands/en.js';

/** A short name for every command type (the phone's undo and queue). */
export const commands: Namespace = {
  mount: 'commands',
  en: commandsEn,
  load: {
    nl: async () => (await import('../../../overlays/lib/locales/commands/nl.js')).commandsNl,
    da: async () => (await import('../../../overlays/lib/locales/commands/da.js')).commandsDa,
    hr: async () => (await import('../../../overlays/lib/locales/commands/hr.js')).commandsHr,
    de: async () => (await import('../../../overlays/lib/locales/commands/de.js')).commandsDe,
  },
};
