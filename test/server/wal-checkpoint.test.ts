/**
 * SQLite's WAL checkpoints run in a worker thread (wal-checkpointer.ts), not inside a commit:
 * while the worker is not asked, the log's pages stay in the WAL and the database file does not
 * grow; a request copies all of them; a worker that cannot run leaves the database to make its
 * own checkpoints, and says so once.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../db/client.js';
import { Registry } from '../../server/host/registry.js';
import { Store } from '../../server/host/store.js';
import type { HostListener } from '../../server/host/tournament-host.js';
import { WalCheckpointer } from '../../server/host/wal-checkpointer.js';
import { sampleTournament } from '../../server/sample.js';
import { osSeeds, systemTime } from '../../server/time.js';

const MB = 1024 * 1024;

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'riffle-walcp-'));
  const path = join(dir, 'riffle.db');
  const db = openDb(path);
  const store = new Store(db);
  const listener: HostListener = { change() {}, delayChanged() {}, error() {} };
  const registry = new Registry(store, systemTime(), listener, osSeeds);
  const host = registry.create(sampleTournament());
  /** Writes about `mb` MB into the WAL (parts of a checkpoint, as a 10,000-entry state makes). */
  const write = (mb: number) => {
    for (let i = 0; i < mb * 4; i++) store.checkpoints.writePart(host.id, 1_000_000 + i, 0, 'x'.repeat(MB / 4));
    store.checkpoints.dropParts(host.id, 0);
  };
  const done = () => {
    registry.close();
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { path, db, store, write, done };
}

describe('WAL checkpoints in a worker', () => {
  it('commits leave the pages in the WAL; a request copies every one of them into the database', async () => {
    const { path, store, write, done } = setup();
    const errors: string[] = [];
    const checkpointer = new WalCheckpointer(path, (m) => errors.push(m));
    try {
      assert.equal(store.checkpointWalIn(checkpointer), true);
      const before = statSync(path).size;
      // 6 MB: past the 1,000 pages (4 MB) at which a commit would have copied them by default.
      write(6);
      assert.ok(statSync(`${path}-wal`).size > 6 * MB, 'in the WAL');
      assert.ok(statSync(path).size - before < MB, `the database file did not grow (${statSync(path).size - before} bytes)`);
      const result = await checkpointer.request();
      assert.ok(result, 'a checkpoint ran');
      assert.equal(result.busy, 0);
      assert.ok(result.log > 1_500, `the WAL's pages (${result.log})`);
      assert.equal(result.checkpointed, result.log, 'all of them copied');
      assert.ok(statSync(path).size - before > 6 * MB, 'now in the database file');
      assert.deepEqual(errors, []);
    } finally {
      await checkpointer.close();
      done();
    }
  });

  it('a worker that cannot open the database: said once, and requests answer null', async () => {
    const { path, store, done } = setup();
    const errors: string[] = [];
    // A folder where the database should be: the worker's connection fails.
    const checkpointer = new WalCheckpointer(join(path, '..'), (m) => errors.push(m));
    try {
      store.checkpointWalIn(checkpointer);
      assert.equal(await checkpointer.request(), null);
      assert.equal(await checkpointer.request(), null);
      assert.equal(errors.length, 1, `said once: ${errors.join(' | ')}`);
      // The store's own checkpoint bounds the WAL again (SAFETY_PAGES) and commits go on.
      assert.equal(Number(store.db.$client.pragma('wal_autocheckpoint', { simple: true })), 4_096);
    } finally {
      await checkpointer.close();
      done();
    }
  });
});
