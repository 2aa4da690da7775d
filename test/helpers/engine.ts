import assert from 'node:assert/strict';
import { EngineError } from '../../server/engine/errors.js';

/** Runs `fn`, which must be refused by a rule, and returns the refusal's code. */
export function errorCode(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof EngineError, `expected an EngineError, got ${String((err as Error)?.stack ?? err)}`);
    return err.code;
  }
  assert.fail('expected the call to be refused');
}
