/** The namespaces of texts the phone shows: all of the app's (web/lib/locales/keys.ts). */
import { commands } from '../web/lib/locales/commands.js';
import { core } from '../web/lib/locales/core.js';
import { cues } from '../web/lib/locales/cues.js';
import { entries } from '../web/lib/locales/entries.js';
import { errors } from '../web/lib/locales/errors.js';
import { flights } from '../web/lib/locales/flights.js';
import { seating } from '../web/lib/locales/seating.js';
import { setup } from '../web/lib/locales/setup.js';
import { stream } from '../web/lib/locales/stream.js';
import { players } from '../web/lib/locales/players.js';
import { leagueSetup } from '../web/lib/locales/league-setup.js';
import { bounties } from '../web/lib/locales/bounties.js';

export const CONTROL_TEXTS = [core, commands, cues, entries, errors, flights, seating, setup, stream, players, leagueSetup, bounties];
