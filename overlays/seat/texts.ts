/** The namespaces of texts the seat lookup shows (web/lib/locales/keys.ts). */
import { core } from '../../web/lib/locales/core.js';
import { errors } from '../../web/lib/locales/errors.js';
import { seating } from '../../web/lib/locales/seating.js';

export const SEAT_TEXTS = [core, errors, seating];
