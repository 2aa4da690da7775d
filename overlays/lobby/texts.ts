/** The namespaces of texts the lobby shows (web/lib/locales/keys.ts): a deal's mark is the results' (entries), the league panel's its own. */
import { core } from '../../web/lib/locales/core.js';
import { entries } from '../../web/lib/locales/entries.js';
import { leagues } from '../../web/lib/locales/leagues.js';

export const LOBBY_TEXTS = [core, entries, leagues];
