import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lateEntryStack, missedPeriods, playTimeAt, type LateStackInput } from '../../../server/engine/money/late-stack.js';
import type { AnteType, StructureItem } from '../../../server/engine/structure.js';
import { EngineError } from '../../../server/engine/errors.js';

const code = (c: string) => (e: unknown) => e instanceof EngineError && e.code === c;
const MIN = 60_000;
const L = (smallBlind: number, bigBlind: number, ante = 0, anteType: AnteType = ante ? 'ante' : 'none', minutes = 20): StructureItem => ({
  kind: 'level', smallBlind, bigBlind, ante, anteType, minutes,
});
const B = (minutes = 10): StructureItem => ({ kind: 'break', minutes, colorUp: null });

// 20-minute levels; a break after level 3 that does not count as play.
const STRUCTURE = [L(25, 50), L(50, 100), L(75, 150, 25), B(), L(100, 200, 25), L(150, 300, 50)];
const BBA = [L(25, 50), L(50, 100), L(75, 150, 150, 'bba'), B(), L(100, 200, 200, 'bba')];

const base: LateStackInput = { rule: 'ip-2008', startingStack: 10_000, structure: STRUCTURE, missedPlayMs: 0, seatsPerTable: 9 };

test('IP r16-4: one SB + BB per missed 20 minutes, plus a round of antes (table size x ante) when antes ran', () => {
  const cases: Array<{ name: string; input: Partial<LateStackInput>; stack: number; removed: number; perPeriod: number[] }> = [
    { name: 'nothing missed', input: {}, stack: 10_000, removed: 0, perPeriod: [] },
    { name: '19 minutes: no complete period', input: { missedPlayMs: 19 * MIN }, stack: 10_000, removed: 0, perPeriod: [] },
    // 25+50 and 50+100
    { name: '45 minutes: two periods, the third not complete', input: { missedPlayMs: 45 * MIN }, stack: 9_775, removed: 225, perPeriod: [75, 150] },
    // + 75+150 and 9 x 25 antes (a round at a 9-handed table)
    { name: '60 minutes: antes in the third period', input: { missedPlayMs: 60 * MIN }, stack: 9_325, removed: 675, perPeriod: [75, 150, 450] },
    // 6-handed: a round of antes is 6 hands (IP r16-4 "6, 8, 9, 10 of 11 handen")
    { name: '60 minutes, 6-max', input: { missedPlayMs: 60 * MIN, seatsPerTable: 6 }, stack: 9_400, removed: 600, perPeriod: [75, 150, 375] },
    // The break is not play: 80 minutes of play is 4 periods, the 4th at 100/200 with 25 ante.
    { name: '80 minutes of play across the break', input: { missedPlayMs: 80 * MIN }, stack: 8_800, removed: 1_200, perPeriod: [75, 150, 450, 525] },
    // Big-blind ante: one BBA per round (the player posts it once, as big blind).
    { name: 'BBA: one big-blind ante per period', input: { structure: BBA, missedPlayMs: 60 * MIN }, stack: 9_400, removed: 600, perPeriod: [75, 150, 375] },
  ];
  for (const { name, input, stack, removed, perPeriod } of cases) {
    const result = lateEntryStack({ ...base, ...input });
    assert.equal(result.source, 'deduction', name);
    assert.equal(result.stack, stack, name);
    assert.equal(result.removed, removed, name);
    assert.equal(result.stack + result.removed, 10_000, `${name}: removed chips leave play`);
    assert.deepEqual(result.periods.map((p) => p.blinds + p.antes), perPeriod, name);
  }
});

test('IP r16-3: an unsold seat comes with its own stack, nothing leaves play; TDA: a full stack', () => {
  assert.deepEqual(lateEntryStack({ ...base, missedPlayMs: 60 * MIN, unsoldSeatStack: 9_450 }), { source: 'unsold-seat', stack: 9_450, removed: 0, periods: [] });
  assert.deepEqual(lateEntryStack({ ...base, rule: 'full', missedPlayMs: 60 * MIN }), { source: 'full', stack: 10_000, removed: 0, periods: [] });
});

test('IP r16-4: a deduction that takes the whole stack is refused', () => {
  assert.throws(() => lateEntryStack({ ...base, startingStack: 600, missedPlayMs: 60 * MIN }), code('late-entry-no-chips'));
  assert.throws(() => lateEntryStack({ ...base, seatsPerTable: 1, missedPlayMs: 60 * MIN }), code('invalid-amount'));
});

test('missedPeriods: the level in force when each 20 minutes of play began', () => {
  const thirty = [L(100, 200, 0, 'none', 30), B(15), L(200, 400, 0, 'none', 30)];
  const bb = (ms: number) => missedPeriods(thirty, ms).map((l) => l.bigBlind);
  assert.deepEqual(bb(60 * MIN), [200, 200, 400]); // periods start at 0, 20 (level 1), 40 (level 2)
  assert.deepEqual(bb(59 * MIN), [200, 200]);
  // Past the end of the structure the last level stays in force.
  assert.deepEqual(bb(100 * MIN), [200, 200, 400, 400, 400]);
  assert.deepEqual(missedPeriods([B()], 60 * MIN), []);
});

test('playTimeAt: level time from the start to the clock position, breaks excluded', () => {
  const cases: Array<[index: number, remainingMs: number, expected: number]> = [
    [0, 20 * MIN, 0],
    [0, 5 * MIN, 15 * MIN],
    [2, 0, 60 * MIN],
    [3, 4 * MIN, 60 * MIN], // during the break
    [4, 5 * MIN, 75 * MIN],
  ];
  for (const [index, remaining, expected] of cases) assert.equal(playTimeAt(STRUCTURE, index, remaining), expected, `item ${index}`);
  assert.throws(() => playTimeAt(STRUCTURE, 99, 0), code('level-out-of-range'));
  // Composes: the late stack at the clock position.
  assert.equal(lateEntryStack({ ...base, missedPlayMs: playTimeAt(STRUCTURE, 4, 5 * MIN) }).stack, 9_325);
});
