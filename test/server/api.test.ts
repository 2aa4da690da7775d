/** The HTTP API on a real loopback server: create, command, idempotency, bad input, auth. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let id: string;

async function publicState(tournament = id) {
  const res = await fetch(`${server.url}/api/tournaments/${tournament}`);
  const { seq, state } = (await res.json()) as { seq: number; state: { clock: { status: string; current: { index: number } } } };
  return { seq, state };
}

async function pair(pin: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/auth/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ pin }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? null;
  return { status: res.status, body: (await res.json()) as any, cookie, setCookie: res.headers.get('set-cookie') };
}

before(async () => {
  server = await startTestServer();
  id = await server.createTournament();
});
after(() => server.close());

describe('tournaments', () => {
  it('answers /healthz', async () => {
    const res = await fetch(`${server.url}/healthz`);
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { ok: boolean }).ok, true);
  });

  it('lists and reads tournaments with the public clock state', async () => {
    const list = (await (await fetch(`${server.url}/api/tournaments`)).json()) as { tournaments: Array<{ id: string; name: string }> };
    assert.ok(list.tournaments.some((t) => t.id === id && t.name === 'Riffle Sunday Deepstack'));
    const res = await fetch(`${server.url}/api/tournaments/${id}`);
    const body = (await res.json()) as any;
    assert.equal(body.state.clock.status, 'idle');
    assert.deepEqual([body.state.clock.current.sb, body.state.clock.current.bb], [25, 50]);
    assert.equal(body.state.clock.next.bb, 100);
    assert.equal(body.state.clock.breakInMs, 4 * 20 * 60_000, 'the first break comes after four 20-minute levels');
    assert.equal(body.state.info.presetName, 'TDA 2024 / ONK');
    assert.equal(typeof body.serverTime, 'number');
  });

  it('keeps many tournaments apart in one database', async () => {
    const other = await server.createTournament({ ...sampleTournament(), name: 'Second flight' });
    await server.command(other, { type: 'clock.start' });
    assert.equal((await publicState(other)).state.clock.status, 'running');
    assert.equal((await publicState(id)).state.clock.status, 'idle');
  });

  it('refuses to create a tournament without auth or with a bad structure', async () => {
    const anon = await fetch(`${server.url}/api/tournaments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sampleTournament()) });
    assert.equal(anon.status, 401);
    const bad = await fetch(`${server.url}/api/tournaments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body: JSON.stringify({ name: 'Falling', structure: [{ kind: 'level', smallBlind: 100, bigBlind: 200, minutes: 20 }, { kind: 'level', smallBlind: 50, bigBlind: 100, minutes: 20 }] }),
    });
    assert.equal(bad.status, 400);
    const body = (await bad.json()) as any;
    assert.equal(body.error.code, 'invalid-structure');
    assert.match(body.error.message, /big blind falls/);
  });
});

describe('commands', () => {
  it('applies a command once per id and returns the first answer again', async () => {
    const before = await publicState();
    const first = await server.command(id, { type: 'clock.adjust', id: 'adjust-once', seconds: 60 });
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, { ok: true, seq: before.seq + 1 });
    const again = await server.command(id, { type: 'clock.adjust', id: 'adjust-once', seconds: 60 });
    assert.deepEqual(again.body, first.body);
    const after = await publicState();
    assert.equal(after.seq, before.seq + 1);
    const log = server.riffle.db.$client.prepare('select count(*) as n from commands where command_id = ?').get('adjust-once') as { n: number };
    assert.equal(log.n, 1);
  });

  const badInputs: Array<[string, () => Promise<{ status: number; body: any }>, number, string]> = [
    ['malformed JSON', () => raw(`/api/tournaments/${id}/commands`, '{"type": "clock.start"'), 400, 'bad-json'],
    ['an unknown command type', () => server.command(id, { type: 'clock.explode' }), 400, 'unknown-command'],
    ['a missing type', () => server.command(id, { seconds: 5 }), 400, 'invalid-command'],
    ['a wrong argument type', () => server.command(id, { type: 'clock.adjust', seconds: 'sixty' }), 400, 'invalid-command'],
    ['a fractional argument', () => server.command(id, { type: 'clock.adjust', seconds: 1.5 }), 400, 'invalid-command'],
    ['an unknown argument', () => server.command(id, { type: 'clock.pause', force: true }), 400, 'invalid-command'],
    ['a level out of range', () => server.command(id, { type: 'level.set', index: 99 }), 409, 'level-out-of-range'],
    ['a rule refusal (resume an idle clock)', () => server.command(id, { type: 'clock.resume' }), 409, 'clock-not-paused'],
    ['an unknown tournament', () => server.command('nosuchthing', { type: 'clock.start' }), 404, 'unknown-tournament'],
    ['an oversized body', () => raw(`/api/tournaments/${id}/commands`, JSON.stringify({ type: 'clock.start', pad: 'x'.repeat(200_000) })), 413, 'body-too-large'],
    ['an oversized body sent in chunks (no length declared)', () => chunked(`/api/tournaments/${id}/commands`, JSON.stringify({ type: 'clock.start', pad: 'x'.repeat(70 * 1024) })), 413, 'body-too-large'],
    ['a bad id', () => server.command(id, { type: 'clock.pause', id: 'has space' }), 400, 'invalid-command'],
  ];
  for (const [name, send, status, code] of badInputs) {
    it(`refuses ${name} with ${code} and changes nothing`, async () => {
      const before = await publicState();
      const { status: got, body } = await send();
      assert.equal(got, status);
      assert.equal(body.ok, false);
      assert.equal(body.error.code, code);
      assert.ok(body.error.message.length > 5, 'a human message');
      assert.deepEqual(await publicState(), before);
    });
  }

  async function raw(path: string, body: string) {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body,
    });
    return { status: res.status, body: await res.json() };
  }

  /** A body sent with `transfer-encoding: chunked`, 4 KiB a chunk: its size is known only once read. */
  function chunked(path: string, body: string): Promise<{ status: number; body: any }> {
    return new Promise((resolve, reject) => {
      const req = request(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` } }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      assert.equal(req.getHeader('content-length'), undefined);
      for (let i = 0; i < body.length; i += 4096) req.write(body.slice(i, i + 4096));
      req.end();
    });
  }

  it('takes a command whose body comes in chunks without a declared length', async () => {
    const before = await publicState();
    const { status, body } = await chunked(`/api/tournaments/${id}/commands`, JSON.stringify({ type: 'clock.adjust', seconds: 30 }));
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.ok, true);
    assert.equal((await publicState()).seq, before.seq + 1);
  });
});

describe('auth', () => {
  it('refuses an anonymous command and leaves the state unchanged', async () => {
    const before = await publicState();
    const res = await server.command(id, { type: 'clock.start' }, null);
    assert.equal(res.status, 401);
    assert.equal(res.body.error.code, 'not-authenticated');
    const after = await publicState();
    assert.equal(after.seq, before.seq);
    assert.equal(after.state.clock.status, before.state.clock.status);
  });

  it('refuses a wrong admin token', async () => {
    const res = await server.command(id, { type: 'clock.start' }, 'not-the-token');
    assert.equal(res.status, 401);
  });

  it('pairs a phone with the TD PIN: an httpOnly, SameSite cookie that can send commands', async () => {
    const paired = await pair(TEST_PINS.td, { 'x-forwarded-for': '10.9.9.9' });
    assert.equal(paired.status, 200);
    assert.equal(paired.body.role, 'td');
    assert.match(paired.setCookie!, /HttpOnly/i);
    assert.match(paired.setCookie!, /SameSite=Strict/i);
    const me = await (await fetch(`${server.url}/api/auth/me`, { headers: { cookie: paired.cookie! } })).json();
    assert.deepEqual(me, { role: 'td' });
    const res = await fetch(`${server.url}/api/tournaments/${id}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: paired.cookie!, origin: server.url },
      body: JSON.stringify({ type: 'clock.adjust', seconds: 30 }),
    });
    assert.equal(res.status, 200);
    // CSRF: the same cookie from another site's page is refused.
    const before = await publicState();
    const csrf = await fetch(`${server.url}/api/tournaments/${id}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: paired.cookie!, origin: 'http://evil.example' },
      body: JSON.stringify({ type: 'clock.adjust', seconds: 30 }),
    });
    assert.equal(csrf.status, 403);
    assert.equal(((await csrf.json()) as any).error.code, 'bad-origin');
    assert.equal((await publicState()).seq, before.seq);
  });

  it('gives floor staff their own role, which cannot run the clock', async () => {
    const paired = await pair(TEST_PINS.floor);
    assert.equal(paired.body.role, 'floor');
    const res = await fetch(`${server.url}/api/tournaments/${id}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: paired.cookie! },
      body: JSON.stringify({ type: 'clock.pause' }),
    });
    assert.equal(res.status, 403);
    assert.equal(((await res.json()) as any).error.code, 'not-authorized');
  });

  it('stores session tokens only as hashes', async () => {
    const paired = await pair(TEST_PINS.td);
    const token = decodeURIComponent(paired.cookie!.split('=')[1]!);
    const rows = server.riffle.db.$client.prepare('select token_hash from sessions').all() as Array<{ token_hash: string }>;
    assert.ok(rows.length > 0);
    assert.ok(rows.every((r) => r.token_hash !== token && /^[0-9a-f]{64}$/.test(r.token_hash)));
  });

  it('locks out PIN guessing after five wrong PINs', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await pair(String(100000 + i))).status);
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
    // Even the right PIN waits out the lockout.
    const right = await pair(TEST_PINS.td);
    assert.equal(right.status, 429);
    assert.equal(right.body.error.code, 'rate-limited');
  });
});

describe('pages', () => {
  it('serves the display and control shells with a strict CSP', async () => {
    for (const path of [`/display/${id}`, '/control']) {
      const res = await fetch(`${server.url}${path}`);
      assert.equal(res.status, 200, path);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.match(await res.text(), /<script type="module" src="\/assets\//);
    }
    assert.equal((await fetch(`${server.url}/display/nosuchthing`)).status, 404);
  });
});
