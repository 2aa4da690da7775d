import { html, nothing } from 'lit';
import type { TournamentFeed } from '../../../client/collections.js';
import type { LowerThirdView, PublicEvent, Topic } from '../../../client/messages.js';
import type { StreamLocalizer } from '../lib/l10n.js';
import { StreamOverlay } from '../lib/stream-overlay.js';
import styles from './riffle-overlay-lower-third.styles.js';

/**
 * @summary The producer's lower third: a title and an optional subtitle, shown until the
 *   producer hides it or until its time is up.
 *
 * Each push (`stream.lowerThird`) plays the entrance again, even with the same text. `until`
 * is server time, compared with the time the (delayed) feed is at.
 *
 * @cssproperty --riffle-overlay-bg - Background of the box.
 * @cssproperty --riffle-overlay-text - The title.
 * @cssproperty --riffle-overlay-muted - The subtitle.
 * @cssproperty --riffle-overlay-accent - The left edge.
 * @cssproperty --riffle-overlay-radius - Corner radius.
 * @cssproperty --riffle-overlay-font - Font family.
 * @cssproperty --riffle-overlay-enter-x - Horizontal offset the box enters from.
 * @cssproperty --riffle-overlay-enter-y - Vertical offset the box enters from.
 * @cssproperty --riffle-overlay-duration - Length of the entrance and exit.
 * @csspart air - The stage layer that animates in and out.
 * @csspart lower-third - The box (move it with `left`/`bottom`).
 * @csspart title - The title.
 * @csspart subtitle - The subtitle.
 */
export class RiffleOverlayLowerThird extends StreamOverlay {
  static override styles = [...StreamOverlay.styles, styles];
  protected readonly kind = 'lower-third' as const;
  protected readonly topics: readonly Topic[] = ['info', 'stream'];
  /** The last lower third with text, kept while it animates out. */
  private shown: LowerThirdView | null = null;

  private current(): LowerThirdView | null {
    const lowerThird = this.feed?.state.stream?.lowerThird ?? null;
    if (!lowerThird) return null;
    return lowerThird.until === undefined || this.countdown.frameNow < lowerThird.until ? lowerThird : null;
  }

  protected override deadline(): number | null {
    return this.feed?.state.stream?.lowerThird?.until ?? null;
  }

  protected override hasContent(): boolean {
    return this.current() !== null;
  }

  protected override feedChanged(feed: TournamentFeed, previous: TournamentFeed | null, _events: readonly PublicEvent[]): void {
    const next = feed.state.stream?.lowerThird;
    if (next && previous && next.n !== previous.state.stream?.lowerThird?.n) this.replayEntrance();
  }

  protected renderOverlay(_feed: TournamentFeed, _l10n: StreamLocalizer) {
    this.shown = this.current() ?? this.shown;
    const lowerThird = this.shown;
    if (!lowerThird) return nothing;
    return html`<div class="box lower-third" part="lower-third" data-box="lower-third" data-n=${lowerThird.n}>
      <div class="title" part="title">${lowerThird.title}</div>
      ${lowerThird.subtitle ? html`<div class="subtitle" part="subtitle">${lowerThird.subtitle}</div>` : nothing}
    </div>`;
  }
}
