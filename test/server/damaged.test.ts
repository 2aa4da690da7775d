/**
 * Damaged files (issue: hostile Wi-Fi, full disks and damaged files): a stored state that does
 * not parse, was edited outside Riffle or has another format version is rebuilt from the
 * command log; a tournament whose log is unreadable is set aside and listed with the reason
 * while the others run; the log records the engine version; the online backup is consistent;
 * acknowledged commands lost with a deleted WAL are noticed (the high-water mark, seq-mark.ts).
 */
import { ENGINE_VERSION } from '../../server/engine/version.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { api, freePort, startServerProcess } from '../../bench/lib/server-process.js';
import { SEQ_MARK_FILE } from '../../server/host/seq-mark.js';
import { sampleTournament } from '../../server/sample.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualTime, startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';

async function played(server: TestServer): Promise<string> {
  const id = await server.createTournament();
  for (const name of ['Anna Jansen', 'Bo Berg', 'Cas de Wit']) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'chips.set', entryId: 'e1', chips: 31_000 });
  await server.ok(id, { type: 'entry.bust', entryIds: ['e3'] });
  return id;
}

async function publicState(server: TestServer, id: string) {
  const body = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as { seq: number; state: any };
  return { seq: body.seq, state: body.state };
}

describe('damaged files', () => {
  it('rebuilds a state that does not parse, was edited, or has another version; sets aside one whose log is unreadable', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-damaged-'));
    const time = new ManualTime();
    try {
      let server = await startTestServer({ time, dataDir });
      const broken = await played(server);
      const edited = await played(server);
      const versioned = await played(server);
      const lost = await played(server);
      const healthy = await played(server);
      const before = { broken: await publicState(server, broken), edited: await publicState(server, edited), versioned: await publicState(server, versioned) };
      await server.close();

      const db = new Database(join(dataDir, 'riffle.db'));
      // Each checkpoint here is small: one part (checkpoint_parts) holds all of its JSON.
      db.prepare('UPDATE checkpoint_parts SET json = substr(json, 1, 100) WHERE tournament_id = ?').run(broken);
      const row = db.prepare('SELECT json FROM checkpoint_parts WHERE tournament_id = ?').get(edited) as { json: string };
      const tampered = JSON.parse(row.json);
      tampered.entries.entries[0].chips = 999_999; // Anna's stack, edited by hand
      db.prepare('UPDATE checkpoint_parts SET json = ? WHERE tournament_id = ?').run(JSON.stringify(tampered), edited);
      const old = JSON.parse((db.prepare('SELECT json FROM checkpoint_parts WHERE tournament_id = ?').get(versioned) as { json: string }).json);
      db.prepare('UPDATE checkpoint_parts SET json = ? WHERE tournament_id = ?').run(JSON.stringify({ ...old, v: 99 }), versioned);
      db.prepare('UPDATE checkpoints SET hash = NULL WHERE tournament_id = ?').run(versioned);
      db.prepare("UPDATE checkpoint_parts SET json = '{' WHERE tournament_id = ?").run(lost);
      db.prepare("UPDATE commands SET args = '{not json' WHERE tournament_id = ? AND seq = 2").run(lost);
      db.close();

      server = await startTestServer({ time, dataDir });
      assert.deepEqual(await publicState(server, broken), before.broken, 'a state that does not parse: rebuilt from the log');
      assert.deepEqual(await publicState(server, edited), before.edited, 'an edited state: rebuilt, the edit is gone');
      assert.equal((await publicState(server, edited)).state.players.entries[0].chips, 31_000);
      assert.deepEqual(await publicState(server, versioned), before.versioned, 'another format version: rebuilt');
      const list = (await (await fetch(`${server.url}/api/tournaments`)).json()) as { tournaments: Array<{ id: string }>; unavailable: Array<{ id: string; reason: string }> };
      assert.deepEqual(list.tournaments.map((t) => t.id).sort(), [broken, edited, versioned, healthy].sort(), 'the others run');
      assert.equal(list.unavailable.length, 1);
      assert.equal(list.unavailable[0]!.id, lost);
      assert.match(list.unavailable[0]!.reason, /not valid JSON.*command log cannot be read/);
      assert.equal((await fetch(`${server.url}/api/tournaments/${lost}`)).status, 404);
      // The healthy one still takes commands; the repaired rows are stored again with their hash.
      await server.ok(healthy, { type: 'chips.set', entryId: 'e2', chips: 12_000 });
      await server.ok(edited, { type: 'chips.set', entryId: 'e2', chips: 12_000 });
      await server.close();
      server = await startTestServer({ time, dataDir });
      assert.equal((await publicState(server, edited)).state.players.entries[1].chips, 12_000);
      await server.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('records the engine version with every command; a log from a newer Riffle is never replayed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-engine-'));
    try {
      let server = await startTestServer({ dataDir });
      const id = await played(server);
      await server.close();
      const db = new Database(join(dataDir, 'riffle.db'));
      const engines = db.prepare('SELECT DISTINCT engine FROM commands WHERE tournament_id = ?').all(id) as Array<{ engine: number }>;
      assert.deepEqual(engines, [{ engine: ENGINE_VERSION }]);
      db.prepare('UPDATE commands SET engine = ? WHERE tournament_id = ? AND seq = 3').run(ENGINE_VERSION + 1, id);
      db.prepare("UPDATE checkpoint_parts SET json = 'x' WHERE tournament_id = ?").run(id);
      db.close();
      server = await startTestServer({ dataDir });
      const list = (await (await fetch(`${server.url}/api/tournaments`)).json()) as { unavailable: Array<{ id: string; reason: string }> };
      assert.match(list.unavailable[0]!.reason, new RegExp(`newer Riffle \\(engine ${ENGINE_VERSION + 1}; this server runs ${ENGINE_VERSION}\\)`));
      await server.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('GET /api/backup: the TD gets a consistent copy with every acknowledged command; others are refused', async () => {
    const server = await startTestServer();
    const dir = mkdtempSync(join(tmpdir(), 'riffle-backup-test-'));
    try {
      const id = await played(server);
      const seq = (await publicState(server, id)).seq;
      assert.equal((await fetch(`${server.url}/api/backup`)).status, 401);
      const pair = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: TEST_PINS.floor }) });
      const floor = pair.headers.get('set-cookie')!.split(';')[0]!;
      assert.equal((await fetch(`${server.url}/api/backup`, { headers: { cookie: floor } })).status, 403);
      const res = await fetch(`${server.url}/api/backup`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="riffle-.*\.db"/);
      const file = join(dir, 'copy.db');
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const copy = new Database(file, { readonly: true });
      const stored = copy.prepare('SELECT seq FROM tournaments WHERE id = ?').get(id) as { seq: number };
      const logged = copy.prepare('SELECT COUNT(*) AS n FROM commands WHERE tournament_id = ?').get(id) as { n: number };
      copy.close();
      assert.equal(stored.seq, seq);
      assert.equal(logged.n, seq, 'every acknowledged command is in the copy');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a WAL deleted after a kill -9: the acknowledged commands it took are noticed, logged and reported (how many at least)', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-lost-wal-'));
    const file = join(dataDir, 'riffle.db');
    const port = await freePort();
    let server = await startServerProcess({ port, dataDir, sample: false, env: { LOG_LEVEL: 'info' } });
    try {
      const created = await api(server.url, 'POST', '/api/tournaments', { ...sampleTournament(), name: 'Thursday Deepstack' });
      assert.equal(created.status, 201);
      const id = created.body.id as string;
      const add = async (i: number) => {
        const answer = await api(server.url, 'POST', `/api/tournaments/${id}/commands`, { type: 'entry.add', name: `Player ${i}` });
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
      };
      for (let i = 1; i <= 5; i++) await add(i);
      // Commands 1-5 copied into riffle.db (as SQLite's WAL checkpoints do from time to time)...
      const other = new Database(file);
      const [copied] = other.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
      other.close();
      assert.equal(copied!.busy, 0);
      // ...12 more only in riffle.db-wal, acknowledged.
      for (let i = 6; i <= 17; i++) await add(i);
      // The mark is written within a second; wait until it names command 17.
      const markPath = join(dataDir, SEQ_MARK_FILE);
      const deadline = Date.now() + 10_000;
      while (!(existsSync(markPath) && JSON.parse(readFileSync(markPath, 'utf8')).tournaments[id]?.seq === 17)) {
        assert.ok(Date.now() < deadline, 'the mark names command 17 within 10 s');
        await new Promise((r) => setTimeout(r, 50));
      }
      await server.kill('SIGKILL');
      rmSync(`${file}-wal`);
      rmSync(`${file}-shm`, { force: true });

      server = await startServerProcess({ port, dataDir, sample: false, env: { LOG_LEVEL: 'info' } });
      const health = (await api(server.url, 'GET', '/healthz')).body;
      assert.equal(health.storage.lostCommands.length, 1);
      const lost = health.storage.lostCommands[0];
      assert.deepEqual(
        { tournament: lost.tournament, name: lost.name, logSeq: lost.logSeq, markSeq: lost.markSeq, missing: lost.missing, gone: lost.gone },
        { tournament: id, name: 'Thursday Deepstack', logSeq: 5, markSeq: 17, missing: 12, gone: false },
      );
      const list = (await api(server.url, 'GET', '/api/tournaments')).body;
      assert.deepEqual(list.lostCommands, health.storage.lostCommands, 'the TD\'s tournament list says it too');
      assert.equal(list.tournaments[0].seq, 5, 'the tournament runs on from what is left');
      const logged = server.output().split('\n').filter((line) => line.includes('acknowledged commands are missing'));
      assert.equal(logged.length, 1);
      assert.equal(JSON.parse(logged[0]!).level, 50, 'logged as an error');
      assert.match(JSON.parse(logged[0]!).msg, /at least 12 lost/);
    } finally {
      await server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
