import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import type { FieldView } from '../../../server/protocol/entries-views.js';
import { tokens } from '../../../web/lib/theme.js';
import styles from './riffle-bounty-board.styles.js';

/** Lines of heads or prizes shown at most (the field view sends the five biggest heads). */
const MAX_ROWS = 5;

/**
 * @summary The venue display's bounty and satellite card (issue 25), beside the clock: the bounty
 *   pool and the biggest heads in play (knockout, PKO) or the mystery prizes left (amount and
 *   envelopes), and for a satellite the seats left, a seat's value and the seat bubble.
 *
 * Renders nothing without a bounty format or satellite. Names wrap inside the card (a 40-letter
 * name never runs out of it); the card is as tall as its lines, at most 5 of them.
 *
 * @csspart card - The card.
 */
export class RiffleBountyBoard extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) field: FieldView | null | undefined;
  @property({ attribute: false }) l10n!: Localizer;

  override render() {
    const { field, l10n } = this;
    if (!field || !l10n || (!field.bounty && !field.satellite)) return nothing;
    return html`<section class="card" part="card" aria-label=${l10n.t(field.bounty ? 'entries.display.bountyBoard' : 'entries.display.seatsBoard')}>
      ${field.bounty ? this.bounties(field, l10n) : nothing}${field.satellite ? this.seats(field, l10n) : nothing}
    </section>`;
  }

  private bounties(field: FieldView, l10n: Localizer) {
    const b = field.bounty!;
    const mystery = b.format === 'mystery';
    const prizes = (b.mysteryLeft ?? []).filter((p) => p.count > 0).sort((a, c) => c.amount - a.amount);
    return html`<h2>${l10n.t(mystery ? 'entries.display.mysteryBoard' : 'entries.display.bountyBoard')}</h2>
      <div class="pool" data-bounty-pool>
        <span class="label">${l10n.t('entries.display.bountyPool')}</span>
        <span class="amount">${l10n.money(b.pool, field.currency)}</span>
      </div>
      ${mystery
        ? prizes.length
          ? html`<h3>${l10n.t('entries.display.prizesLeft')}</h3>
              <ol>
                ${prizes.slice(0, MAX_ROWS).map(
                  (p) => html`<li data-prize>
                    <span class="count">${l10n.number(p.count)} ×</span>
                    <span class="amount">${l10n.money(p.amount, field.currency)}</span>
                  </li>`,
                )}
              </ol>`
          : nothing
        : b.biggest?.length
          ? html`<h3>${l10n.t('entries.display.biggestBounties')}</h3>
              <ol>
                ${b.biggest.slice(0, MAX_ROWS).map(
                  (h) => html`<li data-head=${h.entryId}>
                    <span class="name">${h.name}</span>
                    <span class="amount">${l10n.money(h.bounty, field.currency)}</span>
                  </li>`,
                )}
              </ol>`
          : nothing}`;
  }

  private seats(field: FieldView, l10n: Localizer) {
    const s = field.satellite!;
    // The seat bubble: one player more than the seats still to win (the next elimination ends play).
    const bubble = s.seatsLeft > 0 && field.playersLeft === s.seatsLeft + 1;
    return html`<h2>${l10n.t('entries.display.seatsBoard')}</h2>
      <div class="seats" data-seats-left>
        <span class="big">${l10n.number(s.seatsLeft)}</span>
        <span class="label">${l10n.t('entries.display.seatsLeft', { count: s.seatsLeft, seats: l10n.number(s.seats) })}</span>
      </div>
      <div class="pool" data-seat-value>
        <span class="label">${l10n.t('entries.display.seatValue')}</span>
        <span class="amount">${l10n.money(s.seatValue, field.currency)}</span>
      </div>
      ${bubble ? html`<div class="bubble" data-seat-bubble role="status">${l10n.t('entries.display.seatBubble')}</div>` : nothing}`;
  }
}
