/**
 * The final table: size (TDA 2017 r11, ONK MEC r6, PPN r11), redraw and high card for the
 * button (IP 2008 r27, r49).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../../server/engine/presets.js';
import { seededRng } from '../../../server/engine/random.js';
import {
  applyFinalTable,
  bustEntry,
  compareCards,
  finalTableSize,
  planFinalTable,
  positions,
  seatOf,
  type Room,
} from '../../../server/engine/seating/index.js';
import { layout } from '../../helpers/room.js';
import { errorCode as code } from '../../helpers/engine.js';



const TDA = PRESETS['tda-2015-munkebjerg'].rules;

describe('final-table size', () => {
  it('TDA 2017 r11: a full table plus one, never more than 10', () => {
    assert.equal(finalTableSize(TDA), 10, '9-handed seats 10');
    assert.equal(finalTableSize({ ...TDA, seatsPerTable: 6 }), 7, '6-handed seats 7');
    assert.equal(finalTableSize({ ...TDA, seatsPerTable: 8 }), 9, '8-handed seats 9');
    assert.equal(finalTableSize({ ...TDA, seatsPerTable: 10 }), 10, 'no final table seats more than 10');
    assert.equal(finalTableSize(PRESETS['tda-2017-hr'].rules), 10);
  });

  it('ONK MEC r6 and PPN r11: nine', () => {
    assert.equal(finalTableSize(PRESETS['tda-2024-onk'].rules), 9);
    assert.equal(finalTableSize(PRESETS['ppn-2024'].rules), 9);
    assert.equal(code(() => finalTableSize({ ...TDA, finalTable: 12 })), 'invalid-rules');
  });
});

describe('forming the final table', () => {
  // Two tables of five at a 9-handed event: the final table of 10 (TDA 2017 r11).
  const room = () => layout(['A', 'a1 a2 a3 a4 a5 . . . .'], ['B', 'b1 b2 b3 b4 b5 . . . .']);

  it('redraws everybody onto one table of 10 seats at a 9-handed event, button by high card', () => {
    const plan = planFinalTable(room(), TDA, seededRng('ft'));
    assert.equal(plan.tableId, 'B', 'the table last in the break order hosts it');
    assert.equal(plan.seats, 10);
    assert.deepEqual(plan.moves.map((m) => m.to.seat), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.equal(new Set(plan.moves.map((m) => m.entryId)).size, 10);
    // IP r49-2a: one card to each seat from seat 1; the highest by rank, then suit, has the button.
    assert.deepEqual(plan.buttonDraw.dealt.map((d) => d.seat), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const high = plan.buttonDraw.dealt.reduce((a, b) => (compareCards(b.card, a.card) > 0 ? b : a));
    assert.equal(plan.buttonDraw.buttonSeat, high.seat);

    const { room: after, moves } = applyFinalTable(room(), plan);
    assert.deepEqual([...after.openOrder], ['B']);
    const table = after.tables.get('B')!;
    assert.equal(table.seats.length, 10);
    assert.equal(table.players, 10);
    assert.ok(moves.every((m) => m.status === 'done'));
    for (const m of moves) assert.deepEqual(seatOf(after, m.entryId), m.to);
    assert.equal(positions(table)!.button, plan.buttonDraw.buttonSeat);
  });

  it('the TD may host it at another table; the draw replays from the seed', () => {
    const plan = planFinalTable(room(), TDA, seededRng('tv'), { tableId: 'A' });
    assert.equal(plan.tableId, 'A');
    assert.deepEqual(planFinalTable(room(), TDA, seededRng('tv'), { tableId: 'A' }), plan);
  });

  it('refuses too many players and a plan made stale by a bust', () => {
    const eleven = layout(['A', 'a1 a2 a3 a4 a5 a6 . . .'], ['B', 'b1 b2 b3 b4 b5 . . . .']);
    assert.equal(code(() => planFinalTable(eleven, TDA, seededRng('x'))), 'too-many-players');
    const plan = planFinalTable(room(), TDA, seededRng('x'));
    assert.equal(code(() => applyFinalTable(bustEntry(room(), 'a1'), plan)), 'stale-plan');
  });
});
