import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../overlays/lib/i18n.js';
import type { Role } from '../../overlays/lib/protocol.js';
import type { SeatingView, TableView } from '../../server/protocol/seating.js';
import { fireSeating } from '../seating-actions.js';
import styles from './riffle-room-view.styles.js';

interface Selected {
  tableId: string;
  table: number;
  seat: number;
  entryId: string | null;
  name: string | null;
}

/** Free seats in use across the room, as `tableId:seat` options. */
function freeSeats(seating: SeatingView): { value: string; table: number; seat: number }[] {
  const out: { value: string; table: number; seat: number }[] = [];
  for (const t of seating.tables) for (const s of t.seats) if (!s.entryId && !s.outOfUse) out.push({ value: `${t.id}:${s.seat}`, table: t.number, seat: s.seat });
  return out;
}

/**
 * @summary Every table and seat on a phone. Tap a player to bust him, move him, record a
 * wrong-seat correction or put the button on his seat; tap an empty seat for the button.
 * Tools: the seat draw, the button draw, the next hand, opening a table (TD).
 *
 * @event riffle-seating - The command to send.
 */
export class RiffleRoomView extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) seating: SeatingView | null = null;
  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) userRole: Role = 'floor';

  @state() private selected: Selected | null = null;
  @state() private confirmBust = false;
  @state() private target = '';
  @state() private foundAt = '';

  override render() {
    const seating = this.seating;
    if (!seating || !this.l10n) return nothing;
    const l10n = this.l10n;
    const waiting = seating.waiting;
    return html`
      <div class="tools">
        ${waiting.length && seating.tables.length
          ? html`<button type="button" @click=${() => fireSeating(this, { type: 'seating.draw' })}>${l10n.t('seating.draw')} (${waiting.length})</button>`
          : nothing}
        ${seating.tables.length
          ? html`<button type="button" @click=${() => fireSeating(this, { type: 'button.draw' })}>${l10n.t('seating.buttonDraw')}</button>
              <button type="button" @click=${() => fireSeating(this, { type: 'hand.next' })}>${l10n.t('seating.nextHand')}</button>`
          : nothing}
        ${this.userRole === 'td' ? html`<button type="button" @click=${() => fireSeating(this, { type: 'table.add' })}>${l10n.t('seating.addTable')}</button>` : nothing}
      </div>
      ${seating.drawn && waiting.length
        ? html`<p class="waiting-list">${l10n.t('seating.waiting', { names: waiting.map((w) => w.name ?? w.entryId).join(', ') })}</p>`
        : nothing}
      ${seating.tables.length === 0 ? html`<p class="muted">${l10n.t('seating.noTables')}</p>` : nothing}
      <div class="tables">${seating.tables.map((t) => this.tableCard(t))}</div>
      ${this.selected ? this.sheet(this.selected, seating) : nothing}
    `;
  }

  private tableCard(t: TableView) {
    const l10n = this.l10n;
    return html`<article class="table ${t.halted ? 'halted' : ''}" aria-label=${l10n.t('seating.table', { table: t.number })}>
      <div class="head">
        <strong>${l10n.t('seating.table', { table: t.number })}</strong>
        <span>${l10n.t('seating.players', { count: t.players })}${t.halted ? ` · ${l10n.t('seating.haltedTitle')}` : ''}</span>
      </div>
      <div class="seats">
        ${t.seats.map((s) => {
          const cls = s.outOfUse ? 'off' : s.entryId ? (s.waiting ? 'waiting' : '') : 'empty';
          const label = s.outOfUse ? l10n.t('seating.outOfUse') : s.entryId ? (s.name ?? s.entryId) : l10n.t('seating.empty');
          return html`<button
            class="seat ${cls}"
            type="button"
            ?disabled=${!!s.outOfUse}
            title=${s.waiting ? l10n.t('seating.notDealtIn') : label}
            @click=${() => this.open({ tableId: t.id, table: t.number, seat: s.seat, entryId: s.entryId, name: s.name })}
          >
            <span class="no">${l10n.t('seating.seatShort', { seat: s.seat })}</span>
            <span class="who">${label}</span>
            ${t.button === s.seat ? html`<span class="mark btn">D</span>` : nothing}
            ${t.smallBlind === s.seat && s.entryId ? html`<span class="mark">SB</span>` : nothing}
            ${t.bigBlind === s.seat ? html`<span class="mark">BB</span>` : nothing}
          </button>`;
        })}
      </div>
    </article>`;
  }

  private open(sel: Selected): void {
    this.selected = sel;
    this.confirmBust = false;
    this.target = '';
    this.foundAt = '';
  }

  private close(): void {
    this.selected = null;
  }

  private act(command: Parameters<typeof fireSeating>[1]): void {
    fireSeating(this, command);
    this.close();
  }

  private sheet(sel: Selected, seating: SeatingView) {
    const l10n = this.l10n;
    const title = `${sel.name ?? sel.entryId ?? l10n.t('seating.empty')} · ${l10n.t('seating.tableSeat', { table: sel.table, seat: sel.seat })}`;
    const free = freeSeats(seating);
    const allSeats = seating.tables.flatMap((t) => t.seats.map((s) => ({ value: `${t.id}:${s.seat}`, table: t.number, seat: s.seat })));
    const split = (v: string) => {
      const i = v.lastIndexOf(':');
      return { tableId: v.slice(0, i), seat: Number(v.slice(i + 1)) };
    };
    return html`<div class="sheet" role="dialog" aria-label=${title}>
      <h3>${title}</h3>
      ${sel.entryId
        ? html`
            <button
              class=${this.confirmBust ? 'danger' : ''}
              type="button"
              @click=${() => (this.confirmBust ? this.act({ type: 'entry.bust', entryIds: [sel.entryId!] }) : (this.confirmBust = true))}
            >
              ${this.confirmBust ? l10n.t('seating.confirmBust', { name: sel.name ?? sel.entryId }) : l10n.t('seating.bust')}
            </button>
            <div class="row">
              <select aria-label=${l10n.t('seating.moveTo')} @change=${(e: Event) => (this.target = (e.target as HTMLSelectElement).value)}>
                <option value="">${l10n.t('seating.moveTo')}…</option>
                ${free.map((f) => html`<option value=${f.value}>${l10n.t('seating.tableSeat', { table: f.table, seat: f.seat })}</option>`)}
              </select>
              <button type="button" ?disabled=${!this.target} @click=${() => this.act({ type: 'seat.move', entryId: sel.entryId!, ...split(this.target) })}>
                ${l10n.t('seating.move')}
              </button>
            </div>
            <div class="row">
              <select aria-label=${l10n.t('seating.foundAt')} @change=${(e: Event) => (this.foundAt = (e.target as HTMLSelectElement).value)}>
                <option value="">${l10n.t('seating.foundAt')}…</option>
                ${allSeats.map((f) => html`<option value=${f.value}>${l10n.t('seating.tableSeat', { table: f.table, seat: f.seat })}</option>`)}
              </select>
              <button type="button" ?disabled=${!this.foundAt} @click=${() => this.act({ type: 'seat.correct', entryId: sel.entryId!, foundAt: split(this.foundAt) })}>
                ${l10n.t('seating.wrongSeat')}
              </button>
            </div>
          `
        : nothing}
      <button type="button" @click=${() => this.act({ type: 'button.set', tableId: sel.tableId, seat: sel.seat })}>${l10n.t('seating.buttonHere')}</button>
      <button type="button" @click=${() => this.close()}>${l10n.t('seating.close')}</button>
    </div>`;
  }
}
