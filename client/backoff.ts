/**
 * Reconnect delays: capped exponential backoff with jitter.
 *
 * Attempt 0 waits about 0.5 s, then 1, 2, 4, 8 and at most 10 s. Each delay is multiplied by a
 * random factor between 0.5 and 1 ("equal jitter"), so the twenty TVs of a room that lost the
 * same Wi-Fi do not all knock on the server in the same millisecond when it comes back, and
 * no screen ever waits more than 10 s after the server is reachable again.
 */
export const BACKOFF = {
  /** First delay. */
  baseMs: 500,
  /** Growth per failed attempt. */
  factor: 2,
  /** Longest delay. */
  capMs: 10_000,
  /** Share of the delay that is random: 0.5 gives a delay between 50 % and 100 % of the step. */
  jitter: 0.5,
} as const;

/** Delay before reconnect attempt number `attempt` (0-based). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF.capMs, BACKOFF.baseMs * BACKOFF.factor ** Math.max(0, attempt));
  return Math.round(step * (1 - BACKOFF.jitter + BACKOFF.jitter * random()));
}
