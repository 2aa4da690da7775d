import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { tokens } from '../../web/lib/theme.js';
import { MAY_NOTHING, type May } from '../actions.js';
import { fireCommand } from '../command-event.js';
import type { FieldView, PlayersView } from '../../server/protocol/entries-views.js';
import '../mystery-envelopes/riffle-mystery-envelopes.js';
import styles from './riffle-bounty-money.styles.js';

/** One line of the pay-out sheet: what a player won in bounties, what the cashier handed him. */
export interface SheetLine {
  entryId: string;
  name: string;
  won: number;
  paid: number;
}

/** Everyone who won bounty money, those still owed first (most first), then by name. */
export function sheetLines(players: PlayersView | null): SheetLine[] {
  const lines: SheetLine[] = [];
  for (const e of players?.entries ?? []) {
    const won = e.knockouts?.amount ?? 0;
    if (won > 0 || (e.bountyPaid ?? 0) > 0) lines.push({ entryId: e.id, name: e.name, won, paid: e.bountyPaid ?? 0 });
  }
  const owed = (l: SheetLine) => Math.max(0, l.won - l.paid);
  return lines.sort((a, b) => owed(b) - owed(a) || a.name.localeCompare(b.name));
}

/**
 * @summary The Money tab's bounties: the pool, what eliminations paid, what is still on heads
 *   (mystery: not drawn), what the house keeps, the envelopes left; the mystery envelopes
 *   posted from here; and the cashier's pay-out sheet (who is owed what, marked paid).
 *
 * @event riffle-command - `bounty.markPaid` (control/command-event.ts).
 */
export class RiffleBountyMoney extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) field: FieldView | null = null;
  @property({ attribute: false }) players: PlayersView | null = null;
  @property() currency = 'EUR';
  @property({ attribute: false }) may: May = MAY_NOTHING;

  override render() {
    const { l10n, field } = this;
    const b = field?.bounty;
    if (!l10n || !b) return nothing;
    const money = (c: number) => l10n.money(c, this.currency);
    const mystery = b.format === 'mystery';
    const left = b.mysteryLeft?.reduce((a, p) => a + p.count, 0);
    return html`<section class="card" data-section="bounty-money">
        <h2>${l10n.t('bounties.money.title')}</h2>
        <dl class="figures">
          ${this.figure('pool', l10n.t('bounties.money.pool'), money(b.pool))} ${this.figure('paid', l10n.t('bounties.money.paid'), money(b.paid))}
          ${this.figure('on-heads', mystery ? l10n.t('bounties.money.notDrawn') : l10n.t('bounties.money.onHeads'), money(b.onHeads))}
          ${b.keptByHouse ? this.figure('kept', l10n.t('bounties.money.kept'), money(b.keptByHouse)) : nothing}
          ${left !== undefined ? this.figure('envelopes-left', l10n.t('bounties.money.envelopesLeft'), l10n.t('bounties.money.envelopesCount', { count: left })) : nothing}
        </dl>
        ${b.mysteryLeft?.length
          ? html`<ul class="envelopes" data-role="envelopes-left">
              ${b.mysteryLeft.map((p) => html`<li>${l10n.t('bounties.envelopes.line', { count: l10n.number(p.count), amount: money(p.amount) })}</li>`)}
            </ul>`
          : nothing}
      </section>
      ${mystery && this.may('bounty.post') && b.paid === 0 && !field?.winner
        ? html`<riffle-mystery-envelopes .l10n=${l10n} .field=${field} .currency=${this.currency}></riffle-mystery-envelopes>`
        : nothing}
      ${this.sheet(money)}`;
  }

  private figure(key: string, label: string, value: string) {
    return html`<div data-figure=${key}><dt>${label}</dt><dd>${value}</dd></div>`;
  }

  private sheet(money: (c: number) => string) {
    const { l10n } = this;
    const lines = sheetLines(this.players);
    const won = lines.reduce((a, l) => a + l.won, 0);
    const paid = lines.reduce((a, l) => a + l.paid, 0);
    const owed = lines.reduce((a, l) => a + Math.max(0, l.won - l.paid), 0);
    return html`<section class="card" data-section="bounty-sheet">
      <h2>${l10n.t('bounties.sheet.title')}</h2>
      ${lines.length === 0
        ? html`<p class="hint">${l10n.t('bounties.sheet.none')}</p>`
        : html`<p class="totals" data-role="sheet-totals">${l10n.t('bounties.sheet.totals', { won: money(won), paid: money(paid), owed: money(owed) })}</p>
            <ul class="sheet">
              ${lines.map((line) => this.line(line, money))}
            </ul>`}
    </section>`;
  }

  private line(line: SheetLine, money: (c: number) => string) {
    const { l10n } = this;
    const owed = line.won - line.paid;
    const done = owed <= 0;
    const mark = (amount: number, text: string) =>
      fireCommand(this, { type: 'bounty.markPaid', entryId: line.entryId, amount }, { done: text, busy: `bounty-${line.entryId}` });
    return html`<li data-entry=${line.entryId} class=${done ? 'done' : ''}>
      <span class="who">${line.name}</span>
      <span class="amounts">
        <span>${l10n.t('bounties.sheet.won', { amount: money(line.won) })}</span>
        ${done
          ? html`<span data-role="paid">${l10n.t('bounties.sheet.paid', { amount: money(line.paid) })}</span>`
          : html`<b data-role="owed">${l10n.t('bounties.sheet.owed', { amount: money(owed) })}</b>`}
        ${owed < 0 ? html`<span class="over" role="note">${l10n.t('bounties.sheet.over', { amount: money(-owed) })}</span>` : nothing}
      </span>
      ${this.may('bounty.markPaid')
        ? done
          ? html`<button type="button" data-action="unmark-paid" @click=${() => mark(0, l10n.t('bounties.sheet.unmarked', { name: line.name }))}>${l10n.t('bounties.sheet.unmark')}</button>`
          : html`<button type="button" class="primary" data-action="mark-paid" @click=${() => mark(line.won, l10n.t('bounties.sheet.marked', { name: line.name, amount: money(line.won) }))}>
              ${l10n.t('bounties.sheet.markPaid')}
            </button>`
        : nothing}
    </li>`;
  }
}

