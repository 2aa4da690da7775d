import { cuesDe } from './cues/de.js';
import type { Translation } from './en.js';
import { seatingEn } from './seating/en.js';
import { entriesEn } from './entries/en.js';
import { commandsEn } from './commands/en.js';
import { streamEn } from './stream/en.js';
import { flightsDe } from './flights/de.js';

/** Deutsch: complete; wording to be checked by a German-speaking TD before a release. */
export const de: Translation = {
  /** Alternates, unsold seats, table size, end of day (locales/flights/). */
  flights: flightsDe,
  /** Player clock and dealer cues (locales/cues/). */
  cues: cuesDe,
  // The phone's Stream tab: English until a German-speaking producer translates locales/stream/.
  stream: streamEn,
  // Seating: English until a German-speaking TD translates locales/seating/.
  seating: seatingEn,
  // Entries: English until a German-speaking TD translates locales/entries/.
  entries: entriesEn,
  // Command names: English until a German-speaking TD translates locales/commands/.
  commands: commandsEn,
  common: {
    level: 'Level {{n}}',
    break: 'Pause',
    breakMinutes: 'Pause {{minutes}} Min.',
    blinds: 'Blinds',
    ante: 'Ante {{amount}}',
    bba: 'BBA {{amount}}',
    noAnte: 'Kein Ante',
    colorUp: 'Color-up: die {{chip}}er-Chips werden aus dem Spiel genommen',
    none: '—',
    minutes: '{{minutes}} Min.',
    colorUpShort: 'Color-up {{chip}}',
    status: {
      idle: 'Noch nicht gestartet',
      running: 'Läuft',
      paused: 'Angehalten',
      ended: 'Struktur beendet',
    },
    connection: {
      connecting: 'Verbinde…',
      online: 'Online',
      offline: 'Offline',
    },
  },
  display: {
    nextLevel: 'Nächstes Level',
    nextBreak: 'Nächste Pause',
    noMoreBreaks: 'Keine Pause',
    lastLevel: 'Letztes Level',
    players: 'Spieler',
    entries: 'Entries',
    averageStack: 'Ø-Stack',
    prizePool: 'Preispool',
    afterBreak: 'Nach der Pause: {{level}}',
    enableSound: 'Klicken, um den Ton einzuschalten',
    unknownTitle: 'Unbekanntes Turnier',
    unknownBody: 'Auf diesem Server gibt es kein Turnier „{{id}}“. Bitte die Adresse dieses Bildschirms prüfen.',
    noTournament: 'Diese Adresse nennt kein Turnier. Öffnen Sie /display/ gefolgt von der Turnier-ID.',
  },
  control: {
    title: 'Riffle Steuerung',
    pairTitle: 'Dieses Telefon koppeln',
    pairHint: 'Geben Sie die 6-stellige PIN ein, die der Server beim Start angezeigt hat.',
    pinLabel: 'PIN',
    pairing: 'Koppeln…',
    deleteDigit: 'Ziffer löschen',
    submit: 'OK',
    role: {
      td: 'TD',
      floor: 'Floor',
      stream: 'Stream',
      viewer: 'Zuschauer',
    },
    signedInAs: 'Angemeldet als {{role}}',
    logout: 'Abmelden',
    tournament: 'Turnier',
    networkError: 'Der Server ist nicht erreichbar. Bitte das WLAN prüfen.',
    noTournaments: 'Auf diesem Server gibt es noch keine Turniere.',
    loading: 'Laden…',
    start: 'Uhr starten',
    pause: 'Anhalten',
    resume: 'Fortsetzen',
    addMinute: '+1 Min.',
    removeMinute: '−1 Min.',
    addMinuteLabel: 'Eine Minute hinzufügen',
    removeMinuteLabel: 'Eine Minute abziehen',
    previous: 'Zurück',
    next: 'Weiter',
    levels: 'Levels',
    close: 'Schließen',
    now: 'Jetzt',
    jumpTitle: 'Zu {{item}} springen?',
    jumpHint: 'Es beginnt mit der vollen Zeit.',
    jump: 'Springen',
    cancel: 'Abbrechen',
    nextItem: 'Danach: {{item}}',
    breakIn: 'Pause in {{time}}',
    pending_one: '{{count}} Aktion wartet auf die Verbindung',
    pending_other: '{{count}} Aktionen warten auf die Verbindung',
    discard: 'Verwerfen',
    discarded_one: '{{count}} Aktion verworfen',
    discarded_other: '{{count}} Aktionen verworfen',
    queued: 'Offline: Die Aktion wird gesendet, sobald die Verbindung wieder steht.',
    expired: 'Nicht gesendet (älter als {{minutes}} Min.): {{list}}',
    expiredUnconfirmed: 'Keine Antwort (älter als {{minutes}} Min.), bitte prüfen, ob es ausgeführt wurde: {{list}}',
    restoredDone: 'Erledigt (offline gespeichert): {{label}}',
    restoredFailed: '{{label}}: {{message}}',
    floorHint: 'Floor-Mitarbeiter sehen die Uhr; nur der TD kann sie bedienen.',
    done: {
      ok: 'Erledigt',
      start: 'Uhr gestartet',
      pause: 'Uhr angehalten',
      resume: 'Uhr läuft weiter',
      addMinute: 'Eine Minute hinzugefügt',
      removeMinute: 'Eine Minute abgezogen',
      previous: 'Zurück zu {{item}}',
      next: 'Weiter zu {{item}}',
      jump: 'Jetzt bei {{item}}',
    },
  },
};
