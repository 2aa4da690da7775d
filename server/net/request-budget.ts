/**
 * What an anonymous HTTP client may make the server do per second (issue 21: the structure
 * import was a CPU sink for anyone on the venue Wi-Fi; a full state GET of a big tournament is
 * megabytes of JSON). Every request of an anonymous client is charged to its address: a base
 * cost, the body it sent and the body it was answered with (where the route states its length).
 * A client in debt is answered `429 rate-limited` with `Retry-After` before any work is done, so
 * four posters of the worst import cost the server a few requests a second, not a core.
 *
 * Signed-in staff (a paired phone, the admin token) are charged too, each by a budget of its own
 * (kept per actor: a session, the admin token), more generous than an address's but never
 * unlimited: a floor phone in a loop must not stall the TD. Loopback is charged like any
 * address: no screen of the venue's own machine posts to these routes, and the server's own
 * pages use WebSockets (which have budgets of their own, server/ws/).
 *
 * Besides bytes, a request's own work (the milliseconds a player search spent, `addWork` in
 * server/routes/context.ts) is charged to a second bucket of milliseconds per second, so a loop
 * of costly searches is held to a share of the event loop whatever its bytes.
 */
import { ClientBuckets } from './client-buckets.js';

export interface RequestBudgetOptions {
  /** Bytes an anonymous address may cost per second (sustained). */
  bytesPerSecond: number;
  /** Bytes a new or quiet address may cost at once. */
  burstBytes: number;
  /** Bytes per second and at once of one signed-in actor (STAFF_BUDGET when absent). */
  staff?: { bytesPerSecond: number; burstBytes: number };
  /** Milliseconds of work per second and at once: of an anonymous address, and of one actor (WORK_BUDGET when absent). */
  work?: WorkBudgetOptions;
}

export interface WorkBudgetOptions {
  msPerSecond: number;
  burstMs: number;
  staffMsPerSecond: number;
  staffBurstMs: number;
}

export const REQUEST_BUDGET: RequestBudgetOptions = {
  // 1 MiB/s: sixteen of the largest (64 KiB) bodies a second, or a 2,000-entry tournament's
  // whole state (~0.5 MB) twice; a screen's state on load and a lobby's list once a minute are
  // far below it.
  bytesPerSecond: 1024 * 1024,
  burstBytes: 4 * 1024 * 1024,
};

/** A signed-in actor: eight times an address (the TD's exports and imports, a phone's state reads). */
export const STAFF_BUDGET = { bytesPerSecond: 8 * 1024 * 1024, burstBytes: 32 * 1024 * 1024 };

/**
 * Work: a search of the bench's venue takes well under a millisecond, one cut by its budget
 * about 10 ms (server/players/search.ts). A phone typing spends a few milliseconds a second; a
 * loop is held to a tenth of the event loop per actor.
 */
export const WORK_BUDGET: WorkBudgetOptions = { msPerSecond: 50, burstMs: 250, staffMsPerSecond: 100, staffBurstMs: 1000 };

/** Charged for every request whatever its size: parsing, routing and the answer's headers. */
export const REQUEST_BASE_COST = 1024;

/** Who is charged: an anonymous client's address, or a signed-in actor (`session:<id>`, `admin`). */
export type Payer = { address: string } | { actor: string };

export class RequestBudget {
  private readonly buckets: ClientBuckets;
  private readonly staff: ClientBuckets;
  private readonly work: ClientBuckets;
  private readonly staffWork: ClientBuckets;

  constructor(readonly options: RequestBudgetOptions = REQUEST_BUDGET, now?: () => number) {
    this.buckets = new ClientBuckets(options.bytesPerSecond, options.burstBytes, now);
    const staff = options.staff ?? STAFF_BUDGET;
    this.staff = new ClientBuckets(staff.bytesPerSecond, staff.burstBytes, now);
    const work = options.work ?? WORK_BUDGET;
    this.work = new ClientBuckets(work.msPerSecond, work.burstMs, now);
    this.staffWork = new ClientBuckets(work.staffMsPerSecond, work.staffBurstMs, now);
  }

  /** Milliseconds until the payer may be served again (0: now): its bytes and its work paid back. */
  waitMs(payer: string | Payer): number {
    const [bytes, work, key] = this.of(payer);
    return Math.max(bytes.waitMs(key), work.waitMs(key));
  }

  /** Charges a request's bytes and work (ms) to the payer; it may go into debt (the next request waits). */
  charge(payer: string | Payer, bytes: number, workMs = 0): void {
    const [byBytes, byWork, key] = this.of(payer);
    byBytes.charge(key, REQUEST_BASE_COST + Math.max(0, bytes));
    if (workMs > 0) byWork.charge(key, workMs);
  }

  private of(payer: string | Payer): [ClientBuckets, ClientBuckets, string] {
    if (typeof payer === 'string') return [this.buckets, this.work, `address:${payer}`];
    return 'address' in payer ? [this.buckets, this.work, `address:${payer.address}`] : [this.staff, this.staffWork, `actor:${payer.actor}`];
  }
}
