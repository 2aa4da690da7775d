import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import type { MovesView } from '../../../server/protocol/seating.js';
import styles from './riffle-halted-notice.styles.js';

/** Tables named at most: the notice stays a line above the clock, never over it. */
const MAX_LINES = 3;

/**
 * @summary The halted-table notice: play stops at a table 3 or more players short of the
 * fullest until a player arrives (TDA 2017 r10D). Renders nothing when no table is halted, and
 * nothing during a break (no hands are dealt: nothing is halted; it shows again when play resumes).
 */
export class RiffleHaltedNotice extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) moves: MovesView | null = null;
  @property({ attribute: false }) l10n!: Localizer;
  /** True during a break. */
  @property({ type: Boolean }) onBreak = false;

  override render() {
    // A table with nobody left plays no hand to stop: the table break takes it (the moves board says so).
    const halted = (this.moves?.halted ?? []).filter((h) => h.players > 0);
    if (halted.length === 0 || !this.l10n || this.onBreak) return nothing;
    const l10n = this.l10n;
    // At most MAX_LINES tables, then "+ n": a room emptied by busts listed 20 tables over the clock.
    const shown = halted.slice(0, MAX_LINES);
    return html`<div class="notice" role="alert" part="notice">
      <strong>${l10n.t('seating.haltedTitle')}</strong>
      ${shown.map((h) => html`<p>${l10n.t('seating.haltedBody', { table: h.table, players: h.players, most: h.most })}</p>`)}
      ${halted.length > shown.length ? html`<p class="more">+ ${l10n.number(halted.length - shown.length)}</p>` : nothing}
    </div>`;
  }
}
