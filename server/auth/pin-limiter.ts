/**
 * Brute-force protection for the 6-digit pairing PIN.
 * Per client address: after 5 wrong PINs it is locked out, 30 s doubling up to 15 min.
 * For everybody: more than 30 wrong PINs within 10 minutes locks pairing for 10 minutes, so a
 * crowd of phones on the venue Wi-Fi cannot share the million guesses between them.
 * The server's own machine (loopback) is never held by the global lock, only by its own count:
 * a player who trips the global lock on purpose cannot keep the TD from pairing at the console.
 * At these rates the chance of guessing a PIN before it changes at restart is below 1 in 30,000.
 * Every loopback address (all of 127.0.0.0/8 and ::1) is one client: otherwise a process on the
 * server's machine gets five guesses from each of 16 million addresses.
 */
import { isLoopback } from '../net/address.js';

export interface LimiterOptions {
  perClientFailures: number;
  baseLockMs: number;
  maxLockMs: number;
  globalFailures: number;
  globalWindowMs: number;
  globalLockMs: number;
}

export const DEFAULT_LIMITS: LimiterOptions = {
  perClientFailures: 5,
  baseLockMs: 30_000,
  maxLockMs: 15 * 60_000,
  globalFailures: 30,
  globalWindowMs: 10 * 60_000,
  globalLockMs: 10 * 60_000,
};

interface ClientRecord {
  failures: number;
  lockedUntil: number;
  lockMs: number;
}

/** The key a client's failures count under: its address, with every loopback address as one. */
function clientKey(address: string): string {
  return isLoopback(address) ? 'loopback' : address;
}

export class PinLimiter {
  private readonly clients = new Map<string, ClientRecord>();
  private globalFailures: number[] = [];
  private globalLockedUntil = 0;

  constructor(
    private readonly now: () => number,
    private readonly options: LimiterOptions = DEFAULT_LIMITS,
  ) {}

  /** Milliseconds until this client may try again; 0 if it may try now. */
  retryAfter(client: string): number {
    const t = this.now();
    const own = this.clients.get(clientKey(client))?.lockedUntil ?? 0;
    return Math.max(0, own - t, isLoopback(client) ? 0 : this.globalLockedUntil - t);
  }

  /** Milliseconds the global lock still holds pairing from the LAN; 0 if it is open. */
  get globalRetryAfter(): number {
    return Math.max(0, this.globalLockedUntil - this.now());
  }

  /** Counts a wrong PIN; true when this failure switched the global lock on. */
  failure(client: string): boolean {
    const t = this.now();
    const key = clientKey(client);
    const rec = this.clients.get(key) ?? { failures: 0, lockedUntil: 0, lockMs: 0 };
    rec.failures += 1;
    if (rec.failures >= this.options.perClientFailures) {
      rec.lockMs = rec.lockMs ? Math.min(rec.lockMs * 2, this.options.maxLockMs) : this.options.baseLockMs;
      rec.lockedUntil = t + rec.lockMs;
      rec.failures = 0;
    }
    this.clients.set(key, rec);
    this.globalFailures = this.globalFailures.filter((at) => at > t - this.options.globalWindowMs);
    this.globalFailures.push(t);
    let locked = false;
    if (this.globalFailures.length > this.options.globalFailures) {
      this.globalLockedUntil = t + this.options.globalLockMs;
      this.globalFailures = [];
      locked = true;
    }
    // Keep memory bounded under a flood of addresses.
    if (this.clients.size > 10_000) {
      for (const [key, r] of this.clients) if (r.lockedUntil < t) this.clients.delete(key);
    }
    return locked;
  }

  success(client: string): void {
    this.clients.delete(clientKey(client));
  }
}
