/**
 * Polls `probe` until `accept` holds, then returns the value; throws with the last value after
 * `timeoutMs`. For state that changes elsewhere (a browser, a server, OBS): no fixed sleeps in
 * tests. Its own module so that the server and OBS tests get it without loading playwright-core
 * (test/helpers/browser.ts, which browser tests import it from, re-exports it).
 */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Tries `attempt` every 50 ms until it gives something other than undefined (a throw counts as
 * not yet), and returns that; fails with `what` after `ms`. For the cluster's tests, whose waits
 * are "until the other process answers".
 */
export async function within<T>(ms: number, what: string, attempt: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const got = await Promise.resolve()
      .then(attempt)
      .catch(() => undefined);
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until a host's delayed feed for a longer delay is rebuilt (a slice at a time, after the
 * command's answer); fails after `ms` so that a rebuild that never ends fails the test instead
 * of hanging it.
 */
export async function rebuilt(host: { rebuilding: boolean }, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (host.rebuilding) {
    if (Date.now() > deadline) throw new Error(`the delayed feed was not rebuilt within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 1));
  }
}
