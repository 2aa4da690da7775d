import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { FieldView, FinishView } from '../../../server/protocol/entries-views.js';
import type { ClockView } from '../../../server/protocol/views.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import { finalPlaces, playedFor, seatPrize } from '../../../web/lib/results.js';
import styles from './riffle-results.styles.js';

/**
 * @summary The venue screen once the tournament is over (issue 23): the winner, the final
 *   table's places with their prizes (a deal's share marked as such), how long it was played and
 *   how many entries, instead of a clock that no longer runs.
 *
 * Renders only, from the field topic's `finalTable` and the finished clock topic. Under a bounty
 * format each place also says his knockouts, the bounty money won and who eliminated him.
 *
 * @csspart winner - The winner's block.
 */
export class RiffleResults extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) field: FieldView | null = null;
  @property({ attribute: false }) clock: ClockView | null = null;
  @property({ attribute: false }) name = '';

  override render() {
    const { l10n, field } = this;
    if (!l10n) return nothing;
    const { first, seats, rest } = finalPlaces(field);
    const facts = [playedFor(l10n, this.clock ?? undefined), field ? l10n.t('display.results.entries', { entries: l10n.number(field.entries) }) : '', field?.prizePool ? `${l10n.t('display.prizePool')} ${l10n.money(field.prizePool, field.currency)}` : ''].filter(Boolean);
    // Under a bounty format (issue 25): his knockouts and bounty money, and who eliminated him.
    const ko = (p: FinishView) =>
      p.knockouts
        ? html`<span class="ko" data-ko
            >${l10n.t('entries.display.knockoutsWon', { count: l10n.number(p.knockouts.count), amount: l10n.money(p.knockouts.amount, field!.currency) })}${p.eliminatedBy?.length
              ? html` · ${l10n.t('entries.display.knockedOutBy', { names: p.eliminatedBy.join(', ') })}`
              : nothing}</span
          >`
        : nothing;
    const deal = (d: boolean | undefined) => (d ? html`<span class="deal">${l10n.t('entries.display.dealShare')}</span>` : nothing);
    return html`<section class=${first?.knockouts ? 'results bounties' : 'results'} aria-label=${l10n.t('display.results.title')}>
      <header>
        <div class="brand">RIFFLE</div>
        <h1>${this.name}</h1>
        <p class="over">${l10n.t('display.results.over')}</p>
      </header>
      ${first
        ? html`<div class="winner" part="winner">
            <span class="label">${l10n.t('display.results.winner')}</span>
            <span class="name" style=${`--chars: ${[...first.name].length}`}>${first.name}</span>
            <span class="prize">${l10n.money(first.prize, field!.currency)} ${deal(first.deal)}</span>
            ${ko(first)}
          </div>`
        : nothing}
      ${field?.satellite?.winners?.length ? this.seatWinners(field, seats) : nothing}
      ${rest.length
        ? html`<ol class=${first?.knockouts ? 'places bounties' : 'places'}>
            ${rest.map(
              (p) => html`<li data-place=${p.place}>
                <span class="place">${l10n.place(p.place, p.placeTo)}</span>
                <span class="name">${p.name}${ko(p)}</span>
                <span class="prize">${deal(p.deal)} ${l10n.money(p.prize, field!.currency)}</span>
              </li>`,
            )}
          </ol>`
        : nothing}
      <footer>${facts.map((f) => html`<span>${f}</span>`)}</footer>
    </section>`;
  }

  /**
   * A satellite that stopped at its seats: every seat winner by name (all of them, not only a
   * table's worth), none above the others, with what the seat places pay.
   */
  private seatWinners(field: FieldView, seats: FinishView[]) {
    const { l10n } = this;
    const winners = field.satellite!.winners!;
    const prizeOf = new Map(seats.map((p) => [p.entryId, p]));
    const first = seats[0];
    const cols = winners.length <= 3 ? 1 : winners.length <= 12 ? 2 : 3;
    const chars = Math.max(...winners.map((w) => [...w.name].length));
    return html`<div class="winner seats" part="winner" data-seat-winners style=${`--cols: ${cols}; --rows: ${Math.ceil(winners.length / cols)}; --chars: ${chars}`}>
      <span class="label">${l10n.t('display.results.seatWinners')}</span>
      ${first ? html`<span class="prize">${seatPrize(l10n, first.prize, field.satellite!.seatValue, field.currency)}</span>` : nothing}
      <ul class="seat-names">
        ${winners.map((w) => {
          const p = prizeOf.get(w.entryId);
          return html`<li data-entry=${w.entryId}>
            <span class="name">${w.name}</span>
            ${p?.deal ? html`<span class="deal">${l10n.t('entries.display.dealShare')}</span>` : nothing}
          </li>`;
        })}
      </ul>
    </div>`;
  }
}
