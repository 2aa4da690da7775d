import { html, LitElement, nothing } from 'lit';
import { MAY_NOTHING, type May } from '../actions.js';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { FieldView, PlayersView } from '../../server/protocol/entries-views.js';
import { tokens } from '../../web/lib/theme.js';
import { cardText } from '../../overlays/display/day-notice/riffle-day-notice.component.js';
import { fireCommand } from '../command-event.js';
import styles from './riffle-day-panel.styles.js';

/**
 * @summary The floor's tools for a full or multi-day event, under the players list: the alternate
 *   list (IP r15: add, remove, order), unsold seats (IP r16-3), the table size (MEC r5: TD), and
 *   the end of the day (MEC r9: draw the card, each table's hands left, bag and tag, close).
 *
 * Renders only and fires `riffle-command` with the command; the root sends it.
 * @event riffle-command - `{command}` to send (control/command-event.ts).
 */
export class RiffleDayPanel extends LitElement {
  static override styles = [tokens, ...styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) field: FieldView | null = null;
  @property({ attribute: false }) players: PlayersView | null = null;
  /** The signed-in role: the TD's commands (table size, end and close of the day) only for `td`. */
  @property({ attribute: false }) userRole: string | null = null;
  /** What this phone may send (control/actions.ts `May`): buttons ask it, not the role. */
  @property({ attribute: false }) may: May = MAY_NOTHING;
  /** The event's table size now (rules.seatsPerTable, from the seating topic). */
  @property({ attribute: false }) seatsPerTable = 9;

  @state() private counts: Record<string, string> = {};

  override render() {
    const { l10n, field } = this;
    if (!l10n || !field) return nothing;
    return html`${this.alternates()}${this.unsold()}${this.tableSize()}${this.day()}`;
  }

  private alternates() {
    const l10n = this.l10n;
    const list = this.field!.alternates ?? [];
    if (!this.field!.lateRegistration.open && list.length === 0) return nothing;
    return html`<section class="alternates">
      <h3>${l10n.t('flights.alternatesTitle')}</h3>
      <form @submit=${this.addAlternate}>
        <input name="name" autocomplete="off" enterkeyhint="done" placeholder=${l10n.t('flights.control.alternateName')} aria-label=${l10n.t('flights.control.alternateName')} />
        <button type="submit">${l10n.t('flights.control.addAlternate')}</button>
      </form>
      <ol>
        ${list.map(
          (a) => html`<li>
            <span>${l10n.t('flights.alternateLine', { position: a.position, name: a.name })}</span>
            <button type="button" class="quiet" @click=${() => fireCommand(this, { type: 'alternate.remove', alternateId: a.id })}>${l10n.t('flights.control.remove')}</button>
          </li>`,
        )}
      </ol>
    </section>`;
  }

  private addAlternate(e: SubmitEvent) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const input = form.elements.namedItem('name') as HTMLInputElement;
    const name = input.value.trim();
    if (!name) return;
    fireCommand(this, { type: 'alternate.add', name });
    input.value = '';
  }

  private unsold() {
    const field = this.field!;
    const seats = field.unsoldSeats ?? [];
    const l10n = this.l10n;
    const place =
      this.may('unsold.place') && field.unsoldSeatsRule && field.lateRegistration.open && seats.length === 0
        ? html`<button type="button" data-action="unsold-place" @click=${() => fireCommand(this, { type: 'unsold.place' })}>${l10n.t('flights.control.placeUnsold')}</button>`
        : nothing;
    if (!seats.length) return place === nothing ? nothing : html`<section class="unsold"><h3>${l10n.t('flights.unsoldTitle')}</h3>${place}</section>`;
    return html`<section class="unsold">
      <h3>${l10n.t('flights.unsoldTitle')}</h3>
      <ul>
        ${seats.map((u) => {
          const key = `${u.tableId}:${u.seat}`;
          return html`<li class="unsold-seat" data-seat=${key}>
            <span>${l10n.t('flights.unsoldLine', { table: u.table, seat: u.seat, chips: l10n.number(u.chips) })}</span>
            <form class="row" @submit=${(e: SubmitEvent) => this.unsoldAction(e, u.tableId, u.seat, u.chips)}>
              <input name="chips" type="number" inputmode="numeric" min="1" max=${u.chips} placeholder=${String(u.chips)} aria-label=${l10n.t('flights.control.countUnsold')} />
              <button type="submit" name="action" value="count">${l10n.t('flights.control.countUnsold')}</button>
            </form>
            <form class="row" @submit=${(e: SubmitEvent) => this.unsoldAction(e, u.tableId, u.seat, u.chips)}>
              <input name="name" autocomplete="off" placeholder=${l10n.t('flights.control.lateName')} aria-label=${l10n.t('flights.control.lateName')} />
              <button type="submit" name="action" value="take">${l10n.t('flights.control.takeUnsold')}</button>
            </form>
          </li>`;
        })}
      </ul>
    </section>`;
  }

  /** IP r16-3: the count of an unsold stack, or a late entrant taking the seat with what is left. */
  private unsoldAction(e: SubmitEvent, tableId: string, seat: number, chips: number) {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const count = form.elements.namedItem('chips') as HTMLInputElement | null;
    const name = form.elements.namedItem('name') as HTMLInputElement | null;
    if (count) {
      const value = Number(count.value);
      if (Number.isInteger(value) && value > 0) fireCommand(this, { type: 'unsold.count', tableId, seat, chips: value });
      count.value = '';
    } else if (name?.value.trim()) {
      fireCommand(this, { type: 'unsold.take', name: name.value.trim(), tableId, seat, chips });
      name.value = '';
    }
  }

  private tableSize() {
    if (!this.may('tables.resize') || this.seatsPerTable <= 6) return nothing;
    const l10n = this.l10n;
    const smaller = this.seatsPerTable - 1;
    return html`<section>
      <h3>${l10n.t('flights.control.tableSize')}</h3>
      <button type="button" @click=${() => fireCommand(this, { type: 'tables.resize', seatsPerTable: smaller })}>${l10n.t('flights.control.resize', { seats: smaller })}</button>
    </section>`;
  }

  private day() {
    const l10n = this.l10n;
    const day = this.field!.day;
    if (day?.closed) return html`<section class="day"><p>${l10n.t('flights.dayClosed')}</p></section>`;
    if (!day?.endOfDay) {
      return this.may('day.end') ? html`<section class="day"><button type="button" @click=${() => fireCommand(this, { type: 'day.end' })}>${l10n.t('flights.control.endDay')}</button></section>` : nothing;
    }
    const end = day.endOfDay;
    const active = (this.players?.entries ?? []).filter((e) => e.status === 'active');
    return html`<section class="day">
      <h3>${l10n.t('flights.endOfDayTitle')} <span class="card">${cardText(end.card)}</span></h3>
      <ul class="hands">
        ${end.tables.map((t) => html`<li>${l10n.t('flights.handsLeftTable', { table: t.table, hands: l10n.t('flights.handsLeft', { count: t.handsLeft }) })}</li>`)}
      </ul>
      <h3>${l10n.t('flights.control.bagTitle')} · ${l10n.t('flights.control.bagProgress', { bagged: day.bagged, left: active.length })}</h3>
      <ul class="bag">
        ${active.map(
          (e) => html`<li class=${day.baggedIds.includes(e.id) ? 'done' : ''}>
            <span>${e.name}${day.baggedIds.includes(e.id) ? html` · ${l10n.number(e.chips)}` : nothing}</span>
            <input type="number" inputmode="numeric" min="1" .value=${this.counts[e.id] ?? ''} aria-label=${e.name} @input=${(ev: Event) => (this.counts = { ...this.counts, [e.id]: (ev.target as HTMLInputElement).value })} />
            <button type="button" @click=${() => this.bag(e.id)}>${l10n.t('flights.control.bag')}</button>
          </li>`,
        )}
      </ul>
      ${this.may('day.close') ? html`<button type="button" @click=${() => fireCommand(this, { type: 'day.close' })}>${l10n.t('flights.control.closeDay')}</button>` : nothing}
    </section>`;
  }

  private bag(entryId: string) {
    const chips = Number(this.counts[entryId]);
    if (!Number.isInteger(chips) || chips <= 0) return;
    fireCommand(this, { type: 'day.bag', counts: { [entryId]: chips } });
    this.counts = { ...this.counts, [entryId]: '' };
  }
}
