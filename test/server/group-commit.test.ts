/**
 * Group commit (Store.commitSoon / durable): the HTTP and WebSocket paths commit a command at
 * once and answer it after an fsync of the WAL that every command committed meanwhile shares;
 * the fsync runs off the event loop. A command committed while an fsync runs waits for the
 * next one; an fsync that fails is an answer of storage-unavailable, and the command, which was
 * made, answers the same id again. (That the answer never comes before the fsync over the real
 * server is in the crash harness: an acknowledged command is never lost to a kill -9.)
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fsync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../db/client.js';
import { Registry } from '../../server/host/registry.js';
import { Store } from '../../server/host/store.js';
import type { HostListener } from '../../server/host/tournament-host.js';
import { sampleTournament } from '../../server/sample.js';
import { osSeeds, systemTime } from '../../server/time.js';

const TD = { role: 'td' as const, id: 'admin' };

function setup(sync?: (fd: number, done: (err: NodeJS.ErrnoException | null) => void) => void, partChars?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'riffle-group-'));
  const db = openDb(join(dir, 'riffle.db'));
  const store = new Store(db, partChars, sync ? { fsync: sync } : {});
  const errors: string[] = [];
  const listener: HostListener = { change() {}, delayChanged() {}, error: (err) => void errors.push(err instanceof Error ? err.message : String(err)) };
  const registry = new Registry(store, systemTime(), listener, osSeeds);
  const host = registry.create(sampleTournament());
  const done = () => {
    registry.close();
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { db, store, host, errors, done };
}

/** An fsync held until the test lets it go: `release()` runs the oldest one for real. */
function heldFsync() {
  const held: Array<() => void> = [];
  return {
    held,
    sync: (fd: number, done: (err: NodeJS.ErrnoException | null) => void) => void held.push(() => fsync(fd, done)),
    release: () => held.shift()!(),
  };
}

describe('group commit', () => {
  it('a checkpoint is synced behind its writer, a step at a time: the next command waits for its own fsync only', async () => {
    // Parts of 2,000 characters: the sample tournament's state makes several.
    const { store, host, done } = setup(undefined, 2_000);
    try {
      for (let i = 0; i < 30; i++) host.dispatch({ type: 'entry.add', name: `P${i}` }, TD);
      const writer = store.beginCheckpoint(host.id, host.seq, host.state);
      let steps = 0;
      while (!writer.step(Infinity)) steps++;
      assert.ok(steps >= 3, `a checkpoint of several steps (${steps})`);
      await store.durable();
      const behind = store.syncs;
      assert.ok(behind >= 1, 'the checkpoint was synced without a command asking');
      host.dispatch({ type: 'entry.add', name: 'Late' }, TD, 'group');
      assert.equal(await host.durable(), true);
      assert.equal(store.syncs, behind + 1, 'the command has one fsync of its own, after the checkpoint\'s');
    } finally {
      done();
    }
  });

  it('commands committed in one turn share one fsync, and are in the log before it', async () => {
    const { store, host, done } = setup();
    try {
      const answers = ['A', 'B', 'C'].map((name) => host.dispatch({ type: 'entry.add', name }, TD, 'group'));
      assert.deepEqual(answers.map((a) => a.status), [200, 200, 200]);
      assert.deepEqual(store.log(host.id).map((r) => r.type), ['entry.add', 'entry.add', 'entry.add'], 'committed at once');
      assert.equal(store.syncs, 0, 'no fsync yet: nobody has asked for one');
      const confirmed = await Promise.all(answers.map((a) => a.durable()));
      assert.deepEqual(confirmed, answers.map(({ status, answer }) => ({ status, answer })), 'each answer as committed, once on disk');
      assert.equal(store.syncs, 1, 'one fsync for the three');
      assert.equal(await host.durable(), true);
      assert.equal(store.syncs, 1, 'nothing new committed: no fsync needed');
    } finally {
      done();
    }
  });

  it('a command committed while an fsync runs waits for the next one', async () => {
    const f = heldFsync();
    const { store, host, done } = setup(f.sync);
    try {
      host.dispatch({ type: 'entry.add', name: 'A' }, TD, 'group');
      let aSaved = false;
      let bSaved = false;
      const a = host.durable().then((ok) => (aSaved = ok));
      assert.equal(f.held.length, 1, 'the first fsync started');
      host.dispatch({ type: 'entry.add', name: 'B' }, TD, 'group');
      const b = host.durable().then((ok) => (bSaved = ok));
      assert.equal(f.held.length, 1, 'B waits: one fsync at a time');
      f.release();
      await a;
      assert.equal(aSaved, true);
      assert.equal(f.held.length, 1, 'the fsync for B started when the first ended');
      assert.equal(bSaved, false, 'B is not answered by the fsync that began before it was committed');
      f.release();
      await b;
      assert.equal(bSaved, true);
      assert.equal(store.syncs, 2);
    } finally {
      done();
    }
  });

  it('an fsync that fails: the answer says so (logged); the same id again answers the command, which was made', async () => {
    let fail = true;
    const { store, host, errors, done } = setup((fd, cb) => (fail ? queueMicrotask(() => cb(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }))) : fsync(fd, cb)));
    try {
      const first = host.dispatch({ type: 'entry.add', id: 'reg-1', name: 'A' }, TD, 'group');
      assert.equal(first.status, 200);
      const unsynced = await first.durable();
      assert.equal(unsynced.status, 503);
      assert.equal(unsynced.answer.ok ? '' : unsynced.answer.error.code, 'storage-unavailable');
      assert.match(errors.join('\n'), /EIO/);
      fail = false;
      const again = host.dispatch({ type: 'entry.add', id: 'reg-1', name: 'A' }, TD, 'group');
      assert.deepEqual(again.answer, first.answer, 'the earlier answer, not a second entry');
      assert.deepEqual(await again.durable(), { status: 200, answer: first.answer });
      assert.equal(store.syncs, 2, 'the failed fsync is tried again before the answer is confirmed');
      assert.equal(host.state.entries.entries.length, 1);
    } finally {
      done();
    }
  });
});
