import { html, LitElement, nothing } from 'lit';
import { MAY_NOTHING, type May } from '../actions.js';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { Role } from '../../client/messages.js';
import type { FieldView, PayoutsView, PlayersView } from '../../server/protocol/entries-views.js';
import '../deal-calculator/riffle-deal-calculator.js';
import '../bounty-money/riffle-bounty-money.js';
import { tokens } from '../../web/lib/theme.js';
import { seatLines, seatPrize } from '../../web/lib/results.js';
import { fireCommand } from '../command-event.js';
import styles from './riffle-money-panel.styles.js';

/**
 * @summary Hand-for-hand controls (TDA 2024 AP 8), the payouts editor and the deal calculator
 *   (ICM and chip-chop; IP r8: every remaining player agrees, the TD approves).
 *
 * @event riffle-command - `{command}` to send (control/command-event.ts).
 */
export class RiffleMoneyPanel extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) field: FieldView | null = null;
  @property({ attribute: false }) payouts: PayoutsView | null = null;
  @property({ attribute: false }) userRole: Role | null = null;
  /** What this phone may send (control/actions.ts `May`): buttons ask it, not the role. */
  @property({ attribute: false }) may: May = MAY_NOTHING;

  /** For the deal calculator: the players in play, their counts. */
  @property({ attribute: false }) players: PlayersView | null = null;

  override render() {
    const { l10n, field, payouts } = this;
    if (!l10n || !field || !payouts) return nothing;
    const money = (cents: number) => l10n.money(cents, payouts.currency);
    // After the end nothing of play is offered: no hand-for-hand (the deal's undo asks `passed`).
    // Play is over with a winner, or in a satellite once the seats are won (no winner there).
    const over = field.winner !== undefined || field.satellite?.winners !== undefined;
    return html`
      ${over ? nothing : this.handForHand(field)}
      <section class="card">
        <h2>${l10n.t('entries.control.payouts')} · ${l10n.t('entries.control.pool', { amount: money(payouts.prizePool) })}</h2>
        ${payouts.deal ? this.dealMade(payouts.deal, money) : nothing}
        ${field.satellite
          ? this.seatLadder(field.satellite, payouts)
          : html`<ol class="ladder">
              ${(payouts.deal ? payouts.places.filter((p) => p.paid) : payouts.places).map((p) => html`<li class=${p.paid ? 'paid' : ''}><span>${l10n.t('entries.display.place', { place: l10n.number(p.place) })}</span><span>${money(p.amount)}</span></li>`)}
            </ol>`}
        ${this.may('payouts.set') && payouts.source !== 'locked' && !field.satellite
          ? html`<form @submit=${this.savePayouts}>
              <p class="hint">${l10n.t('entries.control.payoutsHint')}</p>
              <textarea name="amounts" rows="4" .value=${payouts.places.map((p) => (p.amount / 100).toFixed(2)).join('\n')}></textarea>
              <div class="row">
                <button class="primary" type="submit">${l10n.t('entries.control.savePayouts')}</button>
                <button type="button" @click=${() => fireCommand(this, { type: 'payouts.set', amounts: null })}>${l10n.t('entries.control.resetPayouts')}</button>
              </div>
            </form>`
          : nothing}
      </section>
      ${this.may('deal.propose') && field.playersLeft >= 2 && !field.dealMade && !field.winner && !field.satellite ? this.dealCard() : nothing}
      ${field.bounty ? html`<riffle-bounty-money .l10n=${l10n} .field=${field} .players=${this.players} .currency=${payouts.currency} .may=${this.may}></riffle-bounty-money>` : nothing}
    `;
  }

  /** Hand-for-hand (TDA 2024 AP 8): offered while play goes on, never after the end. */
  private handForHand(field: FieldView) {
    const { l10n } = this;
    return html`<section class="card">
        <h2>${l10n.t('entries.control.handForHand')}</h2>
        ${field.handForHand.active
          ? html`<p class="hfh">${l10n.t('entries.display.handForHandHand', { hand: field.handForHand.hand })}</p>
              <div class="row">
                <button class="primary" type="button" data-action="hfh-next" @click=${() => fireCommand(this, { type: 'handForHand.nextHand' })}>${l10n.t('entries.control.hfhNext')}</button>
                ${this.may('handForHand.stop') ? html`<button type="button" @click=${() => fireCommand(this, { type: 'handForHand.stop' })}>${l10n.t('entries.control.hfhStop')}</button>` : nothing}
              </div>`
          : this.may('handForHand.start')
            ? html`<button type="button" data-action="hfh-start" @click=${() => fireCommand(this, { type: 'handForHand.start' })}>${l10n.t('entries.control.hfhStart')}</button>`
            : html`<p class="hint">${l10n.t('entries.control.tdOnly')}</p>`}
      </section>`;
  }

  /**
   * A satellite's payouts say seats: the seat places in one line with what a seat is worth, the
   * cash below them place by place (docs/RULES.md "Satellites"). No deal calculator: its ICM and
   * chip-chop would divide the seats, and play stops at the seats by itself.
   */
  private seatLadder(sat: NonNullable<FieldView['satellite']>, payouts: PayoutsView) {
    const { l10n } = this;
    const money = (cents: number) => l10n.money(cents, payouts.currency);
    return html`<p class="hint" data-seats>${l10n.t('display.results.seats', { count: l10n.number(sat.seats) })} · ${l10n.t('display.results.seat')} ${money(sat.seatValue)}</p>
      <ol class="ladder" data-seat-ladder>
        ${seatLines(payouts.places, sat.seatValue).map(
          (line) => html`<li class=${line.paid ? 'paid' : ''}>
            <span>${line.from === line.to ? l10n.t('entries.display.place', { place: l10n.number(line.from) }) : l10n.place(line.from, line.to)}</span>
            <span>${line.seat ? seatPrize(l10n, line.amount, sat.seatValue, payouts.currency) : money(line.amount)}</span>
          </li>`,
        )}
      </ol>`;
  }

  private dealCard() {
    return html`<riffle-deal-calculator .l10n=${this.l10n} .players=${this.players} .currency=${this.payouts?.currency ?? 'EUR'}></riffle-deal-calculator>`;
  }

  /**
   * The deal in force, by name, instead of the ladder's unpaid places (the deal replaced them,
   * IP r8); the reserve goes to the winner. The TD can take it back while nobody finished since.
   */
  private dealMade(deal: NonNullable<PayoutsView['deal']>, money: (cents: number) => string) {
    const { l10n } = this;
    const below = new Set(deal.belowGuarantee ?? []);
    return html`<div class="deal" data-deal-made>
      <h3>${l10n.t('entries.display.dealShare')}</h3>
      <ol class="ladder">
        ${Object.entries(deal.amounts)
          .sort((a, b) => b[1] - a[1])
          .map(([id, amount]) => html`<li data-entry=${id} class=${below.has(id) ? 'below' : ''}><span class="who">${deal.names?.[id] ?? id}</span><span>${money(amount)}</span></li>`)}
        ${deal.reserve ? html`<li><span>${l10n.t('entries.display.dealReserve')}</span><span>${money(deal.reserve)}</span></li>` : nothing}
      </ol>
      ${this.may('deal.undo') && !deal.passed ? html`<button type="button" data-action="undo-deal" @click=${() => fireCommand(this, { type: 'deal.undo' })}>${l10n.t('commands.deal.undo')}</button>` : nothing}
    </div>`;
  }

  private savePayouts(ev: Event): void {
    ev.preventDefault();
    const text = ((ev.target as HTMLFormElement).elements.namedItem('amounts') as HTMLTextAreaElement).value;
    const amounts = text
      .split(/[\n;]+/)
      .map((s) => s.trim().replace(',', '.'))
      .filter(Boolean)
      .map((s) => Math.round(Number(s) * 100));
    fireCommand(this, { type: 'payouts.set', amounts });
  }
}
