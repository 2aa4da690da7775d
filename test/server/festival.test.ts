/**
 * One festival on PostgreSQL: every host lists every tournament of the cluster with its owner
 * (server/host/summary.ts), its own from memory and the others' from the summaries their owners
 * write into PostgreSQL each round. Three in-process hosts on one real PostgreSQL 15; a standby
 * that owns nothing lists all; an archived one only with `?archived=1`; a host stopped: its
 * tournaments are listed with their new owner.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startRiffle, type Riffle } from '../../server/server.js';
import { sampleTournament } from '../../server/sample.js';
import { TEST_ADMIN_TOKEN, TEST_PINS } from '../helpers/server.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { eventually } from '../helpers/eventually.js';

let postgres: TestPostgres;
before(async () => {
  postgres = await startPostgres();
});
after(() => postgres?.destroy());

interface Host {
  riffle: Riffle;
  url: string;
  owner: string;
  close(): Promise<void>;
}
const started: Host[] = [];
afterEach(async () => {
  for (const h of started.splice(0)) await h.close().catch(() => {});
});

async function host(databaseUrl: string): Promise<Host> {
  const dataDir = mkdtempSync(join(tmpdir(), 'riffle-festival-'));
  const riffle = await startRiffle({ port: 0, hostname: '127.0.0.1', dataDir, databaseUrl, auth: { adminToken: TEST_ADMIN_TOKEN, pins: TEST_PINS }, sample: false, log: pino({ level: process.env.TEST_LOG ? 'debug' : 'silent' }) });
  let closed = false;
  const h: Host = {
    riffle,
    url: `http://127.0.0.1:${riffle.port}`,
    owner: riffle.pg!.store.owner,
    async close() {
      if (closed) return;
      closed = true;
      await riffle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  started.push(h);
  return h;
}

const admin = { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

async function create(h: Host, name: string): Promise<string> {
  const res = await fetch(`${h.url}/api/tournaments`, { method: 'POST', headers: admin, body: JSON.stringify({ ...sampleTournament(), name }) });
  assert.equal(res.status, 201);
  return ((await res.json()) as { id: string }).id;
}

interface Listed {
  id: string;
  name: string;
  status: string;
  seq: number;
  owner: string | null;
  archived: boolean;
}
async function list(h: Host, archived = false): Promise<Listed[]> {
  const res = await fetch(`${h.url}/api/tournaments${archived ? '?archived=1' : ''}`, { headers: admin });
  assert.equal(res.status, 200);
  return ((await res.json()) as { tournaments: Listed[] }).tournaments;
}
const brief = (ts: Listed[]) => ts.map((t) => ({ name: t.name, owner: t.owner, status: t.status }));

describe('one festival: every host lists every tournament of the cluster', () => {
  it('lists the others\' tournaments with their owners and state, on every host and on a standby', async () => {
    const url = await postgres.database();
    const a = await host(url);
    const b = await host(url);
    const c = await host(url);
    const main = await create(a, 'Main Event');
    await create(b, 'Turbo');
    const started = await fetch(`${a.url}/api/tournaments/${main}/commands`, { method: 'POST', headers: admin, body: JSON.stringify({ type: 'clock.start', id: 'f-start' }) });
    assert.equal(started.status, 200);
    const expected = [
      { name: 'Main Event', owner: a.owner, status: 'running' },
      { name: 'Turbo', owner: b.owner, status: 'idle' },
    ];
    for (const h of [a, b, c]) await eventually(() => list(h).then(brief), (got) => JSON.stringify(got) === JSON.stringify(expected), 10_000, `the list on ${h.owner}`);
  });

  it('an archived tournament of another host only with ?archived=1; a host stopped: its tournament listed with its new owner', async () => {
    const url = await postgres.database();
    const a = await host(url);
    const b = await host(url);
    const old = await create(a, 'Last Week');
    await create(a, 'Tonight');
    const archived = await fetch(`${a.url}/api/tournaments/${old}/commands`, { method: 'POST', headers: admin, body: JSON.stringify({ type: 'tournament.archive', id: 'f-arch' }) });
    assert.equal(archived.status, 200, await archived.text());
    await eventually(() => list(b, true).then((ts) => ts.map((t) => [t.name, t.archived])), (got) => JSON.stringify(got) === JSON.stringify([['Last Week', true], ['Tonight', false]]), 10_000, 'B lists both with ?archived=1');
    assert.deepEqual((await list(b)).map((t) => t.name), ['Tonight']);
    await a.close();
    await eventually(() => list(b, true).then((ts) => ts.map((t) => [t.name, t.owner])), (got) => JSON.stringify(got) === JSON.stringify([['Last Week', b.owner], ['Tonight', b.owner]]), 10_000, 'B owns and lists both after A stopped');
  });
});
