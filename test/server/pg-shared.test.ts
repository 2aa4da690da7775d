/**
 * What every host of one PostgreSQL shares besides the tournaments (issue 28): the PINs (the
 * first host's), the admin token's hash, the paired phones' sessions, the OBS settings and the
 * brandings. Two in-process servers on one database (each with its own data folder), a real
 * PostgreSQL 15 on a loopback port (test/helpers/postgres.ts).
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { within } from '../helpers/eventually.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { PNG } from 'pngjs';
import { startRiffle, type Riffle } from '../../server/server.js';
import { sampleTournament } from '../../server/sample.js';
import { SESSION_RECHECK_MS } from '../../server/auth/pg-auth-store.js';
import type { AuthOptions } from '../../server/auth/auth.js';
import { TEST_ADMIN_TOKEN, TEST_PINS } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';

let postgres: TestPostgres;
before(async () => {
  postgres = await startPostgres();
});
after(() => postgres?.destroy());

interface Host {
  riffle: Riffle;
  url: string;
  close(): Promise<void>;
}

const started: Host[] = [];
/** Each test's hosts are closed at its end. */
afterEach(async () => {
  for (const h of started.splice(0)) await h.close().catch(() => {});
});

async function host(databaseUrl: string, auth: AuthOptions): Promise<Host> {
  const dataDir = mkdtempSync(join(tmpdir(), 'riffle-shared-'));
  const riffle = await startRiffle({ port: 0, hostname: '127.0.0.1', dataDir, databaseUrl, auth, sample: false, log: pino({ level: process.env.TEST_LOG ? 'debug' : 'silent' }) });
  let closed = false;
  const h: Host = {
    riffle,
    url: `http://127.0.0.1:${riffle.port}`,
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


async function pair(h: Host, pin: string): Promise<{ status: number; cookie: string | null }> {
  const res = await fetch(`${h.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json', origin: h.url }, body: JSON.stringify({ pin }) });
  return { status: res.status, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? null };
}

async function roleOn(h: Host, cookie: string): Promise<string> {
  return ((await (await fetch(`${h.url}/api/auth/me`, { headers: { cookie } })).json()) as { role: string }).role;
}

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image);
}

describe('hosts of one PostgreSQL share the PINs, the sessions, the OBS settings and the brandings', () => {
  it('the first host\'s PINs hold on the second; a phone paired on A works on B; revoked on A (or signed out on B), it is refused on the other within two rechecks', async () => {
    const url = await postgres.database();
    // A generates its admin token; B proposes PINs of its own, which lose to A's.
    const a = await host(url, { pins: TEST_PINS });
    const b = await host(url, { pins: { td: '111111', floor: '222222', stream: '333333' } });
    assert.deepEqual(b.riffle.auth.pins, TEST_PINS, 'B shows the PINs A drew');
    assert.ok(a.riffle.auth.generatedAdminToken, 'A generated the admin token');
    assert.equal(b.riffle.auth.generatedAdminToken, null, 'B generated none: the stored one holds');
    assert.deepEqual(b.riffle.auth.bearer(a.riffle.auth.generatedAdminToken!), { role: 'td', id: 'admin' }, 'A\'s admin token works on B');
    assert.equal((await pair(b, '111111')).status, 401, 'B\'s own proposal is no PIN');

    const paired = await pair(a, TEST_PINS.td);
    assert.equal(paired.status, 200);
    const cookie = paired.cookie!;
    assert.equal(await roleOn(b, cookie), 'td', 'the phone paired on A is the TD on B');
    // What an edge asks a host (riffle.hosts.auth): the cookie's token resolved by B.
    const actor = await b.riffle.auth.session(decodeURIComponent(cookie.split('=')[1]!));
    assert.equal(actor?.role, 'td');
    const socket = await TestClient.connect(`ws://127.0.0.1:${b.riffle.port}/ws`, { headers: { cookie, origin: b.url } });
    assert.equal((await socket.next('hello')).role, 'td', 'B\'s socket is the TD\'s');

    const admin = { authorization: `Bearer ${a.riffle.auth.generatedAdminToken}` };
    const list = (await (await fetch(`${b.url}/api/auth/sessions`, { headers: admin })).json()) as { sessions: Array<{ id: string; role: string }> };
    assert.equal(list.sessions.length, 1, 'B lists the phone paired on A');
    assert.equal((await fetch(`${a.url}/api/auth/sessions/${list.sessions[0]!.id}`, { method: 'DELETE', headers: admin })).status, 200);
    assert.equal(await roleOn(a, cookie), 'viewer', 'refused on A at once');
    // B learns it at its next recheck (every SESSION_RECHECK_MS; two when one was under way
    // as the row was deleted), plus one query: within 2 s, 1 s more for a loaded machine.
    const promise = 2 * SESSION_RECHECK_MS + 1_000;
    await within(promise, 'the revoked session refused on B', async () => ((await roleOn(b, cookie)) === 'viewer' ? true : undefined));
    const closed = await within(promise, 'B\'s socket of the revoked session closed', async () => socket.closed || undefined);
    assert.equal(closed.code, 4001);
    const refused = await fetch(`${b.url}/api/auth/sessions`, { headers: { cookie } });
    assert.equal(refused.status, 401);

    // Signing out on B ends the session on A too.
    const floor = (await pair(a, TEST_PINS.floor)).cookie!;
    assert.equal(await roleOn(b, floor), 'floor');
    assert.equal((await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: { cookie: floor, origin: b.url } })).status, 200);
    await within(promise, 'signed out on A as well', async () => ((await roleOn(a, floor)) === 'viewer' ? true : undefined));
  });

  it('the branding and the OBS settings set on the owner are the new owner\'s after a take-over', async () => {
    const url = await postgres.database();
    const a = await host(url, { adminToken: TEST_ADMIN_TOKEN, pins: TEST_PINS });
    const b = await host(url, { adminToken: TEST_ADMIN_TOKEN, pins: TEST_PINS });
    const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    const created = await fetch(`${a.url}/api/tournaments`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(sampleTournament()) });
    assert.equal(created.status, 201);
    const { id } = (await created.json()) as { id: string };
    assert.ok(a.riffle.registry.get(id), 'A owns the tournament it created');

    const logo = png(300, 100);
    const put = await fetch(`${a.url}/api/tournaments/${id}/branding/logo`, { method: 'PUT', headers: admin, body: new Uint8Array(logo) });
    assert.equal(put.status, 200, 'the upload works on PostgreSQL');
    const colors = await fetch(`${a.url}/api/tournaments/${id}/branding/colors`, { method: 'PUT', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ accent: '#E11D48' }) });
    assert.equal(colors.status, 200);
    // An OBS address where nothing answers: what matters is that the new owner knows it.
    const obsUrl = 'ws://127.0.0.1:9';
    const obs = await fetch(`${a.url}/api/tournaments/${id}/obs`, { method: 'PUT', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ url: obsUrl, password: 'secret' }) });
    assert.equal(obs.status, 200);

    await a.close(); // gives its leases up: B takes over at its next round
    await within(5_000, 'B took the tournament over', async () => (b.riffle.registry.get(id) ? true : undefined));
    const view = (await (await fetch(`${b.url}/api/tournaments/${id}/branding`)).json()) as { colors: Record<string, string>; logo?: string };
    assert.deepEqual(view.colors, { accent: '#e11d48' });
    assert.ok(view.logo, 'B knows the logo');
    const image = await fetch(`${b.url}${view.logo}`);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await image.arrayBuffer()), logo, 'the same bytes');
    const status = await within(5_000, 'B connects to the OBS A was told', async () => {
      const body = (await (await fetch(`${b.url}/api/tournaments/${id}/obs`, { headers: admin })).json()) as { status: { state: string; url: string | null } };
      return body.status.state !== 'off' ? body.status : undefined;
    });
    assert.equal(status.url, obsUrl);

    // A host that starts after the owner is gone takes it over in its first round, before it listens.
    await b.close();
    const c = await host(url, { adminToken: TEST_ADMIN_TOKEN, pins: TEST_PINS });
    assert.ok(c.riffle.registry.get(id), 'C took the tournament over at its start');
    assert.equal(c.riffle.obs.status(id).url, obsUrl, 'and connects to its OBS');
    assert.deepEqual(((await (await fetch(`${c.url}/api/tournaments/${id}/branding`)).json()) as { colors: unknown }).colors, { accent: '#e11d48' });
  });

  // Last in this file: PostgreSQL stays stopped (starting it again after an immediate stop takes
  // seconds of crash recovery; test/server/failover.test.ts covers coming back).
  it('PostgreSQL gone: pairing and branding answer 503 storage-unavailable and change nothing; pages are served', async () => {
    const url = await postgres.database();
    const a = await host(url, { adminToken: TEST_ADMIN_TOKEN, pins: TEST_PINS });
    postgres.stop();
    const res = await fetch(`${a.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json', origin: a.url }, body: JSON.stringify({ pin: TEST_PINS.td }) });
    assert.equal(res.status, 503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    assert.equal(body.error.code, 'storage-unavailable');
    assert.match(body.error.message, /PostgreSQL/);
    assert.equal(res.headers.get('set-cookie'), null, 'no session handed out');
    assert.equal((await fetch(`${a.url}/api/tournaments/x/branding/x/x`)).status, 503);
    // A page with a cookie PostgreSQL cannot confirm is served as to a screen.
    assert.equal((await fetch(`${a.url}/healthz`, { headers: { cookie: 'riffle_session=unknown' } })).status, 200);
  });
});
