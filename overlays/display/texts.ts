/** The namespaces of texts the venue display shows (web/lib/locales/keys.ts). */
import { core } from '../../web/lib/locales/core.js';
import { cues } from '../../web/lib/locales/cues.js';
import { entries } from '../../web/lib/locales/entries.js';
import { errors } from '../../web/lib/locales/errors.js';
import { flights } from '../../web/lib/locales/flights.js';
import { seating } from '../../web/lib/locales/seating.js';
import { leagues } from '../../web/lib/locales/leagues.js';

export const DISPLAY_TEXTS = [core, cues, entries, errors, flights, seating, leagues];
