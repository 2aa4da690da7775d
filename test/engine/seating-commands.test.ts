/**
 * Seating commands through `applyCommand` (injected time and seeds): set-up, the draw, late
 * entries (TDA 2017 r7), busts, balancing (TDA 2017 r10), halting, table breaks (r9), the final
 * table (r11, IP r49), corrections (r6), the button (r32, IP r40), undo, bad input, and replay.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EngineError } from '../../server/engine/errors.js';
import { seededRng } from '../../server/engine/random.js';
import { TOPIC_VIEWS } from '../../server/engine/views.js';
import { checkRoom, register, tournament, type Harness } from '../helpers/seating.js';
import { toStored } from '../../server/host/state-json.js';

function tables(h: Harness, n: number, seats = 9): void {
  for (let i = 0; i < n; i++) h.run({ type: 'table.add', seats });
}

function activeIds(h: Harness): string[] {
  return h.state.entries.entries.filter((e) => e.status === 'active').map((e) => e.id);
}

describe('room set-up', () => {
  it('opens numbered tables, posts the break order and refuses bad tables', () => {
    const h = tournament();
    tables(h, 3);
    const view = h.seating();
    assert.deepEqual(view.tables.map((t) => [t.id, t.number, t.capacity]), [['t1', 1, 9], ['t2', 2, 9], ['t3', 3, 9]]);
    assert.deepEqual(view.breakOrder, [3, 2, 1], 'the table opened last breaks first');
    h.run({ type: 'table.breakOrder', tableIds: ['t1', 't3', 't2'] });
    assert.deepEqual(h.seating().breakOrder, [1, 3, 2]);
    h.run({ type: 'table.seatOutOfUse', tableId: 't2', seat: 9 });
    assert.equal(h.seating().tables[1]!.capacity, 8);
    assert.equal(h.refuse({ type: 'table.add', seats: 5 }), 'invalid-command');
    assert.equal(h.refuse({ type: 'table.add', seats: 11 }), 'invalid-command');
    assert.equal(h.refuse({ type: 'table.add', tableId: 'x2', number: 2 }), 'table-number-taken');
    assert.equal(h.refuse({ type: 'table.add', tableId: 't1', number: 9 }), 'table-exists');
    assert.equal(h.refuse({ type: 'table.breakOrder', tableIds: ['t1', 't2'] }), 'invalid-break-order');
    assert.equal(h.refuse({ type: 'table.remove', tableId: 'nope' }), 'unknown-table');
    h.run({ type: 'table.remove', tableId: 't3' });
    assert.equal(h.seating().tables.length, 2);
  });
});

describe('the draw and late entries (TDA 2017 r6, r7)', () => {
  it('draws every unseated entry at random, evenly, and is the same on replay', () => {
    const h = tournament();
    assert.equal(h.refuse({ type: 'seating.draw' }), 'no-tables');
    const ids = register(h, 40);
    assert.equal(h.seating().waiting.length, 40, 'registered players wait for the draw');
    tables(h, 5);
    const out = h.run({ type: 'seating.draw' });
    assert.equal((out.result as { seated: number }).seated, 40);
    assert.deepEqual(out.events.map((e) => e.type), ['seats.drawn']);
    const view = h.seating();
    assert.equal(view.drawn, true);
    assert.deepEqual(view.tables.map((t) => t.players), [8, 8, 8, 8, 8]);
    checkRoom(view, ids);
    assert.deepEqual(toStored(h.replayed()), toStored(h.state), 'a replay of the log draws the same seats');
  });

  it('refuses a draw with more players than seats, and changes nothing', () => {
    const h = tournament();
    register(h, 12);
    tables(h, 1);
    assert.equal(h.refuse({ type: 'seating.draw' }), 'room-full');
  });

  it('seats a late entry at a shortest table and says when he is not dealt in', () => {
    const h = tournament();
    tables(h, 1);
    const ids = register(h, 4);
    [1, 5, 6, 7].forEach((seat, i) => h.run({ type: 'seat.assign', entryId: ids[i], tableId: 't1', seat }));
    for (const seat of [8, 9]) h.run({ type: 'table.seatOutOfUse', tableId: 't1', seat });
    h.run({ type: 'seating.draw' });
    h.run({ type: 'button.set', tableId: 't1', seat: 7 });
    h.run({ type: 'hand.next' }); // button 7, small blind 1, big blind 5
    // Next hand (dead button, TDA 2017 r32): button 1, small blind 5, big blind 6, so the free
    // seats 2-4 lie between the button and the small blind.
    assert.deepEqual([h.seating().tables[0]!.button, h.seating().tables[0]!.smallBlind], [1, 5]);
    const late = h.run({ type: 'entry.add', name: 'Late Larry' });
    const seated = late.events.find((e) => e.type === 'seat.assigned');
    assert.ok(seated && seated.type === 'seat.assigned');
    assert.equal(seated.by, 'late');
    assert.ok(seated.to.seat >= 2 && seated.to.seat <= 4);
    assert.equal(seated.dealtIn, false, 'TDA 2017 r7: not dealt in between the small blind and the button');
    const seatView = h.seating().tables[0]!.seats[seated.to.seat - 1]!;
    assert.equal(seatView.name, 'Late Larry');
    assert.equal(seatView.waiting, true);
  });

  it('keeps late entries waiting when the room is full, and seats them when a seat frees up', () => {
    const h = tournament();
    tables(h, 1, 6);
    const ids = register(h, 6);
    h.run({ type: 'seating.draw' });
    const late = h.run({ type: 'entry.add', name: 'Waiting Wendy' });
    assert.deepEqual(late.events.filter((e) => e.type.startsWith('seat')).map((e) => e.type), ['seat.unavailable']);
    assert.deepEqual(h.seating().waiting.map((w) => w.name), ['Waiting Wendy']);
    const again = h.run({ type: 'hand.next' });
    assert.ok(!again.events.some((e) => e.type === 'seat.unavailable'), 'reported once');
    const bust = h.run({ type: 'entry.bust', entryIds: [ids[0]!] });
    assert.ok(bust.events.some((e) => e.type === 'seat.assigned'));
    assert.equal(h.seating().waiting.length, 0);
    checkRoom(h.seating(), activeIds(h));
  });

  it('frees the seat of a busted entry and returns it when the bust is undone', () => {
    const h = tournament();
    tables(h, 2);
    const ids = register(h, 12);
    h.run({ type: 'seating.draw' });
    const where = h.seating().tables.flatMap((t) => t.seats.filter((s) => s.entryId === ids[3]).map((s) => [t.id, s.seat]))[0]!;
    h.run({ type: 'entry.bust', entryIds: [ids[3]!] });
    assert.equal(h.seating().seated, 11);
    assert.ok(!h.seating().tables.some((t) => t.seats.some((s) => s.entryId === ids[3])));
    h.run({ type: 'entry.undoBust', entryId: ids[3]! });
    const back = h.seating().tables.flatMap((t) => t.seats.filter((s) => s.entryId === ids[3]).map((s) => [t.id, s.seat]))[0];
    assert.deepEqual(back, where, 'back in his old seat');
  });
});

describe('bad input gets a typed error and changes nothing', () => {
  const h = tournament();
  tables(h, 2);
  const ids = register(h, 10);
  h.run({ type: 'seating.draw' });
  const free = h.seating().tables[0]!.seats.find((s) => !s.entryId)!.seat;
  const taken = h.seating().tables[0]!.seats.find((s) => s.entryId)!;
  const extra = register(h, 0);
  void extra;
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a seat that does not exist', { type: 'seat.move', entryId: taken.entryId, tableId: 't2', seat: 10 }, 'seat-not-found'],
    ['a seat already taken', { type: 'seat.move', entryId: h.seating().tables[1]!.seats.find((s) => s.entryId)!.entryId, tableId: 't1', seat: taken.seat }, 'seat-taken'],
    ['an unknown table', { type: 'seat.move', entryId: taken.entryId, tableId: 't9', seat: 1 }, 'unknown-table'],
    ['an unknown entry', { type: 'seat.assign', entryId: 'e999', tableId: 't1', seat: free }, 'unknown-entry'],
    ['seating an entry twice', { type: 'seat.assign', entryId: ids[0], tableId: 't1', seat: free }, 'entry-seated'],
    ['a button on a missing seat', { type: 'button.set', tableId: 't1', seat: 10 }, 'seat-not-found'],
    ['a correction to the same seat', { type: 'seat.correct', entryId: taken.entryId, foundAt: { tableId: 't1', seat: taken.seat } }, 'same-seat'],
    ['a balance move when balanced', { type: 'balance.apply' }, 'no-suggestion'],
    ['a table break nobody needs', { type: 'table.break' }, 'no-table-break'],
    ['closing an occupied table', { type: 'table.remove', tableId: 't1' }, 'table-occupied'],
    ['a seat number out of range', { type: 'seat.move', entryId: taken.entryId, tableId: 't1', seat: 0 }, 'invalid-command'],
  ];
  for (const [name, command, code] of cases) {
    it(`refuses ${name} with ${code}`, () => assert.equal(h.refuse(command), code));
  }
  it('refuses moving a busted player with entry-busted', () => {
    h.run({ type: 'entry.bust', entryIds: [ids[1]!] });
    assert.equal(h.refuse({ type: 'seat.move', entryId: ids[1], tableId: 't1', seat: free }), 'entry-busted');
  });
  it('refuses breaking the last table with last-table', () => {
    const one = tournament();
    tables(one, 1);
    register(one, 5);
    one.run({ type: 'seating.draw' });
    assert.equal(one.refuse({ type: 'table.break', tableId: 't1' }), 'last-table');
  });
});

describe('balancing and halting (TDA 2017 r10)', () => {
  function unbalanced() {
    const h = tournament();
    tables(h, 2);
    const ids = register(h, 18);
    h.run({ type: 'seating.draw' });
    h.run({ type: 'button.draw' });
    const t2 = h.seating().tables[1]!.seats.filter((s) => s.entryId).map((s) => s.entryId!);
    return { h, ids, t2 };
  }

  it('shows the suggestion in words, applies it only on command, and halts a table 3 short', () => {
    const { h, t2 } = unbalanced();
    const out = h.run({ type: 'entry.bust', entryIds: [t2[0]!] });
    assert.ok(!out.events.some((e) => e.type === 'table.halted'));
    h.run({ type: 'entry.bust', entryIds: [t2[1]!] });
    const bust3 = h.run({ type: 'entry.bust', entryIds: [t2[2]!] });
    const halted = bust3.events.find((e) => e.type === 'table.halted');
    assert.ok(halted && halted.type === 'table.halted' && halted.table === 2, 'table 2 (6 vs 9) halts');
    const moves = h.moves();
    assert.deepEqual(moves.halted.map((x) => x.table), [2]);
    const s = moves.suggestion!;
    assert.ok(s, 'a suggestion is shown');
    assert.equal(s.from.table, 1);
    assert.equal(s.to.table, 2);
    assert.equal(s.text, `Table 1 → Table 2, seat ${s.to.seat}: the player due for the big blind next`);
    assert.equal(h.seating().tables[0]!.players, 9, 'nothing moved yet');
    const table1 = h.seating().tables[0]!;
    assert.equal(s.entryId, table1.seats[table1.bigBlind! - 1]!.entryId, 'the player due for the big blind moves');
    const t2view = h.seating().tables[1]!;
    assert.notEqual(s.to.seat, t2view.smallBlind, 'never into the small blind');
    assert.equal(h.refuse({ type: 'balance.apply', entryId: 'e1' === s.entryId ? 'e2' : 'e1' }), 'stale-plan');
    const applied = h.run({ type: 'balance.apply', entryId: s.entryId, seat: s.to.seat });
    assert.deepEqual(applied.events.map((e) => e.type), ['table.move']);
    const after = h.moves();
    assert.equal(after.recent.at(-1)!.kind, 'balance');
    assert.equal(after.recent.at(-1)!.status, 'done');
    assert.deepEqual(after.halted, [], 'play resumes at table 2');
    assert.equal(after.balanced, true);
    assert.equal(h.seating().tables[1]!.seats[s.to.seat - 1]!.entryId, s.entryId);
    assert.deepEqual(toStored(h.replayed()), toStored(h.state));
  });

  it('waives a halt at the TD’s word', () => {
    const { h, t2 } = unbalanced();
    for (const id of t2.slice(0, 3)) h.run({ type: 'entry.bust', entryIds: [id] });
    h.run({ type: 'table.waiveHalt', tableId: 't2' });
    assert.deepEqual(h.moves().halted, []);
    assert.equal(h.seating().tables[1]!.haltWaived, true);
  });

  it('undoes the last seating action, but not once the room changed since', () => {
    const { h, t2 } = unbalanced();
    h.run({ type: 'entry.bust', entryIds: [t2[0]!] });
    h.run({ type: 'entry.bust', entryIds: [t2[1]!] });
    const before = h.seating();
    const s = h.moves().suggestion!;
    h.run({ type: 'balance.apply' });
    assert.match(h.moves().undo!.label, /^Balance: Table 1 → Table 2/);
    h.run({ type: 'seating.undo' });
    assert.deepEqual(h.seating(), before, 'the move is taken back');
    assert.equal(h.moves().suggestion!.entryId, s.entryId);
    assert.equal(h.refuse({ type: 'seating.undo' }), 'nothing-to-undo');
    h.run({ type: 'balance.apply' });
    h.run({ type: 'hand.next' });
    assert.equal(h.refuse({ type: 'seating.undo' }), 'nothing-to-undo', 'a hand was dealt since');
    assert.deepEqual(toStored(h.replayed()), toStored(h.state));
  });
});

describe('button and hands (TDA 2017 r32, IP r40)', () => {
  it('draws the button by high card and moves it each hand, also hand-for-hand', () => {
    const h = tournament();
    tables(h, 2);
    register(h, 18);
    h.run({ type: 'seating.draw' });
    const draw = h.run({ type: 'button.draw', tableId: 't1' }).result as { buttonSeat: number; cards: { seat: number; card: string }[] };
    assert.equal(draw.cards.length, 9);
    assert.ok(h.seating().tables.every((t) => t.button === draw.buttonSeat), 'that seat holds at every table');
    h.run({ type: 'hand.next' });
    const next = (draw.buttonSeat % 9) + 1;
    assert.ok(h.seating().tables.every((t) => t.button === next && t.handsPlayed === 1));
    h.run({ type: 'hand.next', tableId: 't2' });
    assert.deepEqual(h.seating().tables.map((t) => t.handsPlayed), [1, 2]);
    h.run({ type: 'handForHand.start' });
    h.run({ type: 'handForHand.nextHand' });
    assert.deepEqual(h.seating().tables.map((t) => t.handsPlayed), [3, 4], 'each hand-for-hand hand moves every button');
  });

  it('undoing the bust that burst the bubble puts hand-for-hand back on without moving a button', () => {
    const h = tournament();
    tables(h, 2);
    const ids = register(h, 18);
    const pool = TOPIC_VIEWS.payouts(h.state).prizePool;
    h.run({ type: 'payouts.set', amounts: [pool - 16 * 100, ...new Array<number>(16).fill(100)] }); // 17 paid
    h.run({ type: 'seating.draw' });
    h.run({ type: 'button.draw' });
    h.run({ type: 'handForHand.start' });
    h.run({ type: 'handForHand.nextHand' });
    const buttons = () => h.seating().tables.map((t) => [t.button, t.handsPlayed]);
    const before = buttons();
    h.run({ type: 'entry.bust', entryIds: [ids[0]!] });
    assert.deepEqual(TOPIC_VIEWS.field(h.state).handForHand, { active: false, hand: 0 }, 'the bubble burst');
    h.run({ type: 'entry.undoBust', entryId: ids[0]! });
    assert.deepEqual(TOPIC_VIEWS.field(h.state).handForHand, { active: true, hand: 2 });
    assert.deepEqual(buttons(), before, 'hand 2 was dealt already');
    h.run({ type: 'handForHand.nextHand' });
    assert.deepEqual(h.seating().tables.map((t) => t.handsPlayed), before.map(([, n]) => n! + 1), 'the next hand moves every button');
    assert.deepEqual(toStored(h.replayed()), toStored(h.state), 'a replay ends in the same state');
  });

  it('records a wrong-seat correction on the moves board (TDA 2017 r6)', () => {
    const h = tournament();
    tables(h, 1);
    const [a] = register(h, 3);
    h.run({ type: 'seat.assign', entryId: a, tableId: 't1', seat: 2 });
    h.run({ type: 'seating.draw' });
    h.run({ type: 'seat.correct', entryId: a, foundAt: { tableId: 't1', seat: 7 } });
    const line = h.moves().recent.at(-1)!;
    assert.deepEqual([line.kind, line.from?.seat, line.to.seat, line.name], ['correct-seat', 7, 2, 'Player 1']);
  });
});

describe('table breaks and the final table (TDA 2017 r9, r11; IP r49)', () => {
  it('breaks the next table in the posted order on command, then forms the final table', () => {
    const h = tournament('tda-2024-onk'); // seat cards (TDA 2024 r10B), final table of 9
    tables(h, 3);
    const ids = register(h, 24);
    h.run({ type: 'seating.draw' });
    h.run({ type: 'button.draw' });
    let n = 0;
    while (h.moves().tableBreak === null) {
      h.run({ type: 'entry.bust', entryIds: [activeIds(h)[n++ % 3]!] });
      while (h.moves().suggestion) h.run({ type: 'balance.apply' });
    }
    const due = h.moves().tableBreak!;
    assert.equal(due.table, h.seating().breakOrder[0], 'the first table in the posted order');
    assert.equal(h.refuse({ type: 'balance.apply' }), 'no-suggestion', 'the break comes first');
    const out = h.run({ type: 'table.break' });
    assert.equal(out.events.filter((e) => e.type === 'table.move').length, due.players);
    assert.ok(out.events.some((e) => e.type === 'table.broken'));
    assert.equal(h.seating().tables.length, 2);
    checkRoom(h.seating(), activeIds(h));
    while (h.moves().finalTableCall === null) {
      h.run({ type: 'entry.bust', entryIds: [activeIds(h)[0]!] });
      while (h.moves().suggestion) h.run({ type: 'balance.apply' });
    }
    assert.equal(h.refuse({ type: 'table.break' }), 'no-table-break');
    const ft = h.run({ type: 'finalTable.form' });
    const view = h.seating();
    assert.equal(view.tables.length, 1);
    assert.equal(view.tables[0]!.players, 9);
    assert.equal(view.tables[0]!.seats.length, 9, 'exactly the ONK size of 9');
    const record = h.moves().finalTable!;
    assert.equal(record.cards.length, 9);
    assert.equal(view.tables[0]!.button, record.buttonSeat, 'the high card gets the button');
    assert.ok(ft.events.some((e) => e.type === 'finalTable.formed'));
    checkRoom(view, activeIds(h));
    assert.ok(ids.length === 24);
    assert.deepEqual(toStored(h.replayed()), toStored(h.state), 'replay gives the same breaks and redraw');
  });
});

describe('random floor work', () => {
  it('never fails with anything but a typed refusal, keeps every rule, and replays', () => {
    for (const preset of ['tda-2015-munkebjerg', 'tda-2024-onk', 'tda-2017-hr'] as const) {
      const h = tournament(preset);
      const rng = seededRng(`random-floor-${preset}`);
      tables(h, 4);
      register(h, 30);
      h.run({ type: 'seating.draw' });
      const pickSeat = () => {
        const ts = h.seating().tables;
        const t = rng.pick(ts);
        return { tableId: t.id, seat: 1 + rng.int(10) };
      };
      const entry = () => `e${1 + rng.int(h.state.entries.entries.length + 2)}`;
      const commands: Array<() => Record<string, unknown>> = [
        () => ({ type: 'entry.add', name: `Late ${rng.int(1000)}` }),
        () => ({ type: 'entry.bust', entryIds: [rng.pick(activeIds(h))] }),
        () => ({ type: 'entry.bust', entryIds: [rng.pick(activeIds(h))] }),
        () => ({ type: 'hand.next' }),
        () => ({ type: 'balance.apply' }),
        () => ({ type: 'balance.apply' }),
        () => ({ type: 'table.break' }),
        () => ({ type: 'finalTable.form' }),
        () => ({ type: 'seat.move', entryId: entry(), ...pickSeat() }),
        () => ({ type: 'seat.correct', entryId: entry(), foundAt: pickSeat() }),
        () => ({ type: 'button.set', ...pickSeat() }),
        () => ({ type: 'table.waiveHalt', tableId: pickSeat().tableId }),
        () => ({ type: 'seating.undo' }),
        () => ({ type: 'table.add', seats: 6 + rng.int(5) }),
        () => ({ type: 'table.seatOutOfUse', ...pickSeat() }),
      ];
      let refused = 0;
      for (let i = 0; i < 300 && activeIds(h).length > 2; i++) {
        const command = rng.pick(commands)();
        try {
          h.run(command);
        } catch (err) {
          assert.ok(err instanceof EngineError, `${String(command.type)} threw ${String(err)}`);
          refused++;
        }
        checkRoom(h.seating(), activeIds(h));
      }
      assert.ok(refused > 0);
      assert.deepEqual(toStored(h.replayed()), toStored(h.state), `${preset}: a replay of the log gives the same room`);
    }
  });
});

/**
 * The "done when" event at engine level (the HTTP run is in test/server/seating.test.ts): 300
 * players from the draw to heads-up, every suggestion applied, each checked against the rules.
 */
describe('simulation: 300 players, 34 tables, draw to heads-up (engine)', () => {
  const runs: Array<[string, 'tda-2015-munkebjerg' | 'tda-2017-hr' | 'ppn-2024', number]> = [
    ['TDA 2015: 2-step random breaks, final table of 10', 'tda-2015-munkebjerg', 10],
    ['HR: UTG moves, final table of 10', 'tda-2017-hr', 10],
    ['PPN: final table of 9', 'ppn-2024', 9],
  ];
  for (const [name, preset, size] of runs) {
    it(name, () => {
      const h = tournament(preset);
      const rng = seededRng(`engine-simulation-${preset}`);
      register(h, 300);
      tables(h, 34);
      h.run({ type: 'seating.draw' });
      h.run({ type: 'button.draw' });
      const tolerance = h.state.settings.rules.balanceTolerance;
      let formed = 0;
      while (activeIds(h).length > 2) {
        h.run({ type: 'hand.next' });
        const before = activeIds(h).length;
        const busts = Math.min(before - 2, 1 + rng.int(2));
        const chosen = rng.shuffle(activeIds(h)).slice(0, busts);
        const tableOf = Object.fromEntries(h.seating().tables.flatMap((t) => t.seats.filter((s) => s.entryId).map((s) => [s.entryId!, t.id])));
        h.run({ type: 'entry.bust', entryIds: chosen, ...(busts > 1 ? { tables: Object.fromEntries(chosen.map((e) => [e, tableOf[e]!])), startChips: Object.fromEntries(chosen.map((e, i) => [e, 100 + i])) } : {}) });
        for (let guard = 0; ; guard++) {
          assert.ok(guard < 40);
          const moves = h.moves();
          checkRoom(h.seating(), activeIds(h));
          if (moves.tableBreak) h.run({ type: 'table.break' });
          else if (moves.finalTableCall) {
            assert.ok(before > size, 'called in the hand the field reached the final-table size');
            if (busts === 1) assert.equal(activeIds(h).length, size, 'exactly the preset size');
            h.run({ type: 'finalTable.form' });
            formed++;
          } else if (moves.suggestion) {
            const s = moves.suggestion;
            h.run({ type: 'balance.apply', entryId: s.entryId, seat: s.to.seat });
            const dest = h.seating().tables.find((t) => t.id === s.to.tableId)!;
            assert.notEqual(dest.smallBlind, s.to.seat, 'never seated into the small blind');
          } else {
            if (!moves.blocked) {
              const counts = h.seating().tables.map((t) => t.players);
              assert.ok(Math.max(...counts) - Math.min(...counts) <= tolerance, counts.join(','));
            }
            break;
          }
        }
      }
      assert.equal(formed, 1);
      assert.equal(h.seating().tables.length, 1);
      assert.equal(h.seating().seated, 2);
    });
  }
});
