/**
 * Token buckets per client (server/ws/connection.ts `clientKey`), kept across the client's
 * connections: a socket that closes and reconnects after each burst finds the bucket where it
 * left it (issue 21: one client reconnecting after every 60-message burst got 690 messages/s out
 * of a 20/s limit that lived on the connection).
 *
 * A bucket may go into debt (`charge`): a snapshot's bytes are known only once it is made, and
 * the client then waits until the debt is paid back at the bucket's rate.
 */

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets are forgotten once full again (a bucket at its burst is the same as none). */
const PRUNE_EVERY = 1024;

export class ClientBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private created = 0;

  /**
   * @param rate tokens per second
   * @param burst tokens a new (or long idle) client starts with
   */
  constructor(
    readonly rate: number,
    readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The client's tokens now (negative: in debt). */
  tokens(key: string): number {
    return this.refill(key, this.now()).tokens;
  }

  /** Takes `n` tokens if the client has them; false (nothing taken) if not. */
  take(key: string, n = 1): boolean {
    const bucket = this.refill(key, this.now());
    if (bucket.tokens < n) return false;
    bucket.tokens -= n;
    return true;
  }

  /** Takes `n` tokens whatever the client has (it may go into debt). */
  charge(key: string, n: number): void {
    this.refill(key, this.now()).tokens -= n;
  }

  /** Milliseconds until the client has at least `n` tokens (0: now). */
  waitMs(key: string, n = 0): number {
    const bucket = this.refill(key, this.now());
    return bucket.tokens >= n ? 0 : ((n - bucket.tokens) / this.rate) * 1000;
  }

  get size(): number {
    return this.buckets.size;
  }

  private refill(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (++this.created % PRUNE_EVERY === 0) this.prune(now);
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(key, bucket);
      return bucket;
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.rate);
    bucket.at = now;
    return bucket;
  }

  /** Forgets the buckets that are full again: memory follows the clients in debt, not all ever seen. */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.rate >= this.burst) this.buckets.delete(key);
    }
  }
}
