import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import type { FieldView } from '../../../server/protocol/entries-views.js';
import type { MovesView } from '../../../server/protocol/seating.js';
import styles from './riffle-day-notice.styles.js';

/** How long the venue display announces a table-size change (MEC r5: the TD announces it). */
export const RESIZE_NOTICE_MS = 10 * 60_000;

/**
 * @summary Floor notices under the clock: the end of the day with every table's hands left
 * (MEC r9), the change of table size (MEC r5) for ten minutes after it, and the alternate list
 * in order (IP r15-1). Renders nothing when none applies.
 *
 * @csspart day - The end-of-day box.
 * @csspart resized - The table-size announcement.
 * @csspart alternates - The alternate list.
 */
export class RiffleDayNotice extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) field: FieldView | null = null;
  @property({ attribute: false }) moves: MovesView | null = null;
  @property({ attribute: false }) l10n!: Localizer;
  /** Server time of this frame (the resize announcement expires by it). */
  @property({ attribute: false }) now = 0;

  override render() {
    if (!this.l10n) return nothing;
    const parts = [this.day(), this.resized(), this.alternates()].filter((p) => p !== nothing);
    return parts.length ? html`${parts}` : nothing;
  }

  private day() {
    const l10n = this.l10n;
    const day = this.field?.day;
    if (!day) return nothing;
    if (day.closed) return html`<div class="box day" part="day" role="status"><strong>${l10n.t('flights.dayClosed')}</strong></div>`;
    const end = day.endOfDay;
    if (!end) return nothing;
    const card = html`<span class="card ${/[hd]$/.test(end.card) ? 'red' : ''}">${cardText(end.card)}</span>`;
    return html`<div class="box day" part="day" role="status">
      <strong>${l10n.t('flights.endOfDayTitle')} ${card}</strong>
      ${end.done
        ? html`<p class="big">${l10n.t('flights.dayOver')}</p>`
        : html`<p class="tables">
            ${end.tables.map(
              (t) => html`<span class="table ${t.handsLeft === 0 ? 'done' : ''}">${l10n.t('flights.handsLeftTable', { table: t.table, hands: l10n.t('flights.handsLeft', { count: t.handsLeft }) })}</span>`,
            )}
          </p>`}
    </div>`;
  }

  private resized() {
    const r = this.moves?.resized;
    if (!r || this.now - r.at > RESIZE_NOTICE_MS || this.now < r.at) return nothing;
    return html`<div class="box resized" part="resized" role="status"><strong>${this.l10n.t('flights.resized', { seats: r.seatsPerTable, moves: r.moves })}</strong></div>`;
  }

  private alternates() {
    const list = this.field?.alternates;
    if (!list?.length) return nothing;
    const shown = list.slice(0, 12);
    return html`<div class="box alternates" part="alternates">
      <strong>${this.l10n.t('flights.alternatesTitle')}</strong>
      <ol>
        ${shown.map((a) => html`<li>${this.l10n.t('flights.alternateLine', { position: a.position, name: a.name })}</li>`)}${list.length > shown.length ? html`<li>…</li>` : nothing}
      </ol>
    </div>`;
  }
}

/** `5h` -> "5♥" (the card the player picked, MEC r9). */
export function cardText(code: string): string {
  const suit = { s: '♠', h: '♥', d: '♦', c: '♣' }[code.slice(-1)] ?? '';
  return `${code.slice(0, -1)}${suit}`;
}
