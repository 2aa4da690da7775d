/**
 * The clock as pure functions with injected time. Cites TDA 2024 r23: a new level starts
 * only when the clock reaches zero, and each boundary happens at its scheduled time.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  adjustClock,
  initialClock,
  nextLevel,
  pauseClock,
  previousLevel,
  remainingAt,
  resumeClock,
  setLevel,
  settleClock,
  startClock,
  type ClockState,
} from '../../server/engine/clock.js';
import type { StructureItem } from '../../server/engine/structure.js';
import { sampleStructure } from '../../server/sample.js';
import { errorCode as code } from '../helpers/engine.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 22, 18, 0, 0);

const lv = (sb: number, bb: number, minutes = 20): StructureItem => ({ kind: 'level', smallBlind: sb, bigBlind: bb, ante: 0, anteType: 'none', minutes });
const brk = (minutes: number): StructureItem => ({ kind: 'break', minutes, colorUp: null });
const small: StructureItem[] = [lv(25, 50), lv(50, 100), brk(10), lv(100, 200)];


describe('clock: start, pause, resume', () => {
  it('starts with the first level and its full time', () => {
    const c = initialClock(small);
    assert.deepEqual(c, { status: 'idle', index: 0, endsAt: null, remainingMs: 20 * MIN, startedAt: null });
    const { clock, events } = startClock(c, T0);
    assert.equal(clock.status, 'running');
    assert.equal(clock.endsAt, T0 + 20 * MIN);
    assert.deepEqual(events, [{ type: 'clock.started', at: T0 }]);
  });

  it('pause keeps exactly the time left and resume counts it down again', () => {
    const running = startClock(initialClock(small), T0).clock;
    const paused = pauseClock(running, T0 + 5 * MIN + 1234).clock;
    assert.equal(paused.status, 'paused');
    assert.equal(paused.remainingMs, 15 * MIN - 1234);
    // An hour of pause changes nothing.
    assert.equal(settleClock(paused, small, T0 + 90 * MIN).clock, paused);
    const resumed = resumeClock(paused, T0 + 65 * MIN).clock;
    assert.equal(resumed.endsAt, T0 + 65 * MIN + 15 * MIN - 1234);
  });

  const refusals: Array<[string, () => unknown, string]> = [
    ['start twice', () => startClock(startClock(initialClock(small), T0).clock, T0), 'clock-already-started'],
    ['pause before start', () => pauseClock(initialClock(small), T0), 'clock-not-running'],
    ['resume before start', () => resumeClock(initialClock(small), T0), 'clock-not-paused'],
    ['resume a running clock', () => resumeClock(startClock(initialClock(small), T0).clock, T0), 'clock-not-paused'],
    ['previous at the first level', () => previousLevel(initialClock(small), small, T0), 'level-out-of-range'],
    ['set to a missing level', () => setLevel(initialClock(small), small, 4, T0), 'level-out-of-range'],
    ['set to a negative level', () => setLevel(initialClock(small), small, -1, T0), 'level-out-of-range'],
    ['add more than 24 hours', () => adjustClock(initialClock(small), small, 24 * 60 * MIN, T0), 'adjust-out-of-range'],
  ];
  for (const [name, fn, expected] of refusals) {
    it(`refuses: ${name} (${expected})`, () => assert.equal(code(fn), expected));
  }
});

describe('clock: level boundaries (TDA 2024 r23: the level changes when the clock reaches zero)', () => {
  it('does nothing before the boundary and changes exactly at it', () => {
    const c = startClock(initialClock(small), T0).clock;
    assert.equal(settleClock(c, small, T0 + 20 * MIN - 1).clock, c);
    const { clock, events } = settleClock(c, small, T0 + 20 * MIN);
    assert.equal(clock.index, 1);
    assert.equal(clock.endsAt, T0 + 40 * MIN);
    assert.deepEqual(events, [{ type: 'level.changed', index: 1, at: T0 + 20 * MIN, cause: 'clock' }]);
  });

  it('a late wake-up crosses every boundary at its own time (breaks run in the flow)', () => {
    const c = startClock(initialClock(small), T0).clock;
    const { clock, events } = settleClock(c, small, T0 + 55 * MIN);
    assert.equal(clock.index, 3, 'level 1, level 2, break, then level 3');
    assert.equal(clock.endsAt, T0 + 70 * MIN);
    assert.deepEqual(
      events.map((e) => [e.type, 'index' in e ? e.index : null, e.at]),
      [
        ['level.changed', 1, T0 + 20 * MIN],
        ['level.changed', 2, T0 + 40 * MIN],
        ['level.changed', 3, T0 + 50 * MIN],
      ],
    );
  });

  it('ends at the end of the structure and keeps the last blinds (documented in docs/API.md)', () => {
    const c = startClock(initialClock(small), T0).clock;
    const { clock, events } = settleClock(c, small, T0 + 10 * 60 * MIN);
    assert.deepEqual(clock, { ...c, status: 'ended', index: 3, endsAt: null, remainingMs: 0 });
    assert.deepEqual(events.at(-1), { type: 'structure.ended', at: T0 + 70 * MIN });
    // The TD can add time to play on at the last level…
    const more = adjustClock(clock, small, 10 * MIN, T0 + 600 * MIN).clock;
    assert.equal(more.status, 'running');
    assert.equal(more.endsAt, T0 + 610 * MIN);
    // …or go back to a level, which runs.
    assert.equal(previousLevel(clock, small, T0 + 600 * MIN).clock.status, 'running');
    assert.equal(code(() => adjustClock(clock, small, -MIN, T0 + 600 * MIN)), 'clock-ended');
  });

  it('runs a 12-hour structure in milliseconds, landing on the scheduled second', () => {
    const structure: StructureItem[] = Array.from({ length: 36 }, (_, i) => lv(25 * (i + 1), 50 * (i + 1)));
    let clock: ClockState = startClock(initialClock(structure), T0).clock;
    let changes = 0;
    // Wake once a minute like a worst-case shell would; only boundaries change anything.
    for (let t = T0; t <= T0 + 12 * 60 * MIN; t += MIN) {
      const out = settleClock(clock, structure, t);
      changes += out.events.filter((e) => e.type === 'level.changed').length;
      clock = out.clock;
      if (t === T0 + 12 * 60 * MIN - MIN) assert.equal(remainingAt(clock, t), MIN);
    }
    assert.equal(changes, 35);
    assert.equal(clock.status, 'ended');
  });
});

describe('clock: adjust and level moves', () => {
  const cases: Array<{ name: string; from: 'running' | 'paused' | 'idle'; deltaMs: number; expect: Partial<ClockState> }> = [
    { name: 'add a minute while running', from: 'running', deltaMs: MIN, expect: { index: 0, endsAt: T0 + 21 * MIN } },
    { name: 'remove a minute while running', from: 'running', deltaMs: -MIN, expect: { index: 0, endsAt: T0 + 19 * MIN } },
    { name: 'remove more than is left while running moves on now', from: 'running', deltaMs: -30 * MIN, expect: { index: 1, endsAt: T0 + 20 * MIN } },
    { name: 'add a minute while paused', from: 'paused', deltaMs: MIN, expect: { status: 'paused', remainingMs: 21 * MIN } },
    { name: 'remove more than is left while paused stops at zero', from: 'paused', deltaMs: -30 * MIN, expect: { status: 'paused', remainingMs: 0 } },
    { name: 'add before the start', from: 'idle', deltaMs: 5 * MIN, expect: { status: 'idle', remainingMs: 25 * MIN } },
  ];
  for (const c of cases) {
    it(c.name, () => {
      let clock = initialClock(small);
      if (c.from !== 'idle') clock = startClock(clock, T0 - 0).clock;
      if (c.from === 'paused') clock = pauseClock(clock, T0).clock;
      const out = adjustClock(clock, small, c.deltaMs, T0).clock;
      for (const [k, v] of Object.entries(c.expect)) assert.equal(out[k as keyof ClockState], v, k);
    });
  }

  it('next and previous give the new level its full time, running or paused', () => {
    const running = startClock(initialClock(small), T0).clock;
    const next = nextLevel(running, small, T0 + 7 * MIN);
    assert.equal(next.clock.index, 1);
    assert.equal(next.clock.endsAt, T0 + 27 * MIN);
    assert.deepEqual(next.events, [{ type: 'level.changed', index: 1, at: T0 + 7 * MIN, cause: 'command' }]);
    const paused = pauseClock(next.clock, T0 + 8 * MIN).clock;
    const back = previousLevel(paused, small, T0 + 9 * MIN).clock;
    assert.deepEqual([back.status, back.index, back.remainingMs], ['paused', 0, 20 * MIN]);
    const toBreak = setLevel(paused, small, 2, T0).clock;
    assert.deepEqual([toBreak.index, toBreak.remainingMs], [2, 10 * MIN]);
    assert.equal(code(() => nextLevel(setLevel(paused, small, 3, T0).clock, small, T0)), 'level-out-of-range');
  });
});

describe('sample structure', () => {
  it('has 20-minute levels from 25/50 to 2,000/4,000, BBA from level 4, two breaks, the second with a colour-up', () => {
    const s = sampleStructure();
    const levels = s.filter((i) => i.kind === 'level');
    const breaks = s.filter((i) => i.kind === 'break');
    assert.ok(levels.every((l) => l.minutes === 20));
    assert.deepEqual([levels[0]!.smallBlind, levels[0]!.bigBlind], [25, 50]);
    assert.deepEqual([levels.at(-1)!.smallBlind, levels.at(-1)!.bigBlind], [2000, 4000]);
    assert.deepEqual(levels.map((l) => l.anteType === 'bba'), levels.map((_, i) => i >= 3));
    assert.equal(breaks.length, 2);
    assert.deepEqual(breaks.map((b) => b.colorUp), [null, { denomination: 25 }]);
  });
});
