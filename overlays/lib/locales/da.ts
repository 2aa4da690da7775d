import { cuesDa } from './cues/da.js';
import type { PartialTranslation } from './en.js';
import { flightsDa } from './flights/da.js';

/**
 * Dansk: the screen texts a venue display shows; the control panel falls back to English
 * until a Danish-speaking TD reviews it.
 */
export const da: PartialTranslation = {
  /** Alternates, unsold seats, table size, end of day (locales/flights/). */
  flights: flightsDa,
  /** Player clock and dealer cues (locales/cues/). */
  cues: cuesDa,
  common: {
    level: 'Level {{n}}',
    break: 'Pause',
    breakMinutes: 'Pause {{minutes}} min',
    blinds: 'Blinds',
    ante: 'Ante {{amount}}',
    bba: 'BBA {{amount}}',
    noAnte: 'Ingen ante',
    none: '—',
    minutes: '{{minutes}} min',
    colorUpShort: 'Color-up {{chip}}',
    status: {
      idle: 'Ikke startet',
      running: 'Kører',
      paused: 'Sat på pause',
      ended: 'Strukturen er slut',
    },
    connection: {
      connecting: 'Forbinder…',
      online: 'Online',
      offline: 'Offline',
    },
  },
  display: {
    nextLevel: 'Næste level',
    nextBreak: 'Næste pause',
    noMoreBreaks: 'Ingen pauser',
    lastLevel: 'Sidste level',
    players: 'Spillere',
    entries: 'Entries',
    averageStack: 'Gns. stack',
    prizePool: 'Præmiepulje',
    afterBreak: 'Efter pausen: {{level}}',
    enableSound: 'Klik for at slå lyd til',
    unknownTitle: 'Ukendt turnering',
  },
};
