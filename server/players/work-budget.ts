/**
 * How much work one request may do: a count of steps (each loop of a search spends one per
 * word or candidate it looks at, more for an edit distance) and a time limit as a bound on a
 * slow machine. Once either runs out, `spend` answers false for good and the caller stops
 * with what it has, saying the answer is partial. Steps make the cut the same on every
 * machine (tests rely on it); the time is read every `CHECK_EVERY` steps only.
 */
import { performance } from 'node:perf_hooks';

const CHECK_EVERY = 256;

export class WorkBudget {
  private spent = 0;
  private nextCheck = CHECK_EVERY;
  private readonly started = performance.now();
  /** True once the budget ran out: the work was cut short. */
  out = false;

  constructor(
    readonly maxSteps: number,
    readonly maxMs: number,
  ) {}

  /** Takes `n` steps; false when the budget is out (then and from then on). */
  spend(n = 1): boolean {
    if (this.out) return false;
    this.spent += n;
    if (this.spent > this.maxSteps) return !(this.out = true);
    if (this.spent >= this.nextCheck) {
      this.nextCheck = this.spent + CHECK_EVERY;
      if (performance.now() - this.started > this.maxMs) return !(this.out = true);
    }
    return true;
  }

  get steps(): number {
    return this.spent;
  }

  /** Milliseconds since the budget was made. */
  elapsedMs(): number {
    return performance.now() - this.started;
  }
}
