import { html, LitElement, nothing } from 'lit';
import { MAY_NOTHING, type May } from '../actions.js';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../overlays/lib/i18n.js';
import type { CommandAnswer, Role } from '../../client/messages.js';
import type { FieldView, PayoutsView } from '../../server/protocol/entries-views.js';
import { tokens } from '../../overlays/lib/theme.js';
import { fireEntries } from '../entries-actions.js';
import styles from './riffle-money-panel.styles.js';

interface DealFigures {
  dealt: number;
  reserve: number;
  players: Array<{ entryId: string; name: string; chips: number; icm: number; chipChop: number }>;
}

/**
 * @summary Hand-for-hand controls (TDA 2024 AP 8), the payouts editor and the deal calculator
 *   (ICM and chip-chop; IP r8: every remaining player agrees, the TD approves).
 *
 * @event riffle-entries - `{command, reply?}` to send.
 */
export class RiffleMoneyPanel extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) field: FieldView | null = null;
  @property({ attribute: false }) payouts: PayoutsView | null = null;
  @property({ attribute: false }) userRole: Role | null = null;
  /** What this phone may send (control/actions.ts `May`): buttons ask it, not the role. */
  @property({ attribute: false }) may: May = MAY_NOTHING;

  @state() private deal: DealFigures | null = null;
  @state() private confirmed = false;

  override render() {
    const { l10n, field, payouts } = this;
    if (!l10n || !field || !payouts) return nothing;
    const money = (cents: number) => l10n.money(cents, payouts.currency);
    return html`
      <section class="card">
        <h2>${l10n.t('entries.control.handForHand')}</h2>
        ${field.handForHand.active
          ? html`<p class="hfh">${l10n.t('entries.display.handForHandHand', { hand: field.handForHand.hand })}</p>
              <div class="row">
                <button class="primary" type="button" data-action="hfh-next" @click=${() => fireEntries(this, { type: 'handForHand.nextHand' })}>${l10n.t('entries.control.hfhNext')}</button>
                ${this.may('handForHand.stop') ? html`<button type="button" @click=${() => fireEntries(this, { type: 'handForHand.stop' })}>${l10n.t('entries.control.hfhStop')}</button>` : nothing}
              </div>`
          : this.may('handForHand.start')
            ? html`<button type="button" data-action="hfh-start" @click=${() => fireEntries(this, { type: 'handForHand.start' })}>${l10n.t('entries.control.hfhStart')}</button>`
            : html`<p class="hint">${l10n.t('entries.control.tdOnly')}</p>`}
      </section>
      <section class="card">
        <h2>${l10n.t('entries.control.payouts')} · ${l10n.t('entries.control.pool', { amount: money(payouts.prizePool) })}</h2>
        <ol class="ladder">
          ${payouts.places.map((p) => html`<li class=${p.paid ? 'paid' : ''}><span>${l10n.t('entries.display.place', { place: l10n.number(p.place) })}</span><span>${money(p.amount)}</span></li>`)}
        </ol>
        ${this.may('payouts.set') && payouts.source !== 'locked'
          ? html`<form @submit=${this.savePayouts}>
              <p class="hint">${l10n.t('entries.control.payoutsHint')}</p>
              <textarea name="amounts" rows="4" .value=${payouts.places.map((p) => (p.amount / 100).toFixed(2)).join('\n')}></textarea>
              <div class="row">
                <button class="primary" type="submit">${l10n.t('entries.control.savePayouts')}</button>
                <button type="button" @click=${() => fireEntries(this, { type: 'payouts.set', amounts: null })}>${l10n.t('entries.control.resetPayouts')}</button>
              </div>
            </form>`
          : nothing}
      </section>
      ${this.may('deal.propose') && field.playersLeft >= 2 && !field.dealMade ? this.dealCard(money) : nothing}
    `;
  }

  private dealCard(money: (cents: number) => string) {
    const { l10n, deal } = this;
    return html`<section class="card">
      <h2>${l10n.t('entries.control.deal')}</h2>
      <button type="button" @click=${this.propose}>${l10n.t('entries.control.propose')}</button>
      ${deal
        ? html`<table>
              <tr><th></th><th>${l10n.t('entries.control.chips')}</th><th>${l10n.t('entries.control.icm')}</th><th>${l10n.t('entries.control.chipChop')}</th></tr>
              ${deal.players.map((p) => html`<tr><td>${p.name}</td><td>${l10n.chips(p.chips)}</td><td>${money(p.icm)}</td><td>${money(p.chipChop)}</td></tr>`)}
            </table>
            <label class="confirm"><input type="checkbox" .checked=${this.confirmed} @change=${(e: Event) => (this.confirmed = (e.target as HTMLInputElement).checked)} />${l10n.t('entries.control.confirmDeal')}</label>
            <div class="row">
              <button type="button" ?disabled=${!this.confirmed} @click=${() => this.applyDeal('icm')}>${l10n.t('entries.control.applyIcm')}</button>
              <button type="button" ?disabled=${!this.confirmed} @click=${() => this.applyDeal('chipChop')}>${l10n.t('entries.control.applyChipChop')}</button>
            </div>`
        : nothing}
    </section>`;
  }

  private savePayouts(ev: Event): void {
    ev.preventDefault();
    const text = ((ev.target as HTMLFormElement).elements.namedItem('amounts') as HTMLTextAreaElement).value;
    const amounts = text
      .split(/[\n;]+/)
      .map((s) => s.trim().replace(',', '.'))
      .filter(Boolean)
      .map((s) => Math.round(Number(s) * 100));
    fireEntries(this, { type: 'payouts.set', amounts });
  }

  private propose(): void {
    this.confirmed = false;
    fireEntries(this, { type: 'deal.propose' }, (answer: CommandAnswer) => {
      this.deal = answer.ok ? (answer.result as DealFigures) : null;
    });
  }

  private applyDeal(kind: 'icm' | 'chipChop'): void {
    const deal = this.deal;
    if (!deal || !this.confirmed) return;
    const amounts = Object.fromEntries(deal.players.map((p) => [p.entryId, p[kind]]));
    fireEntries(this, { type: 'deal.apply', amounts, reserve: deal.reserve, confirmed: true }, (answer) => {
      if (answer.ok) this.deal = null;
    });
  }
}
