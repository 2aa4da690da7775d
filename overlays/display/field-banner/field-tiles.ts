/** The clock face's field tiles (players left, entries, average stack, prize pool) from the field topic. */
import type { Localizer } from '../../../web/lib/i18n.js';
import type { FieldView } from '../../../server/protocol/entries-views.js';

export function fieldTile(label: string, field: FieldView, l10n: Localizer): [value: string, sub: string] | null {
  switch (label) {
    case 'display.players':
      return [l10n.number(field.playersLeft), field.paidPlaces ? l10n.t('entries.display.paid', { count: l10n.number(field.paidPlaces) }) : ''];
    case 'display.entries':
      return [l10n.number(field.entries), field.reentries ? l10n.t('entries.display.reentries', { count: field.reentries }) : ''];
    case 'display.averageStack':
      return [l10n.chips(field.avgStack), field.avgStackBB ? l10n.t('entries.display.avgStackBB', { bb: l10n.number(Math.round(field.avgStackBB)) }) : ''];
    case 'display.prizePool':
      // The same Intl currency format as the payout ladder beside it ("€1,350" next to "€675").
      // Issue 25: the bounties still on heads (money kept apart, not in the pool) or a satellite's seats.
      return [l10n.money(field.prizePool, field.currency), prizePoolSub(field, l10n)];
    default:
      return null;
  }
}

/** Under the prize pool: the bounties still to win (KO, PKO, mystery) or the seats still to win. */
export function prizePoolSub(field: FieldView, l10n: Localizer): string {
  if (field.bounty) return l10n.t('entries.display.bounties', { amount: l10n.money(field.bounty.onHeads, field.currency) });
  if (field.satellite) return l10n.t('entries.display.seatsLeft', { count: field.satellite.seatsLeft, seats: l10n.number(field.satellite.seats) });
  return '';
}
