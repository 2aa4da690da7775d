/**
 * The server's clock, estimated from ping/pong. Every countdown counts to a server time
 * (`endsAt`), so two screens agree when both know the server time well; the device clocks
 * of cheap TVs are often seconds off and are never used directly.
 *
 * A ping records performance.now() when sent; the pong carries the server time. The server
 * read its clock somewhere inside the round trip, best guess the middle, so the error is at
 * most half the round trip: the sample with the smallest round trip wins (NTP's idea). Only the
 * last few samples compete, so the estimate follows a device clock that drifts over hours.
 * performance.now() is monotonic: it does not jump when the device's wall clock is reset.
 */
export interface TimeSample {
  /** Server time read by the server (ms). */
  serverTime: number;
  /** performance.now() at which the server is assumed to have read it. */
  local: number;
  /** Round trip in local ms; Infinity for a one-way sample (hello, snapshot). */
  rtt: number;
}

/** How many recent pong samples compete for "best". At one ping per 20 s: about 3 minutes. */
const WINDOW = 8;

export class ServerTime {
  /** Speed of server time relative to real time (from `hello`; 1 except in demos). */
  rate = 1;
  private samples: TimeSample[] = [];
  private best: TimeSample | null = null;
  private readonly localNow: () => number;

  constructor(localNow: () => number = () => performance.now()) {
    this.localNow = localNow;
  }

  /** A new connection: the server may have restarted with another rate or epoch. */
  reset(rate: number, serverTime: number, receivedAt = this.localNow()): void {
    this.rate = rate > 0 && Number.isFinite(rate) ? rate : 1;
    this.samples = [];
    this.best = { serverTime, local: receivedAt, rtt: Infinity };
  }

  /** A one-way reading (snapshot): used only while no round trip has been measured. */
  seed(serverTime: number, receivedAt = this.localNow()): void {
    if (!this.best || this.best.rtt === Infinity) this.best = { serverTime, local: receivedAt, rtt: Infinity };
  }

  /** A pong for a ping sent at local time `sentAt`. */
  addPong(sentAt: number, serverTime: number, receivedAt = this.localNow()): void {
    const rtt = receivedAt - sentAt;
    if (!(rtt >= 0)) return;
    this.samples.push({ serverTime, local: sentAt + rtt / 2, rtt });
    if (this.samples.length > WINDOW) this.samples.shift();
    this.best = this.samples.reduce((a, b) => (b.rtt < a.rtt ? b : a));
  }

  /** True once at least one round trip was measured. */
  get synced(): boolean {
    return this.best !== null && this.best.rtt !== Infinity;
  }

  /** Round trip of the sample in use, in ms (null before the first pong). */
  get rtt(): number | null {
    return this.synced ? this.best!.rtt : null;
  }

  /** The server's time now: serverAtSample + (local elapsed) × rate. */
  now(): number {
    const best = this.best;
    if (!best) return Date.now();
    return best.serverTime + (this.localNow() - best.local) * this.rate;
  }

  /** Local milliseconds that `serverMs` of server time take. */
  toLocal(serverMs: number): number {
    return serverMs / this.rate;
  }
}
