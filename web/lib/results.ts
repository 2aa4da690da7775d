/**
 * What the results screens share (issue 23): the night's duration from the finished clock topic
 * (`startedAt` .. `finishedAt`, server/engine/end.ts), in the screen's language, and the final
 * table's places as the venue display and the lobby show them.
 */
import type { FieldView, FinishView } from '../../server/protocol/entries-views.js';
import type { ClockView } from '../../server/protocol/views.js';
import type { Localizer } from './i18n.js';

/** "5 h 12 min played"; empty when the clock never ran or is not finished. */
export function playedFor(l10n: Localizer, clock: ClockView | undefined): string {
  if (!clock || clock.status !== 'finished' || clock.startedAt === undefined || clock.finishedAt === undefined) return '';
  const minutes = Math.floor((clock.finishedAt - clock.startedAt) / 60_000);
  return l10n.t('display.results.duration', { hours: l10n.number(Math.floor(minutes / 60)), minutes: l10n.number(minutes % 60) });
}

/** The final table of a finished tournament (`field.finalTable`): 1st apart, then the others from 2nd down. */
export function finalPlaces(field: FieldView | null | undefined): { first: FinishView | undefined; rest: FinishView[] } {
  const places = field?.finalTable ?? [];
  const first = places.find((p) => p.place === 1);
  return { first, rest: places.filter((p) => p !== first) };
}
