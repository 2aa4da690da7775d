import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../lib/i18n.js';
import type { SeatingView } from '../../../server/protocol/seating.js';
import styles from './riffle-seat-draw.styles.js';

export interface SeatLine {
  name: string;
  table: number;
  seat: number;
}

/** Every seated player, alphabetically: what players look for on the seat-draw screen. */
export function seatLines(seating: SeatingView): SeatLine[] {
  const out: SeatLine[] = [];
  for (const t of seating.tables) for (const s of t.seats) if (s.entryId) out.push({ name: s.name ?? s.entryId, table: t.number, seat: s.seat });
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * @summary The seat-draw list for a venue screen: every player's table and seat, by name, in
 * columns sized to fit the screen; players still waiting for a seat are listed below.
 */
export class RiffleSeatDraw extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) seating: SeatingView | null = null;
  @property({ attribute: false }) l10n!: Localizer;

  override render() {
    if (!this.seating || !this.l10n) return nothing;
    const l10n = this.l10n;
    const lines = seatLines(this.seating);
    // Columns and type size so that up to ~400 names fit a 16:9 screen.
    const columns = lines.length > 240 ? 7 : lines.length > 120 ? 6 : lines.length > 40 ? 4 : 2;
    const size = lines.length > 240 ? 1.45 : lines.length > 120 ? 1.8 : lines.length > 40 ? 2.4 : 3.4;
    // Big fields: "12 · 3" under a "Table · Seat" heading, so a name still fits its column.
    const short = lines.length > 120;
    const where = (l: SeatLine) => (short ? `${l.table} · ${l.seat}` : l10n.t('seating.tableSeat', { table: l.table, seat: l.seat }));
    const waiting = this.seating.waiting;
    return html`<h2>${l10n.t('seating.drawTitle')}${short ? html` <small>(${l10n.t('seating.tableSeat', { table: '#', seat: '#' })})</small>` : nothing}</h2>
      ${lines.length === 0 ? html`<p>${l10n.t('seating.notSeated')}</p>` : nothing}
      <ol style="--columns:${columns};--size:${size}">
        ${lines.map((l) => html`<li><span>${l.name}</span><span class="where">${where(l)}</span></li>`)}
      </ol>
      ${this.seating.drawn && waiting.length
        ? html`<p class="waiting">${l10n.t('seating.waiting', { names: waiting.map((w) => w.name ?? w.entryId).join(', ') })}</p>`
        : nothing}`;
  }
}
