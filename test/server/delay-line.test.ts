/**
 * The delay line on its own: releases at commit time + delay, in order, and when its memory
 * budget is exceeded it merges the oldest changes: later, never earlier, no event lost. Held
 * (a longer delay being rebuilt, or started so) it releases nothing. Its
 * views are brought forward when read, many operations at a time, or taken from the live views
 * when it has caught up with them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DelayLine } from '../../server/host/delay-line.js';
import type { Change } from '../../server/host/tournament-host.js';
import type { EncodedOp } from '../../server/host/view-tracker.js';
import type { TopicOp } from '../../server/protocol/ops.js';
import { TOPICS, type Topic } from '../../server/protocol/views.js';
import { ManualTime } from '../helpers/server.js';

function encoded(op: TopicOp): EncodedOp {
  return { topic: op.topic, op, json: JSON.stringify(op) };
}

const zero = Object.fromEntries(TOPICS.map((t) => [t, 0])) as Record<Topic, number>;

function change(seq: number, at: number, chips: number): Change {
  return {
    tournament: 't',
    seq,
    at,
    ops: [encoded({ topic: 'players', set: { entries: [{ id: 'e1', chips }], pad: 'x'.repeat(1000) } as never })],
    events: [{ type: 'handForHand.hand', hand: seq, at }],
    lastChanged: { ...zero, players: seq - 1 },
    feed: 'live',
  };
}

describe('delay line', () => {
  it('releases each change at its commit time + delay, in order', () => {
    const time = new ManualTime(1_000_000);
    const released: Array<{ seq: number; at: number }> = [];
    const line = new DelayLine({ seq: 0, views: new Map([['players', {}]]), pending: [] }, 10_000, time, (c) => released.push({ seq: c.seq, at: time.now() }));
    line.push(change(1, time.now(), 100));
    time.advance(3_000);
    line.push(change(2, time.now(), 200));
    time.advance(6_999);
    assert.equal(released.length, 0);
    time.advance(1);
    assert.deepEqual(released, [{ seq: 1, at: 1_010_000 }]);
    time.advance(3_000);
    assert.deepEqual(released, [{ seq: 1, at: 1_010_000 }, { seq: 2, at: 1_013_000 }]);
    assert.equal(JSON.parse(line.topicJsonFor('players')).entries[0].chips, 200);
    assert.equal(line.seq, 2);
  });

  it('over its budget merges the two oldest: released at the later time, events of both kept', () => {
    const time = new ManualTime(1_000_000);
    const released: Change[] = [];
    // Room for about two changes of ~1.3 KB.
    const line = new DelayLine({ seq: 0, views: new Map(), pending: [] }, 60_000, time, (c) => released.push(c), 3_000);
    line.push(change(1, time.now(), 1));
    time.advance(1_000);
    line.push(change(2, time.now(), 2));
    time.advance(1_000);
    line.push(change(3, time.now(), 3));
    assert.ok(line.pending.changes < 3, 'merged');
    time.advance(58_000); // change 1's time: merged with 2, so not yet
    assert.equal(released.length, 0);
    time.advance(1_000); // change 2's time: 1 and 2 together
    assert.equal(released.length, 1);
    assert.equal(released[0]!.seq, 2);
    assert.deepEqual(released[0]!.events.map((e) => (e as { hand: number }).hand), [1, 2]);
    assert.equal(released[0]!.lastChanged.players, 0, 'prev is the first change\'s, so a client sees no gap');
    time.advance(1_000);
    assert.equal(released.length, 2);
    assert.equal(released[1]!.seq, 3);
  });

  it('a shorter delay releases what is now due', () => {
    const time = new ManualTime(1_000_000);
    const released: number[] = [];
    const line = new DelayLine({ seq: 0, views: new Map(), pending: [] }, 300_000, time, (c) => released.push(c.seq));
    line.push(change(1, time.now(), 1));
    time.advance(100_000);
    line.push(change(2, time.now(), 2));
    line.setDelay(60_000);
    assert.deepEqual(released, [1]);
    time.advance(60_000);
    assert.deepEqual(released, [1, 2]);
  });

  it('held, releases nothing (its changes come due meanwhile); set again, releases what is due', () => {
    const time = new ManualTime(1_000_000);
    const released: number[] = [];
    const line = new DelayLine({ seq: 0, views: new Map(), pending: [] }, 10_000, time, (c) => released.push(c.seq));
    line.push(change(1, time.now(), 1));
    line.hold();
    line.push(change(2, time.now(), 2));
    time.advance(60_000);
    assert.deepEqual(released, []);
    assert.equal(line.delayMs, 10_000, 'its delay is still the one its views are of');
    line.setDelay(30_000);
    assert.deepEqual(released, [1, 2], 'committed 60 s ago: due at 30 s');
  });

  it('started held (a rebuilt line), releases what is due only once started, then the rest at their times', () => {
    const time = new ManualTime(1_000_000);
    const released: number[] = [];
    const pending = [change(1, time.now() - 20_000, 10), change(2, time.now() - 5_000, 20)];
    const line = new DelayLine({ seq: 0, views: new Map([['players', {}]]), pending }, 10_000, time, (c) => released.push(c.seq), undefined, undefined, true);
    assert.deepEqual(released, []);
    assert.equal(line.seq, 0, 'its views are those of its start');
    line.setDelay(line.delayMs);
    assert.deepEqual(released, [1]);
    assert.equal(JSON.parse(line.topicJsonFor('players')).entries[0].chips, 10);
    time.advance(5_000);
    assert.deepEqual(released, [1, 2], 'the next one is released at its time');
  });

  it('shows the view of every change it released, read now and then, past its batch of operations', () => {
    const time = new ManualTime(1_000_000);
    const start = { entries: [{ id: 'e1', chips: 0 }, { id: 'e2', chips: 0 }] };
    const line = new DelayLine({ seq: 0, views: new Map([['players', start]]), pending: [] }, 5_000, time, () => {});
    const patch = (seq: number, id: string, chips: number): Change => ({
      tournament: 't',
      seq,
      at: time.now(),
      ops: [encoded({ topic: 'players', patch: { entries: [{ id, chips }] } } as TopicOp)],
      events: [],
      lastChanged: { ...zero, players: seq - 1 },
      feed: 'live',
    });
    // 150 chip counts a second apart: e1 gets 1, 3, 5, ... and e2 gets 2, 4, 6, ... (chips = seq).
    for (let seq = 1; seq <= 150; seq++) {
      line.push(patch(seq, seq % 2 ? 'e1' : 'e2', seq));
      time.advance(1_000);
    }
    // Released so far: the changes committed at least 5 s ago, seq 1..146.
    assert.equal(line.seq, 146);
    assert.deepEqual(line.view('players'), { entries: [{ id: 'e1', chips: 145 }, { id: 'e2', chips: 146 }] });
    time.advance(5_000);
    assert.deepEqual(JSON.parse(line.topicJsonFor('players')), { entries: [{ id: 'e1', chips: 149 }, { id: 'e2', chips: 150 }] });
    assert.deepEqual(start, { entries: [{ id: 'e1', chips: 0 }, { id: 'e2', chips: 0 }] }, 'the view it started from is not changed');
  });

  it('caught up with the live state, takes its views as they are', () => {
    const time = new ManualTime(1_000_000);
    const live = { entries: [{ id: 'e1', chips: 7 }] };
    const line = new DelayLine({ seq: 0, views: new Map(), pending: [] }, 0, time, () => {}, undefined, (seq) => (seq === 1 ? (topic) => (topic === 'players' ? live : undefined) : null));
    line.push(change(1, time.now(), 7));
    assert.equal(line.view('players'), live);
  });
});
