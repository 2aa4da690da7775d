import { html, nothing } from 'lit';
import type { PlayerEntryView } from '../../../server/protocol/entries-views.js';
import type { TournamentFeed } from '../../../client/collections.js';
import type { Topic } from '../../../client/messages.js';
import { clockBug } from '../clock/clock-bug.js';
import { clockBugStyles } from '../clock/riffle-overlay-clock.styles.js';
import { board } from '../leaderboard/board.js';
import { boardStyles } from '../leaderboard/riffle-overlay-leaderboard.styles.js';
import type { StreamLocalizer } from '../lib/l10n.js';
import { levelInForce } from '../lib/levels.js';
import { RankTracker } from '../lib/ranking.js';
import { StreamOverlay } from '../lib/stream-overlay.js';
import { ladder } from '../payouts/ladder.js';
import { ladderStyles } from '../payouts/riffle-overlay-payouts.styles.js';
import styles from './riffle-overlay-scene.styles.js';

/**
 * Rows of the chip counts and of the ladder: a final table of 10 in full (the 9th and 10th
 * player were missing at 8), and the ladder from 1st down to the places still to be paid.
 */
const ROWS = 10;

/**
 * @summary "Tournament update": a full-screen composite of the chip counts, the payout ladder
 *   and the clock, for the break scene and between hands.
 *
 * The same panels as the leaderboard, payouts and clock overlays (same parts, same custom
 * properties), laid out together; the page stays transparent around them.
 *
 * @cssproperty --riffle-overlay-bg - Background of the panels.
 * @cssproperty --riffle-overlay-bg-2 - Background of the panels' title bars.
 * @cssproperty --riffle-overlay-text - Text colour.
 * @cssproperty --riffle-overlay-muted - Labels, ranks, names.
 * @cssproperty --riffle-overlay-accent - The heading's edge, the level cell, the next pay jump.
 * @cssproperty --riffle-overlay-accent-text - Text on accent.
 * @cssproperty --riffle-overlay-up - A rank gained; the level cell during a break.
 * @cssproperty --riffle-overlay-down - A rank lost.
 * @cssproperty --riffle-overlay-warn - Clock status.
 * @cssproperty --riffle-overlay-radius - Corner radius.
 * @cssproperty --riffle-overlay-font - Font family.
 * @cssproperty --riffle-overlay-enter-x - Horizontal offset the composite enters from.
 * @cssproperty --riffle-overlay-enter-y - Vertical offset the composite enters from.
 * @cssproperty --riffle-overlay-duration - Length of the entrance and exit.
 * @csspart air - The stage layer that animates in and out.
 * @csspart heading - "Tournament update" and the tournament's name.
 * @csspart board - The chip counts (parts as in the leaderboard overlay).
 * @csspart ladder - The payout ladder (parts as in the payouts overlay).
 * @csspart bug - The clock (parts as in the clock overlay).
 */
export class RiffleOverlayScene extends StreamOverlay {
  static override styles = [...StreamOverlay.styles, boardStyles, ladderStyles, clockBugStyles, styles];
  protected readonly kind = 'scene' as const;
  protected readonly topics: readonly Topic[] = ['info', 'structure', 'clock', 'field', 'payouts', 'players', 'stream'];
  private readonly tracker = new RankTracker();
  private ranking: PlayerEntryView[] = [];

  protected override deadline(): number | null {
    return this.liveClock()?.endsAt ?? null;
  }

  protected override feedChanged(feed: TournamentFeed): void {
    this.ranking = this.tracker.update(feed.state.players).ranking;
  }

  protected renderOverlay(feed: TournamentFeed, l10n: StreamLocalizer) {
    const { info, field, payouts, players, structure } = feed.state;
    const live = this.liveClock();
    const level = levelInForce(live, structure?.items);
    const rows = this.ranking.slice(0, ROWS).map((entry, i) => ({ entry, rank: i + 1 }));
    return html`<header class="box heading" part="heading" data-box="heading">
        ${this.brandImage('logo')}
        <h1>${l10n.t('tournamentUpdate')}</h1>
        <span class="name">${info?.name ?? ''}</span>
        ${this.brandImage('sponsor')}
      </header>
      ${players ? board({ rows, moves: this.tracker.moves, field, bigBlind: level?.bb ?? null, stack: 'both' }, l10n, 'scene') : nothing}
      ${payouts && payouts.places.length > 0 ? ladder(payouts, players, field, ROWS, l10n, 'scene', true) : nothing}
      ${live ? clockBug(live, structure?.items, field?.handForHand.active ?? false, l10n, 'scene') : nothing}`;
  }
}
