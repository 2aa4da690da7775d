/**
 * Keeps the page's scroll padding equal to the sticky bars over its edges (the app bar on top,
 * the tab bar at the bottom), so whatever the browser scrolls *to* (a control scrolled into view
 * with `block: 'nearest'`, a focused field, a find-in-page hit, a screen reader's cursor) stops
 * clear of the bars instead of under them. Scrolling to the end needs nothing: the bars are
 * sticky, in the flow, so the last card already ends above the tab bar.
 *
 * The document is the scroll container, and scroll padding on the root element applies to the
 * viewport, so that is where it goes. The bars are measured rather than assumed: the tab bar
 * grows by env(safe-area-inset-bottom) on a phone with a home indicator, both grow with text zoom,
 * and neither is there on the PIN pad.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface StickyEdges {
  top: HTMLElement | null;
  bottom: HTMLElement | null;
}

export class StickyEdgesController implements ReactiveController {
  private observer: ResizeObserver | null = null;
  private shown: StickyEdges = { top: null, bottom: null };

  /** @param find the host's sticky bars as last rendered (null where there is none) */
  constructor(
    host: ReactiveControllerHost,
    private readonly find: () => StickyEdges,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const bars = this.find();
    if (bars.top === this.shown.top && bars.bottom === this.shown.bottom) return;
    this.shown = bars;
    this.observer ??= new ResizeObserver(() => this.apply());
    this.observer.disconnect();
    for (const bar of [bars.top, bars.bottom]) if (bar) this.observer.observe(bar);
    this.apply();
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.shown = { top: null, bottom: null };
    this.apply();
  }

  private apply(): void {
    const style = document.documentElement.style;
    for (const [edge, bar] of [
      ['top', this.shown.top],
      ['bottom', this.shown.bottom],
    ] as const) {
      if (bar) style.setProperty(`scroll-padding-${edge}`, `${bar.getBoundingClientRect().height}px`);
      else style.removeProperty(`scroll-padding-${edge}`);
    }
  }
}
