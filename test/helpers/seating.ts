/**
 * Seating fixtures: a tournament driven through `applyCommand` with injected time and logged
 * seeds (so a replay can be checked), and the rule checks the seating tests share.
 */
import assert from 'node:assert/strict';
import { applyCommand, parseCommand, type EngineEvent, type Outcome } from '../../server/engine/apply.js';
import { EngineError } from '../../server/engine/errors.js';
import type { PresetId, RuleValues } from '../../server/engine/presets.js';
import { lazyRng } from '../../server/engine/random.js';
import { replay, type LoggedCommand, type Origin } from '../../server/engine/replay.js';
import { createTournamentState, type NewTournament, type TournamentState } from '../../server/engine/state.js';
import { TOPIC_VIEWS } from '../../server/engine/views.js';
import type { MovesView, SeatingView } from '../../server/protocol/seating.js';
import { sampleTournament } from '../../server/sample.js';
import { stateFromJson, stateToJson } from '../../server/host/state-json.js';

export const T0 = Date.UTC(2026, 10, 22, 18, 0, 0);

export interface Harness {
  readonly state: TournamentState;
  readonly events: EngineEvent[];
  /** Runs a command; throws its EngineError. */
  run(command: Record<string, unknown>): Outcome;
  /** Runs a command that must be refused; returns the error code and checks nothing changed. */
  refuse(command: Record<string, unknown>): string;
  seating(): SeatingView;
  moves(): MovesView;
  replayed(): TournamentState;
}

export function tournament(preset: PresetId = 'tda-2015-munkebjerg', rules: Partial<RuleValues> = {}): Harness {
  const input: NewTournament = { ...sampleTournament(), preset, settings: { ...sampleTournament().settings, rules } };
  const origin: Origin = { id: 'seat-test', createdAt: T0, input };
  let state = createTournamentState(origin.id, input, T0);
  const log: LoggedCommand[] = [];
  let events: EngineEvent[] = [];
  let now = T0;
  return {
    get state() {
      return state;
    },
    get events() {
      return events;
    },
    run(command) {
      const parsed = parseCommand(command);
      now += 1000;
      const seed = `seed-${log.length}`;
      const outcome = applyCommand(state, parsed, { now, rng: lazyRng(seed) });
      // The shell stores JSON: whatever the engine keeps must survive a round trip.
      state = stateFromJson(stateToJson(outcome.state));
      events = outcome.events;
      log.push({ type: parsed.type, args: parsed.args, at: now, seed });
      return outcome;
    },
    refuse(command) {
      const before = stateToJson(state);
      try {
        const parsed = parseCommand(command);
        applyCommand(state, parsed, { now: now + 1000, rng: lazyRng('refused') });
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
        assert.equal(stateToJson(state), before, 'a refused command changes nothing');
        assert.ok(err.message.length > 10, 'a human message');
        return err.code;
      }
      assert.fail(`${String(command.type)} was not refused`);
    },
    seating: () => TOPIC_VIEWS.seating(state),
    moves: () => TOPIC_VIEWS.moves(state),
    replayed: () => replay(origin, log),
  };
}

/** Registers `n` players; returns their entry ids. */
export function register(h: Harness, n: number, prefix = 'Player'): string[] {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((h.run({ type: 'entry.add', name: `${prefix} ${ids.length + 1}` }).result as { entryId: string }).entryId);
  return ids;
}

/** Rules every seating must keep, checked against the public views. */
export function checkRoom(seating: SeatingView, activeIds: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const t of seating.tables) {
    let players = 0;
    for (const s of t.seats) {
      if (!s.entryId) continue;
      players++;
      assert.ok(!s.outOfUse, `table ${t.number} seat ${s.seat} is out of use but taken`);
      const where = `table ${t.number} seat ${s.seat}`;
      assert.ok(!seen.has(s.entryId), `${s.entryId} holds ${seen.get(s.entryId)} and ${where}`);
      seen.set(s.entryId, where);
    }
    assert.equal(players, t.players, `table ${t.number} counts its players`);
  }
  const waiting = new Set(seating.waiting.map((w) => w.entryId));
  for (const id of activeIds) assert.ok(seen.has(id) || waiting.has(id), `${id} is seated or waiting`);
  assert.equal(seen.size, seating.seated);
}

/**
 * `count` seated players of a table view, taken counter-clockwise from the seat before the
 * button, so the seats they leave are never the only ones that would make a newcomer the small
 * blind (there the balance check rightly suggests nothing until the button passes, TDA 2017
 * r10A). Tests that bust players to get a balance move take them from here.
 */
export function playersBeforeButton<S extends { seat: number; entryId: string | null }>(table: { seats: S[]; button: number | null }, count: number): S[] {
  if (table.button === null) throw new Error('the table has no button yet: draw for it first');
  const seated = table.seats.filter((s) => s.entryId);
  const n = table.seats.length;
  const out: S[] = [];
  for (let k = 1; out.length < count && k < n; k++) {
    const seat = ((table.button - 1 - k + n * 2) % n) + 1;
    const s = seated.find((x) => x.seat === seat);
    if (s) out.push(s);
  }
  return out;
}
