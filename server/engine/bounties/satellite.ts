/**
 * Satellites (docs/RULES.md "Satellites"): the prizes are seats of a given value in a
 * bigger event. The pool buys as many seats as it holds whole (a guarantee counts seats); what is
 * left goes to the next place, or is shared by the seat winners (odd cents to the best places).
 * Play ends when the players left are as many as the seats still to win, whatever brought them
 * there: each wins a seat, and the seat winners share the seat places equally. Hand-for-hand at
 * the seat bubble ends with the hand that bursts it (entries/busts.ts reads `bubblePlaces`).
 */
import { EngineError } from '../errors.js';
import { activeEntries, ledger, paidPlaces, payoutsInForce } from '../entries/ledger.js';
import type { TournamentState } from '../state.js';
import { nameOf, replaceEntries, withEntries } from '../entries/registration.js';
import { entryAt, entryTotals } from '../entries/totals.js';
import type { EntriesState, Entry, SeatsWon } from '../entries/model.js';
import type { ApplyContext, Outcome } from '../commands/types.js';
import type { SatelliteSettings } from '../../protocol/bounties.js';
import type { HandBust } from '../money/places.js';
import { rulesOf } from '../presets.js';

import { satellitePayouts, seatGuarantee } from '../../protocol/rules/satellite-seats.js';
export { satellitePayouts, seatGuarantee };

/** Seats the payouts in force give (places paid at least a seat). */
export function seatsOf(state: TournamentState): number {
  const s = state.settings.satellite;
  if (!s) return 0;
  return payoutsInForce(state).filter((a) => a >= s.seatValue).length;
}

/** The bubble of hand-for-hand (TDA 2024 AP 8): a satellite's is its seats, else the places paid. */
export function bubblePlaces(state: TournamentState): number {
  return state.settings.satellite ? seatsOf(state) : paidPlaces(state);
}

/** A bust in a satellite whose pool does not buy one seat is refused (nothing to play for). */
export function assertSeats(state: TournamentState): void {
  const s = state.settings.satellite;
  if (s && seatsOf(state) === 0) {
    throw new EngineError('invalid-satellite', `A seat is worth ${s.seatValue}, more than the prize pool: no seat to play for.`);
  }
}

/**
 * Seats still to be won: the seats of the payouts in force less those players out already hold
 * (a seat place shared across tables is paid as cash and holds no seat, rules.satelliteLastSeat).
 */
export function seatsToWin(state: TournamentState): number {
  const s = state.settings.satellite;
  if (!s) return 0;
  const e = ledger(state);
  if (e.seatsWon) return 0;
  const won = e.entries.filter((x) => x.status !== 'active' && x.place !== undefined && (x.prize ?? 0) >= s.seatValue).length;
  return Math.max(0, seatsOf(state) - won);
}

/**
 * The busts of one hand as they are placed, under the house's rule for players out in the same
 * hand at different tables across the last seat (rules.satelliteLastSeat; IP r47-5 and MEC r7 share
 * places across tables, but a seat is not cash to share): `share-cash` places them as the books
 * do (they share the places' money as cash: money/places.ts); `bigger-stack` ranks them by their
 * stacks at the start of the hand, as at one table (MEC r7), so the bigger stack takes the seat;
 * `play-off` refuses the hand: they play it off, and the TD records the loser alone.
 */
export function lastSeatBusts(state: TournamentState, playersLeft: number, busts: HandBust[], startChips: Readonly<Record<string, number>>): HandBust[] {
  if (!state.settings.satellite || busts.length < 2 || new Set(busts.map((b) => b.tableId)).size < 2) return busts;
  const seats = seatsToWin(state);
  const best = playersLeft - busts.length + 1;
  if (!(best <= seats && playersLeft > seats)) return busts;
  const rule = rulesOf(state.settings).satelliteLastSeat;
  if (rule === 'share-cash') return busts;
  const e = ledger(state);
  const names = busts.map((b) => nameOf(e, entryAt(e.entries, b.entryId)!)).join(', ');
  if (rule === 'play-off') {
    throw new EngineError('satellite-play-off', `${names} went out in the same hand at different tables across the last seat: by the house rule they play it off. Record the loser of the play-off alone.`, 'conflict');
  }
  const missing = busts.filter((b) => startChips[b.entryId] === undefined);
  if (missing.length) {
    throw new EngineError('invalid-busts', `By the house rule the bigger stack at the start of the hand takes the last seat: give the chips ${names} each had at the start of the hand.`, 'invalid');
  }
  return busts.map((b) => ({ ...b, tableId: 'last-seat' }));
}

/**
 * Follow-up after every command (apply.ts): a satellite stops at its seats whatever brings the
 * field there - a bust, a disqualification, a stack removed for absence, a forfeit or after a
 * deal of the leftover cash (docs/RULES.md "Satellites"). Only once someone has left play with
 * a place (a field smaller than the seats at registration has nothing to stop).
 */
export function seatsFollowUp(state: TournamentState, ctx: ApplyContext): Outcome {
  const s = state.settings.satellite;
  if (!s) return { state, events: [] };
  const e = ledger(state);
  if (e.seatsWon || e.deal?.endsPlay) return { state, events: [] };
  const t = entryTotals(e.entries);
  if (t.active < 2 || t.placed.size === 0 || t.active > seatsToWin(state)) return { state, events: [] };
  return endAtSeats(state, ctx.now);
}

/**
 * Play stops with as many players in play as seats still to win: each wins a seat. The seat
 * winners share the seat places (1st to nth) equally, as places shared across tables do (IP
 * r47-5): the money of those places split evenly, the odd cents one each to the biggest counted
 * stacks (then registration order), plus each one's share of a deal of the leftover cash made
 * among everyone (rules.satelliteDealCash `everyone`). Nobody is "the winner".
 */
export function endAtSeats(state: TournamentState, now: number): Outcome {
  const e = ledger(state);
  const players = activeEntries(e).sort((a, b) => b.chips - a.chips);
  const n = players.length;
  const payouts = payoutsInForce(state);
  // The reserve of a deal holds only what a disqualified player's prize passed up (rules.disqualifiedPrize).
  const money = payouts.slice(0, n).reduce((a, c) => a + c, 0) + (e.deal?.reserve ?? 0);
  const each = Math.floor(money / n);
  const cash = e.deal?.amounts ?? {};
  const won: Entry[] = players.map((x, i) => ({ ...x, place: 1, placeTo: n, prize: each + (i < money - each * n ? 1 : 0) + (cash[x.id] ?? 0) }));
  const seatsWon: SeatsWon = { at: now, hands: e.hands.length, entries: won.map((x) => x.id) };
  if (!e.payouts.locked) seatsWon.locked = true;
  const passedTo = passDown(state, e, won, seatsWon);
  const next = replaceEntries({ ...e, seatsWon, payouts: { ...e.payouts, locked: e.payouts.locked ?? [...payouts] } }, [...won, ...passedTo]);
  const seated = new Map([...won, ...passedTo].map((x) => [x.id, x]));
  const winners = seatsWon.entries.map((id) => ({ entryId: id, name: nameOf(e, seated.get(id)!), prize: seated.get(id)!.prize ?? 0 }));
  return { state: withEntries(state, next), events: [{ type: 'seats.won', winners, at: now }] };
}

/**
 * rules.satelliteSeatHeld `pass-down` (the default): a seat winner who already holds a seat does
 * not take a second one; it passes to the best-placed player out without a seat (the next place),
 * whose prize (the cash below the seats, if any) he takes instead, so the money stays the same.
 * `pay-value`: he keeps the seat's money, paid in cash. Edits `won` and `seatsWon` in place;
 * returns the entries the seats passed to.
 */
function passDown(state: TournamentState, e: EntriesState, won: Entry[], seatsWon: SeatsWon): Entry[] {
  const holders = won.filter((x) => x.seatHeld);
  if (!holders.length || rulesOf(state.settings).satelliteSeatHeld !== 'pass-down') return [];
  const s = state.settings.satellite!;
  const next = e.entries
    .filter((x) => x.status === 'busted' && x.place !== undefined && !x.seatHeld && (x.prize ?? 0) < s.seatValue)
    .sort((a, b) => a.place! - b.place! || (b.prize ?? 0) - (a.prize ?? 0));
  const passed: NonNullable<SeatsWon['passed']> = [];
  const out: Entry[] = [];
  for (const h of holders) {
    const to = next[out.length];
    if (!to) break;
    const seat = h.prize!;
    h.prize = to.prize ?? 0;
    out.push({ ...to, prize: seat });
    passed.push({ from: h.id, to: to.id, prize: to.prize ?? 0 });
    seatsWon.entries = [...seatsWon.entries.filter((id) => id !== h.id), to.id];
  }
  if (passed.length) seatsWon.passed = passed;
  return out;
}

/** `satellite.seatHeld`: the player of an entry in play already holds a seat (or no longer). */
export function markSeatHeld(state: TournamentState, entryId: string, held: boolean): Outcome {
  if (!state.settings.satellite) throw new EngineError('invalid-satellite', 'This tournament is not a satellite.');
  const e = ledger(state);
  const x = entryAt(e.entries, entryId);
  if (!x || x.status !== 'active') throw new EngineError('entry-not-in-play', `${entryId.slice(0, 40)} is not in play.`);
  const { seatHeld: _h, ...rest } = x;
  return { state: withEntries(state, replaceEntries(e, [held ? { ...rest, seatHeld: true } : rest])), events: [] };
}

/** The field's `satellite`: a seat's value, the seats the pool pays, how many are still to be won, and who won them. */
export function satelliteFieldView(state: TournamentState): { seatValue: number; seats: number; seatsLeft: number; winners?: { entryId: string; name: string }[] } | undefined {
  const s = state.settings.satellite;
  if (!s) return undefined;
  const seats = seatsOf(state);
  const e = ledger(state);
  const view: { seatValue: number; seats: number; seatsLeft: number; winners?: { entryId: string; name: string }[] } = { seatValue: s.seatValue, seats, seatsLeft: seatsToWin(state) };
  if (e.seatsWon) {
    view.winners = e.seatsWon.entries.map((id) => {
      const x = entryAt(e.entries, id)!;
      return { entryId: id, name: nameOf(e, x) };
    });
  }
  return view;
}

/** Takes back the end at the seats (endAtSeats) before its bust is undone: the seats' places and prizes go, play goes on. */
export function undoSeats(state: TournamentState): TournamentState {
  const e = ledger(state);
  const won = e.seatsWon!;
  const passed = won.passed ?? [];
  const back = passed.map((p) => ({ ...entryAt(e.entries, p.to)!, prize: p.prize }));
  const ids = [...won.entries.filter((id) => !passed.some((p) => p.to === id)), ...passed.map((p) => p.from)];
  const players = [
    ...ids.map((id) => {
      const { place: _p, placeTo: _t, prize: _z, ...rest } = entryAt(e.entries, id)!;
      return rest;
    }),
    ...back,
  ];
  const { seatsWon: _w, ...rest } = e;
  return withEntries(state, replaceEntries({ ...rest, payouts: won.locked ? { ...e.payouts, locked: null } : e.payouts }, players));
}
