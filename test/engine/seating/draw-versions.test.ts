/**
 * The seat draw is versioned with the engine (ENGINE_VERSION 3: Rng.sample draws one number per
 * table or seat it fills). A log written by engine 2 must still replay to the seats engine 2
 * dealt: a restart from a checkpoint replays the commands after it, and those may be older than
 * the server. The live run below deals with engine 2's numbers; its log, marked engine 2,
 * replays to the same state, and marked engine 3 it would not (the version is what keeps it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCommand, parseCommand } from '../../../server/engine/apply.js';
import { lazyRng } from '../../../server/engine/random.js';
import { replay, type LoggedCommand, type Origin } from '../../../server/engine/replay.js';
import { createTournamentState } from '../../../server/engine/state.js';
import { sampleTournament } from '../../../server/sample.js';
import { stateToJson, toStored } from '../../../server/host/state-json.js';

test('a log written by engine 2 replays to the seats engine 2 dealt, late entries included', () => {
  const origin: Origin = { id: 't', createdAt: 1_000_000, input: sampleTournament() };
  let state = createTournamentState(origin.id, origin.input, origin.createdAt);
  const log: LoggedCommand[] = [];
  let now = origin.createdAt;
  const run = (command: Record<string, unknown>) => {
    const parsed = parseCommand(command);
    const seed = `seed-${log.length}`;
    now += 1000;
    state = applyCommand(state, parsed, { now, rng: lazyRng(seed, 2) }).state;
    log.push({ type: parsed.type, args: parsed.args, at: now, seed, engine: 2 });
  };
  for (let i = 0; i < 30; i++) run({ type: 'table.add' });
  for (let i = 0; i < 40; i++) run({ type: 'entry.add', name: `Player ${i + 1}` });
  run({ type: 'seating.draw' });
  for (let i = 0; i < 12; i++) run({ type: 'entry.add', name: `Late ${i + 1}` });
  const seats = (s: typeof state) => JSON.stringify(toStored(s).seating);
  assert.equal(seats(replay(origin, log)), seats(state), 'replayed with engine 2: the same seats');
  assert.equal(stateToJson(replay(origin, log)), stateToJson(state));
  const asEngine3 = log.map((entry) => ({ ...entry, engine: 3 }));
  assert.notEqual(seats(replay(origin, asEngine3)), seats(state), 'with engine 3 the same seeds deal other seats');
});
