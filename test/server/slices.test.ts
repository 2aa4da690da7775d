/**
 * The one time-sliced loop of the WebSocket side (server/ws/slices.ts): work that may touch
 * every socket runs for at most a slice per turn of the event loop, and whatever arrives between
 * two slices (a command, here a setImmediate) runs between them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SlicedLoop } from '../../server/ws/slices.js';

describe('SlicedLoop', () => {
  it('runs a slice per turn until the work says it is done, and lets the next turn in between', async () => {
    const log: string[] = [];
    let left = 3;
    const done = new Promise<void>((resolve) => {
      const loop = new SlicedLoop((until) => {
        assert.ok(until > performance.now() - 1, 'the slice is given its end');
        const n = left;
        log.push(`slice ${n}`);
        // Something that arrives while this slice runs: it must run before the next slice.
        setImmediate(() => log.push(`between ${n}`));
        left--;
        if (left === 0) queueMicrotask(resolve);
        return left > 0;
      });
      loop.schedule();
      loop.schedule(); // asked twice, scheduled once
    });
    await done;
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(log, ['slice 3', 'between 3', 'slice 2', 'between 2', 'slice 1', 'between 1']);
  });

  it('runNow runs the first slice at once; stop cancels the rest', async () => {
    let slices = 0;
    const loop = new SlicedLoop(() => {
      slices++;
      return true;
    });
    loop.runNow();
    assert.equal(slices, 1);
    assert.equal(loop.scheduled, true);
    loop.stop();
    assert.equal(loop.scheduled, false);
    // A turn that would have run the next slice: it does not.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    assert.equal(slices, 1);
  });
});
