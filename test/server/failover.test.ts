/**
 * Several Riffle processes on one PostgreSQL (docs/SCALING.md): each tournament is served by
 * one of them (its lease), another takes it over when the owner dies, nothing acknowledged is
 * lost, and two processes never both apply commands of one tournament. PostgreSQL unreachable
 * during play: commands answered storage-unavailable, never a crash, and the server goes on by
 * itself once it is back. A real PostgreSQL 15 on a loopback port (test/helpers/postgres.ts).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { within } from '../helpers/eventually.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startServerProcess, BENCH_ADMIN_TOKEN, type ServerProcess } from '../../bench/lib/server-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

let postgres: TestPostgres;
before(async () => {
  postgres = await startPostgres();
});
after(() => postgres?.destroy());


async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}


describe('two processes on one PostgreSQL', () => {
  it('kill -9 of the owner: the other takes the tournament over within 5 s and loses no acknowledged command', async () => {
    const url = await postgres.database();
    const dirs = [mkdtempSync(join(tmpdir(), 'riffle-a-')), mkdtempSync(join(tmpdir(), 'riffle-b-'))];
    const procs: ServerProcess[] = [];
    try {
      const env = { RIFFLE_DATABASE_URL: url };
      const a = await startServerProcess({ port: await freePort(), dataDir: dirs[0]!, sample: false, env });
      procs.push(a);
      const b = await startServerProcess({ port: await freePort(), dataDir: dirs[1]!, sample: false, env });
      procs.push(b);
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };
      const created = await fetch(`${a.url}/api/tournaments`, { method: 'POST', headers, body: JSON.stringify((await import('../../server/sample.js')).sampleTournament()) });
      assert.equal(created.status, 201);
      const { id } = (await created.json()) as { id: string };
      const send = (server: ServerProcess, command: object) =>
        fetch(`${server.url}/api/tournaments/${id}/commands`, { method: 'POST', headers, body: JSON.stringify(command) }).then(async (r) => ({ status: r.status, body: (await r.json()) as { ok: boolean; seq: number } }));

      assert.equal((await send(a, { type: 'clock.start', id: 'f-start' })).status, 200);
      // B does not own it: it applies nothing (the tournament is not served there).
      const refused = await send(b, { type: 'clock.pause', id: 'f-on-b' });
      assert.notEqual(refused.status, 200);

      // A burst of commands to A, and A killed once a few are acknowledged.
      const acked = new Map<string, number>();
      let someAcked!: () => void;
      const five = new Promise<void>((r) => (someAcked = r));
      const inflight = Array.from({ length: 60 }, (_, i) =>
        send(a, { type: 'clock.adjust', id: `f-${i}`, seconds: i % 2 ? 1 : -1 })
          .then(({ status, body }) => {
            if (status === 200 && body.ok) acked.set(`f-${i}`, body.seq);
            if (acked.size >= 5) someAcked();
          })
          .catch(() => undefined),
      );
      await five;
      await a.kill('SIGKILL');
      const killedAt = Date.now();
      await Promise.all(inflight);
      assert.ok(acked.size >= 5);

      // B answers commands of the tournament again: the retry of an acknowledged id gets its answer.
      const [firstId, firstSeq] = [...acked][0]!;
      let last: unknown;
      const retried = await within(10_000, 'B answers again', async () => {
        const r = await send(b, { type: 'clock.adjust', id: firstId, seconds: 1 });
        last = r;
        return r.status === 200 ? r : undefined;
      }).catch((err: Error) => {
        throw new Error(`${err.message}; last answer ${JSON.stringify(last)}; B's log:\n${b.output().slice(-3000)}`);
      });
      const gap = Date.now() - killedAt;
      assert.deepEqual(retried.body, { ok: true, seq: firstSeq });
      assert.ok(gap < 5_000, `answered again after ${gap} ms`);
      for (const [commandId, seq] of acked) assert.deepEqual((await send(b, { type: 'clock.adjust', id: commandId, seconds: 1 })).body, { ok: true, seq }, commandId);

      // The log in PostgreSQL: one seq after another, every acknowledged id with its seq, nothing from B's refusal.
      const log = await query<{ seq: number; command_id: string }>(url, 'SELECT seq, command_id FROM commands WHERE tournament_id = $1 ORDER BY seq', [id]);
      log.forEach((row, i) => assert.equal(row.seq, i + 1));
      const bySeq = new Map(log.map((r) => [r.command_id, r.seq]));
      for (const [commandId, seq] of acked) assert.equal(bySeq.get(commandId), seq);
      assert.equal(bySeq.has('f-on-b'), false);
      const fresh = await send(b, { type: 'clock.pause', id: 'f-after' });
      assert.deepEqual(fresh.body, { ok: true, seq: log.length + 1 });
      const state = (await (await fetch(`${b.url}/api/tournaments/${id}`)).json()) as { state: { clock: { status: string } } };
      assert.equal(state.state.clock.status, 'paused');
    } finally {
      for (const p of procs) await p.kill('SIGKILL');
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });

  it('an owner whose lease was taken applies nothing more: its command is refused, the new owner goes on', async () => {
    const url = await postgres.database();
    const servers: TestServer[] = [];
    try {
      const a = await startTestServer({ databaseUrl: url });
      servers.push(a);
      const b = await startTestServer({ databaseUrl: url });
      servers.push(b);
      const id = await a.createTournament();
      await a.ok(id, { type: 'clock.start', id: 's-start' });
      assert.equal(b.riffle.registry.get(id), undefined);
      // A stalls (its lease runs out: set by hand) and B takes the tournament over.
      await within(10_000, 'B takes the tournament over', async () => {
        await query(url, 'UPDATE leases SET expires_at = 0 WHERE tournament_id = $1', [id]);
        await b.riffle.pg!.cluster!.round();
        return b.riffle.registry.get(id) ? true : undefined;
      });
      // A still has the tournament in memory; its command must not reach the log.
      const onA = await a.command(id, { type: 'clock.pause', id: 's-on-a' });
      assert.equal(onA.status, 503);
      assert.equal(onA.body.error.code, 'storage-unavailable');
      const rows = await query<{ command_id: string }>(url, 'SELECT command_id FROM commands WHERE tournament_id = $1 ORDER BY seq', [id]);
      assert.deepEqual(rows.map((r) => r.command_id), ['s-start']);
      // B goes on from the log as it is.
      assert.deepEqual((await b.command(id, { type: 'clock.pause', id: 's-on-b' })).body, { ok: true, seq: 2 });
      // A lets go of it at its next round.
      await a.riffle.pg!.cluster!.round();
      await a.riffle.pg!.cluster!.round();
      assert.equal(a.riffle.registry.get(id), undefined);
    } finally {
      for (const s of servers) await s.close();
    }
  });
});

describe('PostgreSQL unreachable', () => {
  it('at start: the server runs, says why, and answers commands storage-unavailable', async () => {
    const nobody = await freePort();
    const server = await startTestServer({ databaseUrl: `postgres://postgres@127.0.0.1:${nobody}/riffle` });
    try {
      const r = await server.command('abcdefghij', { type: 'clock.start', id: 'x' });
      assert.equal(r.status, 503);
      assert.equal(r.body.error.code, 'storage-unavailable');
      assert.match(r.body.error.message, /PostgreSQL/);
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    } finally {
      await server.close();
    }
  });

  it('during play: storage-unavailable, no crash; goes on by itself once it is back, nothing acknowledged lost', async () => {
    const url = await postgres.database();
    const server = await startTestServer({ databaseUrl: url });
    try {
      const id = await server.createTournament();
      assert.equal((await server.command(id, { type: 'clock.start', id: 'u-start' })).status, 200);
      const screen = await TestClient.connect(server.wsUrl);
      await screen.next('hello');
      screen.send({ type: 'subscribe', tournament: id, topics: ['clock'] });
      assert.equal((await screen.next('snapshot')).seq, 1);
      postgres.stop();
      const during = await server.command(id, { type: 'clock.pause', id: 'u-pause' });
      assert.equal(during.status, 503);
      assert.equal(during.body.error.code, 'storage-unavailable');
      const again = await server.command(id, { type: 'clock.pause', id: 'u-pause-2' });
      assert.equal(again.status, 503);
      assert.equal(again.body.error.code, 'storage-unavailable');
      postgres.start();
      const back = await within(15_000, 'commands answered again', async () => {
        const r = await server.command(id, { type: 'clock.pause', id: 'u-pause-3' });
        return r.status === 200 ? r : undefined;
      });
      // The log as PostgreSQL kept it: clock.start, then the pause that was answered.
      const rows = await query<{ seq: number; command_id: string }>(url, 'SELECT seq, command_id FROM commands WHERE tournament_id = $1 ORDER BY seq', [id]);
      assert.deepEqual(rows.map((r) => r.command_id), ['u-start', 'u-pause-3']);
      assert.equal(back.body.seq, 2);
      assert.equal(server.riffle.registry.get(id)!.state.clock.status, 'paused');
      // The screen saw the pause that PostgreSQL never saved; once loaded again from the log it
      // gets a snapshot of what the log holds: seq 1 (the clock running) then the saved pause as
      // a patch, or, when the snapshot is sent (in the bulk sender's slices) after u-pause-3 was
      // applied, seq 2 with the saved pause in it. Either way it ends where the log ends.
      const resync = await screen.next('snapshot');
      if (resync.seq === 1) {
        assert.equal(resync.state.clock?.status, 'running');
        const patch = await screen.next('patch', (m) => m.seq === 2);
        assert.equal(patch.changes.clock?.status, 'paused');
      } else {
        assert.equal(resync.seq, 2);
        assert.equal(resync.state.clock?.status, 'paused');
      }
      screen.close();
    } finally {
      await server.close();
    }
  });
});
