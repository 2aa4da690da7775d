import { nothing, type PropertyValues } from 'lit';
import { state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import type { PlayerEntryView } from '../../../server/protocol/entries-views.js';
import type { TournamentFeed } from '../../../client/collections.js';
import type { Topic } from '../../../client/messages.js';
import type { StreamLocalizer } from '../lib/l10n.js';
import { levelInForce } from '../lib/levels.js';
import { enumParam, intParam } from '../lib/params.js';
import { RankTracker } from '../lib/ranking.js';
import { StreamOverlay } from '../lib/stream-overlay.js';
import { board, STACK_MODES } from './board.js';
import styles, { boardStyles } from './riffle-overlay-leaderboard.styles.js';

/** Rows the panel has room for on the 1080p canvas. */
export const TOP_MAX = 15;

/**
 * @summary The chip counts: the top N players in play with their stacks and how their rank
 *   moved at the last count, players left and the average stack.
 *
 * Options: `?top=N` (1-15, default 8: what the middle slot holds; more grow downwards), `?stack=chips|bb|both` (default chips; big blinds of
 * the level in force, or after a break of the level that follows it), `?rotate=SECONDS`
 * (5-600) pages through the whole field, N at a time. Under a knockout or PKO format each player's
 * bounty follows his stack (issue 25); `?bounty=0` leaves it off. Rank marks compare with the ranking this
 * page saw before the last chip count; a freshly loaded page shows none.
 *
 * @cssproperty --riffle-overlay-bg - Background of the panel.
 * @cssproperty --riffle-overlay-bg-2 - Background of its title bar.
 * @cssproperty --riffle-overlay-text - Text colour.
 * @cssproperty --riffle-overlay-muted - Ranks, labels, big blinds next to chips.
 * @cssproperty --riffle-overlay-up - A rank gained.
 * @cssproperty --riffle-overlay-down - A rank lost.
 * @cssproperty --riffle-overlay-radius - Corner radius.
 * @cssproperty --riffle-overlay-font - Font family.
 * @cssproperty --riffle-overlay-enter-x - Horizontal offset the panel enters from.
 * @cssproperty --riffle-overlay-enter-y - Vertical offset the panel enters from.
 * @cssproperty --riffle-overlay-duration - Length of the entrance and exit.
 * @csspart air - The stage layer that animates in and out.
 * @csspart board - The panel (move it with `left`/`top`).
 * @csspart title - "Chip counts".
 * @csspart row - One player.
 * @csspart flag - A player's flag.
 * @csspart stack - A player's stack.
 * @csspart bounty - A player's bounty (knockout, PKO).
 * @csspart move-up - Places gained at the last count.
 * @csspart move-down - Places lost at the last count.
 * @csspart footer - Players left and average stack.
 * @csspart players-left - Players left / entries.
 * @csspart average - The average stack.
 */
export class RiffleOverlayLeaderboard extends StreamOverlay {
  static override styles = [...StreamOverlay.styles, boardStyles, styles];
  protected readonly kind = 'leaderboard' as const;
  protected readonly topics: readonly Topic[] = ['info', 'structure', 'clock', 'field', 'players', 'stream'];

  private readonly top = intParam(this.params, 'top', 8, 1, TOP_MAX);
  private readonly stack = enumParam(this.params, 'stack', STACK_MODES, 'chips');
  private readonly rotateSeconds = this.params.has('rotate') ? intParam(this.params, 'rotate', 0, 5, 600) : 0;
  /** `?bounty=0` hides the bounties a knockout format shows by itself. */
  private readonly bounty = this.params.get('bounty') !== '0' && this.params.get('bounty') !== 'false';
  private readonly tracker = new RankTracker();
  private ranking: PlayerEntryView[] = [];
  @state() private page = 0;
  private rotateTimer: ReturnType<typeof setTimeout> | null = null;

  protected override feedChanged(feed: TournamentFeed): void {
    this.ranking = this.tracker.update(feed.state.players).ranking;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.rotateTimer) clearTimeout(this.rotateTimer);
    this.rotateTimer = null;
  }

  private get pages(): number {
    return this.rotateSeconds > 0 ? Math.max(1, Math.ceil(this.ranking.length / this.top)) : 1;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // One timer per page shown (restarted when the page turns), none without ?rotate.
    if (this.rotateSeconds > 0 && !this.rotateTimer && this.feed) {
      this.rotateTimer = setTimeout(() => {
        this.rotateTimer = null;
        this.page = (this.page + 1) % this.pages;
      }, this.rotateSeconds * 1000);
    }
  }

  protected renderOverlay(feed: TournamentFeed, l10n: StreamLocalizer) {
    const { players, field } = feed.state;
    if (!players) return nothing;
    const ranking = this.ranking;
    const pages = this.pages;
    const page = this.page < pages ? this.page : 0;
    const start = page * this.top;
    const rows = ranking.slice(start, start + this.top).map((entry, i) => ({ entry, rank: start + i + 1 }));
    const level = levelInForce(this.liveClock(), feed.state.structure?.items);
    const bounty = this.bounty && field?.bounty && field.bounty.format !== 'mystery' ? { bounty: field.currency } : {};
    return keyed(
      page,
      board({ rows, moves: this.tracker.moves, field, bigBlind: level?.bb ?? null, stack: this.stack, ...bounty, ...(this.rotateSeconds > 0 ? { page: { page: page + 1, pages } } : {}) }, l10n),
    );
  }
}
