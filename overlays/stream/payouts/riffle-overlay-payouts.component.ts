import { nothing } from 'lit';
import type { TournamentFeed } from '../../../client/collections.js';
import type { Topic } from '../../../client/messages.js';
import type { StreamLocalizer } from '../lib/l10n.js';
import { intParam } from '../lib/params.js';
import { StreamOverlay } from '../lib/stream-overlay.js';
import { ladder } from './ladder.js';
import styles, { ladderStyles } from './riffle-overlay-payouts.styles.js';

/**
 * @summary The payout ladder: places and prizes, the places already paid greyed out with who
 *   finished there, and the next pay jump highlighted.
 *
 * Places paid the same are one row ("10th-12th"). `?rows=N` (3-15, default 8: what the middle slot holds): a longer
 * ladder shows the rows around the next pay jump.
 *
 * @cssproperty --riffle-overlay-bg - Background of the panel.
 * @cssproperty --riffle-overlay-bg-2 - Background of its title bar.
 * @cssproperty --riffle-overlay-text - Text colour.
 * @cssproperty --riffle-overlay-muted - Names, the prize pool.
 * @cssproperty --riffle-overlay-accent - The next pay jump's row.
 * @cssproperty --riffle-overlay-accent-text - Text on that row.
 * @cssproperty --riffle-overlay-radius - Corner radius.
 * @cssproperty --riffle-overlay-font - Font family.
 * @cssproperty --riffle-overlay-enter-x - Horizontal offset the panel enters from.
 * @cssproperty --riffle-overlay-enter-y - Vertical offset the panel enters from.
 * @cssproperty --riffle-overlay-duration - Length of the entrance and exit.
 * @csspart air - The stage layer that animates in and out.
 * @csspart ladder - The panel (move it with `left`/`right`/`top`).
 * @csspart title - "Payouts".
 * @csspart pool - The prize pool.
 * @csspart row - One place or group of places.
 * @csspart paid - A row whose places are awarded.
 * @csspart jump - The next pay jump.
 * @csspart jump-label - "Next pay jump".
 */
export class RiffleOverlayPayouts extends StreamOverlay {
  static override styles = [...StreamOverlay.styles, ladderStyles, styles];
  protected readonly kind = 'payouts' as const;
  protected readonly topics: readonly Topic[] = ['info', 'field', 'payouts', 'players', 'stream'];
  private readonly rows = intParam(this.params, 'rows', 8, 3, 15);

  protected override hasContent(): boolean {
    return (this.feed?.state.payouts?.places.length ?? 0) > 0;
  }

  protected renderOverlay(feed: TournamentFeed, l10n: StreamLocalizer) {
    const { payouts, players, field } = feed.state;
    if (!payouts || payouts.places.length === 0) return nothing;
    return ladder(payouts, players, field, this.rows, l10n);
  }
}
