/**
 * English: the reference language. Every key exists here; other languages fall back to it.
 * Plural keys end in _one/_other (web/lib/i18n.ts picks the form by the language's
 * Intl.PluralRules: Croatian adds _few). This file is the `core` namespace (common, display,
 * control); the others sit in a folder each and are listed once in web/lib/locales.ts.
 */
export const en = {
  common: {
    level: 'Level {{n}}',
    break: 'Break',
    breakMinutes: 'Break {{minutes}} min',
    blinds: 'Blinds',
    ante: 'Ante {{amount}}',
    bba: 'BBA {{amount}}',
    noAnte: 'No ante',
    colorUp: 'Colour-up: the {{chip}} chips leave play',
    none: '—',
    minutes: '{{minutes}} min',
    colorUpShort: 'Colour-up {{chip}}',
    status: {
      idle: 'Not started',
      running: 'Running',
      paused: 'Paused',
      ended: 'Structure finished',
      finished: 'Finished',
    },
    connection: {
      connecting: 'Connecting…',
      online: 'Online',
      offline: 'Offline',
    },
    /** Finishing places by the language's ordinal rule (Intl.PluralRules, type ordinal). */
    ordinal: {
      one: '{{n}}st',
      two: '{{n}}nd',
      few: '{{n}}rd',
      other: '{{n}}th',
    },
    placeRange: '{{from}}-{{to}}',
  },
  display: {
    nextLevel: 'Next level',
    nextBreak: 'Next break',
    noMoreBreaks: 'No more breaks',
    lastLevel: 'Last level',
    players: 'Players left',
    entries: 'Entries',
    averageStack: 'Average stack',
    prizePool: 'Prize pool',
    afterBreak: 'After the break: {{level}}',
    enableSound: 'Click to enable sound',
    unknownTitle: 'Unknown tournament',
    unknownBody: 'There is no tournament “{{id}}” on this server. Check the address of this screen.',
    noTournament: 'This address names no tournament. Open /display/ followed by the tournament id.',
    page: '{{page}} / {{pages}}',
    /** The results screen once the tournament is over (issue 23). */
    results: {
      seatWinners: 'Seat winners',
      seat: 'Seat',
      seatPlus: 'Seat + {{cash}}',
      seats: '{{count}} seats',
      title: 'Results',
      over: 'Tournament over',
      winner: 'Winner',
      duration: '{{hours}} h {{minutes}} min played',
      entries: '{{entries}} entries',
    },
    /** The lobby screen (/lobby): every tournament of the server on one TV. */
    lobby: {
      title: 'Tournaments',
      empty: 'There are no tournaments on this server yet.',
      left: '{{left}} of {{entries}} left',
    },
  },
  control: {
    reopenHint: 'Undo the last bust (Players) to reopen the tournament.',
    title: 'Riffle control',
    pairTitle: 'Pair this phone',
    pairHint: 'Enter the 6-digit PIN the server showed when it started.',
    pinLabel: 'PIN',
    pairing: 'Pairing…',
    deleteDigit: 'Delete digit',
    submit: 'OK',
    role: {
      td: 'TD',
      floor: 'Floor',
      stream: 'Stream',
      viewer: 'Viewer',
    },
    signedInAs: 'Signed in as {{role}}',
    logout: 'Sign out',
    tournament: 'Tournament',
    networkError: 'Could not reach the server. Check the Wi-Fi.',
    noTournaments: 'There are no tournaments on this server yet.',
    loading: 'Loading…',
    start: 'Start clock',
    pause: 'Pause',
    resume: 'Resume',
    addMinute: '+1 min',
    removeMinute: '−1 min',
    addMinuteLabel: 'Add one minute',
    removeMinuteLabel: 'Remove one minute',
    previous: 'Previous',
    next: 'Next',
    levels: 'Levels',
    close: 'Close',
    now: 'Now',
    jumpTitle: 'Jump to {{item}}?',
    jumpHint: 'It starts with its full time.',
    jump: 'Jump',
    cancel: 'Cancel',
    nextItem: 'Next: {{item}}',
    breakIn: 'Break in {{time}}',
    pending_one: '{{count}} action waiting for the connection',
    pending_other: '{{count}} actions waiting for the connection',
    discard: 'Discard',
    discarded_one: '{{count}} action discarded',
    discarded_other: '{{count}} actions discarded',
    queued: 'Offline: the action will be sent when the connection is back.',
    expired: 'Not sent (older than {{minutes}} min): {{list}}',
    expiredUnconfirmed: 'No answer (older than {{minutes}} min), check whether it was done: {{list}}',
    restoredDone: 'Done (kept while offline): {{label}}',
    restoredFailed: '{{label}}: {{message}}',
    lostCommands_one: '{{name}}: at least {{count}} saved action after action {{seq}} is missing (the database\'s WAL file was lost after a crash). Check the tournament against the floor and enter it again.',
    lostCommands_other: '{{name}}: at least {{count}} saved actions after action {{seq}} are missing (the database\'s WAL file was lost after a crash). Check the tournament against the floor and enter them again.',
    lostTournament: '{{name}} is missing from the database (its WAL file was lost after a crash): create it again.',
    floorHint: 'Floor staff follow the clock; only the TD can change it.',
    undo: 'Undo: {{label}}',
    results: 'Results (CSV)',
    confirm: 'Confirm',
    done: {
      ok: 'Done',
      start: 'Clock started',
      pause: 'Clock paused',
      resume: 'Clock resumed',
      addMinute: 'One minute added',
      removeMinute: 'One minute removed',
      previous: 'Back to {{item}}',
      next: 'On to {{item}}',
      jump: 'Now at {{item}}',
      undo: 'Undone: {{label}}',
      command: 'Done: {{label}}',
      registered: '{{name}} registered',
      registeredSeat: '{{name}} registered, table {{table}} seat {{seat}}',
    },
  },
};

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
/**
 * A language with a "few" plural form (Croatian: 2-4): every `x_other` key may have an `x_few`
 * beside it (test/browser/locales.test.ts requires it: the localizer would fall back to English).
 */
export type WithFew<T> = { [K in keyof T]: T[K] extends string ? string : WithFew<T[K]> } & {
  [K in keyof T as K extends `${infer B}_other` ? `${B}_few` : never]?: string;
};
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/** A complete translation: every key of the English one. */
export type Translation = Strings<typeof en>;
/** A translation in progress: missing keys fall back to English. */
export type PartialTranslation = DeepPartial<typeof en>;
