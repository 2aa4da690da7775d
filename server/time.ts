import { createHash, randomBytes } from 'node:crypto';

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

/** Longest single setTimeout Node accepts; longer waits re-arm. */
const MAX_DELAY = 2 ** 31 - 1;

export function systemTime(rate = 1, epoch = Date.now()): TimeSource {
  const now = rate === 1 ? () => Date.now() : () => epoch + Math.round((Date.now() - epoch) * rate);
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
