import { html, LitElement, nothing } from 'lit';
import { MAY_NOTHING, type May } from '../actions.js';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../overlays/lib/i18n.js';
import type { Role } from '../../client/messages.js';
import { moveLine, suggestionLine } from '../../overlays/lib/seating-text.js';
import type { MovesView } from '../../server/protocol/seating.js';
import { fireSeating } from '../seating-actions.js';
import styles from './riffle-floor-call.styles.js';

/**
 * @summary What the floor must do next, each with a one-tap apply: a table break, the final
 * table, the balance move (TDA 2017 r9-r11); halted tables (waive); the last moves; undo.
 *
 * @event riffle-seating - The command to send (`table.break`, `finalTable.form`, `balance.apply`,
 * `table.waiveHalt`, `seating.undo`).
 */
export class RiffleFloorCall extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) moves: MovesView | null = null;
  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) userRole: Role = 'floor';
  /** What this phone may send (control/actions.ts `May`): buttons ask it, not the role. */
  @property({ attribute: false }) may: May = MAY_NOTHING;

  override render() {
    const m = this.moves;
    if (!m || !this.l10n) return nothing;
    const l10n = this.l10n;
    const s = m.suggestion;
    return html`<section aria-label=${l10n.t('seating.movesTitle')}>
      <h2>${l10n.t('seating.movesTitle')}</h2>
      ${m.halted.map(
        (h) => html`<div class="halted" role="alert">
          <span>${l10n.t('seating.haltedBody', { table: h.table, players: h.players, most: h.most })}</span>
          <button type="button" @click=${() => fireSeating(this, { type: 'table.waiveHalt', tableId: h.tableId })}>${l10n.t('seating.waive')}</button>
        </div>`,
      )}
      ${m.tableBreak
        ? html`<div class="call">
            <p>${l10n.t('seating.tableBreak', { table: m.tableBreak.table, players: m.tableBreak.players })}</p>
            <button class="primary" type="button" @click=${() => fireSeating(this, { type: 'table.break', tableId: m.tableBreak!.tableId })}>
              ${l10n.t('seating.breakTable', { table: m.tableBreak.table })}
            </button>
          </div>`
        : nothing}
      ${m.finalTableCall
        ? html`<div class="call">
            <p>${l10n.t('seating.finalTableCall', { players: m.finalTableCall.playersLeft })}</p>
            <button class="primary" type="button" @click=${() => fireSeating(this, { type: 'finalTable.form' })}>${l10n.t('seating.formFinalTable')}</button>
          </div>`
        : nothing}
      ${s
        ? html`<div class="call">
            <p>${s.name ? html`<strong>${s.name}</strong><br />` : nothing}${suggestionLine(l10n, s)}</p>
            <button class="primary" type="button" @click=${() => fireSeating(this, { type: 'balance.apply', entryId: s.entryId, seat: s.to.seat })}>
              ${l10n.t('seating.apply')}
            </button>
          </div>`
        : nothing}
      ${!s && !m.tableBreak && !m.finalTableCall
        ? m.blocked
          ? html`<p class="muted">${l10n.t('seating.blocked')}</p>`
          : html`<p class="ok">${l10n.t('seating.balanced')}</p>`
        : nothing}
      ${m.recent.length
        ? html`<ol>
            ${m.recent.slice(-4).reverse().map((x) => html`<li>${moveLine(l10n, x)}</li>`)}
          </ol>`
        : nothing}
      ${m.undo && this.may('seating.undo')
        ? html`<button type="button" @click=${() => fireSeating(this, { type: 'seating.undo' })}>${l10n.t('seating.undo', { label: m.undo.label })}</button>`
        : nothing}
    </section>`;
  }
}
