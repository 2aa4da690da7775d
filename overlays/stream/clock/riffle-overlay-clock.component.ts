import { nothing } from 'lit';
import type { TournamentFeed } from '../../../client/collections.js';
import type { Topic } from '../../../client/messages.js';
import type { StreamLocalizer } from '../lib/l10n.js';
import { StreamOverlay } from '../lib/stream-overlay.js';
import { clockBug } from './clock-bug.js';
import styles, { clockBugStyles } from './riffle-overlay-clock.styles.js';

/**
 * @summary The clock bug: level, blinds and ante, time left, next level and time to break, in
 *   one compact box at the top left of the stream.
 *
 * Counts down locally against the server's clock (like the venue display), at the delayed
 * feed's time. States: BREAK, paused, not started, hand-for-hand and end of structure.
 *
 * @cssproperty --riffle-overlay-bg - Background of the box.
 * @cssproperty --riffle-overlay-text - Text colour.
 * @cssproperty --riffle-overlay-muted - Labels.
 * @cssproperty --riffle-overlay-accent - The level cell's background.
 * @cssproperty --riffle-overlay-accent-text - The level cell's text.
 * @cssproperty --riffle-overlay-up - The level cell during a break.
 * @cssproperty --riffle-overlay-warn - Status text (paused, hand for hand).
 * @cssproperty --riffle-overlay-radius - Corner radius.
 * @cssproperty --riffle-overlay-font - Font family.
 * @cssproperty --riffle-overlay-enter-x - Horizontal offset the box enters from.
 * @cssproperty --riffle-overlay-enter-y - Vertical offset the box enters from.
 * @cssproperty --riffle-overlay-duration - Length of the entrance and exit.
 * @csspart air - The stage layer that animates in and out.
 * @csspart bug - The box (move it with `left`/`top`).
 * @csspart level - Level or break name and status.
 * @csspart status - Paused, hand for hand, end of structure.
 * @csspart blinds - Blinds and ante.
 * @csspart ante - The ante.
 * @csspart time - Time left.
 * @csspart next - The next level.
 * @csspart break-in - Time to the next break.
 */
export class RiffleOverlayClock extends StreamOverlay {
  static override styles = [...StreamOverlay.styles, clockBugStyles, styles];
  protected readonly kind = 'clock' as const;
  protected readonly topics: readonly Topic[] = ['info', 'structure', 'clock', 'field', 'stream'];

  protected override deadline(): number | null {
    return this.liveClock()?.endsAt ?? null;
  }

  protected renderOverlay(feed: TournamentFeed, l10n: StreamLocalizer) {
    const live = this.liveClock();
    if (!live) return nothing;
    return clockBug(live, feed.state.structure?.items, feed.state.field?.handForHand.active ?? false, l10n, '', this.brandImage('logo'));
  }
}
