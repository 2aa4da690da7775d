/**
 * An edge's mirror of one tournament (server/edge/mirror.ts) and the NATS wire format
 * (server/cluster/wire.ts), without NATS: the owner is a stand-in that records what it is asked
 * and answers what the test says. Views and seqs are worked by hand.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Mirror, type MirrorLink } from '../../server/edge/mirror.js';
import { decodeFeed, decodeSync, encodeChange, encodeControl, encodeSyncChanges, encodeSyncSnapshot, subjectToken, SUBJECTS, type SyncAnswer, type SyncRequest } from '../../server/cluster/wire.js';
import type { Answer, Change } from '../../server/host/tournament-host.js';
import { TOPICS, type Topic } from '../../server/protocol/views.js';

const at = (seq: number) => Object.fromEntries(TOPICS.map((t) => [t, seq])) as Record<Topic, number>;

/** A live or delayed change of the clock topic: its `level` field set to `level`. */
function clockChange(seq: number, level: number, feed: 'live' | 'delayed' = 'live'): Change {
  const op = { topic: 'clock' as const, fields: { level } };
  return { tournament: 't1', seq, ops: [{ topic: 'clock', op: op as never, json: JSON.stringify(op) }], events: [], lastChanged: at(seq - 1), at: 1000 + seq, feed };
}

function snapshot(epoch: number, seq: number, level: number, delayedSeq: number, delayedLevel: number): SyncAnswer {
  const json = (l: number) => TOPICS.map((t) => (t === 'clock' ? JSON.stringify({ status: 'running', level: l }) : '{}'));
  return decodeSync(encodeSyncSnapshot({ tournament: 't1', epoch, seq, versions: at(seq), topics: [...TOPICS], delayed: { seq: delayedSeq, delayMs: 0 } }, json(level), json(delayedLevel)));
}

/** The owner as the test plays it: sync requests wait for `answer`. */
class Owner implements MirrorLink {
  requests: SyncRequest[] = [];
  private waiting: Array<(a: SyncAnswer) => void> = [];
  published: number[] = [];
  resyncs = 0;
  delayedResyncs = 0;
  sync(_id: string, request: SyncRequest): Promise<SyncAnswer> {
    this.requests.push(request);
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  answer(a: SyncAnswer): Promise<void> {
    this.waiting.shift()!(a);
    return new Promise((r) => setTimeout(r, 5));
  }
  /** A command the owner never answers: it ends only when another owner is heard. */
  command(_id: string, _command: unknown, _actor: unknown, ownerChanged?: Promise<void>): Promise<Answer> {
    return ownerChanged!.then(() => ({ status: 503, answer: { ok: false, error: { code: 'storage-unavailable', message: 'changed hosts' } } }));
  }
  publish(change: Change): void {
    this.published.push(change.seq);
  }
  resync(): void {
    this.resyncs++;
  }
  resyncDelayed(): void {
    this.delayedResyncs++;
  }
  warn(): void {}
  info(): void {}
}

const level = (m: Mirror) => (JSON.parse(m.topicJsonFor('clock')) as { level: number }).level;

describe('the NATS wire', () => {
  it('a change keeps each operation\'s JSON bytes; control messages and odd ids', () => {
    const change = clockChange(4, 3);
    const wire = decodeFeed(encodeChange(change, 2, 7));
    assert.ok(!('kind' in wire));
    assert.equal(wire.prev, 2);
    assert.equal(wire.epoch, 7);
    assert.equal(wire.change.ops[0]!.json, change.ops[0]!.json);
    assert.deepEqual(wire.change, change);
    assert.deepEqual(decodeFeed(encodeControl({ kind: 'loaded', tournament: 't1', epoch: 3, seq: 9 })), { kind: 'loaded', tournament: 't1', epoch: 3, seq: 9 });
    assert.equal(SUBJECTS.feed('abc_9-Z'), 'riffle.t.abc_9-Z.feed');
    // "a.b" would be two tokens: hex of its bytes instead.
    assert.equal(subjectToken('a.b'), '~612e62');
    const changes = decodeSync(encodeSyncChanges({ epoch: 1, seq: 6 }, [{ change: clockChange(5, 1), prev: 4 }, { change: clockChange(6, 2), prev: 5 }]));
    assert.equal(changes.head.kind, 'changes');
    assert.deepEqual(
      'changes' in changes ? changes.changes.map((c) => [c.change.seq, c.prev]) : [],
      [
        [5, 4],
        [6, 5],
      ],
    );
  });
});

describe('an edge mirror', () => {
  it('applies the feed in order, fills a gap from the owner\'s history, holds what arrives meanwhile', async () => {
    const owner = new Owner();
    const mirror = new Mirror('t1', owner);
    const started = mirror.start();
    await owner.answer(snapshot(1, 5, 1, 5, 1));
    assert.equal(await started, true);
    assert.equal(level(mirror), 1);

    // Seq 6 changed nothing visible (never published): 7 follows 5.
    mirror.receive({ change: clockChange(7, 2), prev: 5, epoch: 1 });
    assert.equal(level(mirror), 2);
    assert.equal(mirror.seq, 7);
    assert.equal(mirror.versions.clock, 7);
    assert.deepEqual(mirror.changesSince(5)!.map((c) => c.seq), [7]);

    // 8 was lost: 9 says it follows 8. The owner is asked from 7; 10 waits meanwhile.
    mirror.receive({ change: clockChange(9, 4), prev: 8, epoch: 1 });
    assert.deepEqual(owner.requests.at(-1), { since: 7, epoch: 1 });
    mirror.receive({ change: clockChange(10, 5), prev: 9, epoch: 1 });
    assert.equal(mirror.seq, 7);
    await owner.answer(
      decodeSync(
        encodeSyncChanges({ epoch: 1, seq: 9 }, [
          { change: clockChange(8, 3), prev: 7 },
          { change: clockChange(9, 4), prev: 8 },
        ]),
      ),
    );
    assert.deepEqual(owner.published, [7, 8, 9, 10]);
    assert.equal(mirror.seq, 10);
    assert.equal(level(mirror), 5);
    assert.equal(owner.resyncs, 0);
    // A duplicate is ignored.
    mirror.receive({ change: clockChange(10, 5), prev: 9, epoch: 1 });
    assert.deepEqual(owner.published, [7, 8, 9, 10]);
  });

  it('a new owner (epoch): asks from where it is; a whole snapshot resyncs the screens; the old owner is not heard any more', async () => {
    const owner = new Owner();
    const mirror = new Mirror('t1', owner);
    const started = mirror.start();
    await owner.answer(snapshot(1, 5, 1, 5, 1));
    await started;
    mirror.receive({ change: clockChange(6, 9), prev: 5, epoch: 1 });
    // A command on its way to the old owner when it died...
    const answered = mirror.dispatch({ type: 'clock.pause', id: 'x' }, { role: 'td', id: 'admin' });
    // The new owner took over at 5 (6 was never saved), and moved on to 6 of its own.
    mirror.receive({ kind: 'loaded', tournament: 't1', epoch: 2, seq: 5 });
    // ...is answered as soon as the new owner is heard, not after the relay's 10 s timeout.
    const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('not answered within 2 s of the new owner')), 2000).unref());
    assert.equal((await Promise.race([answered, late])).status, 503);
    assert.deepEqual(owner.requests.at(-1), { since: 6, epoch: 1 });
    await owner.answer(snapshot(2, 6, 2, 6, 2));
    assert.equal(owner.resyncs, 1);
    assert.equal(mirror.epoch, 2);
    assert.equal(level(mirror), 2);
    assert.deepEqual(mirror.changesSince(6), []);
    assert.equal(mirror.changesSince(5), null);
    // The old owner, a moment late: not the owner.
    mirror.receive({ change: clockChange(7, 8), prev: 6, epoch: 1 });
    assert.equal(mirror.seq, 6);
    mirror.receive({ change: clockChange(7, 3), prev: 6, epoch: 2 });
    assert.equal(level(mirror), 3);
  });

  it('a gap in the delayed feed takes only the delayed feed anew when the live state is the one held', async () => {
    const owner = new Owner();
    const mirror = new Mirror('t1', owner);
    const started = mirror.start();
    await owner.answer(snapshot(1, 5, 1, 3, 0));
    await started;
    mirror.receive({ change: clockChange(6, 2), prev: 5, epoch: 1 });
    mirror.receive({ change: clockChange(5, 1, 'delayed'), prev: 3, epoch: 1 });
    assert.equal(mirror.delayed.seq, 5);
    assert.equal((JSON.parse(mirror.delayed.topicJsonFor('clock')) as { level: number }).level, 1);
    // Delayed 6 was lost; 7 (live and delayed) follows.
    mirror.receive({ change: clockChange(7, 3), prev: 6, epoch: 1 });
    mirror.receive({ change: clockChange(7, 3, 'delayed'), prev: 6, epoch: 1 });
    assert.deepEqual(owner.requests.at(-1), {});
    await owner.answer(snapshot(1, 7, 3, 7, 3));
    assert.equal(owner.delayedResyncs, 1);
    assert.equal(owner.resyncs, 0);
    assert.equal(mirror.delayed.seq, 7);
    // The live history stays, for screens that resume.
    assert.deepEqual(mirror.changesSince(5)!.map((c) => c.seq), [6, 7]);
  });

  it('an erase on the feed (or in a gap filled from the owner) drops the history before it: a resume from before gets a snapshot', async () => {
    const owner = new Owner();
    const mirror = new Mirror('t1', owner);
    const started = mirror.start();
    await owner.answer(snapshot(1, 5, 1, 5, 1));
    assert.equal(await started, true);
    mirror.receive({ change: clockChange(6, 2), prev: 5, epoch: 1 });
    // The wire carries the mark.
    const erase = decodeFeed(encodeChange({ ...clockChange(7, 3), erases: true }, 6, 1));
    assert.ok(!('kind' in erase) && erase.change.erases === true);
    mirror.receive(erase as Exclude<typeof erase, { kind: string }>);
    mirror.receive({ change: clockChange(8, 4), prev: 7, epoch: 1 });
    assert.equal(mirror.changesSince(5), null);
    assert.equal(mirror.changesSince(6), null);
    assert.deepEqual(mirror.changesSince(7)!.map((c) => c.seq), [8]);

    // Erased within a gap the owner fills: the same.
    mirror.receive({ change: clockChange(11, 7), prev: 10, epoch: 1 });
    await owner.answer(
      decodeSync(
        encodeSyncChanges({ epoch: 1, seq: 11 }, [
          { change: { ...clockChange(9, 5), erases: true }, prev: 8 },
          { change: clockChange(10, 6), prev: 9 },
          { change: clockChange(11, 7), prev: 10 },
        ]),
      ),
    );
    assert.deepEqual(owner.requests.at(-1), { since: 8, epoch: 1 });
    assert.equal(mirror.seq, 11);
    assert.equal(mirror.changesSince(8), null);
    assert.deepEqual(mirror.changesSince(9)!.map((c) => c.seq), [10, 11]);
  });
});
