import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import type { PayoutsView } from '../../../server/protocol/entries-views.js';
import { tokens } from '../../../web/lib/theme.js';
import styles from './riffle-payout-ladder.styles.js';
import { seatLines, seatPrize } from '../../../web/lib/results.js';

/** Places shown at most; a long ladder shows its top and the places around the bubble. */
const MAX_ROWS = 12;

/**
 * @summary The posted payout schedule (IP 2008 part I §5): place and amount, places already
 *   paid dimmed.
 *
 * @csspart row - One place.
 */
export class RifflePayoutLadder extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) payouts: PayoutsView | undefined;
  @property({ attribute: false }) l10n!: Localizer;
  /** A satellite's seat value (field.satellite): the ladder then says seats, not amounts. */
  @property({ attribute: false }) seatValue: number | undefined;

  override render() {
    const { payouts, l10n } = this;
    if (!payouts || !l10n || payouts.places.length === 0) return nothing;
    if (this.seatValue) return this.seats(payouts, this.seatValue);
    const places = payouts.places.filter((p) => p.amount > 0);
    // Near the bubble the lowest unpaid places matter most: keep the top 6 and the last unpaid ones.
    const firstOpen = places.findLastIndex((p) => !p.paid);
    // After a deal (IP r8) the unpaid places no longer say what the remaining players get: show the agreed amounts.
    // By name (issue 23): the payouts topic names each player of the deal.
    const deal = payouts.deal ? Object.entries(payouts.deal.amounts).sort((a, b) => b[1] - a[1]) : [];
    const shown = places.length <= MAX_ROWS ? places : [...places.slice(0, 6), ...places.slice(Math.max(6, firstOpen - (MAX_ROWS - 7)), Math.max(6, firstOpen + 1))];
    return html`
      <section class="ladder" aria-label=${l10n.t('entries.display.payouts')}>
        <h2>${l10n.t('entries.display.payouts')}</h2>
        <ol>
          ${(deal.length ? shown.filter((p) => p.paid) : shown).map(
            (p) => html`<li class=${p.paid ? 'paid' : ''} part="row" data-place=${p.place}>
              <span class="place">${l10n.t('entries.display.place', { place: l10n.number(p.place) })}</span>
              <span class="amount">${l10n.money(p.amount, payouts.currency)}</span>
            </li>`,
          )}
          ${deal.map(
            ([id, amount]) => html`<li part="row" data-deal=${id} class=${payouts.deal?.belowGuarantee?.includes(id) ? 'below' : ''}>
              <span class="place name"
                >${payouts.deal?.names?.[id] ?? l10n.t('entries.display.dealShare')}${payouts.deal?.belowGuarantee?.includes(id)
                  ? html`<span class="below-mark" data-below-guarantee>${l10n.t('entries.display.dealBelow')}</span>`
                  : nothing}</span
              >
              <span class="amount">${l10n.money(amount, payouts.currency)}</span>
            </li>`,
          )}
          ${payouts.deal?.reserve
            ? html`<li part="row" data-deal-reserve>
                <span class="place">${l10n.t('entries.display.dealReserve')}</span>
                <span class="amount">${l10n.money(payouts.deal.reserve, payouts.currency)}</span>
              </li>`
            : nothing}
        </ol>
      </section>
    `;
  }

  /** A satellite: "1.-4. Seat", then the cash below the seats, place by place. */
  private seats(payouts: PayoutsView, seatValue: number) {
    const { l10n } = this;
    return html`
      <section class="ladder" aria-label=${l10n.t('entries.display.payouts')}>
        <h2>${l10n.t('entries.display.payouts')}</h2>
        <ol data-seat-ladder>
          ${seatLines(payouts.places, seatValue)
            .slice(0, MAX_ROWS)
            .map(
              (line) => html`<li class=${line.paid ? 'paid' : ''} part="row" data-place=${line.from}>
                <span class="place">${line.from === line.to ? l10n.t('entries.display.place', { place: l10n.number(line.from) }) : l10n.place(line.from, line.to)}</span>
                <span class="amount">${line.seat ? seatPrize(l10n, line.amount, seatValue, payouts.currency) : l10n.money(line.amount, payouts.currency)}</span>
              </li>`,
            )}
        </ol>
      </section>
    `;
  }
}
