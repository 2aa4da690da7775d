/**
 * Undo of the TD's last clock action (control/clock-undo.ts): the commands that take each
 * action back, and when undo is no longer offered. Times by hand: a level of 20 minutes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clockUndo, undoStillApplies } from '../../control/clock-undo.js';
import type { LiveClock } from '../../client/clock.js';
import type { ClockView, ItemView } from '../../client/messages.js';

const MIN = 60_000;
const L3: ItemView = { index: 2, n: 3, sb: 100, bb: 200, ms: 20 * MIN };
const L4: ItemView = { index: 3, n: 4, sb: 150, bb: 300, bba: 300, ms: 20 * MIN };
const live = (over: Partial<LiveClock>): LiveClock => ({ status: 'running', current: L3, next: L4, remainingMs: 5 * MIN, endsAt: 1_000_000 + 5 * MIN, breakInMs: null, progress: 0.75, ahead: false, ...over });
const view = (over: Partial<ClockView>): ClockView => ({ status: 'running', current: L4, next: null, endsAt: 0, ...over });

describe('clock undo', () => {
  it('takes back a pause by resuming, a resume by pausing, +1 min by −1 min', () => {
    assert.deepEqual(clockUndo({ type: 'clock.pause' }, live({}), view({ status: 'paused', current: L3 }))!.steps(0), [{ type: 'clock.resume' }]);
    assert.deepEqual(clockUndo({ type: 'clock.resume' }, live({ status: 'paused' }), view({ current: L3 }))!.steps(0), [{ type: 'clock.pause' }]);
    assert.deepEqual(clockUndo({ type: 'clock.adjust', seconds: 60 }, live({}), view({ current: L3 }))!.steps(0), [{ type: 'clock.adjust', seconds: -60 }]);
  });

  it('takes back a level change with the deadline the level had (running) or the time it had left (paused)', () => {
    // Running, 5 min left at 1,000,000; undone 10 s later: level 3 again with 4:50 left = full 20:00 − 15:10.
    const running = clockUndo({ type: 'level.next' }, live({}), view({}))!;
    assert.deepEqual(running.steps(1_000_000 + 10_000), [{ type: 'level.set', index: 2 }, { type: 'clock.adjust', seconds: -(15 * 60 + 10) }]);
    // Paused with 7:30 left: the time left does not run while paused.
    const paused = clockUndo({ type: 'level.set', index: 3 }, live({ status: 'paused', endsAt: null, remainingMs: 7.5 * MIN }), view({ status: 'paused' }))!;
    assert.deepEqual(paused.steps(9_999_999), [{ type: 'level.set', index: 2 }, { type: 'clock.adjust', seconds: -(12 * 60 + 30) }]);
    // A level whose time ran out meanwhile comes back with one second.
    assert.deepEqual(running.steps(1_000_000 + 6 * MIN), [{ type: 'level.set', index: 2 }, { type: 'clock.adjust', seconds: -(20 * 60 - 1) }]);
  });

  it('cannot undo a start; is offered only while the clock shows what the action made', () => {
    assert.equal(clockUndo({ type: 'clock.start' }, live({ status: 'idle' }), view({ current: L3 })), null);
    const undo = clockUndo({ type: 'level.next' }, live({}), view({}));
    assert.equal(undoStillApplies(undo, view({})), true);
    assert.equal(undoStillApplies(undo, view({ status: 'paused' })), false, 'another phone paused meanwhile');
    assert.equal(undoStillApplies(undo, view({ current: { index: 4, break: true, ms: 15 * MIN } })), false, 'the clock moved on');
  });
});
