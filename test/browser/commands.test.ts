/**
 * The command queue (client/commands.ts) and its localStorage keeping
 * (client/pending-store.ts) without a browser: storage is a Map-backed fake and the wall
 * clock is injected, so a "reload" is a second queue on the same storage and an hour passes
 * in one assignment. The real reload in Chromium is in connection.test.ts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CommandQueue, type PendingCommand } from '../../client/commands.js';
import { PENDING_KEY_PREFIX, PENDING_MAX_AGE_MS, PendingStore, type StorageLike, type StoredCommand } from '../../client/pending-store.js';
import type { CommandAnswer } from '../../client/messages.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 21, 20, 0, 0);

/** localStorage over a Map; `failing` makes every call throw, as private mode or a full quota does. */
class FakeStorage implements StorageLike {
  readonly map = new Map<string, string>();
  failing = false;
  get length(): number {
    this.check();
    return this.map.size;
  }
  key(index: number): string | null {
    this.check();
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    this.check();
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.check();
    this.map.set(key, value);
  }
  removeItem(key: string): void {
    this.check();
    this.map.delete(key);
  }
  stored(): StoredCommand[] {
    return [...this.map.values()].map((v) => JSON.parse(v) as StoredCommand);
  }
  private check(): void {
    if (this.failing) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
}

/** One page's queue: what it transmitted, its pending counts and what it reported expired. */
function page(storage: StorageLike | null, clock: { now: number }, online = false) {
  const sent: Array<{ id: string; tournament: string; command: { id: string; type: string } }> = [];
  const counts: number[] = [];
  const expired: PendingCommand[][] = [];
  const link = { online };
  const queue = new CommandQueue(
    (_id, message) => link.online && sent.push(JSON.parse(message)) > 0,
    (count) => counts.push(count),
    { now: () => clock.now, onExpire: (commands) => expired.push(commands) },
  );
  return { queue, store: new PendingStore(storage), sent, counts, expired, link };
}

const ok = (seq: number): CommandAnswer => ({ ok: true, seq });

describe('command queue kept in storage', () => {
  it('keeps each command (id, tournament, whole message, wall-clock time, role) until its answer, ok or error', async () => {
    const storage = new FakeStorage();
    const clock = { now: T0 };
    const p = page(storage, clock);
    assert.deepEqual(p.queue.keepIn(p.store, 'td'), []);
    const paused = p.queue.add('t1', { type: 'clock.pause' }, false);
    const bust = p.queue.add('t1', { type: 'entry.bust', entryIds: ['e1'] }, false, 'Anna');
    const [first, second] = storage.stored();
    assert.equal(storage.map.size, 2);
    assert.deepEqual(
      { ...first!, id: '' },
      { id: '', tournament: 't1', type: 'clock.pause', message: first!.message, createdAt: T0, role: 'td', sent: false },
    );
    assert.deepEqual(JSON.parse(first!.message), { type: 'command', id: first!.id, tournament: 't1', command: { type: 'clock.pause', id: first!.id } });
    assert.equal(second!.subject, 'Anna');
    assert.ok(storage.map.has(PENDING_KEY_PREFIX + first!.id), 'one key per command');

    p.link.online = true;
    p.queue.sendAll();
    assert.deepEqual(storage.stored().map((c) => c.sent), [true, true], 'marked as maybe applied once sent');
    p.queue.answer(first!.id, ok(4));
    p.queue.answer(second!.id, { ok: false, error: { code: 'invalid-busts', message: 'Anna is already out.' } });
    assert.deepEqual(await paused, ok(4));
    assert.equal((await bust).ok, false);
    assert.equal(storage.map.size, 0, 'answered commands are forgotten');
    assert.deepEqual(p.counts, [1, 2, 1, 0]);
  });

  it('restores on the next page the young commands of the same role, with their ids, counted as pending', async () => {
    const storage = new FakeStorage();
    const clock = { now: T0 };
    const before = page(storage, clock);
    before.queue.keepIn(before.store, 'td');
    void before.queue.add('t1', { type: 'clock.pause' }, false);
    void before.queue.add('t2', { type: 'entry.add', name: 'Bram' }, false, 'Bram');
    const ids = storage.stored().map((c) => c.id);

    // The tab is discarded; a new page opens 14 minutes later, still offline.
    clock.now = T0 + 14 * MIN;
    const after = page(storage, clock);
    const restored = after.queue.keepIn(after.store, 'td');
    assert.deepEqual(
      restored.map((r) => r.command),
      [
        { id: ids[0], tournament: 't1', type: 'clock.pause', createdAt: T0, sent: false },
        { id: ids[1], tournament: 't2', type: 'entry.add', createdAt: T0, subject: 'Bram', sent: false },
      ],
    );
    assert.equal(after.queue.size, 2);
    assert.deepEqual(after.counts, [2], 'the pending indicator counts them');
    assert.equal(after.sent.length, 0, 'offline: nothing sent yet');

    after.link.online = true;
    after.queue.sendAll();
    assert.deepEqual(
      after.sent.map((m) => [m.id, m.command.id, m.tournament]),
      [
        [ids[0], ids[0], 't1'],
        [ids[1], ids[1], 't2'],
      ],
    );
    after.queue.answer(ids[0], ok(9));
    assert.deepEqual(await restored[0]!.answer, ok(9), 'the answer reaches the new page');
    assert.deepEqual(after.queue.keepIn(after.store, 'td'), [], 'keeping again restores nothing twice');
    assert.equal(after.queue.size, 1);
  });

  it('drops and reports stored commands older than the limit, whoever made them; leaves young ones of another role alone', () => {
    const storage = new FakeStorage();
    const clock = { now: T0 };
    const floor = page(storage, clock);
    floor.queue.keepIn(floor.store, 'floor');
    void floor.queue.add('t1', { type: 'seat.move', entryId: 'e1', tableId: 'a', seat: 2 }, false);
    clock.now = T0 + 10 * MIN;
    const td = page(storage, clock, true);
    td.queue.keepIn(td.store, 'td');
    void td.queue.add('t1', { type: 'clock.pause' }, true); // sent, then the tab is lost

    clock.now = T0 + PENDING_MAX_AGE_MS + 1;
    const nextFloor = page(storage, clock, true);
    assert.deepEqual(nextFloor.queue.keepIn(nextFloor.store, 'floor'), [], 'its own is too old, the young one is the TD’s');
    assert.deepEqual(
      nextFloor.expired.map((list) => list.map((c) => [c.type, c.sent])),
      [[['seat.move', false]]],
    );
    assert.equal(nextFloor.sent.length, 0, 'neither is sent');
    assert.deepEqual(
      storage.stored().map((c) => [c.type, c.role]),
      [['clock.pause', 'td']],
      'the TD’s command waits for the TD',
    );

    clock.now = T0 + 10 * MIN + PENDING_MAX_AGE_MS + 1;
    const later = page(storage, clock, true);
    later.queue.keepIn(later.store, 'floor');
    assert.deepEqual(
      later.expired.map((list) => list.map((c) => [c.type, c.sent])),
      [[['clock.pause', true]]],
      'too old: reported even to another role, as sent (maybe applied)',
    );
    assert.equal(storage.map.size, 0);
  });

  it('does not send a command that waited in memory longer than the limit: it resolves `expired`', async () => {
    const storage = new FakeStorage();
    const clock = { now: T0 };
    const p = page(storage, clock);
    p.queue.keepIn(p.store, 'td');
    const paused = p.queue.add('t1', { type: 'clock.pause' }, false);
    clock.now = T0 + PENDING_MAX_AGE_MS; // exactly at the limit: still sent
    const young = p.queue.add('t1', { type: 'clock.resume' }, false);
    clock.now = T0 + PENDING_MAX_AGE_MS + 1;
    p.link.online = true;
    p.queue.sendAll();
    assert.deepEqual(
      p.sent.map((m) => m.command.type),
      ['clock.resume'],
    );
    const answer = await paused;
    assert.equal(!answer.ok && answer.error.code, 'expired');
    assert.deepEqual(
      p.expired.map((list) => list.map((c) => c.type)),
      [['clock.pause']],
    );
    assert.deepEqual(
      storage.stored().map((c) => c.type),
      ['clock.resume'],
    );
    p.queue.answer(p.sent[0]!.id, ok(1));
    assert.deepEqual(await young, ok(1));
  });

  it('falls back to memory when storage throws (private mode, full) or does not exist, and never throws', async () => {
    const storage = new FakeStorage();
    storage.failing = true;
    for (const s of [storage, null]) {
      const p = page(s, { now: T0 });
      assert.deepEqual(p.queue.keepIn(p.store, 'td'), []);
      const answer = p.queue.add('t1', { type: 'clock.start' }, false);
      assert.equal(p.queue.size, 1);
      p.link.online = true;
      p.queue.sendAll();
      assert.equal(p.sent.length, 1, 'still sent from memory');
      p.queue.answer(p.sent[0]!.id, ok(1));
      assert.deepEqual(await answer, ok(1));
    }
    assert.equal(new PendingStore(storage).put({} as StoredCommand), false);
    assert.deepEqual(new PendingStore(storage).all(), []);
  });

  it('forgets discarded commands, but closing the page keeps them for the next one', async () => {
    const storage = new FakeStorage();
    const p = page(storage, { now: T0 });
    p.queue.keepIn(p.store, 'td');
    const a = p.queue.add('t1', { type: 'clock.pause' }, false);
    assert.equal(p.queue.failAll({ code: 'connection-closed', message: 'closed' }, true), 1);
    assert.equal(((await a) as { error: { code: string } }).error.code, 'connection-closed');
    assert.equal(storage.map.size, 1, 'kept for the next page');

    const next = page(storage, { now: T0 + MIN });
    assert.equal(next.queue.keepIn(next.store, 'td').length, 1);
    assert.equal(next.queue.failAll({ code: 'discarded', message: 'discarded' }), 1);
    assert.equal(storage.map.size, 0, 'the TD discarded it: gone for good');
  });

  it('removes unreadable entries and ignores other keys', () => {
    const storage = new FakeStorage();
    storage.setItem('riffle.control.tournament', 't1');
    storage.setItem(`${PENDING_KEY_PREFIX}x`, '{not json');
    storage.setItem(`${PENDING_KEY_PREFIX}y`, JSON.stringify({ id: 'y', tournament: 't1' }));
    const good: StoredCommand = { id: 'z', tournament: 't1', type: 'clock.pause', message: '{}', createdAt: T0, role: 'td', sent: false };
    storage.setItem(`${PENDING_KEY_PREFIX}z`, JSON.stringify(good));
    storage.setItem(`${PENDING_KEY_PREFIX}w`, JSON.stringify({ ...good, id: 'not-w' }));
    assert.deepEqual(new PendingStore(storage).all(), [good]);
    assert.deepEqual([...storage.map.keys()], ['riffle.control.tournament', `${PENDING_KEY_PREFIX}z`]);
  });
});
