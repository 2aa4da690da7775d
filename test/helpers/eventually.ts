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
