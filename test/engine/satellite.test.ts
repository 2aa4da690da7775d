/**
 * Satellites (issue 25; docs/RULES.md "Satellites"): seats of a given value as prizes, worked out
 * by hand: 75 entries of 10.00 make a pool of 750.00; seats of 100.00 make 7 seats and 50.00 over.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TournamentState } from '../../server/engine/state.js';
import { entry, errorCode, field, payouts, run, tournament, withPlayers } from './entries/helpers.js';

function satellite(satellite: Record<string, unknown>, n = 75): TournamentState {
  return withPlayers(tournament({ settings: { lateRegistrationLevel: null, satellite } }), n);
}

/** Busts e1..e(to) one by one. */
function bustThrough(s: TournamentState, from: number, to: number): TournamentState {
  for (let i = from; i <= to; i++) s = run(s, { type: 'entry.bust', entryIds: [`e${i}`] }).state;
  return s;
}

describe('satellite', () => {
  it('7 seats of 100.00 from 750.00, the 50.00 over to 8th; play ends at 7 left, the seat winners sharing places 1-7', () => {
    let s = satellite({ seatValue: 10_000 });
    assert.equal(field(s).prizePool, 75_000);
    assert.deepEqual(payouts(s).places.map((p) => p.amount), [10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 5_000]);
    assert.deepEqual(field(s).satellite, { seatValue: 10_000, seats: 7, seatsLeft: 7 });
    s = bustThrough(s, 1, 66); // 9 left
    // The seat bubble plays hand-for-hand: it ends with the hand that leaves 7, not at 8 paid.
    s = run(s, { type: 'handForHand.start' }).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e67'] }).state; // 9th: nothing
    assert.equal(entry(s, 'e67').prize, 0);
    assert.equal(s.entries.handForHand.active, true, 'still above the seats');
    // Give the last 8 different stacks: the seat winners still share their places.
    for (let i = 69; i <= 75; i++) s = run(s, { type: 'chips.set', entryId: `e${i}`, chips: 1_000 * i }).state;
    const out = run(s, { type: 'entry.bust', entryIds: ['e68'] }); // 8th: the 50.00 over
    s = out.state;
    assert.equal(entry(s, 'e68').prize, 5_000);
    assert.equal(entry(s, 'e68').place, 8);
    assert.equal(s.entries.handForHand.active, false, 'the seat bubble burst');
    // 7 left = 7 seats: each wins a seat, all seven share places 1-7 (100.00 each), and play is over.
    for (let i = 69; i <= 75; i++) assert.deepEqual([entry(s, `e${i}`).place, entry(s, `e${i}`).placeTo, entry(s, `e${i}`).prize], [1, 7, 10_000], `e${i}`);
    assert.equal(s.clock.status, 'finished');
    // The seat winners listed biggest stack first (e75 has 75,000).
    assert.deepEqual(field(s).satellite, { seatValue: 10_000, seats: 7, seatsLeft: 0, winners: [75, 74, 73, 72, 71, 70, 69].map((i) => ({ entryId: `e${i}`, name: `P${i}` })) });
    assert.ok(out.events.some((e) => e.type === 'seats.won'));
    assert.ok(!out.events.some((e) => e.type === 'tournament.won'), 'nobody is "the winner"');
    assert.equal(field(s).winner, undefined);
    assert.equal(field(s).dealMade, false, 'no deal');
    // Undo of that bust takes the seats back and play goes on with 8.
    const undone = run(s, { type: 'entry.undoBust', entryId: 'e68' }).state;
    assert.equal(undone.entries.seatsWon, undefined);
    assert.equal(field(undone).playersLeft, 8);
    assert.equal(entry(undone, 'e75').place, undefined);
    assert.notEqual(undone.clock.status, 'finished');
  });

  it('remainder shared: 7 seats of 107.14 / 107.15 (50.00 over, 7.14 each, 2 odd cents to the first places)', () => {
    let s = satellite({ seatValue: 10_000, remainder: 'shared' });
    assert.deepEqual(payouts(s).places.map((p) => p.amount), [10_715, 10_715, 10_714, 10_714, 10_714, 10_714, 10_714]);
    s = bustThrough(s, 1, 68);
    const prizes = Array.from({ length: 7 }, (_, i) => entry(s, `e${69 + i}`).prize!);
    assert.equal(prizes.reduce((a, c) => a + c, 0), 75_000);
    assert.deepEqual(prizes.slice().sort((a, b) => b - a), [10_715, 10_715, 10_714, 10_714, 10_714, 10_714, 10_714]);
  });

  it('guaranteed seats: 8 seats guaranteed make a pool of 800.00 from 750.00 collected', () => {
    const s = satellite({ seatValue: 10_000, seatsGuaranteed: 8 });
    assert.equal(field(s).prizePool, 80_000);
    assert.equal(field(s).overlay, 5_000);
    assert.deepEqual(field(s).satellite, { seatValue: 10_000, seats: 8, seatsLeft: 8 });
  });

  it('a seat worth more than the pool: the bust is refused and nothing changes', () => {
    const s = satellite({ seatValue: 100_000 }, 10);
    assert.equal(errorCode(() => run(s, { type: 'entry.bust', entryIds: ['e1'] })), 'invalid-satellite');
    assert.equal(s.entries.hands.length, 0);
  });
});
