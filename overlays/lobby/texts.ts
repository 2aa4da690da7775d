/** The namespaces of texts the lobby shows (web/lib/locales/keys.ts). */
import { core } from '../../web/lib/locales/core.js';

export const LOBBY_TEXTS = [core];
