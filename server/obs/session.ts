/**
 * One obs-websocket session whose requests always settle. obs-websocket-js's `call()` waits for
 * its answer on a listener that the library removes when the socket closes, so a request sent
 * to an OBS that hangs, or whose socket closes before it answers, never settles, and anything
 * chained after it never runs (issue 21: Riffle showed "connected" and answered `ok` while
 * nothing reached OBS). Here every request has a deadline, and ending the session (the socket
 * closed, or Riffle gave it up) fails every request still waiting.
 */
import { OBSWebSocketError, type OBSRequestTypes, type OBSResponseTypes, type OBSWebSocket } from 'obs-websocket-js/json';
import type { ERROR_CODES } from '../protocol/errors.js';

/** The error codes of an OBS action (server/protocol/errors.ts; docs/API.md says when each is sent). */
export type ObsErrorCode = Extract<(typeof ERROR_CODES)[number], `obs-${string}`>;

/** An OBS action that did not happen: a typed code and the text the producer's phone shows. */
export class ObsRequestError extends Error {
  constructor(
    readonly code: ObsErrorCode,
    message: string,
    /** The names OBS does have, for a name it does not (`obs-unknown-scene`, `obs-unknown-source`). */
    readonly names?: readonly string[],
  ) {
    super(message);
  }
}

export class ObsSession {
  /** Fails one waiting request; each removes itself once settled. */
  private readonly waiting = new Set<(err: ObsRequestError) => void>();
  private ended: ObsRequestError | null = null;

  /**
   * @param onTimeout called after a request went unanswered for `timeoutMs`: an obs-websocket
   *   session that left one request unanswered is not trusted with the next (the link ends it).
   */
  constructor(
    readonly obs: OBSWebSocket,
    private readonly timeoutMs: number,
    private readonly onTimeout: (requestType: string) => void,
  ) {}

  get isEnded(): boolean {
    return this.ended !== null;
  }

  /** Sends one request; settles with OBS's answer, `obs-refused`, `obs-timeout` or the reason the session ended. */
  call<Type extends keyof OBSRequestTypes>(requestType: Type, requestData?: OBSRequestTypes[Type]): Promise<OBSResponseTypes[Type]> {
    if (this.ended) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => {
      const settle = (done: () => void) => {
        clearTimeout(timer);
        this.waiting.delete(fail);
        done();
      };
      const fail = (err: ObsRequestError) => settle(() => reject(err));
      const timer = setTimeout(() => {
        fail(new ObsRequestError('obs-timeout', `OBS did not answer ${requestType} within ${this.timeoutMs / 1000} s; Riffle is reconnecting to it.`));
        this.onTimeout(requestType);
      }, this.timeoutMs);
      this.waiting.add(fail);
      this.obs.call(requestType, requestData).then(
        (answer) => settle(() => resolve(answer)),
        (err: unknown) => fail(refusal(requestType, err)),
      );
    });
  }

  /** No more requests: those still waiting fail with `reason`, and so does every later call. */
  end(reason: ObsRequestError): void {
    if (this.ended) return;
    this.ended = reason;
    for (const fail of [...this.waiting]) fail(reason);
  }
}

/** OBS answered with a failed status (its code and comment), or the library refused to send. */
function refusal(requestType: string, err: unknown): ObsRequestError {
  if (err instanceof OBSWebSocketError && err.code >= 100 && err.code < 1000) {
    // A RequestStatus (obs-websocket 5: 100 success, 2xx-7xx failures) with OBS's own comment.
    return new ObsRequestError('obs-refused', `OBS refused ${requestType}: ${err.message || `code ${err.code}`}`);
  }
  return new ObsRequestError('obs-unavailable', `OBS did not confirm ${requestType}: the connection to OBS is down; Riffle is reconnecting to it.`);
}
