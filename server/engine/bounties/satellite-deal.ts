/**
 * A deal in a satellite (docs/RULES.md "Satellites"): a seat is a seat in another event, never
 * cash to divide, so while more players than seats remain a deal may share only the cash left
 * over after the seats still to win, and play goes on to the seats (the stop at the seats stays
 * on: satellite.ts). Who shares it is the house's rule (rules.satelliteDealCash):
 * - `no-seat` (default): the places that win no seat, each given its cash (`places`, from the
 *   first place without a seat down): the usual bubble deal, where the seats stay whole;
 * - `everyone`: every player in play (IP r8: every remaining player agrees), each keeping his
 *   chance at a seat on top of his share (`amounts` by player).
 * A deal that ends play, or one that hands out more than the leftover (it would give someone less
 * than a seat while others get one), is refused with the reason.
 */
import { EngineError } from '../errors.js';
import { activeEntries, ledger, payoutsInForce } from '../entries/ledger.js';
import { activeEntry, nameOf, withEntries } from '../entries/registration.js';
import type { Deal } from '../entries/model.js';
import { rulesOf } from '../presets.js';
import type { TournamentState } from '../state.js';
import type { Outcome } from '../commands/types.js';
import { seatsToWin } from './satellite.js';

/** The seats still to win, the players in play and the cash left over after those seats. */
export function satelliteDealField(state: TournamentState): { seats: number; players: number; leftover: number; seatValue: number } {
  const s = state.settings.satellite!;
  const e = ledger(state);
  const players = activeEntries(e).length;
  const seats = seatsToWin(state);
  const money = payoutsInForce(state).slice(0, players).reduce((a, c) => a + c, 0);
  return { seats, players, leftover: money - Math.min(seats, players) * s.seatValue, seatValue: s.seatValue };
}

/** deal.propose: ICM and chip-chop would divide the seats, so a satellite has no proposal. */
export function refuseSatelliteProposal(state: TournamentState): never {
  const f = satelliteDealField(state);
  throw new EngineError(
    'satellite-seats-whole',
    `A satellite's seats are not divided by a deal: ${f.players} players play on for ${f.seats} seats. A deal may share only the ${money(f.leftover)} left over after them.`,
  );
}

const money = (cents: number) => (cents / 100).toFixed(2);

export function applySatelliteDeal(
  state: TournamentState,
  args: { amounts: Record<string, number>; places: readonly number[] | undefined; reserve: number; endsPlay: boolean },
  now: number,
): Outcome {
  const e = ledger(state);
  const f = satelliteDealField(state);
  const rule = rulesOf(state.settings).satelliteDealCash;
  if (args.endsPlay) {
    throw new EngineError(
      'satellite-seats-whole',
      `A deal cannot end a satellite while ${f.players} players play for ${f.seats} seats: ${f.players - f.seats} of them would get less than a seat while the others get one.`,
    );
  }
  if (args.reserve > 0) throw new EngineError('satellite-seats-whole', "A satellite's deal keeps nothing back: the seats are what is played for.", 'invalid');
  if (f.leftover <= 0) throw new EngineError('satellite-seats-whole', `Nothing is left over after the ${f.seats} seats: a deal has no cash to share.`);
  const total = (args.places ?? Object.values(args.amounts)).reduce((a, c) => a + c, 0);
  if (total !== f.leftover) {
    throw new EngineError(
      'payouts-mismatch',
      `A deal in a satellite shares only the cash left over after the ${f.seats} seats, ${money(f.leftover)}; this one hands out ${money(total)}. A seat is never divided.`,
      'invalid',
    );
  }
  const payouts = payoutsInForce(state);
  const seats = new Array<number>(f.seats).fill(f.seatValue);
  const deal: Deal = { amounts: {}, reserve: 0, at: now, hands: e.hands.length, ladderBefore: e.payouts.locked };
  let ladder: number[];
  if (rule === 'no-seat') {
    const places = args.places;
    if (!places || Object.keys(args.amounts).length > 0) {
      throw new EngineError(
        'satellite-deal-places',
        `This house shares the ${money(f.leftover)} left over only among the places that win no seat: give the cash of places ${f.seats + 1} to ${f.players} (places), not amounts by player.`,
        'invalid',
      );
    }
    if (places.length !== f.players - f.seats) {
      throw new EngineError('satellite-deal-places', `Give the cash of each place without a seat, ${f.seats + 1} to ${f.players}: ${f.players - f.seats} amounts, not ${places.length}.`, 'invalid');
    }
    ladder = [...seats, ...places, ...payouts.slice(f.players)];
  } else {
    if (args.places) throw new EngineError('satellite-deal-places', 'This house shares the leftover among every player in play: give the amounts by player.', 'invalid');
    const left = activeEntries(e);
    const missing = left.filter((x) => args.amounts[x.id] === undefined);
    if (missing.length) throw new EngineError('deal-needs-everyone', `A deal needs every remaining player (IP r8); missing: ${missing.map((x) => nameOf(e, x)).join(', ')}.`);
    for (const id of Object.keys(args.amounts)) activeEntry(e, id);
    deal.amounts = { ...args.amounts };
    ladder = [...seats, ...new Array<number>(f.players - f.seats).fill(0), ...payouts.slice(f.players)];
  }
  const next = { ...e, deal, payouts: { ...e.payouts, locked: ladder } };
  return { state: withEntries(state, next), events: [{ type: 'deal.applied', at: now }] };
}
