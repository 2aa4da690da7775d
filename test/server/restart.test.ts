/**
 * Durability: nothing acknowledged is lost across a restart or a SIGKILL, the state equals a
 * fresh replay of the command log, and a running clock is exactly where it would have been.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../db/client.js';
import { Store } from '../../server/host/store.js';
import { replay } from '../../server/engine/replay.js';
import { ManualTime, startTestServer, TEST_ADMIN_TOKEN } from '../helpers/server.js';

const MIN = 60_000;

function assertLogReplays(dataDir: string, tournament: string) {
  const db = openDb(join(dataDir, 'riffle.db'));
  try {
    const store = new Store(db);
    const stored = store.loadTournaments().find((t) => t.id === tournament)!;
    const log = store.log(tournament);
    assert.equal(log.length, stored.seq);
    assert.deepEqual(replay(stored.origin, log), stored.state, 'stored state equals a fresh replay of the log');
    return { stored, log };
  } finally {
    db.$client.close();
  }
}

describe('restart', () => {
  it('reloads every tournament; the clock lands where it would have been while the server was down', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-restart-'));
    try {
      const time = new ManualTime();
      let server = await startTestServer({ time, dataDir });
      const id = await server.createTournament();
      await server.command(id, { type: 'clock.start' });
      time.advance(5 * MIN);
      await server.command(id, { type: 'clock.adjust', seconds: -120 }); // level 1 now ends at 18:00
      const endsAt = server.riffle.registry.get(id)!.state.clock.endsAt!;
      await server.close();

      // Down for 70 minutes (now +75): level 1 ended at +18, level 2 at +38, level 3 at +58;
      // level 4 (index 3) runs until +78.
      time.advance(70 * MIN);
      server = await startTestServer({ time, dataDir });
      const clock = server.riffle.registry.get(id)!.view('clock');
      assert.equal(clock.status, 'running');
      assert.equal(clock.current.index, 3);
      assert.equal(clock.endsAt, endsAt + 60 * MIN);
      await server.close();
      assertLogReplays(dataDir, id);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

function startChild(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', RIFFLE_DATA: dataDir, RIFFLE_ADMIN_TOKEN: TEST_ADMIN_TOKEN, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true, // no terminal: the banner is not shown, the log says where it listens
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "Riffle is running" log line in 30 s:\n${out}`)), 30_000);
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      const m = /"port":(\d+)[^\n]*"msg":"Riffle is running"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${m[1]}` });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited early (${code})`));
    });
  });
}

describe('kill -9', () => {
  it('loses no acknowledged command and keeps a running clock exactly where it was', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-kill-'));
    let child: ChildProcess | undefined;
    try {
      let started = await startChild(dataDir);
      child = started.child;
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
      const list = (await (await fetch(`${started.url}/api/tournaments`)).json()) as { tournaments: Array<{ id: string }> };
      const id = list.tournaments[0]!.id;
      const send = (command: object) =>
        fetch(`${started.url}/api/tournaments/${id}/commands`, { method: 'POST', headers: auth, body: JSON.stringify(command) }).then(
          async (r) => (await r.json()) as { ok: boolean; seq: number },
        );
      assert.equal((await send({ type: 'clock.start', id: 'k-start' })).ok, true);
      // Fire a burst of commands and kill the server while they are in flight, once a few are acknowledged.
      const acked = new Map<string, number>();
      let firstAcks!: () => void;
      const someAcked = new Promise<void>((r) => (firstAcks = r));
      const inflight = Array.from({ length: 60 }, (_, i) =>
        send({ type: 'clock.adjust', id: `k-${i}`, seconds: i % 2 ? 1 : -1 })
          .then((a) => {
            if (a.ok) acked.set(`k-${i}`, a.seq);
            if (acked.size >= 5) firstAcks();
          })
          .catch(() => undefined),
      );
      await someAcked;
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGKILL');
      await Promise.all([exited, ...inflight]);
      assert.ok(acked.size > 0, 'some commands were acknowledged before the kill');

      const before = assertLogReplays(dataDir, id);
      const endsAt = before.stored.state.clock.endsAt;
      started = await startChild(dataDir);
      child = started.child;
      // Every acknowledged id is in the log with the seq it was acknowledged with.
      for (const [commandId, seq] of acked) {
        const again = await send({ type: 'clock.adjust', id: commandId, seconds: 1 });
        assert.deepEqual(again, { ok: true, seq }, commandId);
      }
      const state = (await (await fetch(`${started.url}/api/tournaments/${id}`)).json()) as any;
      assert.equal(state.state.clock.status, 'running');
      assert.equal(state.state.clock.endsAt, endsAt, 'the level ends at the same server time as before the kill');
      assert.equal(state.seq, before.stored.seq, 'the retries of acknowledged ids added nothing');
    } finally {
      child?.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
