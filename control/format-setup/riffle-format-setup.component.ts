import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { tokens } from '../../web/lib/theme.js';
import { splitText, seatsText, type FormatDraft, type FormatResult } from './format-draft.js';
import styles from './riffle-format-setup.styles.js';

export type FormatDraftEvent = CustomEvent<FormatDraft>;

/**
 * @summary The bounty format and the satellite of a new tournament: the format (none,
 *   knockout, progressive with its share, mystery with the level its envelopes start), the
 *   bounty typed inside the buy-in with the split written out as the TD types, the rebuy's and
 *   add-on's bounty, the rule for a bounty nobody can claim; and a satellite's seat value,
 *   leftover rule and guaranteed seats with the seats and the leftover worked out live.
 *
 * The draft and what it gives (./format-draft.ts `formatSettings`) come from the form; this
 * only renders them and reports each change.
 *
 * @event riffle-format-draft - the draft after a change.
 */
export class RiffleFormatSetup extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) draft!: FormatDraft;
  @property({ attribute: false }) result!: FormatResult;
  @property() currency = 'EUR';

  private set<K extends keyof FormatDraft>(key: K, value: FormatDraft[K]): void {
    this.dispatchEvent(new CustomEvent('riffle-format-draft', { detail: { ...this.draft, [key]: value }, bubbles: true, composed: true }));
  }

  override render() {
    const { l10n, draft: d, result: r } = this;
    if (!l10n || !d || !r) return nothing;
    const t = (k: Parameters<Localizer['t']>[0]) => l10n.t(k);
    return html`<fieldset data-section="bounty">
        <legend>${t('bounties.setup.bounty')}</legend>
        ${this.choice('bounty', t('bounties.setup.format'), d.bounty, [
          ['none', t('bounties.setup.formats.none')],
          ['knockout', t('bounties.setup.formats.knockout')],
          ['progressive', t('bounties.setup.formats.progressive')],
          ['mystery', t('bounties.setup.formats.mystery')],
        ])}
        ${d.bounty === 'none'
          ? nothing
          : html`<div class="grid">
                ${this.text('amount', t('bounties.setup.amount'), d.amount, true)}
                ${d.bounty === 'progressive' ? this.text('share', t('bounties.setup.share'), d.share, false, t('bounties.setup.shareHint')) : nothing}
                ${d.bounty === 'mystery' ? this.text('mysteryFrom', t('bounties.setup.mysteryFrom'), d.mysteryFrom, false, t('bounties.setup.mysteryFromHint')) : nothing}
                ${r.splits?.rebuy ? this.text('rebuy', t('bounties.setup.rebuyBounty'), d.rebuy, true) : nothing}
                ${r.splits?.addon ? this.text('addon', t('bounties.setup.addonBounty'), d.addon, true) : nothing}
              </div>
              ${r.splits ? this.splits(r.splits) : nothing}
              ${d.bounty === 'progressive'
                ? this.choice('finalTwo', t('bounties.setup.finalTwo'), d.finalTwo, [
                    ['whole', t('bounties.setup.finalTwoWhole')],
                    ['share', t('bounties.setup.finalTwoShare')],
                  ])
                : nothing}
              ${d.bounty !== 'mystery'
                ? this.choice('unclaimed', t('bounties.setup.unclaimed'), d.unclaimed, [
                    ['players', t('bounties.setup.unclaimedPlayers')],
                    ['house', t('bounties.setup.unclaimedHouse')],
                  ])
                : html`<p class="note">${t('bounties.setup.mysteryNote')}</p>`}`}
      </fieldset>
      <fieldset data-section="satellite">
        <legend>${t('bounties.setup.satellite')}</legend>
        <label class="check"><input type="checkbox" data-field="satellite" .checked=${d.satellite} @change=${(e: Event) => this.set('satellite', (e.target as HTMLInputElement).checked)} /> ${t('bounties.setup.satelliteOn')}</label>
        ${d.satellite
          ? html`<div class="grid">
                ${this.text('seatValue', t('bounties.setup.seatValue'), d.seatValue, true)} ${this.text('seatsGuaranteed', t('bounties.setup.seatsGuaranteed'), d.seatsGuaranteed, false)}
                ${this.text('expected', t('bounties.setup.expected'), d.expected, false, t('bounties.setup.expectedHint'))}
              </div>
              ${this.choice('remainder', t('bounties.setup.remainder'), d.remainder, [
                ['next-place', t('bounties.setup.remainderNext')],
                ['shared', t('bounties.setup.remainderShared')],
              ])}
              ${r.seats && r.seats.seats > 0 ? html`<p class="figures" role="status" data-preview="seats">${seatsText(l10n, r.seats, this.currency)}</p>` : nothing}`
          : nothing}
      </fieldset>`;
  }

  private splits(s: NonNullable<FormatResult['splits']>) {
    const { l10n } = this;
    return html`<div class="figures" role="status" data-preview="split">
      <p>${l10n.t('bounties.setup.entry')}: ${splitText(l10n, s.entry, this.currency)}</p>
      ${s.rebuy ? html`<p>${l10n.t('bounties.setup.rebuy')}: ${splitText(l10n, s.rebuy, this.currency)}</p>` : nothing}
      ${s.addon ? html`<p>${l10n.t('bounties.setup.addon')}: ${splitText(l10n, s.addon, this.currency)}</p>` : nothing}
    </div>`;
  }

  private choice<K extends 'bounty' | 'finalTwo' | 'unclaimed' | 'remainder'>(key: K, label: string, value: string, options: [FormatDraft[K], string][]) {
    return html`<label>
      <span>${label}</span>
      <select data-field=${key} @change=${(e: Event) => this.set(key, (e.target as HTMLSelectElement).value as FormatDraft[K])}>
        ${options.map(([v, text]) => html`<option value=${v} ?selected=${v === value}>${text}</option>`)}
      </select>
    </label>`;
  }

  private text(key: 'amount' | 'share' | 'mysteryFrom' | 'rebuy' | 'addon' | 'seatValue' | 'seatsGuaranteed' | 'expected', label: string, value: string, decimal: boolean, hint?: string) {
    const error = this.result.errors[key];
    return html`<label class=${error ? 'bad' : ''}>
      <span>${label}</span>
      <input data-field=${`format.${key}`} .value=${value} inputmode=${decimal ? 'decimal' : 'numeric'} maxlength="16" aria-invalid=${error ? 'true' : 'false'} @input=${(e: Event) => this.set(key, (e.target as HTMLInputElement).value)} />
      ${error ? html`<small class="issue" role="alert">${error}</small>` : hint ? html`<small>${hint}</small>` : nothing}
    </label>`;
  }
}
