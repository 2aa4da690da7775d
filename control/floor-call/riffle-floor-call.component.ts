import { html, LitElement, nothing } from 'lit';
import { MAY_NOTHING, type May } from '../actions.js';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { Role } from '../../client/messages.js';
import { moveLine, suggestionLine } from '../../web/lib/seating-text.js';
import type { MoveView, MovesView, PlannedMoveView, SeatingView } from '../../server/protocol/seating.js';
import { fireCommand } from '../command-event.js';
import { commandLabel } from '../command-labels.js';
import styles from './riffle-floor-call.styles.js';

/** Moves shown under the call when the last action was a single move. */
const RECENT = 4;

/**
 * @summary What the floor must do next, each with a one-tap apply: a table break, the final
 * table, the balance (TDA 2017 r9-r11) with every move it needs and "apply all"; halted tables
 * (waive); the moves of the last action, all of them, each undoable; undo.
 *
 * A balance the rules leave to the TD (the button unknown: "TD picks") shows the players and
 * seats the rules allow, and the TD picks on the card before applying.
 *
 * @event riffle-command - The command to send (`table.break`, `finalTable.form`, `balance.apply`,
 * `table.waiveHalt`, `seating.undo`, `seat.move` back for a move's undo); the moves of
 * "apply all" one after the other, each waiting for its answer.
 */
export class RiffleFloorCall extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) moves: MovesView | null = null;
  /** For names of the TD's candidates and for which moves can still be undone. */
  @property({ attribute: false }) seating: SeatingView | null = null;
  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) userRole: Role = 'floor';
  /** What this phone may send (control/actions.ts `May`): buttons ask it, not the role. */
  @property({ attribute: false }) may: May = MAY_NOTHING;

  /** The TD's pick on a "TD picks" card: player and seat (empty: not picked yet). */
  @state() private pickEntry = '';
  @state() private pickSeat = '';
  /** "Apply all" is under way: the moves left to send. */
  @state() private applying = 0;

  override render() {
    const m = this.moves;
    if (!m || !this.l10n) return nothing;
    const l10n = this.l10n;
    const s = m.suggestion;
    const may = (type: string) => this.may(type);
    return html`<section aria-label=${l10n.t('seating.movesTitle')}>
      <h2>${l10n.t('seating.movesTitle')}</h2>
      ${m.halted.map(
        (h) => html`<div class="halted" role="alert">
          <span>${l10n.t('seating.haltedBody', { table: h.table, players: h.players, most: h.most })}</span>
          ${may('table.waiveHalt') ? html`<button type="button" @click=${() => fireCommand(this, { type: 'table.waiveHalt', tableId: h.tableId })}>${l10n.t('seating.waive')}</button>` : nothing}
        </div>`,
      )}
      ${m.tableBreak
        ? html`<div class="call">
            <p>${l10n.t('seating.tableBreak', { table: m.tableBreak.table, players: m.tableBreak.players })}</p>
            ${may('table.break')
              ? html`<button class="primary" type="button" @click=${() => fireCommand(this, { type: 'table.break', tableId: m.tableBreak!.tableId })}>
                  ${l10n.t('seating.breakTable', { table: m.tableBreak.table })}
                </button>`
              : nothing}
          </div>`
        : nothing}
      ${m.finalTableCall
        ? html`<div class="call">
            <p>${l10n.t('seating.finalTableCall', { players: m.finalTableCall.playersLeft })}</p>
            ${may('finalTable.form') ? html`<button class="primary" type="button" @click=${() => fireCommand(this, { type: 'finalTable.form' })}>${l10n.t('seating.formFinalTable')}</button>` : nothing}
          </div>`
        : nothing}
      ${s ? (s.exact ? this.balanceCard(m) : this.pickCard(m)) : nothing}
      ${!s && !m.tableBreak && !m.finalTableCall
        ? m.blocked
          ? html`<p class="muted">${l10n.t('seating.blocked')}</p>`
          : html`<p class="ok">${l10n.t('seating.balanced')}</p>`
        : nothing}
      ${this.recentList(m)}
      ${m.undo && may('seating.undo')
        ? html`<button type="button" class="undo" @click=${() => fireCommand(this, { type: 'seating.undo' })}>${l10n.t('seating.undo', { label: commandLabel(l10n, { type: m.undo.type }) })}</button>`
        : nothing}
    </section>`;
  }

  /** The balance with every move it needs: the one to apply now, then the rest in order. */
  private balanceCard(m: MovesView) {
    const l10n = this.l10n;
    const s = m.suggestion!;
    const plan = m.plan ?? [];
    // "Apply all" takes the moves the engine worked out exactly, up to a TD pick.
    const exact = [{ entryId: s.entryId, seat: s.to.seat }, ...plan.filter((p, i) => plan.slice(0, i + 1).every((x) => x.exact)).map((p) => ({ entryId: p.entryId, seat: p.to.seat }))];
    const may = this.may('balance.apply');
    return html`<div class="balance" data-call="balance">
      <ol class="plan">
        <li class="now"><strong class="name">${s.name ?? ''}</strong><span>${suggestionLine(l10n, s)}</span></li>
        ${plan.map((p) => html`<li><strong class="name">${p.name ?? ''}</strong><span>${this.plannedLine(p)}</span></li>`)}
      </ol>
      ${may
        ? html`<div class="actions">
            <button class="primary" type="button" ?disabled=${this.applying > 0} @click=${() => fireCommand(this, { type: 'balance.apply', entryId: s.entryId, seat: s.to.seat })}>
              ${l10n.t('seating.apply')}
            </button>
            ${exact.length > 1
              ? html`<button class="primary" type="button" data-action="apply-all" ?disabled=${this.applying > 0} @click=${() => this.applyAll(exact)}>
                  ${l10n.t('seating.applyAll', { count: exact.length })}
                </button>`
              : nothing}
          </div>`
        : nothing}
    </div>`;
  }

  private plannedLine(p: PlannedMoveView): string {
    const who = p.exact ? p.player : 'td-choice';
    return suggestionLine(this.l10n, { from: p.from, to: p.to, player: who } as Parameters<typeof suggestionLine>[1]);
  }

  /** The rules leave the player or the seat to the TD (button unknown): he picks here. */
  private pickCard(m: MovesView) {
    const l10n = this.l10n;
    const s = m.suggestion!;
    const names = new Map<string, string>();
    for (const t of this.seating?.tables ?? []) for (const seat of t.seats) if (seat.entryId && seat.name) names.set(seat.entryId, `${seat.name} · ${l10n.t('seating.seatShort', { seat: seat.seat })}`);
    const entries = s.candidates.entryIds;
    const seats = s.candidates.seats;
    const entryId = this.pickEntry && entries.includes(this.pickEntry) ? this.pickEntry : entries.length === 1 ? entries[0]! : '';
    const seat = this.pickSeat && seats.includes(Number(this.pickSeat)) ? Number(this.pickSeat) : seats.length === 1 ? seats[0]! : 0;
    return html`<div class="balance pick" data-call="td-picks">
      <p>${suggestionLine(l10n, s)}</p>
      ${this.may('balance.apply')
        ? html`<label
              >${l10n.t('seating.pickPlayer', { table: s.from.table })}
              <select data-pick="player" @change=${(e: Event) => (this.pickEntry = (e.target as HTMLSelectElement).value)}>
                ${entries.length > 1 ? html`<option value="" ?selected=${!entryId}>…</option>` : nothing}
                ${entries.map((id) => html`<option value=${id} ?selected=${id === entryId}>${names.get(id) ?? ''}</option>`)}
              </select>
            </label>
            <label
              >${l10n.t('seating.pickSeat', { table: s.to.table })}
              <select data-pick="seat" @change=${(e: Event) => (this.pickSeat = (e.target as HTMLSelectElement).value)}>
                ${seats.length > 1 ? html`<option value="" ?selected=${!seat}>…</option>` : nothing}
                ${seats.map((n) => html`<option value=${String(n)} ?selected=${n === seat}>${l10n.t('seating.tableSeat', { table: s.to.table, seat: n })}</option>`)}
              </select>
            </label>
            <button class="primary" type="button" ?disabled=${!entryId || !seat} @click=${() => this.applyPick(entryId, seat)}>${l10n.t('seating.apply')}</button>`
        : nothing}
    </div>`;
  }

  private applyPick(entryId: string, seat: number): void {
    this.pickEntry = '';
    this.pickSeat = '';
    fireCommand(this, { type: 'balance.apply', entryId, seat });
  }

  /** One move after the other, each waiting for its answer; the first refusal stops the rest. */
  private async applyAll(moves: { entryId: string; seat: number }[]): Promise<void> {
    this.applying = moves.length;
    try {
      for (const move of moves) {
        const ok = await new Promise<boolean>((resolve) => fireCommand(this, { type: 'balance.apply', entryId: move.entryId, seat: move.seat }, { reply: (answer) => resolve(answer.ok) }));
        this.applying--;
        if (!ok) break;
      }
    } finally {
      this.applying = 0;
    }
  }

  /**
   * The moves of the last action, every one of them (a table break of 7 moves shows 7), or the
   * last few single moves; each with an undo while the player still sits where it put him and
   * his old seat is free.
   */
  private recentList(m: MovesView) {
    const done = m.recent.filter((x) => x.status === 'done');
    if (done.length === 0) return nothing;
    const lastAt = done[done.length - 1]!.at;
    const last = done.filter((x) => x.at === lastAt);
    const shown = (last.length > 1 ? last : done.slice(-RECENT)).slice().reverse();
    return html`<ol class="recent">
      ${shown.map((x) => html`<li><span>${moveLine(this.l10n, x)}</span>${this.undoMove(x)}</li>`)}
    </ol>`;
  }

  private undoMove(x: MoveView) {
    if (!x.from || x.kind === 'final-table' || x.kind === 'correct-seat' || !this.may('seat.move') || !this.seating) return nothing;
    const from = x.from;
    const to = this.seating.tables.find((t) => t.id === x.to.tableId)?.seats.find((s) => s.seat === x.to.seat);
    const back = this.seating.tables.find((t) => t.id === from.tableId)?.seats.find((s) => s.seat === from.seat);
    if (to?.entryId !== x.entryId || !back || back.entryId || back.outOfUse) return nothing;
    return html`<button type="button" class="small" data-action="undo-move" @click=${() => fireCommand(this, { type: 'seat.move', entryId: x.entryId, tableId: from.tableId, seat: from.seat })}>
      ${this.l10n.t('seating.undoMove')}
    </button>`;
  }
}
