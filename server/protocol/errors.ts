/**
 * Error codes of the public API, shared by the server, the overlays and the control panel.
 * Every failure carries one of these and a human message (docs/API.md lists them all).
 * Later domains append their codes here; a code is never renamed once published.
 */
export const ERROR_CODES = [
  // request shape
  'bad-json',
  'body-too-large',
  'invalid-command',
  // a person's or a tournament's name no screen can show (server/engine/schemas/names.ts)
  'invalid-name',
  'unknown-command',
  'invalid-tournament',
  'unknown-tournament',
  'not-found',
  // a seat lookup's name: 2..40 characters (GET /api/tournaments/:id/seat)
  'invalid-query',
  // stream branding (server/routes/branding.ts): images are sniffed, size-checked, never SVG
  'invalid-branding',
  'invalid-color',
  'unknown-slot',
  'image-too-large',
  'image-svg-refused',
  'not-an-image',
  'unknown-image',
  'rate-limited',
  // auth
  'not-authenticated',
  'not-authorized',
  'bad-pin',
  'bad-origin',
  'bad-host',
  // clock and structure
  'clock-already-started',
  'clock-not-running',
  'clock-not-paused',
  'clock-ended',
  'adjust-out-of-range',
  'level-out-of-range',
  'invalid-structure',
  'level-already-played',
  'tournament-in-play',
  'tournament-finished',
  'invalid-structure-file',
  // money, places, colour-ups, late stacks, penalties
  'invalid-amount',
  'invalid-payout-template',
  'no-payout-template',
  'payouts-mismatch',
  'invalid-payouts',
  'invalid-busts',
  'hand-for-hand-required',
  'invalid-stacks',
  'icm-needs-rng',
  'invalid-chip-set',
  'invalid-chip-race',
  'late-entry-no-chips',
  'invalid-penalty',
  // entries, chips, bust-outs, payouts, deals, penalties
  'unknown-entry',
  'unknown-player',
  'unknown-penalty',
  'registration-closed',
  // ONK MEC r1B: afterClose before the close
  'registration-open',
  // IP r16-4: a deducted late stack while an unsold seat is free
  'unsold-seat-available',
  'reentry-window-closed',
  'reentry-limit-reached',
  'player-still-in-play',
  'player-reentered',
  'entry-not-in-play',
  'rebuy-closed',
  'rebuy-limit-reached',
  'addon-closed',
  'addon-limit-reached',
  'bust-not-latest',
  'prizes-awarded',
  'deal-needs-everyone',
  'deal-already-made',
  'deal-below-guarantee',
  'chips-not-counted',
  'satellite-seats-whole',
  'satellite-deal-places',
  'satellite-play-off',
  'no-deal',
  'hand-for-hand-active',
  'hand-for-hand-not-active',
  'invalid-settings',
  // seating
  'unknown-table',
  'seat-not-found',
  'seat-taken',
  'seat-out-of-use',
  'entry-not-seated',
  'entry-busted',
  'entry-seated',
  'entry-not-at-seat',
  'last-table',
  'table-exists',
  'table-number-taken',
  'table-occupied',
  'invalid-seat-count',
  'invalid-table',
  'invalid-break-order',
  'invalid-entry',
  'duplicate-entry',
  'room-full',
  'not-enough-players',
  'same-seat',
  'invalid-move',
  'invalid-draw',
  'invalid-players-left',
  'invalid-rules',
  'too-many-players',
  'stale-plan',
  'invalid-snapshot',
  'no-tables',
  'no-suggestion',
  'no-table-break',
  'nothing-to-undo',
  // TDA 2017 r35, PPN r35C: a misdeal with no dealt hand to re-deal
  'no-hand-in-play',
  // stream and player clock
  'empty-seat',
  'no-player-clock',
  'obs-not-connected',
  // OBS actions that did not happen (issue 21; server/obs/session.ts)
  'obs-timeout',
  'obs-unavailable',
  'obs-refused',
  // a scene or source OBS does not have: refused at once, with the names it has (issue 24)
  'obs-unknown-scene',
  'obs-unknown-source',
  'obs-unknown-transition',
  // the producer's library and cue (issue 24)
  'nothing-cued',
  'confirm-delay',
  'unknown-lower-third',
  'library-full',
  // alternates, unsold seats, 10 to 9, multi-day events (docs/API.md "Alternates, unsold seats, 10 to 9 and flights")
  'unknown-alternate',
  'alternate-exists',
  'resize-not-possible',
  'unsold-seats-not-used',
  'unknown-unsold-seat',
  'day-already-ending',
  'day-not-ending',
  'day-closed',
  'not-bagged',
  'day2-not-empty',
  'flight-not-closed',
  'duplicate-survivor',
  // house rules (issue 13): minimum players, absent players
  'too-few-players',
  'not-absent-long-enough',
  'no-absent-removal',
  // bounties and satellites (issue 25)
  'eliminator-required',
  'invalid-eliminator',
  'invalid-bounty-split',
  'invalid-bounty',
  'mystery-list-mismatch',
  'invalid-satellite',
  'bounty-overpaid',
  // the venue's players (issue 27; server/routes/players.ts)
  'invalid-player',
  'invalid-csv',
  'invalid-import',
  'merge-into-self',
  // leagues (issue 27, server/routes/leagues.ts)
  'unknown-league',
  'unknown-season',
  'invalid-league',
  'invalid-formula',
  'formula-divides-by-zero',
  // protocol
  'protocol-version',
  // server
  'internal-error',
  'storage-unavailable',
] as const;

/**
 * A code the server sends: one of ERROR_CODES and nothing else, so a code that is not
 * registered here (and so has no text in the phone's languages, test/browser/locales.test.ts)
 * fails to compile.
 */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Whether a value (a zod issue's `params.code`, say) is a registered ErrorCode. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return (ERROR_CODES as readonly unknown[]).includes(value);
}

/**
 * The codes a browser client gives a request the server did not answer; the server never sends
 * them. `network-error`: the HTTP request never reached the server; `http-<status>`: an HTTP
 * answer without an error body (a proxy's); `expired`: a command kept offline longer than
 * PENDING_MAX_AGE_MS, never sent; `discarded`: given up by the TD; `connection-closed`: the
 * page closed its connection first.
 */
export const CLIENT_ERROR_CODES = ['network-error', 'expired', 'discarded', 'connection-closed'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number] | `http-${number}`;

/** One problem of a list (a structure's items): where it is, and what is wrong there. */
export interface ErrorIssue {
  /** 0-based index of the item concerned (structure items: breaks included); null: the whole. */
  index: number | null;
  /** The field of that item, when one is to blame (`bigBlind`, `minutes`, `colorUp`, …). */
  field: string | null;
  /** What is wrong (e.g. `big-blind-falls`), for screens that say it in their own language. */
  code?: string;
  /** The values the text needs (`item`, `chip`, `line`, `column`). */
  values?: Record<string, number | string>;
  message: string;
  /** 1-based line of an imported file. */
  line?: number;
}

/** An error as the server sends it; a client's own answers also use ClientErrorCode (client/messages.ts). */
export interface ErrorBody<Code extends string = ErrorCode> {
  code: Code;
  message: string;
  /** Each problem at the item it concerns (`invalid-structure`, `level-already-played`). */
  issues?: ErrorIssue[];
  /** The names that do exist, when a name was not found (`obs-unknown-scene`: OBS's scenes). */
  names?: string[];
}
