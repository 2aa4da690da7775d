import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { tokens } from '../../web/lib/theme.js';
import { fireCommand } from '../command-event.js';
import type { FieldView } from '../../server/protocol/entries-views.js';
import { checkEnvelopes, linesOf, type EnvelopeLine } from './envelopes.js';
import styles from './riffle-mystery-envelopes.styles.js';

/**
 * @summary The TD posts the mystery envelopes from the phone: lines of an amount and a count,
 *   the total checked against the bounty pool as he types (posted only when they match) and the
 *   count against the entries (a warning). Posted again freely until the first draw.
 *
 * @event riffle-command - `bounty.post` (control/command-event.ts).
 */
export class RiffleMysteryEnvelopes extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) field: FieldView | null = null;
  @property() currency = 'EUR';

  @state() private lines: EnvelopeLine[] = [{ amount: '', count: '1' }];
  @state() private tried = false;
  /** The posted list the lines were last filled from (so a new post from elsewhere shows). */
  private shown: string | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('field')) return;
    const posted = this.field?.bounty?.mysteryLeft;
    const key = JSON.stringify(posted ?? null);
    if (key !== this.shown) {
      this.shown = key;
      this.lines = linesOf(posted);
    }
  }

  private edit(i: number, key: keyof EnvelopeLine, value: string): void {
    this.lines = this.lines.map((l, j) => (j === i ? { ...l, [key]: value } : l));
  }

  override render() {
    const { l10n, field } = this;
    const b = field?.bounty;
    if (!l10n || !field || !b) return nothing;
    const money = (c: number) => l10n.money(c, this.currency);
    const check = checkEnvelopes(this.lines);
    const differs = check.prizes !== null && check.total !== b.pool;
    const problem =
      check.badLine !== null && this.tried
        ? l10n.t('bounties.envelopes.badLine', { n: check.badLine })
        : differs && (this.tried || check.total > b.pool)
          ? l10n.t('bounties.envelopes.totalDiffers', { total: money(check.total), pool: money(b.pool) })
          : null;
    return html`<section class="card" data-section="envelopes">
      <h2>${l10n.t('bounties.envelopes.title')}</h2>
      <ol class="lines">
        ${this.lines.map(
          (line, i) => html`<li data-line=${i + 1}>
            <label>
              <span>${l10n.t('bounties.envelopes.amount')}</span>
              <input data-field="amount" inputmode="decimal" maxlength="12" .value=${line.amount} @input=${(e: Event) => this.edit(i, 'amount', (e.target as HTMLInputElement).value)} />
            </label>
            <label>
              <span>${l10n.t('bounties.envelopes.count')}</span>
              <input data-field="count" inputmode="numeric" maxlength="5" .value=${line.count} @input=${(e: Event) => this.edit(i, 'count', (e.target as HTMLInputElement).value)} />
            </label>
            ${this.lines.length > 1
              ? html`<button type="button" class="remove" data-action="remove-line" aria-label=${l10n.t('bounties.envelopes.remove', { n: i + 1 })} @click=${() => (this.lines = this.lines.filter((_, j) => j !== i))}>×</button>`
              : nothing}
          </li>`,
        )}
      </ol>
      <button type="button" data-action="add-line" ?disabled=${this.lines.length >= 100} @click=${() => (this.lines = [...this.lines, { amount: '', count: '1' }])}>${l10n.t('bounties.envelopes.addLine')}</button>
      <p class="total ${differs ? 'off' : 'ok'}" role="status" data-role="envelopes-total">${l10n.t('bounties.envelopes.total', { total: money(check.total), pool: money(b.pool) })}</p>
      ${check.prizes && check.count !== field.entries
        ? html`<p class="warning" role="note" data-role="count-warning">${l10n.t('bounties.envelopes.countDiffers', { count: l10n.number(check.count), entries: l10n.number(field.entries) })}</p>`
        : nothing}
      ${problem ? html`<p class="issue" role="alert" data-role="envelopes-error">${problem}</p>` : nothing}
      <button type="button" class="primary" data-action="post-envelopes" @click=${() => this.post()}>${l10n.t('bounties.envelopes.post')}</button>
    </section>`;
  }

  private post(): void {
    this.tried = true;
    const b = this.field?.bounty;
    const check = checkEnvelopes(this.lines);
    // Nothing is sent that the engine would refuse: the problem shows here in the TD's language.
    if (!b || !check.prizes || check.total !== b.pool) return;
    fireCommand(this, { type: 'bounty.post', prizes: check.prizes }, { done: this.l10n.t('bounties.envelopes.posted'), busy: 'bounty-post' });
    this.tried = false;
  }
}
