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
  // stream and player clock
  'empty-seat',
  'no-player-clock',
  'obs-not-connected',
  // OBS actions that did not happen (issue 21; server/obs/session.ts)
  'obs-timeout',
  'obs-unavailable',
  'obs-refused',
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
  // protocol
  'protocol-version',
  // server
  'internal-error',
  'storage-unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

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

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Each problem at the item it concerns (`invalid-structure`, `level-already-played`). */
  issues?: ErrorIssue[];
}
