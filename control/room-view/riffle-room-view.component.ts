import { html, LitElement, nothing } from 'lit';
import { MAY_NOTHING, type May } from '../actions.js';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { Role } from '../../client/messages.js';
import type { FieldView, PayoutsView, PlayersView } from '../../server/protocol/entries-views.js';
import type { SeatingView, TableView } from '../../server/protocol/seating.js';
import '../bust-hand/riffle-bust-hand.js';
import type { BustHandEvent } from '../bust-hand/riffle-bust-hand.component.js';
import { fireCommand } from '../command-event.js';
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
 * Several busts in one hand (IP r47-5, MEC r7): "More players out in this hand" on a player's sheet
 * marks him; each tap on a seat then marks or unmarks its player, and `<riffle-bust-hand>`
 * sends them all as one `entry.bust` (busted one by one they would get different places).
 *
 * @event riffle-command - The command to send (control/command-event.ts): the seating tools, a bust (`entry.bust`).
 */
export class RiffleRoomView extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) seating: SeatingView | null = null;
  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) userRole: Role = 'floor';
  /** What this phone may send (control/actions.ts `May`): buttons ask it, not the role. */
  @property({ attribute: false }) may: May = MAY_NOTHING;
  /** For the busts of a hand: chips, places and prizes. */
  @property({ attribute: false }) players: PlayersView | null = null;
  @property({ attribute: false }) field: FieldView | null = null;
  @property({ attribute: false }) payouts: PayoutsView | null = null;
  @property({ attribute: false }) currency = 'EUR';

  @state() private selected: Selected | null = null;
  @state() private confirmBust = false;
  @state() private target = '';
  @state() private foundAt = '';
  /** Players marked as out in this hand; null: not marking (a tap opens the seat's sheet). */
  @state() private marked: string[] | null = null;
  /** The table whose misdeal waits for the second tap (TDA 2017 r35: the hand is re-dealt). */
  @state() private confirmMisdeal: string | null = null;

  override render() {
    const seating = this.seating;
    if (!seating || !this.l10n) return nothing;
    const l10n = this.l10n;
    const waiting = seating.waiting;
    return html`
      <div class="tools">
        ${waiting.length && seating.tables.length
          ? html`<button type="button" @click=${() => fireCommand(this, { type: 'seating.draw' })}>${l10n.t('seating.draw')} (${waiting.length})</button>`
          : nothing}
        ${seating.tables.length
          ? html`<button type="button" @click=${() => fireCommand(this, { type: 'button.draw' })}>${l10n.t('seating.buttonDraw')}</button>
              <button type="button" @click=${() => fireCommand(this, { type: 'hand.next' })}>${l10n.t('seating.nextHand')}</button>`
          : nothing}
        ${this.may('table.add') ? html`<button type="button" @click=${() => fireCommand(this, { type: 'table.add' })}>${l10n.t('seating.addTable')}</button>` : nothing}
        ${seating.tables.length > 1 && seating.seated > 1 && this.may('seating.redraw')
          ? html`<button type="button" data-action="redraw" @click=${() => fireCommand(this, { type: 'seating.redraw' })}>${l10n.t('seating.redraw')}</button>`
          : nothing}
      </div>
      ${seating.drawn && waiting.length
        ? html`<p class="waiting-list">${l10n.t('seating.waiting', { names: waiting.map((w) => w.name ?? '—').join(', ') })}</p>`
        : nothing}
      ${seating.tables.length === 0 ? html`<p class="muted">${l10n.t('seating.noTables')}</p>` : nothing}
      <div class="tables ${this.marked ? 'marking' : ''}">${seating.tables.map((t) => this.tableCard(t))}</div>
      ${this.selected ? this.sheet(this.selected, seating) : nothing}
      ${this.marked
        ? html`<riffle-bust-hand
            .l10n=${l10n}
            .marked=${this.marked}
            .players=${this.players}
            .seating=${seating}
            .field=${this.field}
            .payouts=${this.payouts}
            .currency=${this.currency}
            @riffle-bust-hand=${this.onBustHand}
          ></riffle-bust-hand>`
        : nothing}
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
          const label = s.outOfUse ? l10n.t('seating.outOfUse') : s.entryId ? (s.name ?? '—') : l10n.t('seating.empty');
          const marked = !!s.entryId && !!this.marked?.includes(s.entryId);
          return html`<button
            class="seat ${cls} ${marked ? 'marked' : ''}"
            type="button"
            data-entry=${s.entryId ?? nothing}
            aria-pressed=${this.marked && s.entryId ? String(marked) : nothing}
            ?disabled=${!!s.outOfUse || (!!this.marked && !s.entryId)}
            title=${s.waiting ? `${label} · ${l10n.t('seating.notDealtIn')}` : label}
            @click=${() => (this.marked ? this.toggleMark(s.entryId) : this.open({ tableId: t.id, table: t.number, seat: s.seat, entryId: s.entryId, name: s.name }))}
          >
            <span class="no">${l10n.t('seating.seatShort', { seat: s.seat })}</span>
            <span class="who">${label}</span>
            ${t.button === s.seat ? html`<span class="mark btn">${l10n.t('seating.dealerShort')}</span>` : nothing}
            ${t.smallBlind === s.seat && s.entryId ? html`<span class="mark">${l10n.t('seating.smallBlindShort')}</span>` : nothing}
            ${t.bigBlind === s.seat ? html`<span class="mark">${l10n.t('seating.bigBlindShort')}</span>` : nothing}
          </button>`;
        })}
      </div>
      ${t.handsPlayed > 0 && this.may('hand.misdeal') ? this.misdealRow(t) : nothing}
    </article>`;
  }

  /**
   * A misdeal at this table (TDA 2017 r35, PPN r35C): the re-deal is the same hand, so the last
   * "next hand" here is taken back (button, hand count, penalty hands). Two taps, as a bust.
   */
  private misdealRow(t: TableView) {
    const l10n = this.l10n;
    const confirming = this.confirmMisdeal === t.id;
    return html`<div class="hand-row">
      <span>${l10n.t('seating.handNo', { hand: t.handsPlayed })}</span>
      <button
        type="button"
        data-action="misdeal"
        class=${confirming ? 'danger' : ''}
        @click=${() => {
          if (!confirming) {
            this.confirmMisdeal = t.id;
            return;
          }
          this.confirmMisdeal = null;
          fireCommand(this, { type: 'hand.misdeal', tableId: t.id });
        }}
      >
        ${confirming ? l10n.t('seating.confirmMisdeal', { hand: t.handsPlayed }) : l10n.t('seating.misdeal')}
      </button>
    </div>`;
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

  private toggleMark(entryId: string | null): void {
    if (!entryId || !this.marked) return;
    this.marked = this.marked.includes(entryId) ? this.marked.filter((id) => id !== entryId) : [...this.marked, entryId];
  }

  private onBustHand(e: BustHandEvent): void {
    const detail = e.detail;
    if (detail.kind === 'close') this.marked = null;
    else this.toggleMark(detail.entryId);
  }

  private bustOne(entryId: string): void {
    // A bounty in play (issue 25): the bust sheet asks who eliminated him (one tap on a seat).
    if (this.field?.bounty) {
      this.close();
      this.marked = [entryId];
      return;
    }
    fireCommand(this, { type: 'entry.bust', entryIds: [entryId] });
    this.close();
  }

  /** The first bust of a hand with several: the seats now mark players instead of opening sheets. */
  private markFrom(entryId: string): void {
    this.marked = [entryId];
    this.close();
  }

  private act(command: Parameters<typeof fireCommand>[1]): void {
    fireCommand(this, command);
    this.close();
  }

  private sheet(sel: Selected, seating: SeatingView) {
    const l10n = this.l10n;
    const title = `${sel.name ?? (sel.entryId ? '—' : l10n.t('seating.empty'))} · ${l10n.t('seating.tableSeat', { table: sel.table, seat: sel.seat })}`;
    const free = freeSeats(seating);
    const allSeats = seating.tables.flatMap((t) => t.seats.map((s) => ({ value: `${t.id}:${s.seat}`, table: t.number, seat: s.seat })));
    const split = (v: string) => {
      const i = v.lastIndexOf(':');
      return { tableId: v.slice(0, i), seat: Number(v.slice(i + 1)) };
    };
    return html`<div class="sheet" role="dialog" aria-label=${title}>
      <h3>${title}</h3>
      ${sel.entryId && this.field?.winner === undefined && !this.field?.satellite?.winners
        ? html`
            <button
              class=${this.confirmBust ? 'danger' : ''}
              type="button"
              @click=${() => (this.confirmBust ? this.bustOne(sel.entryId!) : (this.confirmBust = true))}
            >
              ${this.confirmBust ? l10n.t('seating.confirmBust', { name: sel.name ?? '—' }) : l10n.t('seating.bust')}
            </button>
            <button class="several" type="button" @click=${() => this.markFrom(sel.entryId!)}>${l10n.t('entries.control.bustHand.several')}</button>
            <button type="button" data-action="player-clock" @click=${() => this.act({ type: 'playerClock.start', tableId: sel.tableId, seat: sel.seat })}>${l10n.t('cues.callClock')}</button>
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
