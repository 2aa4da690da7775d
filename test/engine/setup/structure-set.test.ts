/**
 * `structure.set` on a tournament whose clock may run: played levels cannot change, the current
 * item keeps its remaining time unless its length changes (then it keeps its time played), and
 * every refusal names the item it concerns (issue 14). Values below are worked out by hand.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyCommand, parseCommand } from '../../../server/engine/apply.js';
import { EngineError } from '../../../server/engine/errors.js';
import { createTournamentState, type TournamentState } from '../../../server/engine/state.js';
import type { StructureItem } from '../../../server/engine/structure.js';
import { seededRng } from '../../../server/engine/random.js';
import { sampleTournament } from '../../../server/sample.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 23, 19, 0, 0);
const lv = (sb: number, bb: number, minutes = 20): StructureItem => ({ kind: 'level', smallBlind: sb, bigBlind: bb, ante: 0, anteType: 'none', minutes });
const brk = (minutes: number, colorUp: number | null = null): StructureItem => ({ kind: 'break', minutes, colorUp: colorUp === null ? null : { denomination: colorUp } });
const BASE: StructureItem[] = [lv(25, 50), lv(50, 100), brk(10), lv(100, 200), lv(150, 300)];

function tournament(structure = BASE, chipSet: number[] | null = null): TournamentState {
  const input = sampleTournament();
  return createTournamentState('t1', { ...input, structure, settings: { ...input.settings, chipSet } }, T0);
}

function run(state: TournamentState, command: Record<string, unknown>, now: number): TournamentState {
  const parsed = command.type === 'clock.tick' ? { type: 'clock.tick', args: {} } : parseCommand(command);
  return applyCommand(state, parsed, { now, rng: () => seededRng('00ff') }).state;
}

function refusal(fn: () => unknown): EngineError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof EngineError, String(err));
    return err;
  }
  assert.fail('expected a refusal');
}

/** Started at T0, so level 2 (index 1) runs from T0 + 20 min to T0 + 40 min. */
function atLevelTwo(structure = BASE): TournamentState {
  return run(tournament(structure), { type: 'clock.start' }, T0);
}

describe('structure.set', () => {
  it('before the start, everything may change, and the first level gets its new length', () => {
    const s = run(tournament(), { type: 'structure.set', structure: [lv(50, 100, 30), lv(100, 200, 30)] }, T0);
    assert.equal(s.structure.length, 2);
    assert.equal(s.clock.status, 'idle');
    assert.equal(s.clock.remainingMs, 30 * MIN);
  });

  it('later levels change and the current level keeps its remaining time to the ms', () => {
    const now = T0 + 27 * MIN + 1234; // level 2, 7 min 1.234 s played: 12 min 58.766 s left
    const before = atLevelTwo();
    const next = [lv(25, 50), lv(50, 100), brk(15), lv(100, 200), lv(200, 400), lv(300, 600)];
    const s = run(before, { type: 'structure.set', structure: next }, now);
    assert.equal(s.clock.index, 1);
    assert.equal(s.clock.endsAt, T0 + 40 * MIN);
    assert.deepEqual(s.structure, next);
  });

  it('a longer current level keeps its time played: 7 of 20 played, now 30 long -> 23 left', () => {
    const now = T0 + 27 * MIN;
    const next = [lv(25, 50), lv(50, 100, 30), brk(10), lv(100, 200), lv(150, 300)];
    const s = run(atLevelTwo(), { type: 'structure.set', structure: next }, now);
    assert.equal(s.clock.endsAt, now + 23 * MIN);
  });

  it('a paused current level shortened below its time played stops at 0:00 (as clock.adjust does)', () => {
    const paused = run(atLevelTwo(), { type: 'clock.pause' }, T0 + 35 * MIN); // 15 of 20 played
    const next = [lv(25, 50), lv(50, 100, 10), brk(10), lv(100, 200), lv(150, 300)];
    const s = run(paused, { type: 'structure.set', structure: next }, T0 + 50 * MIN);
    assert.equal(s.clock.status, 'paused');
    assert.equal(s.clock.remainingMs, 0);
  });

  it('a running current level shortened below its time played ends now: the break starts', () => {
    const now = T0 + 35 * MIN; // 15 of 20 played
    const next = [lv(25, 50), lv(50, 100, 10), brk(10), lv(100, 200), lv(150, 300)];
    const s = run(atLevelTwo(), { type: 'structure.set', structure: next }, now);
    assert.equal(s.clock.index, 2);
    assert.equal(s.clock.endsAt, now + 10 * MIN);
  });

  it('a played level cannot change; the refusal names its index and nothing changes', () => {
    const before = atLevelTwo();
    const now = T0 + 25 * MIN;
    const err = refusal(() => run(before, { type: 'structure.set', structure: [lv(25, 75), lv(50, 100), brk(10), lv(100, 200)] }, now));
    assert.equal(err.code, 'level-already-played');
    assert.deepEqual(err.issues?.map((i) => i.index), [0]);
    assert.match(err.message, /Level 1 \(item 1\) has been played/);
    assert.deepEqual(before.structure, BASE);
  });

  it('inserting an item before the current one is refused (it would move the level in play)', () => {
    const err = refusal(() => run(atLevelTwo(), { type: 'structure.set', structure: [lv(25, 50), brk(5), lv(50, 100), lv(100, 200)] }, T0 + 25 * MIN));
    assert.equal(err.code, 'level-already-played');
  });

  it('the current level cannot become a break', () => {
    const err = refusal(() => run(atLevelTwo(), { type: 'structure.set', structure: [lv(25, 50), brk(20), lv(100, 200)] }, T0 + 25 * MIN));
    assert.equal(err.code, 'level-already-played');
    assert.deepEqual(err.issues?.map((i) => [i.index, i.field]), [[1, 'kind']]);
  });

  it('TDA 2024 AP 11: a falling big blind is refused at the level concerned (index 4, bigBlind)', () => {
    const err = refusal(() => run(atLevelTwo(), { type: 'structure.set', structure: [lv(25, 50), lv(50, 100), brk(10), lv(100, 200), lv(75, 150)] }, T0 + 25 * MIN));
    assert.equal(err.code, 'invalid-structure');
    assert.deepEqual(err.issues?.map((i) => [i.index, i.field]), [[4, 'bigBlind']]);
  });

  it('IP r37-1: with a chip set, colouring up a chip that a later level needs is refused at its break', () => {
    const s = tournament(BASE, [25, 100, 500]);
    // The 25 leaves at the break (index 2) but level 4 (150/300) still needs it.
    const err = refusal(() => run(s, { type: 'structure.set', structure: [lv(25, 50), lv(50, 100), brk(10, 25), lv(100, 200), lv(150, 300)] }, T0));
    assert.equal(err.code, 'invalid-structure');
    assert.deepEqual(err.issues?.map((i) => [i.index, i.field]), [[2, 'colorUp']]);
  });

  it('a tournament created with an unplayable structure is refused with the index', () => {
    const input = sampleTournament();
    const err = refusal(() => createTournamentState('t2', { ...input, structure: [lv(25, 50), lv(0, 0, 0)] }, T0));
    assert.equal(err.code, 'invalid-structure');
    assert.deepEqual(err.issues?.map((i) => [i.index, i.field]), [[1, 'minutes'], [1, 'bigBlind']]);
  });
});

describe('structure.set keeps rebuy and add-on periods on the same levels', () => {
  it('rebuys until the break after level 2 stay until that break when a level is inserted before it', () => {
    const input = sampleTournament();
    // BASE: L1 (0), L2 (1), break (2), L3 (3), L4 (4). Rebuys L1 to the break; add-on at level 3.
    const rebuy = { price: 1000, fee: 0, chips: 10_000, fromIndex: 0, untilIndex: 2, max: null };
    const addon = { price: 1000, fee: 0, chips: 10_000, fromIndex: 3, untilIndex: 3, max: null };
    const s = createTournamentState('t3', { ...input, structure: BASE, settings: { ...input.settings, rebuy, addon } }, T0);
    // A new level 2 (40/80): old L2 is now L3 at index 2, the break moves to index 3 (after L3).
    const next = [lv(25, 50), lv(40, 80), lv(50, 100), brk(10), lv(100, 200), lv(150, 300)];
    const after = run(s, { type: 'structure.set', structure: next }, T0);
    assert.deepEqual([after.settings.rebuy?.fromIndex, after.settings.rebuy?.untilIndex], [0, 3]);
    // The add-on was at level 3 (index 3); level 3 is now 50/100 at index 2.
    assert.deepEqual([after.settings.addon?.fromIndex, after.settings.addon?.untilIndex], [2, 2]);
  });
});

describe('tournament.archive', () => {
  it('archives a tournament that has not started, and brings it back', () => {
    const s = run(tournament(), { type: 'tournament.archive' }, T0);
    assert.equal(s.archived, true);
    assert.equal(run(s, { type: 'tournament.archive', archived: false }, T0).archived, undefined);
  });

  it('refuses while the clock runs and nobody has won', () => {
    const err = refusal(() => run(atLevelTwo(), { type: 'tournament.archive' }, T0 + 25 * MIN));
    assert.equal(err.code, 'tournament-in-play');
  });

  it('archives once the structure has ended', () => {
    const ended = run(atLevelTwo([lv(25, 50, 1)]), { type: 'clock.tick' }, T0 + 2 * MIN);
    assert.equal(ended.clock.status, 'ended');
    assert.equal(run(ended, { type: 'tournament.archive' }, T0 + 3 * MIN).archived, true);
  });
});
