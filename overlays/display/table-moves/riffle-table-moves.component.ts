import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../lib/i18n.js';
import { moveKind, moveLine } from '../../lib/seating-text.js';
import type { MovesView } from '../../../server/protocol/seating.js';
import styles from './riffle-table-moves.styles.js';

/**
 * @summary The table-moves board of the venue display: the latest moves (balance, table break,
 * final-table redraw, corrections), and the table break or final table the floor calls next.
 *
 * Renders nothing when there is nothing recent to show (`recentMs` after the last move).
 */
export class RiffleTableMoves extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) moves: MovesView | null = null;
  @property({ attribute: false }) l10n!: Localizer;
  /** Server time now; moves older than `recentMs` are left off. */
  @property({ type: Number }) now = 0;
  @property({ type: Number }) recentMs = 10 * 60_000;
  @property({ type: Number }) max = 8;

  override render() {
    const moves = this.moves;
    if (!moves || !this.l10n) return nothing;
    const l10n = this.l10n;
    const recent = moves.recent.filter((m) => m.status === 'done' && (!this.now || this.now - m.at < this.recentMs)).slice(-this.max).reverse();
    const call = moves.tableBreak
      ? l10n.t('seating.tableBreak', { table: moves.tableBreak.table, players: moves.tableBreak.players })
      : moves.finalTableCall
        ? l10n.t('seating.finalTableCall', { players: moves.finalTableCall.playersLeft })
        : null;
    if (recent.length === 0 && !call) return nothing;
    return html`<section class="board" part="board" aria-live="polite">
      <h2>${l10n.t('seating.movesTitle')}</h2>
      <ol>
        ${recent.map((m) => html`<li><span class="kind">${moveKind(l10n, m)}</span>${moveLine(l10n, m)}</li>`)}
      </ol>
      ${call ? html`<div class="call">${call}</div>` : nothing}
    </section>`;
  }
}
