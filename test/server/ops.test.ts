/**
 * Protocol v2 operations and checkpoints, as properties over random command sequences:
 * - the operations the server sends, applied to the views a client holds, give exactly the
 *   views a fresh snapshot of the new state would (for every topic, after every command);
 * - a tournament restarted from a checkpoint plus the log after it equals the live state and a
 *   replay of the whole log.
 * The expected views are computed from the state alone (TOPIC_VIEWS), never from the diff.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyCommand, parseCommand } from '../../server/engine/apply.js';
import { EngineError } from '../../server/engine/errors.js';
import { lazyRng } from '../../server/engine/random.js';
import { replay, replayOnto, type LoggedCommand, type Origin } from '../../server/engine/replay.js';
import { createTournamentState, type TournamentState } from '../../server/engine/state.js';
import { TOPIC_VIEWS } from '../../server/engine/views.js';
import { ViewTracker, diffCollection } from '../../server/host/view-tracker.js';
import { applyCollection, applyOps, applyTopicOps, type TopicOp } from '../../server/protocol/ops.js';
import { TOPICS, type WireViews } from '../../server/protocol/views.js';
import { sampleTournament } from '../../server/sample.js';
import { stateFromJson, stateToJson, toStored } from '../../server/host/state-json.js';
import { snapshotRoom } from '../../server/engine/seating/index.js';

type Step = { kind: string; a: number; b: number };

/** A command for a step, drawn over the entries and tables the state has (many are refused: fine). */
function commandFor(state: TournamentState, step: Step): Record<string, unknown> {
  const entries = state.entries.entries;
  const active = entries.filter((e) => e.status === 'active');
  const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
  const tables = snapshotRoom(state.seating.room).tables;
  switch (step.kind) {
    case 'add':
      return { type: 'entry.add', name: `Player ${step.a}` };
    case 'table':
      return { type: 'table.add', seats: 6 + (step.a % 5) };
    case 'draw':
      return { type: 'seating.draw' };
    case 'start':
      return { type: 'clock.start' };
    case 'pause':
      return { type: step.a % 2 ? 'clock.pause' : 'clock.resume' };
    case 'chips':
      return { type: 'chips.set', entryId: pick(active, step.a)?.id ?? 'e1', chips: 1000 + step.b * 10 };
    case 'bust':
      return { type: 'entry.bust', entryIds: [pick(active, step.a)?.id ?? 'e1'] };
    case 'undo':
      return { type: 'entry.undoBust', entryId: entries.at(-1 - (step.a % 3))?.id ?? 'e1' };
    case 'hand':
      return { type: 'hand.next', ...(tables.length ? { tableId: pick(tables, step.a)!.id } : {}) };
    case 'break':
      return { type: 'table.break', ...(tables.length ? { tableId: pick(tables, step.a)!.id } : {}) };
    case 'balance':
      return { type: 'balance.apply' };
    case 'remove':
      return { type: 'table.remove', tableId: pick(tables, step.a)?.id ?? 't1' };
    case 'country':
      return { type: 'player.country', playerId: pick(entries, step.a)?.playerId ?? 'p1', country: 'NL' };
    default:
      return { type: 'clock.adjust', seconds: 30 };
  }
}

const KINDS = ['add', 'add', 'add', 'table', 'draw', 'start', 'pause', 'chips', 'chips', 'bust', 'bust', 'undo', 'hand', 'break', 'balance', 'remove', 'country', 'adjust'];
const steps = fc.array(
  fc.record({ kind: fc.constantFrom(...KINDS), a: fc.nat(1000), b: fc.nat(1000) }),
  { minLength: 10, maxLength: 120 },
);

/** Runs the steps; returns the log of the commands that applied. */
function run(list: Step[], each: (state: TournamentState) => void): { origin: Origin; log: LoggedCommand[]; state: TournamentState } {
  const origin: Origin = { id: 't', createdAt: 1_000_000, input: sampleTournament() };
  let state = createTournamentState(origin.id, origin.input, origin.createdAt);
  const log: LoggedCommand[] = [];
  let now = origin.createdAt;
  for (const [i, step] of list.entries()) {
    now += 7_000 + (step.b % 5) * 60_000;
    const seed = `seed-${i}`;
    try {
      const parsed = parseCommand(commandFor(state, step));
      state = applyCommand(state, parsed, { now, rng: lazyRng(seed) }).state;
      log.push({ type: parsed.type, args: parsed.args, at: now, seed });
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      continue;
    }
    each(state);
  }
  return { origin, log, state };
}

function fresh(state: TournamentState): Partial<WireViews> {
  return JSON.parse(JSON.stringify(Object.fromEntries(TOPICS.map((t) => [t, TOPIC_VIEWS[t](state)]))));
}

describe('protocol v2 operations', () => {
  it('applied to what a client holds, give the views of a fresh snapshot, after every command', () => {
    fc.assert(
      fc.property(steps, (list) => {
        const origin = createTournamentState('t', sampleTournament(), 1_000_000);
        const tracker = new ViewTracker(origin);
        // The client: the snapshot as it arrives on the wire (JSON), then operations as JSON.
        let client: Partial<WireViews> = fresh(origin);
        run(list, (state) => {
          const ops = tracker.update(state).map((o) => JSON.parse(o.json));
          client = applyOps(client, ops);
          assert.deepEqual(client, fresh(state));
        });
      }),
      { numRuns: 60, seed: 11 },
    );
  });

  it('applied many at a time (the delayed feed), give what they give one by one', () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 2, max: 40 }), (list, batch) => {
        const origin = createTournamentState('t', sampleTournament(), 1_000_000);
        const tracker = new ViewTracker(origin);
        const start = fresh(origin);
        const waiting = new Map<string, TopicOp[]>();
        let held: Partial<WireViews> = start;
        const { state } = run(list, (s) => {
          for (const o of tracker.update(s)) {
            const ops = waiting.get(o.topic) ?? [];
            waiting.set(o.topic, ops);
            ops.push(JSON.parse(o.json));
            if (ops.length >= batch) {
              held = { ...held, [o.topic]: applyTopicOps(held[o.topic] as never, ops as never) };
              waiting.delete(o.topic);
            }
          }
        });
        for (const [topic, ops] of waiting) held = { ...held, [topic]: applyTopicOps(held[topic as never] as never, ops as never) };
        assert.deepEqual(held, fresh(state));
        assert.deepEqual(start, fresh(origin), 'the views it started from are not changed');
      }),
      { numRuns: 60, seed: 13 },
    );
  });

  it('views made from the last ones (the changed lines only) equal views made from a state with no history', () => {
    fc.assert(
      fc.property(steps, (list) => {
        run(list, (state) => {
          // A copy through JSON shares no object with anything seen before: every view is made whole.
          const cold = stateFromJson(stateToJson(state));
          assert.deepEqual(fresh(state), fresh(cold));
        });
      }),
      { numRuns: 60, seed: 12 },
    );
  });

  it('a chip count at 2,000 entries sends one player, not the field', () => {
    let state = createTournamentState('t', sampleTournament(), 0);
    for (let i = 1; i <= 2000; i++) state = applyCommand(state, parseCommand({ type: 'entry.add', name: `P${i}` }), { now: i, rng: lazyRng(`s${i}`) }).state;
    const tracker = new ViewTracker(state);
    state = applyCommand(state, parseCommand({ type: 'chips.set', entryId: 'e1234', chips: 31_500 }), { now: 5000, rng: lazyRng('x') }).state;
    const ops = tracker.update(state);
    const players = ops.find((o) => o.topic === 'players')!;
    // The line's key and the fields that changed (a patch: ops.ts MergeOp): the chips, and his first count marks him counted at 5000 (the command's time).
    assert.deepEqual(JSON.parse(players.json), { topic: 'players', patch: { entries: [{ id: 'e1234', chips: 31_500, counted: 5000 }] } });
    const bytes = ops.reduce((n, o) => n + o.json.length, 0);
    assert.ok(bytes < 1024, `${bytes} bytes of operations`);
  });

  it('collections: put in place, remove, append; another order sends the whole list', () => {
    const a = [{ id: 'x', v: 1 }, { id: 'y', v: 1 }, { id: 'z', v: 1 }];
    const b = [{ id: 'x', v: 2 }, a[2]!, { id: 'w', v: 1 }];
    const d = diffCollection(a, b, 'id')!;
    assert.deepEqual(d, { put: [{ id: 'x', v: 2 }, { id: 'w', v: 1 }], patch: [], del: ['y'] });
    assert.deepEqual(applyCollection(a, 'id', d.put, d.del), b);
    assert.equal(diffCollection(a, [a[1]!, a[0]!, a[2]!], 'id'), null, 'a reorder is not expressible as put/del');
  });

  it('an item with one element of a list changed is sent as a patch of that element; a field gone sends it whole', () => {
    const seat = (n: number, who: string | null) => ({ seat: n, entryId: who, name: who && `Player ${who}` });
    const table = { id: 't7', number: 7, players: 3, seats: [seat(1, 'e1'), seat(2, 'e2'), seat(3, 'e3'), seat(4, null)], deadButton: true };
    const after = { ...table, players: 2, seats: [seat(1, 'e1'), seat(2, null), seat(3, 'e3'), seat(4, null)] };
    const d = diffCollection([table], [after], 'id')!;
    // By hand: the key, the count, and seat 2 (index 1) emptied; nothing else.
    assert.deepEqual(d, { put: [], patch: [{ id: 't7', players: 2, seats: { 1: { seat: 2, entryId: null, name: null } } }], del: [] });
    assert.deepEqual(applyCollection([table], 'id', d.put, d.del, d.patch), [after]);
    const { deadButton: _gone, ...without } = after;
    assert.deepEqual(diffCollection([table], [without], 'id'), { put: [without], patch: [], del: [] }, 'a patch cannot remove a field');
    const everyone = { ...table, seats: table.seats.map((s, i) => seat(i + 1, `x${i}`)) };
    const whole = diffCollection([table], [everyone], 'id')!;
    assert.equal(JSON.stringify(applyCollection([table], 'id', whole.put, whole.del, whole.patch)), JSON.stringify([everyone]));
    assert.ok(whole.patch.every((p) => Array.isArray((p as { seats?: unknown }).seats)), 'most of a list changed: the list is sent whole');
  });
});

describe('checkpoints', () => {
  it('a checkpoint plus the log after it equals the live state and a replay of the whole log', () => {
    fc.assert(
      fc.property(steps, fc.nat(200), (list, cut) => {
        const states: TournamentState[] = [];
        const { origin, log, state } = run(list, (s) => states.push(s));
        const at = log.length ? cut % (log.length + 1) : 0;
        // The checkpoint as stored: JSON of the state after `at` commands.
        const checkpoint = at === 0 ? createTournamentState(origin.id, origin.input, origin.createdAt) : states[at - 1]!;
        const restored = replayOnto(stateFromJson(stateToJson(checkpoint)), log.slice(at));
        const whole = replay(origin, log);
        assert.deepEqual(toStored(restored), toStored(state));
        assert.deepEqual(toStored(whole), toStored(state));
      }),
      { numRuns: 40, seed: 12 },
    );
  });

  it('the state at its boundary is plain data: structuredClone and a JSON round trip of what the store writes equal it, after every command and after a replay', () => {
    /** Only plain objects, arrays, strings, finite numbers, booleans and null, all the way down. */
    const assertPlain = (value: unknown, path: string): void => {
      if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
      if (typeof value === 'number') return assert.ok(Number.isFinite(value), `${path} is a finite number`);
      assert.equal(typeof value, 'object', `${path} is JSON data, not ${typeof value}`);
      const proto = Object.getPrototypeOf(value);
      assert.ok(Array.isArray(value) ? proto === Array.prototype : proto === Object.prototype, `${path} is a plain object or array`);
      assert.deepEqual(Object.getOwnPropertySymbols(value), [], `${path} has no hidden symbol properties`);
      for (const key of Object.getOwnPropertyNames(value)) {
        if (Array.isArray(value) && key === 'length') continue;
        const d = Object.getOwnPropertyDescriptor(value, key)!;
        assert.ok('value' in d && d.enumerable, `${path}.${key} is a plain enumerable field (no getter, nothing hidden)`);
        assertPlain(d.value, `${path}.${key}`);
      }
    };
    const check = (state: TournamentState) => {
      const stored = toStored(state);
      assertPlain(stored, 'state');
      assert.deepEqual(structuredClone(stored), stored);
      assert.deepEqual(JSON.parse(JSON.stringify(stored)), stored);
      // And back: the engine's state of it stores as the same data.
      assert.deepEqual(toStored(stateFromJson(JSON.stringify(stored))), stored);
    };
    fc.assert(
      fc.property(steps, (list) => {
        const { origin, log } = run(list, check);
        check(replay(origin, log));
      }),
      { numRuns: 30, seed: 14 },
    );
  });
});
