/**
 * Seating texts shared by the venue display, the seat lookup and the control panel: the words
 * for a move, a balance suggestion and a table's seat, in the screen's language.
 */
import type { Localizer } from './i18n.js';
import type { MoveView, SuggestionView } from '../../server/protocol/seating.js';

const WHO = { 'big-blind-next': 'seating.who.bigBlindNext', utg: 'seating.who.utg', 'td-choice': 'seating.who.tdChoice' } as const;
const KIND = {
  balance: 'seating.kind.balance',
  break: 'seating.kind.break',
  'correct-seat': 'seating.kind.correctSeat',
  'final-table': 'seating.kind.finalTable',
  manual: 'seating.kind.manual',
  resize: 'flights.resizeKind',
} as const;

/** "Table 7 → Table 3, seat 4: the player due for the big blind next". */
export function suggestionLine(l10n: Localizer, s: SuggestionView): string {
  return l10n.t('seating.suggestion', { from: s.from.table, to: s.to.table, seat: s.to.seat, who: l10n.t(WHO[s.player]) });
}

/** "Anna: Table 7 → Table 3, seat 4" (a final-table redraw or a new seat without a from table: "New seat: …"). */
export function moveLine(l10n: Localizer, m: MoveView): string {
  // Never the entry id: it means nothing to a person.
  const name = m.name ?? '—';
  if (!m.from || m.kind === 'final-table') return `${name}: ${l10n.t('seating.newSeat', { table: m.to.table, seat: m.to.seat })}`;
  return l10n.t('seating.moveLine', { name, from: m.from.table, to: m.to.table, seat: m.to.seat });
}

export function moveKind(l10n: Localizer, m: MoveView): string {
  return l10n.t(KIND[m.kind]);
}

/** Where a move takes the player, without his name: "Table 7 → Table 3, seat 4" ("Table 3, seat 4" for a new seat). */
export function moveWhere(l10n: Localizer, m: MoveView): string {
  if (!m.from || m.kind === 'final-table') return l10n.t('seating.seatAt', { table: m.to.table, seat: m.to.seat });
  return l10n.t('seating.moveWhere', { from: m.from.table, to: m.to.table, seat: m.to.seat });
}
