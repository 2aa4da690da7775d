/** Every namespace (./keys.ts): for the tests and tools that check or show every text. */
import { commands } from './commands.js';
import { core } from './core.js';
import { cues } from './cues.js';
import { entries } from './entries.js';
import { errors } from './errors.js';
import { flights } from './flights.js';
import { overlay } from './overlay.js';
import { players } from './players.js';
import { leagues } from './leagues.js';
import { leagueSetup } from './league-setup.js';
import { bounties } from './bounties.js';
import { seating } from './seating.js';
import { setup } from './setup.js';
import { stream } from './stream.js';

export const ALL_TEXTS = [core, commands, cues, entries, errors, flights, seating, setup, stream, overlay, players, leagues, leagueSetup, bounties];
