/**
 * Satellites (issue 25; docs/RULES.md "Satellites"): the prizes are seats of a given value in a
 * bigger event. The pool buys as many seats as it holds whole (a guarantee counts seats); what is
 * left goes to the next place, or is shared by the seat winners (odd cents to the best places).
 * Play ends when the players left are as many as the seats still to win: each of them wins a seat,
 * recorded with his place (by chips, as a deal that ends play: entries/deals.ts). Hand-for-hand
 * at the seat bubble ends with the hand that bursts it (entries/busts.ts reads `bubblePlaces`).
 */
import { EngineError } from '../errors.js';
import { applyDeal, moneyLeft } from '../entries/deals.js';
import { activeCount, activeEntries, ledger, paidPlaces, payoutsInForce } from '../entries/ledger.js';
import type { TournamentState } from '../state.js';
import { replaceEntries, withEntries } from '../entries/registration.js';
import { entryAt } from '../entries/totals.js';
import type { Outcome } from '../commands/types.js';
export { satellitePayouts, seatGuarantee } from '../../protocol/rules/satellite-seats.js';

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
 * After a bust: with as many players left as seats still to win, play ends and each wins his
 * seat (the money left shared equally, odd cents to the first by chips; a deal that ends play).
 */
export function endAtSeats(outcome: Outcome, now: number): Outcome {
  const state = outcome.state;
  const s = state.settings.satellite;
  const e = ledger(state);
  if (!s || e.deal) return outcome;
  const left = activeCount(e);
  const seatsLeft = seatsOf(state) - e.entries.filter((x) => x.place !== undefined && (x.prize ?? 0) >= s.seatValue && x.status !== 'active').length;
  if (left < 2 || left > seatsLeft) return outcome;
  const players = activeEntries(e).sort((a, b) => b.chips - a.chips);
  const money = moneyLeft(state);
  const each = Math.floor(money / players.length);
  const amounts = Object.fromEntries(players.map((x, i) => [x.id, each + (i < money - each * players.length ? 1 : 0)]));
  const dealt = applyDeal(state, amounts, 0, true, true, now);
  return { ...outcome, state: dealt.state, events: [...outcome.events, ...dealt.events] };
}

/** The field's `satellite`: a seat's value, the seats the pool pays and how many are still to be won. */
export function satelliteFieldView(state: TournamentState): { seatValue: number; seats: number; seatsLeft: number } | undefined {
  const s = state.settings.satellite;
  if (!s) return undefined;
  const seats = seatsOf(state);
  const e = ledger(state);
  const won = e.deal?.endsPlay ? seats : e.entries.filter((x) => x.status !== 'active' && (x.prize ?? 0) >= s.seatValue).length;
  return { seatValue: s.seatValue, seats, seatsLeft: Math.max(0, seats - won) };
}

/**
 * Takes back the end at the seats (endAtSeats) before its bust is undone: the seats' places and
 * prizes go, play goes on. (deal.undo refuses it, as the bust that made it finished at that time.)
 */
export function undoSeats(state: TournamentState, now: number): Outcome {
  const e = ledger(state);
  const deal = e.deal!;
  const players = Object.keys(deal.amounts).map((id) => {
    const { place: _p, placeTo: _t, prize: _z, ...rest } = entryAt(e.entries, id)!;
    return rest;
  });
  const next = replaceEntries({ ...e, deal: null, payouts: deal.locked ? { ...e.payouts, locked: null } : e.payouts }, players);
  return { state: withEntries(state, next), events: [{ type: 'deal.undone', at: now }] };
}
