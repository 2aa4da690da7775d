/**
 * Property tests: random events (entries, busts, hands, buttons set and lost, tables opened)
 * played the way the shell will: after every event, break a table or call the final table when
 * `checkBreak` says so, then apply balance suggestions until the room is balanced.
 *
 * Properties, for every preset and table size:
 * - no entry holds two seats and every entry is either seated or busted;
 * - a balance move never seats a player into the small blind (TDA 2017 r10A);
 * - after the suggestions are applied, the tables are within the tolerance (TDA 2017 r10);
 * - the final table forms at exactly the preset size (TDA 2017 r11, ONK MEC r6, PPN r11).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { PRESETS, type RuleValues } from '../../../server/engine/presets.js';
import { seededRng, type Rng } from '../../../server/engine/random.js';
import {
  addTable,
  advanceButton,
  applyBreak,
  applyFinalTable,
  applyMove,
  bustEntry,
  checkBalance,
  checkBreak,
  clearButton,
  createRoom,
  drawSeats,
  finalTableSize,
  planBreak,
  planFinalTable,
  positions,
  seatedAt,
  seatLateEntry,
  setButton,
  setButtonAllTables,
  tablesInOpenOrder,
  type EntryId,
  type Room,
} from '../../../server/engine/seating/index.js';

const TDA = PRESETS['tda-2015-munkebjerg'].rules;
const RULES: readonly { name: string; rules: RuleValues }[] = [
  { name: 'TDA 9-handed', rules: TDA },
  { name: 'ONK (final 9, seat cards)', rules: PRESETS['tda-2024-onk'].rules },
  { name: 'HR (UTG moves)', rules: PRESETS['tda-2017-hr'].rules },
  { name: 'PPN (final 9)', rules: PRESETS['ppn-2024'].rules },
  { name: 'TDA 6-max', rules: { ...TDA, seatsPerTable: 6 } },
  { name: 'TDA 8-handed', rules: { ...TDA, seatsPerTable: 8 } },
  { name: 'ONK 10-handed, final 9', rules: { ...PRESETS['tda-2024-onk'].rules, seatsPerTable: 10 } },
  { name: 'TDA, tolerance 2', rules: { ...TDA, balanceTolerance: 2 } },
];

type Op =
  | { kind: 'bust'; pick: number }
  | { kind: 'enter' }
  | { kind: 'hand'; pick: number }
  | { kind: 'button'; pick: number; seat: number }
  | { kind: 'clear'; pick: number }
  | { kind: 'open' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('bust' as const), pick: fc.nat() }), weight: 8 },
  { arbitrary: fc.constant<Op>({ kind: 'enter' }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('hand' as const), pick: fc.nat() }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('button' as const), pick: fc.nat(), seat: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('clear' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.constant<Op>({ kind: 'open' }), weight: 1 },
);

const scenarioArb = fc.record({
  rules: fc.nat(RULES.length - 1),
  extraPlayers: fc.integer({ min: 1, max: 45 }),
  spareTables: fc.nat(1),
  literalBreak: fc.boolean(),
  seed: fc.nat(),
  ops: fc.array(opArb, { minLength: 5, maxLength: 120 }),
});

function seated(room: Room): EntryId[] {
  return tablesInOpenOrder(room).flatMap((t) => seatedAt(t).map((s) => s.entryId));
}

function checkInvariants(room: Room, all: readonly EntryId[]): void {
  const seen = new Set<EntryId>();
  for (const table of tablesInOpenOrder(room)) {
    let count = 0;
    table.seats.forEach((entryId, i) => {
      if (entryId == null) return;
      assert.ok(!seen.has(entryId), `entry ${entryId} holds two seats`);
      assert.ok(!table.outOfUse.includes(i + 1), 'a seat out of use is occupied');
      seen.add(entryId);
      count++;
      const state = room.entries.get(entryId);
      assert.ok(state?.status === 'seated' && state.tableId === table.id && state.seat === i + 1, `index disagrees for ${entryId}`);
    });
    assert.equal(count, table.players);
  }
  for (const entryId of all) {
    const state = room.entries.get(entryId);
    assert.ok(state, `entry ${entryId} is neither seated nor busted`);
    assert.equal(state.status === 'seated', seen.has(entryId));
  }
  assert.equal(room.seatedCount, seen.size);
  assert.equal(room.bustedCount + room.seatedCount, all.length);
}

interface Sim {
  room: Room;
  rules: RuleValues;
  rng: Rng;
  all: EntryId[];
  finalFormed: boolean;
  literalBreak: boolean;
  chips: Map<EntryId, number>;
}

/** What the shell does after every event: break or final table, then balance until balanced. */
function settle(sim: Sim): void {
  const size = finalTableSize(sim.rules);
  for (let guard = 0; guard < 500; guard++) {
    const decision = checkBreak(sim.room, sim.room.seatedCount, sim.rules);
    if (decision.kind === 'final-table') {
      assert.equal(sim.room.seatedCount, size, 'the final table forms at exactly its size');
      sim.room = applyFinalTable(sim.room, planFinalTable(sim.room, sim.rules, sim.rng)).room;
      const tables = tablesInOpenOrder(sim.room);
      assert.equal(tables.length, 1);
      assert.equal(tables[0]!.seats.length, size);
      sim.finalFormed = true;
      continue;
    }
    if (decision.kind === 'break') {
      const plan = planBreak(sim.room, decision.tableId, sim.rules, sim.rng, { tableChoice: sim.literalBreak ? 'any-free' : 'shortest' });
      sim.room = applyBreak(sim.room, plan).room;
      continue;
    }
    if (!sim.finalFormed && sim.room.seatedCount > size) {
      assert.ok(sim.room.openOrder.length >= 2, 'never one table before the final table');
    }
    const check = checkBalance(sim.room, sim.rules, { chips: sim.chips });
    if (check.balanced) {
      assert.ok(check.most - check.fewest <= Math.max(1, sim.rules.balanceTolerance));
      return;
    }
    if (check.suggestion) {
      const { move } = check.suggestion;
      sim.room = applyMove(sim.room, move).room;
      const dest = positions(sim.room.tables.get(move.to.tableId)!);
      if (dest) assert.notEqual(dest.smallBlind, move.to.seat, 'a balance move seated a player into the small blind');
      continue;
    }
    assert.equal(check.blocked?.reason, 'small-blind-only', `unexpected block ${JSON.stringify(check.blocked)}`);
    // The only seat would be the small blind: play a hand there, then the seat is behind the button.
    for (const id of check.blocked!.tableIds) sim.room = advanceButton(sim.room, id);
  }
  assert.fail('the room did not settle');
}

function play(sim: Sim, op: Op): void {
  const tables = tablesInOpenOrder(sim.room);
  const table = tables[('pick' in op ? op.pick : 0) % tables.length]!;
  switch (op.kind) {
    case 'bust': {
      const players = seated(sim.room);
      if (players.length > 2) sim.room = bustEntry(sim.room, players[op.pick % players.length]!);
      return;
    }
    case 'enter': {
      let free = 0;
      for (const t of tables) free += t.seats.length - t.outOfUse.length - t.players;
      if (sim.finalFormed || free === 0) return;
      const entryId = `late${sim.all.length}`;
      sim.room = seatLateEntry(sim.room, entryId, sim.rng).room;
      sim.all.push(entryId);
      return;
    }
    case 'hand':
      if (table.players >= 2) sim.room = advanceButton(sim.room, table.id);
      return;
    case 'button':
      sim.room = setButton(sim.room, table.id, 1 + (op.seat % table.seats.length));
      return;
    case 'clear':
      sim.room = clearButton(sim.room, table.id);
      return;
    case 'open':
      if (!sim.finalFormed) sim.room = addTable(sim.room, { id: `extra${sim.room.openOrder.length}-${sim.all.length}`, seats: sim.rules.seatsPerTable });
      return;
  }
}

describe('seating properties (fast-check)', () => {
  it('random events keep every invariant, balance within tolerance and form the final table at its size', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { rules } = RULES[s.rules]!;
        const size = finalTableSize(rules);
        const players = size + s.extraPlayers;
        let room = createRoom();
        // At least two tables: the final table is formed from several (one table is never broken).
        const tableCount = Math.max(2, Math.ceil(players / rules.seatsPerTable)) + s.spareTables;
        for (let i = 1; i <= tableCount; i++) room = addTable(room, { id: `T${i}`, seats: rules.seatsPerTable });
        const rng = seededRng(`prop-${s.seed}`);
        const all = Array.from({ length: players }, (_, i) => `e${i}`);
        room = drawSeats(room, all, rng).room;
        room = setButtonAllTables(room, 1 + rng.int(rules.seatsPerTable));
        const chips = new Map(all.filter((_, i) => i % 2 === 0).map((e, i) => [e, 1000 + ((i * 7919) % 50_000)]));
        const sim: Sim = { room, rules, rng, all, finalFormed: false, literalBreak: s.literalBreak, chips };
        checkInvariants(sim.room, sim.all);
        settle(sim);
        for (const op of s.ops) {
          play(sim, op);
          settle(sim);
          checkInvariants(sim.room, sim.all);
        }
        // Play on to the final table.
        while (!sim.finalFormed) {
          const left = seated(sim.room);
          assert.ok(left.length > finalTableSize(rules), 'the final table was skipped');
          sim.room = bustEntry(sim.room, left[rng.int(left.length)]!);
          settle(sim);
          checkInvariants(sim.room, sim.all);
        }
        assert.equal(sim.room.openOrder.length, 1);
      }),
      { numRuns: 300 },
    );
  });
});
