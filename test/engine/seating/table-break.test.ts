/**
 * Breaking tables (TDA 2017 r9, TDA 2024 r10B, IP 2008 r24) in the posted order.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../../server/engine/presets.js';
import { seededRng } from '../../../server/engine/random.js';
import {
  applyBreak,
  checkBalance,
  checkBreak,
  planBreak,
  seatOf,
  setBreakOrder,
  tablesInOpenOrder,
  type Room,
} from '../../../server/engine/seating/index.js';
import { layout } from '../../helpers/room.js';
import { errorCode as code } from '../../helpers/engine.js';



const TDA = PRESETS['tda-2015-munkebjerg'].rules; // 9-handed, final table of 10, 2-step random
const ONK = PRESETS['tda-2024-onk'].rules; // final table of 9, seat cards
const seats = (prefix: string, n: number, total = 9) =>
  Array.from({ length: total }, (_, i) => (i < n ? `${prefix}${i + 1}` : '.')).join(' ');

describe('when a table breaks', () => {
  it('as soon as the players left fit at one table fewer, the next table in the posted order breaks', () => {
    const room = layout(['A', seats('a', 6)], ['B', seats('b', 6)], ['C', seats('c', 6)]);
    const d0 = checkBreak(room, 18, TDA);
    assert.ok(d0.kind === 'break' && d0.tableId === 'A');
    const posted = setBreakOrder(room, ['C', 'A', 'B']);
    const d = checkBreak(posted, 18, TDA);
    assert.ok(d.kind === 'break' && d.tableId === 'C');
    assert.equal(checkBreak(room, 19, TDA).kind, 'none');
  });

  it('one player left is the winner: no final table is called (it needs two)', () => {
    const room = layout(['A', seats('a', 1)], ['B', seats('b', 0)]);
    assert.equal(checkBreak(room, 1, TDA).kind, 'none');
    assert.equal(checkBreak(layout(['A', seats('a', 1)], ['B', seats('b', 1)]), 2, TDA).kind, 'final-table');
  });

  it('counts a table at the event size and its seats in use', () => {
    // 10-seat tables in a 9-handed event still count 9 seats each.
    const tens = layout(['A', seats('a', 6, 10)], ['B', seats('b', 6, 10)], ['C', seats('c', 7, 10)]);
    assert.equal(checkBreak(tens, 19, TDA).kind, 'none');
    assert.equal(checkBreak(tens, 18, TDA).kind, 'break');
    const broken = layout(['A', seats('a', 5)], ['B', seats('b', 6), { outOfUse: [9] }], ['C', seats('c', 6)]);
    assert.equal(checkBreak(broken, 17, TDA).kind, 'break', 'B seats 8 and C 9');
    assert.equal(checkBreak(broken, 18, TDA).kind, 'none');
    assert.match(checkBreak(broken, 18, TDA).reason, /more than the 17 seats left/);
  });

  it('two tables never break into one: the last break is the final table, at its size (TDA 2017 r11)', () => {
    const two = layout(['A', seats('a', 6)], ['B', seats('b', 5)]);
    assert.equal(checkBreak(two, 11, TDA).kind, 'none');
    assert.deepEqual(checkBreak(two, 10, TDA), { kind: 'final-table', size: 10, reason: '10 players left fit at the final table of 10 (TDA 2017 r11).' });
    // ONK/PPN: final table of 9, even if 10 would fit at a 10-seat table.
    const onk = { ...ONK, seatsPerTable: 10 };
    const tens = layout(['A', seats('a', 5, 10)], ['B', seats('b', 5, 10)]);
    assert.equal(checkBreak(tens, 10, onk).kind, 'none');
    assert.equal(checkBreak(tens, 9, onk).kind, 'final-table');
  });
});

describe('breaking (TDA 2017 r9: a 2-step random process)', () => {
  const room = () => layout(['A', seats('a', 5)], ['B', seats('b', 7)], ['C', seats('c', 6)]);

  it('lists one announced move per player from seat 1, to free seats, keeping the tables balanced', () => {
    const plan = planBreak(room(), 'A', TDA, seededRng('break-1'));
    assert.equal(plan.method, 'random-two-step');
    assert.deepEqual(plan.moves.map((m) => m.from.seat), [1, 2, 3, 4, 5]);
    assert.ok(plan.moves.every((m) => m.status === 'announced' && m.kind === 'break'));
    const { room: after, moves } = applyBreak(room(), plan);
    assert.ok(moves.every((m) => m.status === 'done'));
    assert.deepEqual([...after.openOrder], ['B', 'C']);
    assert.deepEqual(tablesInOpenOrder(after).map((t) => t.players).sort(), [9, 9]);
    for (const m of moves) {
      assert.deepEqual(seatOf(after, m.entryId), m.to);
      const state = after.entries.get(m.entryId);
      assert.equal(state?.status === 'seated' ? state.arrival.by : null, 'break');
    }
  });

  it('literal 2-step draw over every table with a free seat: balancing follows when it lands unevenly', () => {
    const big = layout(['A', seats('a', 4)], ['B', seats('b', 5)], ['C', seats('c', 5)], ['D', seats('d', 5)]);
    let uneven = 0;
    for (let i = 0; i < 40; i++) {
      const { room: after } = applyBreak(big, planBreak(big, 'A', TDA, seededRng(`any${i}`), { tableChoice: 'any-free' }));
      const check = checkBalance(after, TDA);
      if (!check.balanced) {
        uneven++;
        assert.ok(check.suggestion, 'a balance move is suggested');
      }
    }
    assert.ok(uneven > 0, 'some literal draws are unbalanced');
  });

  it('TDA 2024 r10B (ONK): seat cards are dealt from seat 1 of the broken table', () => {
    const plan = planBreak(room(), 'A', ONK, seededRng('cards'));
    assert.equal(plan.method, 'seat-cards');
    assert.deepEqual(plan.moves.map((m) => m.from.seat), [1, 2, 3, 4, 5]);
    const { room: after } = applyBreak(room(), plan);
    assert.deepEqual(tablesInOpenOrder(after).map((t) => t.players).sort(), [9, 9]);
  });

  it('refuses the last table and a break the other tables cannot hold', () => {
    const one = layout(['A', seats('a', 3)]);
    assert.equal(code(() => planBreak(one, 'A', TDA, seededRng('x'))), 'last-table');
    const full = layout(['A', seats('a', 3)], ['B', seats('b', 8)]);
    assert.equal(code(() => planBreak(full, 'A', TDA, seededRng('x'))), 'room-full');
  });

  it('a plan made stale by a later arrival at the broken table is refused, all or nothing', () => {
    const before = room();
    const plan = planBreak(before, 'A', TDA, seededRng('stale'));
    const stale = { ...plan, moves: plan.moves.slice(1) }; // a1 would stay behind
    assert.equal(code(() => applyBreak(before, stale)), 'table-occupied');
    assert.equal(before.tables.get('A')!.players, 5);
  });
});
