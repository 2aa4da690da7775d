import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { CommandAnswer } from '../../client/messages.js';
import type { PlayersView } from '../../server/protocol/entries-views.js';
import { tokens } from '../../web/lib/theme.js';
import { fireCommand } from '../command-event.js';
import styles from './riffle-deal-calculator.styles.js';

/** `deal.propose`'s result (server/engine/entries/floor.ts `dealProposal`). */
interface DealFigures {
  dealt: number;
  reserve: number;
  guarantee: number;
  /** `typed`: the chips were typed here (not the server's last count). */
  players: Array<{ entryId: string; name: string; chips: number; typed: boolean; icm: number; chipChop: number; guarantee: number }>;
}

/** "298.67" or "298,67" in the currency's units -> cents; NaN when it is not an amount. */
function cents(text: string): number {
  const t = text.trim().replace(',', '.');
  return t === '' ? Number.NaN : Math.round(Number(t) * 100);
}

/**
 * @summary The deal calculator (IP r8: every remaining player agrees, the TD approves; issue 23):
 *   every player's chips (prefilled only from a count, a missing count shown as missing, never a
 *   starting stack), an amount kept back to play for, then ICM and chip-chop (the guarantee first)
 *   beside each player's guarantee; the amounts can be typed (a custom deal), and one that pays a
 *   player less than his guarantee needs its own confirmation. With nothing kept back, the deal
 *   may end play (the tournament is then over).
 *
 * @event riffle-command - `deal.propose` and `deal.apply`, with the answer going back here.
 */
export class RiffleDealCalculator extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) players: PlayersView | null = null;
  @property({ attribute: false }) currency = 'EUR';

  /** Chips as typed, by entry id (absent: the count, if any). */
  @state() private chips: Record<string, string> = {};
  @state() private reserve = '';
  @state() private figures: DealFigures | null = null;
  /** The amounts of the deal to apply, as typed or filled from ICM / chip-chop. */
  @state() private amounts: Record<string, string> = {};
  @state() private agreed = false;
  @state() private belowConfirmed = false;
  /** The deal ends play (nothing kept back): the tournament is over once it is applied. */
  @state() private endsPlay = false;

  override render() {
    const { l10n, players } = this;
    if (!l10n || !players) return nothing;
    const left = players.entries.filter((e) => e.status === 'active');
    const figures = this.figures;
    const money = (c: number) => l10n.money(c, this.currency);
    const typed = figures ? figures.players.map((p) => cents(this.amounts[p.entryId] ?? '')) : [];
    const typedSum = typed.reduce((s, a) => s + (Number.isFinite(a) ? a : 0), 0);
    const adds = figures !== null && typed.every(Number.isFinite) && typedSum === figures.dealt;
    const below = figures ? figures.players.filter((p, i) => typed[i]! < p.guarantee) : [];
    return html`<section class="card" data-deal>
      <h2>${l10n.t('entries.control.deal')}</h2>
      <ul class="players">
        ${left.map((e) => {
          const fig = figures?.players.find((p) => p.entryId === e.id);
          const value = this.chips[e.id] ?? (e.counted ? String(e.chips) : '');
          return html`<li data-entry=${e.id} class=${value === '' ? 'missing' : ''}>
            <span class="who">${e.name}</span>
            <label class="chips"
              ><span>${l10n.t('entries.control.chips')}</span>
              <input
                type="number"
                inputmode="numeric"
                min="1"
                step="1"
                name="chips"
                .value=${value}
                placeholder=${l10n.t('entries.control.notCounted')}
                @input=${(ev: Event) => this.setChips(e.id, (ev.target as HTMLInputElement).value)}
            /></label>
            ${fig
              ? html`<span class="figures">
                    <span>${l10n.t('entries.control.guarantee')} <b>${money(fig.guarantee)}</b></span>
                    <span>${l10n.t('entries.control.icm')} <b>${money(fig.icm)}</b></span>
                    <span>${l10n.t('entries.control.chipChop')} <b>${money(fig.chipChop)}</b></span>
                  </span>
                  <label class="amount ${typed[figures!.players.indexOf(fig)]! < fig.guarantee ? 'below' : ''}"
                    ><span>${l10n.t('entries.control.dealAmount')}</span>
                    <input type="text" inputmode="decimal" name="amount" .value=${this.amounts[e.id] ?? ''} @input=${(ev: Event) => this.setAmount(e.id, (ev.target as HTMLInputElement).value)}
                  /></label>`
              : nothing}
          </li>`;
        })}
      </ul>
      <label class="reserve"
        ><span>${l10n.t('entries.control.reserve')}</span>
        <input type="text" inputmode="decimal" name="reserve" placeholder="0" .value=${this.reserve} @input=${(ev: Event) => ((this.reserve = (ev.target as HTMLInputElement).value), (this.figures = null))}
      /></label>
      <button type="button" data-action="propose" @click=${this.propose}>${l10n.t('entries.control.propose')}</button>
      ${figures
        ? html`<p class="hint">${l10n.t('entries.control.dealt', { dealt: money(figures.dealt), reserve: money(figures.reserve) })}</p>
            <div class="row">
              <button type="button" data-action="use-icm" @click=${() => this.fill('icm')}>${l10n.t('entries.control.useIcm')}</button>
              <button type="button" data-action="use-chip-chop" @click=${() => this.fill('chipChop')}>${l10n.t('entries.control.useChipChop')}</button>
            </div>
            <p class="sum ${adds ? '' : 'off'}" data-sum>${l10n.t('entries.control.typedSum', { typed: money(typedSum), dealt: money(figures.dealt) })}</p>
            <label class="confirm"><input type="checkbox" data-confirm="agreed" .checked=${this.agreed} @change=${(e: Event) => (this.agreed = (e.target as HTMLInputElement).checked)} />${l10n.t('entries.control.confirmDeal')}</label>
            ${below.length
              ? html`<label class="confirm below"
                  ><input type="checkbox" data-confirm="below" .checked=${this.belowConfirmed} @change=${(e: Event) => (this.belowConfirmed = (e.target as HTMLInputElement).checked)} />${l10n.t('entries.control.confirmBelow', { names: below.map((p) => p.name).join(', ') })}</label
                >`
              : nothing}
            ${figures.reserve === 0
              ? html`<label class="confirm"><input type="checkbox" data-confirm="ends-play" .checked=${this.endsPlay} @change=${(e: Event) => (this.endsPlay = (e.target as HTMLInputElement).checked)} />${l10n.t('entries.control.endsPlay')}</label>`
              : nothing}
            <button type="button" class="primary" data-action="apply" ?disabled=${!adds || !this.agreed || (below.length > 0 && !this.belowConfirmed)} @click=${() => this.apply(below.length > 0)}>
              ${l10n.t('entries.control.applyDeal')}
            </button>`
        : nothing}
    </section>`;
  }

  private setChips(entryId: string, value: string): void {
    this.chips = { ...this.chips, [entryId]: value };
    this.figures = null;
  }

  private setAmount(entryId: string, value: string): void {
    this.amounts = { ...this.amounts, [entryId]: value };
    this.belowConfirmed = false;
  }

  private fill(kind: 'icm' | 'chipChop'): void {
    if (!this.figures) return;
    this.amounts = Object.fromEntries(this.figures.players.map((p) => [p.entryId, (p[kind] / 100).toFixed(2)]));
    this.belowConfirmed = false;
  }

  /** Sends the chips the TD typed (a count he did not change is the server's already). */
  private propose(): void {
    const chips: Record<string, number> = {};
    for (const [id, text] of Object.entries(this.chips)) if (text.trim() !== '') chips[id] = Math.round(Number(text));
    const reserve = this.reserve.trim() === '' ? 0 : cents(this.reserve);
    this.agreed = false;
    this.belowConfirmed = false;
    fireCommand(this, { type: 'deal.propose', reserve, ...(Object.keys(chips).length ? { chips } : {}) }, {
      // The figures show here; no toast for a proposal.
      done: null,
      reply: (answer: CommandAnswer) => {
        this.figures = answer.ok ? (answer.result as DealFigures) : null;
        if (this.figures) this.fill('chipChop');
      },
    });
  }

  /**
   * The chips typed are the players' counts: they go to the server as a count first (chips.count,
   * in the log), so a deal that ends play places the players by the chips of the deal, then the
   * deal itself once the count is recorded.
   */
  private apply(belowGuarantee: boolean): void {
    const figures = this.figures;
    if (!figures || !this.agreed) return;
    const amounts = Object.fromEntries(figures.players.map((p) => [p.entryId, cents(this.amounts[p.entryId] ?? '')]));
    const deal = () =>
      fireCommand(this, { type: 'deal.apply', amounts, reserve: figures.reserve, confirmed: true, ...(belowGuarantee ? { belowGuarantee: true as const } : {}), ...(this.endsPlay && figures.reserve === 0 ? { endsPlay: true as const } : {}) }, {
        reply: (answer) => {
          if (answer.ok) this.figures = null;
        },
      });
    const counts = figures.players.filter((p) => p.typed).map((p) => ({ entryId: p.entryId, chips: p.chips }));
    if (counts.length === 0) return deal();
    fireCommand(this, { type: 'chips.count', counts }, { done: null, reply: (answer) => answer.ok && deal() });
  }
}
