/**
 * Durability, on both dialects (the embedded SQLite and PostgreSQL: test/helpers/dialects.ts):
 * nothing acknowledged is lost across a restart or a SIGKILL, the state equals a fresh replay of
 * the command log, and a running clock is exactly where it would have been.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { replay } from '../../server/engine/replay.js';
import { sampleTournament } from '../../server/sample.js';
import { ManualTime, startTestServer, TEST_ADMIN_TOKEN } from '../helpers/server.js';
import { DIALECTS, dialects, stored, type Storage } from '../helpers/dialects.js';

const MIN = 60_000;
const storage = dialects();

/** The log as stored has every command up to the tournament's seq, and replays to `state`. */
async function assertLogReplays(at: Storage, tournament: string, state?: unknown) {
  const t = await stored(at, tournament);
  assert.equal(t.log.length, t.seq);
  const replayed = replay(t.origin, t.log);
  if (state !== undefined) assert.deepEqual(replayed, state, 'the state equals a fresh replay of the stored log');
  return { seq: t.seq, state: replayed };
}

for (const dialect of DIALECTS) {
  describe(`restart (${dialect})`, () => {
    it('reloads every tournament; the clock lands where it would have been while the server was down', async () => {
      const at = await storage(dialect);
      try {
        const time = new ManualTime();
        let server = await startTestServer({ time, ...at });
        const id = await server.createTournament();
        await server.command(id, { type: 'clock.start' });
        time.advance(5 * MIN);
        await server.command(id, { type: 'clock.adjust', seconds: -120 }); // level 1 now ends at 18:00
        const endsAt = server.riffle.registry.get(id)!.state.clock.endsAt!;
        await server.close();

        // Down for 70 minutes (now +75): level 1 ended at +18, level 2 at +38, level 3 at +58;
        // level 4 (index 3) runs until +78.
        time.advance(70 * MIN);
        server = await startTestServer({ time, ...at });
        const clock = server.riffle.registry.get(id)!.view('clock');
        assert.equal(clock.status, 'running');
        assert.equal(clock.current.index, 3);
        assert.equal(clock.endsAt, endsAt + 60 * MIN);
        const state = server.riffle.registry.get(id)!.state;
        await server.close();
        await assertLogReplays(at, id, state);
      } finally {
        at.done();
      }
    });
  });
}

function startChild(at: Storage): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', RIFFLE_DATA: at.dataDir, RIFFLE_ADMIN_TOKEN: TEST_ADMIN_TOKEN, LOG_LEVEL: 'info', ...(at.databaseUrl ? { RIFFLE_DATABASE_URL: at.databaseUrl } : {}) },
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

for (const dialect of DIALECTS) {
  describe(`kill -9 (${dialect})`, () => {
    it('loses no acknowledged command and keeps a running clock exactly where it was', async () => {
      const at = await storage(dialect);
      let child: ChildProcess | undefined;
      try {
        let started = await startChild(at);
        child = started.child;
        const auth = { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
        // The sample tournament on SQLite; PostgreSQL starts with none (one is made).
        if (at.databaseUrl) assert.equal((await fetch(`${started.url}/api/tournaments`, { method: 'POST', headers: auth, body: JSON.stringify(sampleTournament()) })).status, 201);
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

        const before = await assertLogReplays(at, id);
        const endsAt = before.state.clock.endsAt;
        started = await startChild(at);
        child = started.child;
        // On PostgreSQL the new process takes the tournament over once the killed one's lease ran out.
        const deadline = Date.now() + 10_000;
        while ((await fetch(`${started.url}/api/tournaments/${id}`)).status !== 200) {
          assert.ok(Date.now() < deadline, 'the tournament is served again within 10 s');
          await new Promise((r) => setTimeout(r, 50));
        }
        // Every acknowledged id is in the log with the seq it was acknowledged with.
        for (const [commandId, seq] of acked) {
          const again = await send({ type: 'clock.adjust', id: commandId, seconds: 1 });
          assert.deepEqual(again, { ok: true, seq }, commandId);
        }
        const state = (await (await fetch(`${started.url}/api/tournaments/${id}`)).json()) as any;
        assert.equal(state.state.clock.status, 'running');
        assert.equal(state.state.clock.endsAt, endsAt, 'the level ends at the same server time as before the kill');
        assert.equal(state.seq, before.seq, 'the retries of acknowledged ids added nothing');
      } finally {
        child?.kill('SIGKILL');
        at.done();
      }
    });
  });
}
