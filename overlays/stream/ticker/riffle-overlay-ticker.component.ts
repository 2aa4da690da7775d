import { html, nothing, type PropertyValues } from 'lit';
import type { TournamentFeed } from '../../../client/collections.js';
import type { Topic } from '../../../client/messages.js';
import type { StreamLocalizer } from '../lib/l10n.js';
import { STAGE, StreamOverlay } from '../lib/stream-overlay.js';
import styles from './riffle-overlay-ticker.styles.js';

/** The id of the scroll animation (tests tell it from entrances by it). */
export const TICKER_SCROLL_ID = 'ticker-scroll';

/**
 * @summary The bottom strip: players left and entries, average stack, prize pool, next break,
 *   blinds up in, late registration, then the producer's messages, scrolling right to left.
 *
 * The scroll is one finite animation of `transform` per pass (OBS's browser leaks memory on
 * infinite CSS animations); each pass starts when the last one ends, with the texts of that
 * moment. No JavaScript runs per frame.
 *
 * @cssproperty --riffle-overlay-bg - Background of the strip.
 * @cssproperty --riffle-overlay-text - Text colour.
 * @cssproperty --riffle-overlay-accent - Top edge, separators and the producer's messages.
 * @cssproperty --riffle-overlay-font - Font family.
 * @cssproperty --riffle-overlay-ticker-height - Height of the strip (60px).
 * @cssproperty --riffle-overlay-ticker-speed - Scroll speed in canvas pixels per second (120).
 * @cssproperty --riffle-overlay-enter-y - Vertical offset the strip enters from.
 * @cssproperty --riffle-overlay-duration - Length of the entrance and exit.
 * @csspart air - The stage layer that animates in and out.
 * @csspart ticker - The strip.
 * @csspart track - The scrolling line.
 * @csspart item - One fact.
 * @csspart message - One of the producer's messages.
 */
export class RiffleOverlayTicker extends StreamOverlay {
  static override styles = [...StreamOverlay.styles, styles];
  protected readonly kind = 'ticker' as const;
  protected readonly topics: readonly Topic[] = ['info', 'structure', 'clock', 'field', 'stream'];
  private scrollAnimation: Animation | null = null;

  protected override deadline(): number | null {
    return this.liveClock()?.endsAt ?? null;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.scrollAnimation?.cancel();
    this.scrollAnimation = null;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (!this.scrollAnimation) this.startPass();
  }

  /**
   * One pass: the line moves left by the width of one copy of its items; the second copy then
   * stands where the first began, so the next pass continues without a seam and the strip is
   * never empty. One finite animation per pass (OBS's browser leaks on infinite ones).
   */
  private startPass(): void {
    const track = this.renderRoot.querySelector<HTMLElement>('.track');
    const copy = track?.querySelector<HTMLElement>('.copy');
    if (!track || !copy || !this.isConnected) return;
    const width = copy.offsetWidth;
    const speed = Number.parseFloat(getComputedStyle(this).getPropertyValue('--riffle-overlay-ticker-speed')) || 120;
    const scroll = track.animate([{ transform: 'translateX(0)' }, { transform: `translateX(${-width}px)` }], {
      duration: (width / Math.max(10, speed)) * 1000,
      easing: 'linear',
      iterations: 1,
    });
    scroll.id = TICKER_SCROLL_ID;
    this.scrollAnimation = scroll;
    scroll.onfinish = () => {
      if (this.scrollAnimation !== scroll) return;
      this.scrollAnimation = null;
      this.startPass();
    };
  }

  protected renderOverlay(feed: TournamentFeed, l10n: StreamLocalizer) {
    const { field, stream, info } = feed.state;
    const live = this.liveClock();
    const items: string[] = [];
    if (field) {
      items.push(l10n.t('playersOfEntries', { left: l10n.number(field.playersLeft), entries: l10n.number(field.entries) }));
      if (field.playersLeft > 0) items.push(l10n.t('avgStackValue', { chips: l10n.chips(field.avgStack) }));
      items.push(l10n.t('prizePoolValue', { amount: l10n.money(field.prizePool, field.currency || info?.currency || 'EUR') }));
    }
    if (live && live.status !== 'ended') {
      if (!live.current.break && live.status === 'running') items.push(l10n.t('blindsUpIn', { time: l10n.minutes(live.remainingMs) }));
      if (live.breakInMs !== null && !live.current.break) items.push(l10n.t('nextBreakIn', { time: l10n.minutes(live.breakInMs) }));
    }
    const late = field?.lateRegistration;
    if (late) items.push(late.open && late.level ? l10n.t('lateRegOpen', { n: l10n.number(late.level) }) : late.open ? '' : l10n.t('lateRegClosed'));
    const messages = stream?.ticker ?? [];
    return html`<div class="box ticker" part="ticker" data-box="ticker">
      <div class="track" part="track">
        ${[0, 1].map(
          (n) => html`<span class="copy" aria-hidden=${n === 1 ? 'true' : 'false'}>
            ${items.filter(Boolean).map((text) => html`<span class="item" part="item">${text}</span>`)}
            ${messages.map((text) => html`<span class="item message" part="item message">${text}</span>`)}
          </span>`,
        )}
      </div>
      ${this.branding?.sponsor ? html`<div class="sponsor-slot">${this.brandImage('sponsor')}</div>` : nothing}
    </div>`;
  }
}
