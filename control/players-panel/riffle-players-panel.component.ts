import { html, LitElement, nothing } from 'lit';
import { MAY_NOTHING, type May } from '../actions.js';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { Role } from '../../client/messages.js';
import type { FieldView, PayoutsView, PlayerEntryView, PlayersView } from '../../server/protocol/entries-views.js';
import type { SeatingView } from '../../server/protocol/seating.js';
import { tokens } from '../../web/lib/theme.js';
import '../bust-hand/riffle-bust-hand.js';
import '../day-panel/riffle-day-panel.js';
import '../player-register/riffle-player-register.js';
import type { BustHandEvent } from '../bust-hand/riffle-bust-hand.component.js';
import { fireCommand } from '../command-event.js';
import styles from './riffle-players-panel.styles.js';

type PenaltyKind = 'warning' | 'missed-hands' | 'missed-rounds' | 'fold-out-of-turn' | 'blind-dodge' | 'time-out' | 'disqualification';
const PENALTIES: PenaltyKind[] = ['warning', 'missed-hands', 'missed-rounds', 'fold-out-of-turn', 'blind-dodge', 'time-out', 'disqualification'];

/**
 * @summary Floor work on players, one-handed: fast registration (`<riffle-player-register>`:
 *   type a name, Enter, next; returning players found by a few letters, issue 27), a
 *   searchable list, and per entry: bust, chip count, rebuy, add-on, re-entry and penalties.
 *
 * "Busts in one hand" turns each row's Bust into a mark; `<riffle-bust-hand>` then sends the
 * marked players as one `entry.bust` (IP r47-5, MEC r7), the way the room view does for seats.
 *
 * Renders only and fires `riffle-command` with the command; the root sends it.
 * @event riffle-command - `{command}` to send (control/command-event.ts).
 */
export class RifflePlayersPanel extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) players: PlayersView | null = null;
  @property({ attribute: false }) field: FieldView | null = null;
  @property({ attribute: false }) userRole: Role | null = null;
  /** What this phone may send (control/actions.ts `May`): buttons ask it, not the role. */
  @property({ attribute: false }) may: May = MAY_NOTHING;
  @property({ attribute: false }) currency = 'EUR';
  /** For the busts of a hand: each player's table, places and prizes. */
  @property({ attribute: false }) seating: SeatingView | null = null;
  @property({ attribute: false }) payouts: PayoutsView | null = null;

  @state() private query = '';
  @state() private open: string | null = null;
  /** Players marked as out in this hand; null: not marking (Bust busts at once). */
  @state() private marked: string[] | null = null;
  /** The entry whose Bust was tapped once: a second, explicit tap busts (as in the room view). */
  @state() private confirming: string | null = null;
  /** The Re-enter tapped once (player id): a second tap re-enters. */
  @state() private confirmingReentry: string | null = null;

  override render() {
    const { l10n, players, field } = this;
    if (!l10n || !players) return nothing;
    // Once a winner is crowned, or a satellite's seats are won, the tournament is over
    // (server/engine/end.ts): no registration, no bust; the undo of the last bust stays, to reopen it.
    const seatWinners = field?.satellite?.winners ?? [];
    const over = field?.winner !== undefined || seatWinners.length > 0;
    const q = this.query.trim().toLowerCase();
    const list = players.entries
      .filter((e) => !q || e.name.toLowerCase().includes(q) || e.id === q)
      // In play first, then by place.
      .sort((a, b) => (a.status === b.status ? (a.place ?? 0) - (b.place ?? 0) : a.status === 'active' ? -1 : 1));
    const seats = this.seatsByEntry();
    return html`
      ${field ? html`<p class="summary">${l10n.t('entries.control.summary', { left: l10n.number(field.playersLeft), entries: l10n.number(field.entries), avg: l10n.chips(field.avgStack) })}</p>` : nothing}
      ${over
        ? html`<p class="summary finished" data-finished>
            ${seatWinners.length ? l10n.t('entries.control.seatsWon', { names: seatWinners.map((w) => w.name).join(', ') }) : l10n.t('entries.control.won', { name: field!.winner!.name })}
          </p>`
        : html`<riffle-player-register .l10n=${l10n} .players=${players} .field=${field} .may=${this.may}></riffle-player-register>`}
      ${players.lastBust.length
        ? html`<button class="undo" type="button" @click=${() => fireCommand(this, { type: 'entry.undoBust', entryId: players.lastBust[0]! })}>${l10n.t('entries.control.undo', { name: players.lastBust.map((id) => players.entries.find((e) => e.id === id)?.name ?? id).join(', ') })}</button>`
        : nothing}
      <div class="find">
        <input class="search" type="search" .value=${this.query} placeholder=${l10n.t('entries.control.search')} aria-label=${l10n.t('entries.control.search')} @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)} />
        ${!over && players.entries.filter((e) => e.status === 'active').length > 2
          ? html`<button type="button" data-action="bust-hand" aria-pressed=${this.marked ? 'true' : 'false'} @click=${() => (this.marked = this.marked ? null : [])}>${l10n.t('entries.control.bustHand.start')}</button>`
          : nothing}
      </div>
      <ul class="list ${this.marked ? 'marking' : ''}">
        ${list.map((e) => this.row(e, over, seats.get(e.id)))}
      </ul>
      ${this.marked
        ? html`<riffle-bust-hand
            .l10n=${l10n}
            .marked=${this.marked}
            .players=${players}
            .seating=${this.seating}
            .field=${field}
            .payouts=${this.payouts}
            .currency=${this.currency}
            @riffle-bust-hand=${this.onBustHand}
          ></riffle-bust-hand>`
        : nothing}
      ${over ? nothing : html`<riffle-day-panel .l10n=${l10n} .field=${field} .players=${players} .userRole=${this.userRole} .may=${this.may} .seatsPerTable=${Math.max(0, ...(this.seating?.tables ?? []).map((t) => t.capacity))}></riffle-day-panel>`}
    `;
  }

  private row(e: PlayerEntryView, over: boolean, seat: { table: number; seat: number } | undefined) {
    const { l10n } = this;
    const active = e.status === 'active';
    // The winner is still `active` (in play, 1st): his row shows his place and prize, no Bust.
    const playing = active && !over;
    const status = playing ? this.stack(e) : e.place !== undefined ? l10n.t('entries.control.placeShort', { place: e.place }) : l10n.t('entries.control.out');
    return html`<li class=${active ? 'active' : 'out'} data-entry=${e.id}>
      <button class="who" type="button" aria-expanded=${this.open === e.id ? 'true' : 'false'} @click=${() => (this.open = this.open === e.id ? null : e.id)}>
        <span class="name">${e.name}${e.n > 1 ? html` <small>#${e.n}</small>` : nothing}</span>
        <span class="status">${status}${e.prize ? html` · ${l10n.money(e.prize, this.currency)}` : nothing}${e.bounty !== undefined && active ? html` · <span data-bounty>${l10n.t('entries.control.bounty', { amount: l10n.money(e.bounty, this.currency) })}</span>` : nothing}</span>
        ${playing && seat ? html`<span class="where" data-where>${l10n.t('seating.tableSeat', { table: seat.table, seat: seat.seat })}</span>` : nothing}
      </button>
      ${playing ? this.bustButton(e) : nothing} ${playing && this.confirming === e.id && !this.marked ? this.confirmBust(e) : nothing}
      ${e.penalties?.length ? html`<div class="penalties">${e.penalties.map((p) => this.penalty(p))}</div>` : nothing}
      ${this.open === e.id && e.knockouts?.amount
        ? html`<p class="won" data-role="bounty-won">${l10n.t('bounties.card.won', { count: e.knockouts.count, amount: l10n.money(e.knockouts.amount, this.currency) })}</p>`
        : nothing}
      ${this.open === e.id && !over ? this.actions(e) : nothing}
    </li>`;
  }

  /**
   * A stack as the floor knows it (issue 23): a count with its time of day, or "not counted".
   * Until counted, `chips` is only the stack he was given, and 20,000 beside a measured average
   * would read as measured.
   */
  private stack(e: PlayerEntryView) {
    const { l10n } = this;
    if (e.counted === undefined) return html`<span class="uncounted" data-chips="not-counted">${l10n.t('entries.control.notCounted')}</span>`;
    const time = new Date(e.counted).toLocaleTimeString(l10n.lang, { hour: '2-digit', minute: '2-digit' });
    return html`<span data-chips="counted">${l10n.chips(e.chips)}</span> <small class="when">${l10n.t('entries.control.countedAt', { time })}</small>`;
  }

  /** Each seated entry's table number and seat, from the seating topic (made once per topic object). */
  private seatsByEntry(): ReadonlyMap<string, { table: number; seat: number }> {
    const seating = this.seating;
    if (this.seatsFor?.seating === seating) return this.seatsFor.map;
    const map = new Map<string, { table: number; seat: number }>();
    for (const t of seating?.tables ?? []) for (const s of t.seats) if (s.entryId) map.set(s.entryId, { table: t.number, seat: s.seat });
    this.seatsFor = { seating, map };
    return map;
  }

  private seatsFor: { seating: SeatingView | null; map: Map<string, { table: number; seat: number }> } | undefined;

  /** Bust at once, or (marking a hand's busts) mark and unmark. */
  private bustButton(e: PlayerEntryView) {
    const { l10n } = this;
    if (!this.marked) {
      return html`<button class="bust" type="button" data-action="bust" aria-expanded=${String(this.confirming === e.id)} @click=${() => (this.confirming = this.confirming === e.id ? null : e.id)}>
        ${l10n.t('entries.control.bust')}
      </button>`;
    }
    const marked = this.marked.includes(e.id);
    return html`<button class="mark ${marked ? 'on' : ''}" type="button" data-action="mark" aria-pressed=${String(marked)} @click=${() => this.toggleMark(e.id)}>
      ${l10n.t(marked ? 'entries.control.bustHand.marked' : 'entries.control.bustHand.mark')}
    </button>`;
  }

  /** "Bust Anna Jansen?": a bust is not undone lightly (places and prizes follow from it). */
  private confirmBust(e: PlayerEntryView) {
    const { l10n } = this;
    return html`<div class="confirm" role="group" aria-label=${l10n.t('seating.confirmBust', { name: e.name })}>
      <button type="button" data-action="cancel-bust" @click=${() => (this.confirming = null)}>${l10n.t('control.cancel')}</button>
      <button type="button" class="danger" data-action="confirm-bust" @click=${() => this.bust(e.id)}>${l10n.t('seating.confirmBust', { name: e.name })}</button>
    </div>`;
  }

  private bust(entryId: string): void {
    this.confirming = null;
    // A bounty in play (issue 25): the bust sheet asks who eliminated him before it is sent.
    if (this.field?.bounty) this.marked = [entryId];
    else fireCommand(this, { type: 'entry.bust', entryIds: [entryId] });
  }

  /**
   * Who eliminated a busted player, corrected afterwards (issue 25, `entry.setEliminators`): one
   * of the players in play now. A split pot is named in the bust sheet.
   */
  private eliminatorCorrection(e: PlayerEntryView) {
    const { l10n, players } = this;
    const name = (id: string) => players?.entries.find((x) => x.id === id)?.name ?? id;
    const label = l10n.t('entries.control.changeEliminator');
    return html`${e.eliminatedBy?.length ? html`<small class="eliminated-by" data-eliminated-by>${l10n.t('entries.control.eliminatedByList', { names: e.eliminatedBy.map(name).join(', ') })}</small>` : nothing}
      <form class="correct" data-correct=${e.id} @submit=${(ev: Event) => this.correctEliminator(ev, e.id)}>
      <select name="by" aria-label=${label} title=${label}>
        ${(players?.entries ?? []).filter((x) => x.status === 'active').map((x) => html`<option value=${x.id} ?selected=${e.eliminatedBy?.[0] === x.id}>${x.name}</option>`)}
      </select>
      <button type="submit">${l10n.t('entries.control.setEliminator')}</button>
    </form>`;
  }

  private correctEliminator(ev: Event, entryId: string): void {
    ev.preventDefault();
    const by = new FormData(ev.target as HTMLFormElement).get('by');
    if (typeof by === 'string' && by) fireCommand(this, { type: 'entry.setEliminators', entryId, eliminators: [by] });
  }

  private toggleMark(entryId: string): void {
    if (!this.marked) return;
    this.marked = this.marked.includes(entryId) ? this.marked.filter((id) => id !== entryId) : [...this.marked, entryId];
  }

  private onBustHand(e: BustHandEvent): void {
    const detail = e.detail;
    if (detail.kind === 'close') this.marked = null;
    else this.toggleMark(detail.entryId);
  }

  /** Whether the entry has a seat (the seating topic), so the server counts his table. */
  private seatedCount(entryId: string): boolean {
    return this.seating?.tables.some((t) => t.seats.some((s) => s.entryId === entryId)) ?? false;
  }

  private penalty(p: NonNullable<PlayerEntryView['penalties']>[number]) {
    const { l10n } = this;
    const detail = p.hands !== undefined ? l10n.t('entries.control.handsLeft', { count: p.hands - (p.served ?? 0), total: p.hands }) : p.until !== undefined ? l10n.t('entries.control.until', { time: new Date(p.until).toLocaleTimeString(l10n.lang, { hour: '2-digit', minute: '2-digit' }) }) : '';
    return html`<span class="penalty">${l10n.t(`entries.control.penalties.${p.kind as PenaltyKind}`)} ${detail}
      <button type="button" @click=${() => fireCommand(this, { type: 'penalty.clear', penaltyId: p.id })}>${l10n.t('entries.control.clearPenalty')}</button></span>`;
  }

  private actions(e: PlayerEntryView) {
    const { l10n } = this;
    if (e.status !== 'active') {
      // Only where the rules allow it now: re-entry open, his latest entry, not back in play.
      const entries = this.players?.entries ?? [];
      const latest = entries.every((x) => x.playerId !== e.playerId || x.n <= e.n);
      const inPlay = entries.some((x) => x.playerId === e.playerId && x.status === 'active');
      const reenter = this.field?.reentry.open && latest && !inPlay && this.may('entry.reenter');
      if (!reenter) return e.out === 'bust' ? html`<div class="actions">${this.eliminatorCorrection(e)}</div>` : nothing;
      const confirming = this.confirmingReentry === e.playerId;
      return html`<div class="actions"><button type="button" data-action="reenter" class=${confirming ? 'danger' : ''} @click=${() => {
        if (!confirming) return void (this.confirmingReentry = e.playerId);
        this.confirmingReentry = null;
        fireCommand(this, { type: 'entry.reenter', playerId: e.playerId });
      }}>${confirming ? l10n.t('entries.control.confirmReenter', { name: e.name }) : l10n.t('entries.control.reenter')}</button>
        ${e.out === 'bust' ? this.eliminatorCorrection(e) : nothing}
      </div>`;
    }
    return html`<div class="actions">
      <form class="chips" @submit=${(ev: Event) => this.saveChips(ev, e.id)}>
        <input name="chips" type="number" inputmode="numeric" min="0" step="1" .value=${String(e.chips)} aria-label=${l10n.t('entries.control.chips')} />
        <button type="submit">${l10n.t('entries.control.saveChips')}</button>
      </form>
      <button type="button" @click=${() => fireCommand(this, { type: 'entry.rebuy', entryId: e.id })} ?disabled=${!this.field?.rebuyOpen}>${l10n.t('entries.control.rebuy')}</button>
      <button type="button" @click=${() => fireCommand(this, { type: 'entry.addon', entryId: e.id })} ?disabled=${!this.field?.addonOpen}>${l10n.t('entries.control.addon')}</button>
      <button type="button" data-action="absent" aria-pressed=${String(e.absentSince !== undefined)} @click=${() => fireCommand(this, { type: 'entry.absent', entryId: e.id, absent: e.absentSince === undefined })}>${e.absentSince !== undefined ? l10n.t('entries.control.absentSince', { time: new Date(e.absentSince).toLocaleTimeString(l10n.lang, { hour: '2-digit', minute: '2-digit' }) }) : l10n.t('entries.control.absent')}</button>
      ${this.may('entry.removeAbsent') && e.absentSince !== undefined ? html`<button type="button" data-action="remove-absent" @click=${() => fireCommand(this, { type: 'entry.removeAbsent', entryId: e.id })}>${l10n.t('entries.control.removeAbsent')}</button>` : nothing}
      <form class="penalty-form" @submit=${(ev: Event) => this.givePenalty(ev, e.id)}>
        <select name="kind" aria-label=${l10n.t('entries.control.penalty')}>
          ${PENALTIES.filter((k) => this.may('penalty.add', { kind: k })).map((k) => html`<option value=${k}>${l10n.t(`entries.control.penalties.${k}`)}</option>`)}
        </select>
        <input name="count" type="number" inputmode="numeric" min="1" step="1" value="1" aria-label="n" />
        <button type="submit">${l10n.t('entries.control.penalty')}</button>
      </form>
    </div>`;
  }

  private saveChips(ev: Event, entryId: string): void {
    ev.preventDefault();
    const value = Number(((ev.target as HTMLFormElement).elements.namedItem('chips') as HTMLInputElement).value);
    fireCommand(this, { type: 'chips.set', entryId, chips: value });
  }

  private givePenalty(ev: Event, entryId: string): void {
    ev.preventDefault();
    const form = ev.target as HTMLFormElement;
    const kind = (form.elements.namedItem('kind') as HTMLSelectElement).value as PenaltyKind;
    const n = Math.max(1, Math.round(Number((form.elements.namedItem('count') as HTMLInputElement).value) || 1));
    if (kind === 'missed-hands') return fireCommand(this, { type: 'penalty.add', entryId, kind, hands: n });
    // TDA 2017 r71: rounds x players at the table; the server reads the count from the seating.
    if (kind === 'missed-rounds') return fireCommand(this, { type: 'penalty.add', entryId, kind, rounds: n, ...(this.seatedCount(entryId) ? {} : { playersAtTable: 9 }) });
    // IP r45-2: one round at the table he now sits at (read from the seating).
    if (kind === 'blind-dodge') return fireCommand(this, { type: 'penalty.add', entryId, kind, ...(this.seatedCount(entryId) ? {} : { playersAtTable: 9 }) });
    if (kind === 'time-out') return fireCommand(this, { type: 'penalty.add', entryId, kind, minutes: n * 10 });
    fireCommand(this, { type: 'penalty.add', entryId, kind });
  }
}
