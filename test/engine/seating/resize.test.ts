/**
 * MEC r5: "Als er met 10 spelers per tafel wordt gespeeld, zal de toernooileiding de tafels zo snel
 * mogelijk weer terugbrengen naar 9-handed. De toernooileiding zal aankondigen wanneer de overgang
 * van 10-handed naar 9-handed tafels plaatsvindt." Expected rooms worked out by hand.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyResize, capacity, planResize, seatOf, tablesInOpenOrder } from '../../../server/engine/seating/index.js';
import { lazyRng } from '../../../server/engine/random.js';
import { errorCode } from '../../helpers/engine.js';
import { layout } from '../../helpers/room.js';
import { checkRoom, register, tournament } from '../../helpers/seating.js';
import { toStored } from '../../../server/host/state-json.js';

const rng = () => lazyRng('resize-test')();

describe('tables.resize: 10-handed back to 9-handed (MEC r5)', () => {
  it('MEC r5: the player in seat 10 of each full table moves to the short table; an empty seat 10 just goes out of use', () => {
    const room = layout(['t1', 'a1 a2 a3 a4 a5 a6 a7 a8 a9 a10'], ['t2', 'b1 b2 b3 b4 b5 b6 b7 b8 b9 b10'], ['t3', 'c1 c2 c3 c4 c5 . . . . .']);
    const plan = planResize(room, 9, rng());
    assert.deepEqual(plan.outOfUse, [{ tableId: 't1', seat: 10 }, { tableId: 't2', seat: 10 }, { tableId: 't3', seat: 10 }]);
    assert.deepEqual(plan.moves.map((m) => [m.entryId, m.from.tableId, m.from.seat, m.to.tableId]), [['a10', 't1', 10, 't3'], ['b10', 't2', 10, 't3']]);
    for (const m of plan.moves) assert.ok([6, 7, 8, 9].includes(m.to.seat), `${m.entryId} lands on a free seat 6-9 of table 3, not ${m.to.seat}`);
    const { room: after } = applyResize(room, plan);
    assert.deepEqual(tablesInOpenOrder(after).map((t) => [t.players, capacity(t)]), [[9, 9], [9, 9], [7, 9]]);
    assert.equal(seatOf(after, 'a10')?.tableId, 't3');
  });

  it('an empty seat goes out of use before an occupied one: nobody moves from a table of 9 at 10 seats', () => {
    const room = layout(['t1', 'a1 a2 a3 . a5 a6 a7 a8 a9 a10'], ['t2', 'b1 b2 b3 b4 b5 b6 b7 b8 . .']);
    const plan = planResize(room, 9, rng());
    assert.deepEqual(plan.moves, []);
    assert.deepEqual(plan.outOfUse, [{ tableId: 't1', seat: 4 }, { tableId: 't2', seat: 10 }]);
  });

  it('refuses when the players do not fit 9-handed: 28 players at 3 tables need a fourth', () => {
    const room = layout(['t1', 'a1 a2 a3 a4 a5 a6 a7 a8 a9 a10'], ['t2', 'b1 b2 b3 b4 b5 b6 b7 b8 b9 b10'], ['t3', 'c1 c2 c3 c4 c5 c6 c7 c8 . .']);
    assert.equal(errorCode(() => planResize(room, 9, rng())), 'resize-not-possible');
  });

  it('as a command: moves on the board as `resize`, announced with tables.resized, rules.seatsPerTable 9, replayable', () => {
    const h = tournament('tda-2024-onk', { seatsPerTable: 10 });
    h.run({ type: 'table.add', seats: 10 });
    h.run({ type: 'table.add', seats: 10 });
    const first = register(h, 20);
    h.run({ type: 'seating.draw' });
    h.run({ type: 'table.add', seats: 10 });
    const late = register(h, 5, 'Late');
    checkRoom(h.seating(), [...first, ...late]);
    assert.deepEqual(h.seating().tables.map((t) => t.players), [10, 10, 5]);
    assert.equal(h.refuse({ type: 'tables.resize', seatsPerTable: 5 }), 'invalid-command');
    const out = h.run({ type: 'tables.resize', seatsPerTable: 9 });
    assert.equal(h.state.settings.rules.seatsPerTable, 9);
    assert.deepEqual(h.seating().tables.map((t) => t.players), [9, 9, 7]);
    const moves = h.moves();
    assert.deepEqual(moves.recent.slice(-2).map((m) => [m.kind, m.from?.table, m.from?.seat, m.to.table, m.status]), [['resize', 1, 10, 3, 'done'], ['resize', 2, 10, 3, 'done']]);
    assert.deepEqual(moves.resized, { seatsPerTable: 9, from: 10, moves: 2, at: h.state.seating.resized!.at });
    assert.ok(out.events.some((e) => e.type === 'tables.resized' && e.seatsPerTable === 9 && e.from === 10 && e.moves === 2));
    checkRoom(h.seating(), [...first, ...late]);
    assert.deepEqual(toStored(h.replayed()), toStored(h.state), 'a replay of the log draws the same seats');
    assert.equal(h.refuse({ type: 'tables.resize', seatsPerTable: 9 }), 'resize-not-possible', 'already 9-handed');
  });
});
