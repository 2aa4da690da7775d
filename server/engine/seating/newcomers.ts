/**
 * Which newcomers sit out the next hand at their new table (beyond the seats between the small
 * blind and the button, `positions().waiting`). The HR book holds two readings of one rule, so it
 * is a preset value (rules.newcomerSitsOut):
 *
 * - `between-blind-and-button`: the English TDA 2017 text in the HR book (r7: "dealt in except
 *   between small blind and button"; r9: players from a broken table "can get any seat including
 *   small or big blind or the button and be dealt in except between the small blind and button").
 *   Nothing beyond `waiting`. Every preset but HR.
 * - `small-blind-and-button`: the Croatian house text of the same book (r7: late entrants and
 *   re-entries "će im se dijeliti karte osim u slučaju ako sjednu na poziciju small blinda ili
 *   buttona"; r9: players from a closed table "Na pozicijama buttona i small blinda igrač preskače
 *   hand"). A newcomer (a late entry or re-entry drawn to the seat, or a player from another table)
 *   who sits on the small blind or the button of the next hand skips it. HR preset.
 *
 * The house rule "Igrač koji dođe s drugog stola i sjedne na poziciju small blind, propušta ruku"
 * (rules.newcomerOnSmallBlindSitsOut, button.ts newcomerOnSmallBlind) stays as it was.
 * A newcomer is one seated since the table's last hand (`arrival.hand === handsPlayed`); a seat of
 * the first draw (no hand dealt yet) is nobody's newcomer seat.
 */
import type { RuleValues } from '../../protocol/tournament.js';
import { newcomerOnSmallBlind, positions, type Positions } from './button.js';
import type { Room, Table } from './room.js';

export function newcomersSittingOut(
  room: Room,
  table: Table,
  rules: Pick<RuleValues, 'newcomerOnSmallBlindSitsOut'> & Partial<Pick<RuleValues, 'newcomerSitsOut'>>,
  p: Positions | null = positions(table),
): number[] {
  const out: number[] = [];
  if (!p) return out;
  if (rules.newcomerOnSmallBlindSitsOut) {
    const seat = newcomerOnSmallBlind(room, table, p);
    if (seat !== null) out.push(seat);
  }
  if (rules.newcomerSitsOut !== 'small-blind-and-button' || p.headsUp) return out;
  for (const seat of [p.smallBlind, p.button]) {
    const entryId = table.seats[seat - 1];
    if (!entryId || out.includes(seat)) continue;
    const state = room.entries.get(entryId);
    if (state?.status !== 'seated' || state.arrival.hand !== table.handsPlayed) continue;
    const fromElsewhere = state.arrival.by === 'balance' || state.arrival.by === 'break';
    const late = (state.arrival.by === 'draw' || state.arrival.by === 'assigned') && table.handsPlayed > 0;
    if (fromElsewhere || late) out.push(seat);
  }
  return out;
}
