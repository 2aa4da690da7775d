/**
 * What the results screens share (issue 23): the night's duration from the finished clock topic
 * (`startedAt` .. `finishedAt`, server/engine/end.ts), in the screen's language, and the final
 * table's places as the venue display and the lobby show them.
 */
import type { FieldView, FinishView, PayoutPlaceView } from '../../server/protocol/entries-views.js';
import type { ClockView } from '../../server/protocol/views.js';
import type { Localizer } from './i18n.js';

/** "5 h 12 min played"; empty when the clock never ran or is not finished. */
export function playedFor(l10n: Localizer, clock: ClockView | undefined): string {
  if (!clock || clock.status !== 'finished' || clock.startedAt === undefined || clock.finishedAt === undefined) return '';
  const minutes = Math.floor((clock.finishedAt - clock.startedAt) / 60_000);
  return l10n.t('display.results.duration', { hours: l10n.number(Math.floor(minutes / 60)), minutes: l10n.number(minutes % 60) });
}

/**
 * The final table of a finished tournament (`field.finalTable`): 1st apart, then the others from
 * 2nd down. A satellite that stopped at its seats has no 1st: its seat winners share the seat
 * places (`seats`, in the order the field lists them), and the others follow.
 */
export function finalPlaces(field: FieldView | null | undefined): { first: FinishView | undefined; seats: FinishView[]; rest: FinishView[] } {
  const places = field?.finalTable ?? [];
  const seats = places.filter((p) => p.seat);
  if (seats.length) {
    const order = field?.satellite?.winners?.map((w) => w.entryId) ?? [];
    seats.sort((a, b) => order.indexOf(a.entryId) - order.indexOf(b.entryId));
    return { first: undefined, seats, rest: places.filter((p) => !p.seat) };
  }
  const first = places.find((p) => p.place === 1);
  return { first, seats: [], rest: places.filter((p) => p !== first) };
}

/** What a satellite's place pays: "Seat", "Seat + €75.00" (a shared remainder), or the cash below the seats. */
export function seatPrize(l10n: Localizer, amount: number, seatValue: number, currency: string): string {
  if (amount < seatValue) return l10n.money(amount, currency);
  return amount === seatValue ? l10n.t('display.results.seat') : l10n.t('display.results.seatPlus', { cash: l10n.money(amount - seatValue, currency) });
}

/** One line of a satellite's payouts: places `from`..`to` paying the same seat, or one place of cash. */
export interface SeatLine {
  from: number;
  to: number;
  amount: number;
  seat: boolean;
  paid: boolean;
}

/**
 * A satellite's ladder as the venue reads it: the seat places in one line ("1.-4. Seat"), the
 * places below the seats each with its cash ("5. €300.00"); places paying nothing are left out.
 */
export function seatLines(places: readonly PayoutPlaceView[], seatValue: number): SeatLine[] {
  const out: SeatLine[] = [];
  for (const p of places) {
    if (p.amount <= 0) continue;
    const seat = p.amount >= seatValue;
    const last = out.at(-1);
    if (last && seat && last.seat && last.amount === p.amount && last.paid === p.paid) last.to = p.place;
    else out.push({ from: p.place, to: p.place, amount: p.amount, seat, paid: p.paid });
  }
  return out;
}
