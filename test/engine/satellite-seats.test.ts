/**
 * Places and prizes a TD can sign (docs/RULES.md "Satellites", "Deals"), each worked by hand:
 * a deal that ends play places by the chips of the deal; a satellite stops at its seats whatever
 * brings it there; a deal in a satellite never divides a seat; the seat winners share the seat
 * places; the house rules for the last seat across tables.
 *
 * The satellite night: 23 entries of 100.00 make 2,300.00; seats of 500.00 make 4 seats and
 * 300.00 over, which goes to 5th (remainder `next-place`): 500 + 500 + 500 + 500 + 300 = 2,300.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TournamentState } from '../../server/engine/state.js';
import { entry, errorCode, field, payouts, players, run, T0, tournament, withPlayers } from './entries/helpers.js';

function satelliteNight(rules: Record<string, unknown> = {}, remainder = 'next-place'): TournamentState {
  return withPlayers(tournament({ settings: { buyIn: 10_000, fee: 0, lateRegistrationLevel: null, satellite: { seatValue: 50_000, remainder }, rules } }), 23);
}

/** Busts e1..e(to), one hand each. */
function bustThrough(s: TournamentState, from: number, to: number): TournamentState {
  for (let i = from; i <= to; i++) s = run(s, { type: 'entry.bust', entryIds: [`e${i}`] }).state;
  return s;
}

const prizes = (s: TournamentState) => s.entries.entries.reduce((a, x) => a + (x.prize ?? 0), 0);
const placeOf = (s: TournamentState, id: string) => [entry(s, id).place, entry(s, id).placeTo, entry(s, id).prize];

describe('a deal that ends play places by the chips of the deal', () => {
  // Three players, 10.00 each: a pool of 30.00 paid 17.00 / 10.00 / 3.00 (set by the TD).
  function threeLeft(): TournamentState {
    let s = withPlayers(tournament({ settings: { buyIn: 1_000, fee: 0, lateRegistrationLevel: null } }), 3);
    s = run(s, { type: 'payouts.set', amounts: [1_700, 1_000, 300] }).state;
    return s;
  }
  const typed = { e1: 5_000, e2: 15_000, e3: 40_000 };

  it('typed 5,000 / 15,000 / 40,000, chip-chop 4.75 / 8.25 / 17.00: the 40,000 stack is 1st', () => {
    let s = threeLeft();
    // Chip-chop, the guarantee first: 3.00 each (9.00), the 21.00 left by chips out of 60,000:
    // e1 5/60 x 21 = 1.75 -> 4.75; e2 15/60 x 21 = 5.25 -> 8.25; e3 40/60 x 21 = 14.00 -> 17.00.
    const proposal = run(s, { type: 'deal.propose', chips: typed }).result as { players: { entryId: string; chipChop: number }[] };
    assert.deepEqual(proposal.players.map((p) => [p.entryId, p.chipChop]), [['e1', 475], ['e2', 825], ['e3', 1_700]]);
    // The phone sends the typed chips as a count (chips.count, in the log), then the deal.
    s = run(s, { type: 'chips.count', counts: Object.entries(typed).map(([entryId, chips]) => ({ entryId, chips })) }).state;
    const out = run(s, { type: 'deal.apply', amounts: { e1: 475, e2: 825, e3: 1_700 }, confirmed: true, endsPlay: true });
    s = out.state;
    assert.deepEqual(placeOf(s, 'e3'), [1, 1, 1_700], '40,000: 1st, 17.00');
    assert.deepEqual(placeOf(s, 'e2'), [2, 2, 825], '15,000: 2nd, 8.25');
    assert.deepEqual(placeOf(s, 'e1'), [3, 3, 475], '5,000: 3rd, 4.75');
    assert.equal(prizes(s), 3_000, '4.75 + 8.25 + 17.00 = 30.00');
    assert.equal(s.clock.status, 'finished');
    assert.deepEqual(out.events.find((e) => e.type === 'tournament.won'), { type: 'tournament.won', entryId: 'e3', name: 'P3', prize: 1_700, at: T0 });
  });

  it('with chips nobody counted the deal is refused with the reason, never placed by registration order', () => {
    const s = threeLeft();
    // Typed into the proposal only: nothing counted, so no order to place by.
    run(s, { type: 'deal.propose', chips: typed });
    let message = '';
    try {
      run(s, { type: 'deal.apply', amounts: { e1: 475, e2: 825, e3: 1_700 }, confirmed: true, endsPlay: true });
    } catch (err) {
      message = (err as Error).message;
    }
    assert.match(message, /count the chips of P1, P2, P3/);
    assert.equal(errorCode(() => run(s, { type: 'deal.apply', amounts: { e1: 475, e2: 825, e3: 1_700 }, confirmed: true, endsPlay: true })), 'chips-not-counted');
    // One counted player is not enough: the others are named.
    const one = run(s, { type: 'chips.set', entryId: 'e3', chips: 40_000 }).state;
    assert.throws(() => run(one, { type: 'deal.apply', amounts: { e1: 475, e2: 825, e3: 1_700 }, confirmed: true, endsPlay: true }), /count the chips of P1, P2 first/);
    // A deal that does not end play places nobody and needs no count.
    const going = run(s, { type: 'deal.apply', amounts: { e1: 475, e2: 825, e3: 1_700 }, confirmed: true }).state;
    assert.equal(entry(going, 'e1').place, undefined);
  });
});

describe('a satellite stops at the seats whatever brings it there', () => {
  it('23 x 100.00, 4 seats of 500.00 and 300.00 to 5th: at 5 left one player is disqualified and takes 5th; the 4 left win a seat at once', () => {
    let s = satelliteNight();
    assert.deepEqual(payouts(s).places.map((p) => p.amount), [50_000, 50_000, 50_000, 50_000, 30_000]);
    s = bustThrough(s, 1, 18); // 5 left: e19..e23
    assert.equal(field(s).playersLeft, 5);
    const out = run(s, { type: 'penalty.add', entryId: 'e19', kind: 'disqualification' }, T0 + 60_000);
    s = out.state;
    assert.deepEqual(placeOf(s, 'e19'), [5, 5, 30_000], 'the disqualified player: 5th, 300.00');
    for (const id of ['e20', 'e21', 'e22', 'e23']) assert.deepEqual(placeOf(s, id), [1, 4, 50_000], `${id}: a seat, places 1-4 shared`);
    assert.equal(s.clock.status, 'finished', 'play stops');
    assert.equal(prizes(s), 230_000, '4 x 500.00 + 300.00 = 2,300.00');
    assert.deepEqual(field(s).satellite?.seatsLeft, 0);
    assert.ok(out.events.some((e) => e.type === 'seats.won'));
    // Nobody can bust a seat winner afterwards.
    assert.equal(errorCode(() => run(s, { type: 'entry.bust', entryIds: ['e20'] })), 'tournament-finished');
  });

  it('a stack removed for absence at 5 left (ONK MEC r4) stops play at the seats the same way', () => {
    let s = satelliteNight();
    s = bustThrough(s, 1, 18);
    s = run(s, { type: 'entry.absent', entryId: 'e23', absent: true }, T0).state;
    s = run(s, { type: 'entry.removeAbsent', entryId: 'e23' }, T0 + 30 * 60_000).state;
    assert.deepEqual(placeOf(s, 'e23'), [5, 5, 30_000]);
    for (const id of ['e19', 'e20', 'e21', 'e22']) assert.deepEqual(placeOf(s, id), [1, 4, 50_000]);
    assert.equal(s.clock.status, 'finished');
    assert.equal(prizes(s), 230_000);
  });

  it('a hand that leaves fewer players than seats: two out at different tables share 4th-5th as cash (400.00 each); the 3 left win seats', () => {
    let s = satelliteNight();
    s = bustThrough(s, 1, 18);
    s = run(s, { type: 'handForHand.start' }).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e19', 'e20'], tables: { e19: 'A', e20: 'B' } }).state;
    // (500.00 + 300.00) / 2 = 400.00 each, as cash: a seat is not divided into a place.
    assert.deepEqual(placeOf(s, 'e19'), [4, 5, 40_000]);
    assert.deepEqual(placeOf(s, 'e20'), [4, 5, 40_000]);
    for (const id of ['e21', 'e22', 'e23']) assert.deepEqual(placeOf(s, id), [1, 3, 50_000]);
    assert.equal(prizes(s), 230_000, '2 x 400.00 + 3 x 500.00');
  });
});

describe('the last seat split across tables: the house rule', () => {
  it('bigger-stack: the larger stack at the start of the hand takes the seat, the other 5th with 300.00', () => {
    let s = satelliteNight({ satelliteLastSeat: 'bigger-stack' });
    s = bustThrough(s, 1, 18);
    s = run(s, { type: 'handForHand.start' }).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.bust', entryIds: ['e19', 'e20'], tables: { e19: 'A', e20: 'B' } })), 'invalid-busts', 'the stacks must be given');
    s = run(s, { type: 'entry.bust', entryIds: ['e19', 'e20'], tables: { e19: 'A', e20: 'B' }, startChips: { e19: 9_000, e20: 12_000 } }).state;
    assert.deepEqual(placeOf(s, 'e20'), [4, 4, 50_000], '12,000 at the start: the seat');
    assert.deepEqual(placeOf(s, 'e19'), [5, 5, 30_000], '9,000: 5th, 300.00');
    for (const id of ['e21', 'e22', 'e23']) assert.deepEqual(placeOf(s, id), [1, 3, 50_000]);
    assert.equal(prizes(s), 230_000);
    assert.equal(field(s).satellite?.seatsLeft, 0);
  });

  it('play-off: the hand is refused with the reason; the loser of the play-off is recorded alone', () => {
    let s = satelliteNight({ satelliteLastSeat: 'play-off' });
    s = bustThrough(s, 1, 18);
    s = run(s, { type: 'handForHand.start' }).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.bust', entryIds: ['e19', 'e20'], tables: { e19: 'A', e20: 'B' } })), 'satellite-play-off');
    s = run(s, { type: 'entry.bust', entryIds: ['e19'] }).state;
    assert.deepEqual(placeOf(s, 'e19'), [5, 5, 30_000]);
    for (const id of ['e20', 'e21', 'e22', 'e23']) assert.deepEqual(placeOf(s, id), [1, 4, 50_000]);
  });

  it('two out at different tables below the seats (6 left) share 5th-6th whatever the rule: 150.00 each', () => {
    let s = satelliteNight({ satelliteLastSeat: 'play-off' });
    s = bustThrough(s, 1, 17); // 6 left
    s = run(s, { type: 'handForHand.start' }).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e18', 'e19'], tables: { e18: 'A', e19: 'B' } }).state;
    assert.deepEqual([placeOf(s, 'e18'), placeOf(s, 'e19')], [[5, 6, 15_000], [5, 6, 15_000]]);
  });
});

describe('deals in a satellite never divide a seat', () => {
  it('6 left, 4 seats, 300.00 over (house rule no-seat): the bubble deal gives 5th and 6th 150.00 each; play stops at the seats', () => {
    let s = satelliteNight();
    s = bustThrough(s, 1, 17); // 6 left: e18..e23
    // A deal that would end play gives two players less than a seat while four get one: refused.
    assert.equal(errorCode(() => run(s, { type: 'deal.apply', amounts: {}, places: [15_000, 15_000], confirmed: true, endsPlay: true })), 'satellite-seats-whole');
    // Seats turned into cash: 2,300.00 by player is refused with the reason.
    const cash = Object.fromEntries(['e18', 'e19', 'e20', 'e21', 'e22', 'e23'].map((id, i) => [id, i < 2 ? 38_334 : 38_333]));
    assert.throws(() => run(s, { type: 'deal.apply', amounts: cash, confirmed: true }), /shares only the cash left over after the 4 seats, 300\.00/);
    // The calculator's ICM / chip-chop is not offered: it would divide the seats.
    assert.equal(errorCode(() => run(s, { type: 'deal.propose' })), 'satellite-seats-whole');
    // 150.00 + 150.00 = the 300.00 over.
    assert.equal(errorCode(() => run(s, { type: 'deal.apply', amounts: {}, places: [20_000, 15_000], confirmed: true })), 'payouts-mismatch');
    s = run(s, { type: 'deal.apply', amounts: {}, places: [15_000, 15_000], confirmed: true }).state;
    assert.deepEqual(payouts(s).places.map((p) => p.amount), [50_000, 50_000, 50_000, 50_000, 15_000, 15_000]);
    s = run(s, { type: 'entry.bust', entryIds: ['e18'] }).state;
    assert.deepEqual(placeOf(s, 'e18'), [6, 6, 15_000]);
    assert.notEqual(s.clock.status, 'finished');
    // The 5th goes out: the 4 left win a seat, the stop at the seats stays on after the deal.
    s = run(s, { type: 'entry.bust', entryIds: ['e19'] }).state;
    assert.deepEqual(placeOf(s, 'e19'), [5, 5, 15_000]);
    for (const id of ['e20', 'e21', 'e22', 'e23']) assert.deepEqual(placeOf(s, id), [1, 4, 50_000]);
    assert.equal(s.clock.status, 'finished');
    assert.equal(prizes(s), 230_000, '4 x 500.00 + 2 x 150.00');
  });

  it('house rule everyone: 50.00 to each of the six; the seat winners get 500.00 + 50.00, the 5th and 6th 50.00', () => {
    let s = satelliteNight({ satelliteDealCash: 'everyone' });
    s = bustThrough(s, 1, 17);
    const ids = ['e18', 'e19', 'e20', 'e21', 'e22', 'e23'];
    assert.equal(errorCode(() => run(s, { type: 'deal.apply', amounts: {}, places: [15_000, 15_000], confirmed: true })), 'satellite-deal-places');
    s = run(s, { type: 'deal.apply', amounts: Object.fromEntries(ids.map((id) => [id, 5_000])), confirmed: true }).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e18'] }).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e19'] }).state;
    assert.deepEqual([placeOf(s, 'e18'), placeOf(s, 'e19')], [[6, 6, 5_000], [5, 5, 5_000]]);
    for (const id of ['e20', 'e21', 'e22', 'e23']) assert.deepEqual(placeOf(s, id), [1, 4, 55_000]);
    assert.equal(prizes(s), 230_000, '4 x 550.00 + 2 x 50.00');
    // A deal was made: its players' lines say so.
    assert.equal(field(s).dealMade, true);
    assert.ok(field(s).finalTable!.filter((f) => f.seat).every((f) => f.deal));
  });

  it('the deal is undone before any bust: the ladder of 300.00 to 5th is back', () => {
    let s = satelliteNight();
    s = bustThrough(s, 1, 17);
    s = run(s, { type: 'deal.apply', amounts: {}, places: [15_000, 15_000], confirmed: true }, T0 + 60_000).state;
    s = run(s, { type: 'deal.undo' }, T0 + 120_000).state;
    assert.deepEqual(payouts(s).places.map((p) => p.amount), [50_000, 50_000, 50_000, 50_000, 30_000]);
  });
});

describe('the end of a satellite', () => {
  it('the seat winners share the seat places equally: no winner, no deal badge, the same line for each', () => {
    let s = satelliteNight();
    s = bustThrough(s, 1, 19); // 4 left
    const f = field(s);
    assert.equal(f.winner, undefined);
    assert.equal(f.dealMade, false);
    assert.deepEqual(
      f.finalTable!.filter((x) => x.place === 1).map((x) => [x.entryId, x.place, x.placeTo, x.prize, x.seat, x.deal]),
      ['e20', 'e21', 'e22', 'e23'].map((id) => [id, 1, 4, 50_000, true, undefined]),
    );
    assert.deepEqual(f.satellite?.winners?.map((w) => w.name), ['P20', 'P21', 'P22', 'P23']);
    assert.deepEqual(players(s).entries.filter((x) => x.place === 1).length, 4);
  });

  it('remainder shared: 4 seats of 575.00 (the 300.00 over shared, 75.00 each)', () => {
    let s = satelliteNight({}, 'shared');
    s = bustThrough(s, 1, 19);
    for (const id of ['e20', 'e21', 'e22', 'e23']) assert.deepEqual(placeOf(s, id), [1, 4, 57_500]);
    assert.equal(prizes(s), 230_000);
  });
});

describe('a seat winner who already holds a seat', () => {
  it('pass-down (default): e20 holds one; at 4 left his seat passes to 5th (e19), who had 300.00; e20 takes the 300.00', () => {
    let s = satelliteNight();
    s = run(s, { type: 'satellite.seatHeld', entryId: 'e20', held: true }).state;
    s = bustThrough(s, 1, 19);
    assert.deepEqual(placeOf(s, 'e19'), [5, 5, 50_000], '5th gets the seat');
    assert.deepEqual(placeOf(s, 'e20'), [1, 4, 30_000], 'the holder keeps his place and takes the 300.00');
    for (const id of ['e21', 'e22', 'e23']) assert.deepEqual(placeOf(s, id), [1, 4, 50_000]);
    assert.equal(prizes(s), 230_000, 'still 4 x 500.00 + 300.00');
    assert.deepEqual(field(s).satellite?.winners?.map((w) => w.entryId).sort(), ['e19', 'e21', 'e22', 'e23']);
    // The undo of the last bust puts everything back: e19 in play again with no prize.
    const undone = run(s, { type: 'entry.undoBust', entryId: 'e19' }).state;
    assert.deepEqual(placeOf(undone, 'e19'), [undefined, undefined, undefined]);
    assert.deepEqual(placeOf(undone, 'e20'), [undefined, undefined, undefined]);
    assert.equal(undone.entries.seatsWon, undefined);
  });

  it('pay-value: he keeps the 500.00 as cash; 5th keeps 300.00', () => {
    let s = satelliteNight({ satelliteSeatHeld: 'pay-value' });
    s = run(s, { type: 'satellite.seatHeld', entryId: 'e20', held: true }).state;
    s = bustThrough(s, 1, 19);
    assert.deepEqual([placeOf(s, 'e19'), placeOf(s, 'e20')], [[5, 5, 30_000], [1, 4, 50_000]]);
    assert.equal(prizes(s), 230_000);
  });
});
