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
