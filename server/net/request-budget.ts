/**
 * What an anonymous HTTP client may make the server do per second (issue 21: the structure
 * import was a CPU sink for anyone on the venue Wi-Fi; a full state GET of a big tournament is
 * megabytes of JSON). Every request of an anonymous client is charged to its address: a base
 * cost, the body it sent and the body it was answered with (where the route states its length).
 * A client in debt is answered `429 rate-limited` with `Retry-After` before any work is done, so
 * four posters of the worst import cost the server a few requests a second, not a core.
 *
 * Signed-in staff (a paired phone, the admin token) are not charged: they are few, known, and
 * the structure editor checks every change the TD makes. Loopback is charged like any address:
 * no screen of the venue's own machine posts to these routes, and the server's own pages use
 * WebSockets (which have budgets of their own, server/ws/).
 */
import { ClientBuckets } from './client-buckets.js';

export interface RequestBudgetOptions {
  /** Bytes an anonymous address may cost per second (sustained). */
  bytesPerSecond: number;
  /** Bytes a new or quiet address may cost at once. */
  burstBytes: number;
}

export const REQUEST_BUDGET: RequestBudgetOptions = {
  // 1 MiB/s: sixteen of the largest (64 KiB) bodies a second, or a 2,000-entry tournament's
  // whole state (~0.5 MB) twice; a screen's state on load and a lobby's list once a minute are
  // far below it.
  bytesPerSecond: 1024 * 1024,
  burstBytes: 4 * 1024 * 1024,
};

/** Charged for every request whatever its size: parsing, routing and the answer's headers. */
export const REQUEST_BASE_COST = 1024;

export class RequestBudget {
  private readonly buckets: ClientBuckets;

  constructor(readonly options: RequestBudgetOptions = REQUEST_BUDGET, now?: () => number) {
    this.buckets = new ClientBuckets(options.bytesPerSecond, options.burstBytes, now);
  }

  /** Milliseconds until the address may be served again (0: now). */
  waitMs(address: string): number {
    return this.buckets.waitMs(`address:${address}`);
  }

  /** Charges a request's cost to the address; it may go into debt (the next request waits). */
  charge(address: string, bytes: number): void {
    this.buckets.charge(`address:${address}`, REQUEST_BASE_COST + Math.max(0, bytes));
  }
}
