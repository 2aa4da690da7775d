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
  // clock and structure
  'clock-already-started',
  'clock-not-running',
  'clock-not-paused',
  'clock-ended',
  'adjust-out-of-range',
  'level-out-of-range',
  'invalid-structure',
  // server
  'internal-error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

export interface ErrorBody {
  code: ErrorCode;
  message: string;
}
