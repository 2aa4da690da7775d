/**
 * IP 2008 unsold seats. r35-1: every seat gets a starting stack at the start; r16-3: a late
 * entrant may take an unsold seat with what is left of its stack ("zal enkel recht hebben op het
 * overblijvende aantal 'startfiches'"); r16-3 / r35-2: at the close of registration the stacks of
 * unsold seats leave play. Chip totals worked out by hand below.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TournamentState } from '../../../server/engine/state.js';
import { entry, errorCode, field, lv, MIN, run, runAll, T0, tick, tournament, withPlayers } from './helpers.js';
import { stateToJson } from '../../../server/host/state-json.js';
import { snapshotRoom } from '../../../server/engine/seating/index.js';

const structure = [lv(25, 50), lv(50, 100, 20, 10, 'ante'), lv(100, 200, 20, 25, 'ante'), lv(200, 400, 20, 50, 'ante')];

/** IP 2008, one 9-seat table, 6 players drawn, late registration through level 3 (60 minutes). */
function ip(): TournamentState {
  let s = withPlayers(tournament({ preset: 'ip-2008', structure, settings: { lateRegistrationLevel: 3 } }), 6);
  return runAll(s, [{ type: 'table.add' }, { type: 'seating.draw' }]);
}

const emptySeats = (s: TournamentState) => snapshotRoom(s.seating.room).tables[0]!.seats.map((e, i) => (e === null ? i + 1 : 0)).filter(Boolean);

describe('IP 2008 unsold seats (r16-3, r35)', () => {
  it('IP r35-1: a starting stack goes at each of the 3 seats left empty; 9 x 20,000 = 180,000 chips in play', () => {
    const s0 = ip();
    const empty = emptySeats(s0);
    assert.equal(empty.length, 3);
    const out = run(s0, { type: 'unsold.place' });
    assert.deepEqual((out.result as { seats: { seat: number }[] }).seats.map((x) => x.seat), empty);
    assert.equal(field(out.state).totalChips, 180_000);
    assert.equal(field(out.state).playersLeft, 6);
    assert.deepEqual(field(out.state).unsoldSeats?.map((u) => [u.seat, u.chips]), empty.map((seat) => [seat, 20_000]));
    assert.deepEqual(snapshotRoom(out.state.seating.room).tables[0]!.outOfUse, empty, 'no draw or late entry is given an unsold seat');
  });

  it('IP r16-3: a late entrant takes an unsold seat with what is left of its stack; nothing leaves play', () => {
    let s = run(ip(), { type: 'unsold.place' }).state;
    const [seat] = emptySeats(ip());
    s = run(s, { type: 'clock.start' }).state;
    // 30 minutes in, the seat has paid blinds as an absent player (IP r17): 20,000 - 750 = 19,250 left.
    s = run(s, { type: 'unsold.count', tableId: 't1', seat, chips: 19_250 }, T0 + 30 * MIN).state;
    const out = run(s, { type: 'unsold.take', name: 'Late', tableId: 't1', seat, chips: 19_250 }, T0 + 30 * MIN);
    s = out.state;
    assert.equal(entry(s, 'e7').stack, 19_250, 'not the r16-4 deduction (20,000 - 75 = 19,925)');
    assert.deepEqual(entry(s, 'e7').unsoldSeat, { tableId: 't1', seat });
    assert.equal(snapshotRoom(s.seating.room).tables[0]!.seats[seat! - 1], 'e7', 'he sits at that seat');
    assert.equal(field(s).totalChips, 180_000, 'the 750 blinded off went to other players: still in play');
    assert.equal(field(s).entries, 7);
    assert.equal(field(s).unsoldSeats?.length, 2);
  });

  it('IP r35-2: at the close of registration (the clock ends level 3) the 2 stacks left leave play: 180,000 - 40,000 = 140,000', () => {
    let s = run(ip(), { type: 'unsold.place' }).state;
    const [seat, second] = emptySeats(ip());
    s = run(s, { type: 'clock.start' }).state;
    s = run(s, { type: 'unsold.take', name: 'Late', tableId: 't1', seat, chips: 20_000 }, T0 + 10 * MIN).state;
    s = run(s, { type: 'unsold.count', tableId: 't1', seat: second, chips: 18_000 }, T0 + 50 * MIN).state;
    s = tick(s, T0 + 59 * MIN);
    assert.equal(field(s).unsoldSeats?.length, 2, 'still open in level 3');
    // The tick that ends level 3 closes registration: 18,000 + 20,000 leave play.
    s = tick(s, T0 + 60 * MIN);
    assert.equal(field(s).unsoldSeats, undefined);
    assert.equal(field(s).totalChips, 180_000 - 38_000);
    assert.deepEqual(snapshotRoom(s.seating.room).tables[0]!.outOfUse ?? [], [], 'the seats are back in use');
    assert.equal(s.entries.removals.at(-1)!.reason, 'unsold-seat');
  });

  it('bad input is refused and changes nothing', () => {
    const tda = runAll(withPlayers(tournament({ structure, settings: { lateRegistrationLevel: 3 } }), 2), [{ type: 'table.add' }, { type: 'seating.draw' }]);
    assert.equal(errorCode(() => run(tda, { type: 'unsold.place' })), 'unsold-seats-not-used', 'TDA presets give late entrants a full stack instead');
    const s = run(ip(), { type: 'unsold.place' }).state;
    const before = stateToJson(s);
    const taken = snapshotRoom(s.seating.room).tables[0]!.seats.findIndex((e) => e !== null) + 1;
    const [free] = emptySeats(ip());
    assert.equal(errorCode(() => run(s, { type: 'unsold.take', name: 'X', tableId: 't1', seat: taken, chips: 100 })), 'unknown-unsold-seat');
    assert.equal(errorCode(() => run(s, { type: 'unsold.take', name: 'X', tableId: 't1', seat: free, chips: 20_001 })), 'invalid-amount');
    assert.equal(errorCode(() => run(s, { type: 'unsold.count', tableId: 't1', seat: free, chips: 25_000 })), 'invalid-amount');
    assert.equal(errorCode(() => run(s, { type: 'unsold.place', seats: [{ tableId: 't1', seat: free }] })), 'seat-out-of-use');
    assert.equal(errorCode(() => run(s, { type: 'unsold.place', seats: [{ tableId: 't9', seat: 1 }] })), 'unknown-table');
    assert.equal(stateToJson(s), before);
  });
});
