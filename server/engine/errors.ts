import type { ErrorCode, ErrorIssue } from '../protocol/errors.js';

/**
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
