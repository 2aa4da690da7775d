import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/**
 * Server time, injected everywhere. Normal use runs at real time. `rate` > 1 runs an
 * accelerated clock for demos and soak tests (RIFFLE_TIME_RATE); clients learn the rate in
 * `hello` and count down at the same speed.
 */
export interface TimeSource {
  now(): number;
  rate: number;
  /** Calls `fn` once server time reaches `at`. Returns a cancel function. */
  at(at: number, fn: () => void): () => void;
}

/** The two clocks of the machine server time is made from (injected so a test can step the wall clock). */
export interface Clocks {
  /** The wall clock, ms since 1970: read once, at start, to anchor server time to the date. */
  wall(): number;
  /** A monotonic clock, ms from any origin: server time moves with it and only with it. */
  monotonic(): number;
}

/**
 * The machine's clocks. `performance.now()` is libuv's CLOCK_MONOTONIC on Linux (the clock
 * Node's timers run on too): a step of the wall clock (an NTP correction, a TD fixing the date)
 * does not move it, and NTP's gradual slewing does, so over a night it keeps pace with the
 * disciplined wall clock instead of drifting from it. It stops while the machine sleeps.
 */
export const SYSTEM_CLOCKS: Clocks = { wall: () => Date.now(), monotonic: () => performance.now() };

/** Longest single setTimeout Node accepts; longer waits re-arm. */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * Server time: the wall clock at start, then the monotonic clock's progress (times `rate`), so
 * no step of the system clock moves a tournament's clock (docs/ARCHITECTURE.md, "Time"). A
 * restart anchors to the wall clock again. This is the only place that reads the wall clock for
 * tournaments.
 */
export function systemTime(rate = 1, clocks: Clocks = SYSTEM_CLOCKS): TimeSource {
  const epoch = clocks.wall();
  const start = clocks.monotonic();
  const now = () => epoch + Math.round((clocks.monotonic() - start) * rate);
  return {
    now,
    rate,
    at(at, fn) {
      let handle: NodeJS.Timeout;
      const arm = () => {
        const delay = Math.max(0, Math.ceil((at - now()) / rate));
        handle = setTimeout(() => (now() >= at ? fn() : arm()), Math.min(delay, MAX_DELAY));
        handle.unref?.();
      };
      arm();
      return () => clearTimeout(handle);
    },
  };
}

/**
 * Where each command's 256-bit seed comes from (server/engine/random.ts), injected like time.
 * In use: the operating system's cryptographic source, so nobody can predict a draw. Tests
 * and benchmarks pass `fixedSeeds(label)`, so a run that found a problem runs again the same.
 */
export type SeedSource = () => string;

export const osSeeds: SeedSource = () => randomBytes(32).toString('hex');

/** A reproducible sequence of seeds: SHA-256 of the label and a counter. Never in real use. */
export function fixedSeeds(label: string): SeedSource {
  let n = 0;
  return () => createHash('sha256').update(`${label}:${n++}`).digest('hex');
}
