import type { ErrorCode, ErrorIssue } from '../errors.js';

/**
 * Rules the browser runs too live under server/protocol/rules/ (the only server code a browser
 * bundle may import): the control panel previews with the server's own code what the server
 * will record. They are pure and import nothing but the protocol.
 *
 * A rule said no. The engine throws it before touching any state; the shell turns it into
 * `{ok: false, error: {code, message}}` (HTTP 409 for rule refusals, 400 for bad arguments).
 */
export class EngineError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** `conflict`: valid input the current state refuses; `invalid`: the input itself is wrong. */
    readonly kind: 'conflict' | 'invalid' = 'conflict',
    /** Each problem at the item it concerns, for editors that show it beside the field. */
    readonly issues?: readonly ErrorIssue[],
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
