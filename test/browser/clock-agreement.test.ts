/**
 * The browser's countdown (client/clock.ts `liveClock`, fed the clock and structure topics as a
 * screen gets them) and the engine's settled clock (`settleClock`) agree at any time: the same
 * item, the same time left, the same status. Random structures, random clock actions, random
 * moments to look at, including long after the last patch (a TV that heard nothing for hours).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { liveClock } from '../../client/clock.js';
import { adjustClock, initialClock, pauseClock, remainingAt, resumeClock, settleClock, startClock, type ClockState } from '../../server/engine/clock.js';
import type { StructureItem } from '../../server/engine/structure.js';
import { clockView, structureView } from '../../server/engine/views.js';
import type { TournamentState } from '../../server/engine/state.js';

const item = fc.oneof(
  fc.record({ kind: fc.constant('level' as const), smallBlind: fc.constant(100), bigBlind: fc.constant(200), ante: fc.constant(0), anteType: fc.constant('none' as const), minutes: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('break' as const), minutes: fc.integer({ min: 1, max: 15 }), colorUp: fc.constant(null) }),
);
const structure = fc.tuple(item.filter((i) => i.kind === 'level'), fc.array(item, { maxLength: 12 })).map(([first, rest]) => [first, ...rest] as StructureItem[]);
const action = fc.record({ kind: fc.constantFrom('wait', 'pause', 'resume', 'adjust'), ms: fc.integer({ min: 0, max: 40 * 60_000 }), seconds: fc.integer({ min: -300, max: 300 }) });

/** What a screen holds: the clock and structure topics of this state (as JSON on the wire). */
function topics(clock: ClockState, items: StructureItem[]) {
  const state = { clock, structure: items } as TournamentState;
  return JSON.parse(JSON.stringify({ clock: clockView(state), structure: structureView(state) }));
}

describe('the browser countdown and the engine clock', () => {
  it('agree at every moment: item, time left and status', () => {
    fc.assert(
      fc.property(structure, fc.array(action, { maxLength: 8 }), fc.array(fc.integer({ min: 0, max: 6 * 3_600_000 }), { minLength: 1, maxLength: 5 }), (items, actions, looks) => {
        let now = 1_000_000;
        let clock = startClock(initialClock(items), now).clock;
        for (const a of actions) {
          now += a.ms;
          clock = settleClock(clock, items, now).clock;
          try {
            if (a.kind === 'pause') clock = pauseClock(clock, now).clock;
            if (a.kind === 'resume') clock = resumeClock(clock, now).clock;
            if (a.kind === 'adjust') clock = adjustClock(clock, items, a.seconds * 1000, now).clock;
          } catch {
            // refused in this state (not running, ended): nothing changed, as on the server
          }
        }
        // The server published `clock` at `now`; the screen counts alone from then on.
        const { clock: view, structure: items_ } = topics(clock, items);
        for (const after of looks) {
          const t = now + after;
          const engine = settleClock(clock, items, t).clock;
          const screen = liveClock(view, items_.items, t);
          assert.equal(screen.status, engine.status, `status at +${after} ms`);
          assert.equal(screen.current.index, engine.index, `item at +${after} ms`);
          assert.equal(screen.remainingMs, remainingAt(engine, t), `time left at +${after} ms`);
        }
      }),
      { numRuns: 300, seed: 20261123 },
    );
  });
});
