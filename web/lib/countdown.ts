/**
 * Renders a countdown exactly when its shown second changes, like Shoelace's <sl-relative-time>
 * schedules its next update at the next unit boundary.
 *
 * Every screen counts to the same server time (`endsAt`) and wakes at the instant the
 * remaining time crosses a whole second, so two TVs side by side flip together (within the
 * error of their server-time estimates, a few ms on a LAN) instead of each ticking on its own
 * phase with a free-running setInterval. No timer runs while the clock is paused or idle, and
 * the timer is cleared when the element leaves the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { wholeSeconds } from '../../client/clock.js';

export interface CountdownSource {
  /** Server time now. */
  now(): number;
  /** Speed of server time relative to real time. */
  readonly rate: number;
}

export class CountdownController implements ReactiveController {
  /** The server time the host renders this frame with (fixed in hostUpdate, before render). */
  frameNow = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private shownSeconds: number | null = null;
  private connected = false;

  /**
   * @param deadline the server time at which what the host shows reaches zero (the running
   *   clock's `endsAt`, after the host's render), or null when nothing counts down
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly source: () => CountdownSource | null,
    private readonly deadline: () => number | null,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.host.requestUpdate();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.clear();
  }

  hostUpdate(): void {
    this.frameNow = this.source()?.now() ?? Date.now();
  }

  hostUpdated(): void {
    const deadline = this.deadline();
    this.shownSeconds = deadline === null ? null : wholeSeconds(deadline - this.frameNow);
    this.schedule();
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Wakes when the time left drops to one second less than what is shown. Counting from what
   * was rendered (not from "now") means a render that lands a hair before a boundary, or a
   * better time estimate arriving, can never leave a stale second on screen for a whole second.
   */
  private schedule(): void {
    this.clear();
    const source = this.source();
    const deadline = this.deadline();
    const shown = this.shownSeconds;
    // At 0:00 the host either moved on (new deadline) or waits for the server's next state.
    if (!this.connected || !source || deadline === null || shown === null || shown <= 0) return;
    const changeAt = deadline - (shown - 1) * 1000;
    const wait = (changeAt - source.now()) / source.rate;
    if (wait <= 0) {
      this.host.requestUpdate();
      return;
    }
    // A timer may fire a fraction of a millisecond early: then this simply waits the rest.
    this.timer = setTimeout(() => {
      this.timer = null;
      this.schedule();
    }, wait);
  }
}
