import { cuesHr } from './cues/hr.js';
import type { PartialTranslation } from './en.js';
import { flightsHr } from './flights/hr.js';

/**
 * Hrvatski: the screen texts a venue display shows; the control panel falls back to English
 * until a Croatian-speaking TD reviews it. Croatian plurals have a "few" form (_few keys).
 */
export const hr: PartialTranslation = {
  /** Alternates, unsold seats, table size, end of day (locales/flights/). */
  flights: flightsHr,
  /** Player clock and dealer cues (locales/cues/). */
  cues: cuesHr,
  common: {
    level: 'Level {{n}}',
    break: 'Pauza',
    breakMinutes: 'Pauza {{minutes}} min',
    blinds: 'Blindovi',
    ante: 'Ante {{amount}}',
    bba: 'BBA {{amount}}',
    noAnte: 'Bez antea',
    none: '—',
    minutes: '{{minutes}} min',
    colorUpShort: 'Color-up {{chip}}',
    status: {
      idle: 'Nije započeto',
      running: 'Teče',
      paused: 'Pauzirano',
      ended: 'Struktura je završena',
    },
    connection: {
      connecting: 'Povezivanje…',
      online: 'Na mreži',
      offline: 'Izvan mreže',
    },
  },
  display: {
    nextLevel: 'Sljedeći level',
    nextBreak: 'Sljedeća pauza',
    noMoreBreaks: 'Nema pauza',
    lastLevel: 'Zadnji level',
    players: 'Igrači',
    entries: 'Prijave',
    averageStack: 'Prosj. stack',
    prizePool: 'Nagrade',
    afterBreak: 'Nakon pauze: {{level}}',
    enableSound: 'Kliknite za uključivanje zvuka',
    unknownTitle: 'Nepoznati turnir',
  },
};
