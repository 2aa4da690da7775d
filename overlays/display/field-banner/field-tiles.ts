/** The clock face's field tiles (players left, entries, average stack, prize pool) from the field topic. */
import type { Localizer } from '../../lib/i18n.js';
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
      return [l10n.money(field.prizePool, field.currency), ''];
    default:
      return null;
  }
}
