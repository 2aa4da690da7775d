/**
 * Who may do what (issue "Prove it"): every command in the COMMANDS registry and every
 * mutating route, for each kind of caller - anonymous HTTP, a read-only screen (anonymous
 * WebSocket), floor staff (floor PIN), the TD (TD PIN) and the admin token. Only the roles
 * the registry names may succeed; refused callers get 401/403 and change nothing.
 *
 * The registry is iterated, so a command added later is covered automatically; it needs one
 * line in EXAMPLES (arguments that pass its schema), and this test fails until it has one.
 *
 * Also: cross-site WebSocket hijacking, CSRF on cookie sessions, PIN brute force, hashed
 * tokens, no secrets in logs, and the pages' Content-Security-Policy.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { COMMANDS, parseCommand } from '../../server/engine/apply.js';
import { hashToken } from '../../server/auth/secrets.js';
import { ERROR_CODES } from '../../server/protocol/errors.js';
import { startRiffle } from '../../server/server.js';
import { sampleTournament } from '../../server/sample.js';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

/**
 * Who may send each command, written out by hand (the policy as the floor and the stream crew
 * expect it; never read from the registry), with arguments that pass its schema (they need not
 * succeed on a fresh tournament):
 * - `td`: the TD and the admin token only;
 * - `floor`: floor staff too;
 * - `stream`: the stream producer too (not floor staff);
 * - `floor+stream`: floor staff and the stream producer too (chip counts).
 */
type Who = 'td' | 'floor' | 'stream' | 'floor+stream';
const EXAMPLES: Record<string, [Who, Record<string, unknown>]> = {
  'clock.start': ['td', {}],
  'clock.start#override': ['td', { override: true }],
  'clock.pause': ['td', {}],
  'clock.resume': ['td', {}],
  'clock.adjust': ['td', { seconds: 60 }],
  'level.next': ['td', {}],
  'level.previous': ['td', {}],
  'level.set': ['td', { index: 2 }],
  'entry.add': ['floor', { name: 'Ann Example' }],
  // ONK MEC r1B: a stack placed after the close needs the TD's approval.
  'entry.add#afterClose': ['td', { name: 'Ann Example', afterClose: true }],
  'entry.reenter': ['floor', { playerId: 'p1' }],
  'entry.rebuy': ['floor', { entryId: 'e1' }],
  'entry.addon': ['floor', { entryId: 'e1' }],
  'entry.bust': ['floor', { entryIds: ['e1'] }],
  'entry.setEliminators': ['floor', { entryId: 'e1', eliminators: ['e2'] }],
  'bounty.post': ['td', { prizes: [{ amount: 1000, count: 1 }] }],
  'bounty.markPaid': ['floor', { entryId: 'e1', amount: 0 }],
  'bounty.confirmEnvelopes': ['td', {}],
  'satellite.seatHeld': ['td', { entryId: 'e1', held: true }],
  'entry.undoBust': ['floor', { entryId: 'e1' }],
  'chips.set': ['floor+stream', { entryId: 'e1', chips: 1000 }],
  'chips.colorUp': ['floor', { denomination: 25 }],
  'handForHand.start': ['td', {}],
  'handForHand.nextHand': ['floor', {}],
  'handForHand.stop': ['td', {}],
  'payouts.set': ['td', { amounts: [10_000] }],
  'deal.propose': ['td', {}],
  'deal.apply': ['td', { amounts: { e1: 100 }, confirmed: true }],
  'deal.undo': ['td', {}],
  'penalty.add': ['floor', { entryId: 'e1', kind: 'warning' }],
  'penalty.add#disqualification': ['td', { entryId: 'e1', kind: 'disqualification' }],
  'penalty.clear': ['floor', { penaltyId: 'x1' }],
  'entry.absent': ['floor', { entryId: 'e1', absent: true }],
  'entry.removeAbsent': ['td', { entryId: 'e1' }],
  'settings.set': ['td', { guarantee: 100_000 }],
  'table.add': ['td', {}],
  'table.remove': ['td', { tableId: 't1' }],
  'table.seatOutOfUse': ['td', { tableId: 't1', seat: 3 }],
  'table.breakOrder': ['td', { tableIds: ['t1'] }],
  'seating.draw': ['floor', {}],
  'seat.assign': ['floor', { entryId: 'e1', tableId: 't1', seat: 1 }],
  'seat.move': ['floor', { entryId: 'e1', tableId: 't1', seat: 2 }],
  'seat.correct': ['floor', { entryId: 'e1', foundAt: { tableId: 't1', seat: 2 } }],
  'button.set': ['floor', { tableId: 't1', seat: 1 }],
  'button.draw': ['floor', {}],
  'hand.next': ['floor', {}],
  'hand.misdeal': ['floor', { tableId: 't1' }],
  // IP r23-1: the TD's right to redraw.
  'seating.redraw': ['td', {}],
  'balance.apply': ['floor', {}],
  'table.break': ['floor', {}],
  'finalTable.form': ['floor', {}],
  'table.waiveHalt': ['floor', { tableId: 't1' }],
  'seating.undo': ['td', {}],
  'stream.feature': ['stream', { tableId: null }],
  'stream.show': ['stream', { overlay: 'leaderboard', visible: false }],
  'stream.lowerThird': ['stream', { title: 'Anna Jansen', subtitle: 'Chip leader', seconds: 10 }],
  'stream.hideLowerThird': ['stream', {}],
  'stream.cue': ['stream', { lowerThird: { title: 'Bo Berg', subtitle: 'Amsterdam' } }],
  'stream.take': ['stream', {}],
  'stream.library.save': ['stream', { title: 'Cas de Wit', subtitle: 'Two-time champion' }],
  'stream.library.remove': ['stream', { lowerThirdId: 'lt1' }],
  'stream.ticker': ['stream', { messages: ['Welcome to the Sunday Deepstack'] }],
  'stream.replayAlert': ['stream', {}],
  'stream.delay': ['stream', { seconds: 30 }],
  'chips.count': ['floor+stream', { counts: [{ entryId: 'e1', chips: 1000 }] }],
  'player.country': ['floor', { playerId: 'p1', country: 'NL' }],
  'player.onAirName': ['stream', { playerId: 'p1', onAirName: 'J-B Lefèvre' }],
  'player.erase': ['td', { playerId: 'p1' }],
  'playerClock.start': ['floor', { tableId: 't1', seat: 3 }],
  'playerClock.stop': ['floor', { tableId: 't1' }],
  'structure.set': ['td', { structure: [{ kind: 'level', smallBlind: 25, bigBlind: 50, minutes: 20 }] }],
  'tournament.archive': ['td', { archived: false }],
  'alternate.add': ['floor', { name: 'Alt Example' }],
  'alternate.remove': ['floor', { alternateId: 'a1' }],
  'tables.resize': ['td', { seatsPerTable: 9 }],
  'unsold.place': ['td', {}],
  'unsold.count': ['floor', { tableId: 't1', seat: 3, chips: 19_000 }],
  'unsold.take': ['floor', { name: 'Late Example', tableId: 't1', seat: 3, chips: 19_000 }],
  'day.end': ['td', {}],
  'day.bag': ['floor', { counts: { e1: 41_500 } }],
  'day.close': ['td', {}],
  'day2.import': ['td', { flights: [{ tournamentId: 'x', name: 'Day 1A', closedAt: 1, poolMoney: 0, entries: 0, survivors: [] }] }],
  'obs.rules.set': ['stream', { rules: [{ when: 'break.started', actions: [{ scene: 'Break' }] }] }],
};

/** The callers allowed by each policy (by hand: see EXAMPLES). */
const ALLOWED: Record<Who, readonly Caller[]> = {
  td: ['td', 'admin'],
  floor: ['floor', 'td', 'admin'],
  stream: ['stream', 'td', 'admin'],
  'floor+stream': ['floor', 'stream', 'td', 'admin'],
};

type Caller = 'anonymous' | 'screen' | 'floor' | 'stream' | 'td' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'screen', 'floor', 'stream', 'td', 'admin'];
const AUTH_CODES = new Set(['not-authenticated', 'not-authorized']);

let server: TestServer;
let cookies: { floor: string; stream: string; td: string };
let screen: TestClient;

async function pair(url: string, pin: string, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ pin }) });
}

async function cookieFor(pin: string): Promise<string> {
  const res = await pair(server.url, pin);
  assert.equal(res.status, 200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

function headersFor(caller: Caller): Record<string, string> {
  if (caller === 'admin') return { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
  if (caller === 'floor' || caller === 'stream' || caller === 'td') return { cookie: cookies[caller] };
  return {};
}

/** The state with the producer's topic too (read as the TD: host/producer-text.ts). */
async function publicState(id: string) {
  const res = await fetch(`${server.url}/api/tournaments/${id}`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
  const body = (await res.json()) as { seq: number; state: unknown };
  return { seq: body.seq, state: body.state };
}

/** Sends one command as `caller`; answers `{status, code}` (status 0 for the socket). */
async function send(caller: Caller, tournament: string, command: Record<string, unknown>): Promise<{ status: number; ok: boolean; code?: string }> {
  if (caller === 'screen') {
    const ref = `r${Math.random()}`;
    screen.send({ type: 'command', id: ref, tournament, command });
    const result = await screen.next('result', (m) => m.id === ref);
    return { status: 0, ok: result.ok, ...(result.ok ? {} : { code: result.error.code }) };
  }
  const res = await fetch(`${server.url}/api/tournaments/${tournament}/commands`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headersFor(caller) },
    body: JSON.stringify(command),
  });
  const body = (await res.json()) as { ok: boolean; error?: { code: string } };
  return { status: res.status, ok: body.ok, ...(body.error ? { code: body.error.code } : {}) };
}

before(async () => {
  server = await startTestServer();
  cookies = { floor: await cookieFor(TEST_PINS.floor), stream: await cookieFor(TEST_PINS.stream), td: await cookieFor(TEST_PINS.td) };
  screen = await TestClient.connect(server.wsUrl);
  await screen.next('hello');
});
after(async () => {
  screen.close();
  await server.close();
});

describe('command × caller matrix', () => {
  it('has an example for every command in the registry (add one to EXAMPLES for a new command)', () => {
    const missing = Object.keys(COMMANDS).filter((type) => !Object.hasOwn(EXAMPLES, type));
    assert.deepEqual(missing, [], `commands without an example in test/server/auth-matrix.test.ts EXAMPLES: ${missing.join(', ')}`);
    for (const [key, [, args]] of Object.entries(EXAMPLES)) {
      const type = key.split('#')[0]!;
      if (!Object.hasOwn(COMMANDS, type)) continue; // a command of a domain not merged yet
      assert.doesNotThrow(() => parseCommand({ type, ...args }), `EXAMPLES['${key}'] does not pass the ${type} schema`);
    }
  });

  for (const [key, [who, args]] of Object.entries(EXAMPLES)) {
    const type = key.split('#')[0]!;
    it(`${key}: only ${who} may send it`, { skip: !Object.hasOwn(COMMANDS, type) && 'not in the registry' }, async () => {
      const command = { type, ...args };
      const allowed = ALLOWED[who];
      const tournament = await server.createTournament();
      // Refused callers first, on the untouched tournament: each must change nothing.
      for (const caller of CALLERS.filter((c) => !allowed.includes(c))) {
        const before = await publicState(tournament);
        const answer = await send(caller, tournament, { ...command, id: `${caller}-${key}` });
        assert.equal(answer.ok, false, `${caller} must not send ${key}`);
        assert.ok(AUTH_CODES.has(answer.code!), `${caller} ${key}: ${answer.code}`);
        if (caller !== 'screen') assert.ok(answer.status === 401 || answer.status === 403, `${caller} ${key}: HTTP ${answer.status}`);
        assert.deepEqual(await publicState(tournament), before, `${caller} ${key} changed the tournament`);
      }
      for (const caller of allowed) {
        const answer = await send(caller, tournament, { ...command, id: `${caller}-${key}` });
        // Allowed: it may still fail for the tournament's own reasons (409), never for auth or shape.
        assert.ok(!AUTH_CODES.has(answer.code ?? ''), `${caller} may send ${key} but got ${answer.code}`);
        assert.ok(answer.code === undefined || (answer.code !== 'invalid-command' && (ERROR_CODES as readonly string[]).includes(answer.code)), `${caller} ${key}: ${answer.code}`);
      }
    });
  }
});

describe('mutating routes × caller', () => {
  it('POST /api/tournaments: only the TD and the admin token create', async () => {
    for (const caller of CALLERS.filter((c) => c !== 'screen')) {
      const count = ((await (await fetch(`${server.url}/api/tournaments`)).json()) as { tournaments: unknown[] }).tournaments.length;
      const res = await fetch(`${server.url}/api/tournaments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersFor(caller) },
        body: JSON.stringify(sampleTournament()),
      });
      const after = ((await (await fetch(`${server.url}/api/tournaments`)).json()) as { tournaments: unknown[] }).tournaments.length;
      if (caller === 'td' || caller === 'admin') {
        assert.equal(res.status, 201, caller);
        assert.equal(after, count + 1);
      } else {
        assert.ok(res.status === 401 || res.status === 403, `${caller}: ${res.status}`);
        assert.equal(after, count, `${caller} created a tournament`);
      }
    }
  });

  it('POST /api/tournaments/:id/duplicate: only the TD and the admin token (issue 14)', async () => {
    const tournament = await server.createTournament();
    for (const caller of CALLERS.filter((c) => c !== 'screen')) {
      const count = ((await (await fetch(`${server.url}/api/tournaments`)).json()) as { tournaments: unknown[] }).tournaments.length;
      const res = await fetch(`${server.url}/api/tournaments/${tournament}/duplicate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersFor(caller) },
        body: JSON.stringify({ name: `Copy by ${caller}` }),
      });
      const after = ((await (await fetch(`${server.url}/api/tournaments`)).json()) as { tournaments: unknown[] }).tournaments.length;
      if (caller === 'td' || caller === 'admin') {
        assert.equal(res.status, 201, caller);
        assert.equal(after, count + 1);
      } else {
        assert.equal(res.status, caller === 'anonymous' ? 401 : 403, caller);
        assert.equal(after, count, `${caller} duplicated a tournament`);
      }
    }
  });

  it('POST /api/tournaments/:id/day2: only the TD and the admin token reach day2.import', async () => {
    const day2 = await server.createTournament();
    const flight = await server.createTournament();
    for (const caller of CALLERS.filter((c) => c !== 'screen')) {
      const before = await publicState(day2);
      const res = await fetch(`${server.url}/api/tournaments/${day2}/day2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersFor(caller) },
        body: JSON.stringify({ flightIds: [flight] }),
      });
      const body = (await res.json()) as { error?: { code: string } };
      if (caller === 'td' || caller === 'admin') {
        // Allowed: refused for the flight's own reason (not closed), never for auth.
        assert.deepEqual([res.status, body.error?.code], [409, 'flight-not-closed'], caller);
      } else {
        assert.ok(res.status === 401 || res.status === 403, `${caller}: ${res.status}`);
        assert.ok(AUTH_CODES.has(body.error!.code), `${caller}: ${body.error?.code}`);
      }
      assert.deepEqual(await publicState(day2), before, `${caller} changed Day 2`);
    }
  });

  it('GET /api/tournaments/:id/log: floor, TD and admin only (not the stream producer)', async () => {
    const tournament = await server.createTournament();
    for (const caller of CALLERS.filter((c) => c !== 'screen')) {
      const res = await fetch(`${server.url}/api/tournaments/${tournament}/log`, { headers: headersFor(caller) });
      assert.equal(res.status, caller === 'anonymous' ? 401 : caller === 'stream' ? 403 : 200, caller);
    }
  });

  it('GET /api/auth/sessions and DELETE /api/auth/sessions/:id: the TD and the admin token only', async () => {
    for (const caller of CALLERS.filter((c) => c !== 'screen')) {
      const list = await fetch(`${server.url}/api/auth/sessions`, { headers: headersFor(caller) });
      assert.equal(list.status, caller === 'td' || caller === 'admin' ? 200 : 401, `list as ${caller}`);
    }
    // A victim session for each caller to try to revoke; refused callers must leave it working.
    for (const caller of CALLERS.filter((c) => c !== 'screen')) {
      const label = `victim-phone-${caller}`;
      const paired = await pair(server.url, TEST_PINS.floor, { 'user-agent': label });
      const victim = paired.headers.get('set-cookie')!.split(';')[0]!;
      const sessions = ((await (await fetch(`${server.url}/api/auth/sessions`, { headers: headersFor('admin') })).json()) as { sessions: Array<{ id: string; label: string }> }).sessions;
      const sid = sessions.find((x) => x.label === label)!.id;
      const res = await fetch(`${server.url}/api/auth/sessions/${sid}`, { method: 'DELETE', headers: headersFor(caller) });
      const victimRole = ((await (await fetch(`${server.url}/api/auth/me`, { headers: { cookie: victim } })).json()) as { role: string }).role;
      if (caller === 'td' || caller === 'admin') {
        assert.equal(res.status, 200, `revoke as ${caller}`);
        assert.equal(victimRole, 'viewer', 'a revoked cookie no longer acts');
      } else {
        assert.ok(res.status === 401 || res.status === 403, `revoke as ${caller}: ${res.status}`);
        assert.equal(victimRole, 'floor', `${caller} revoked a session`);
      }
    }
  });

  it('a socket signs in only with the admin token, never with a PIN or a cookie value', async () => {
    const client = await TestClient.connect(server.wsUrl);
    await client.next('hello');
    for (const token of [TEST_PINS.td, cookies.td.split('=')[1]!, '', 'x'.repeat(10_000)]) {
      client.send({ type: 'auth', token });
      assert.equal((await client.next('error')).error.code, 'not-authenticated');
    }
    client.send({ type: 'auth', token: TEST_ADMIN_TOKEN });
    assert.equal((await client.next('hello')).role, 'td');
    client.close();
  });

  it('logout ends the session: the cookie no longer acts', async () => {
    const cookie = await cookieFor(TEST_PINS.td);
    const tournament = await server.createTournament();
    const headers = { 'content-type': 'application/json', cookie };
    assert.equal((await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers })).status, 200);
    const res = await fetch(`${server.url}/api/tournaments/${tournament}/commands`, { method: 'POST', headers, body: JSON.stringify({ type: 'clock.start' }) });
    assert.equal(res.status, 401);
  });
});

describe('cross-site requests', () => {
  it('a WebSocket opened by another site is a read-only screen, even with the TD cookie', async () => {
    const tournament = await server.createTournament();
    const client = await TestClient.connect(server.wsUrl, { headers: { origin: 'http://evil.example', cookie: cookies.td } });
    assert.equal((await client.next('hello')).role, 'viewer');
    client.send({ type: 'command', id: 1, tournament, command: { type: 'clock.start' } });
    const result = await client.next('result');
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.error.code, 'bad-origin');
    client.send({ type: 'auth', token: TEST_ADMIN_TOKEN });
    assert.equal((await client.next('error')).error.code, 'bad-origin');
    assert.equal((await publicState(tournament)).seq, 0);
    client.close();
  });

  it('CSRF: a cookie-authenticated change from another site is refused', async () => {
    const tournament = await server.createTournament();
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/tournaments/${tournament}/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookies.td, ...headers },
        body: JSON.stringify({ type: 'clock.adjust', seconds: 60 }),
      });
    const crossSite: Array<Record<string, string>> = [{ origin: 'http://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossSite) {
      const res = await post(headers);
      assert.equal(res.status, 403, JSON.stringify(headers));
      assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'bad-origin');
    }
    assert.equal((await publicState(tournament)).seq, 0);
    const host = new URL(server.url).host;
    assert.notEqual((await post({ origin: `http://${host}`, 'sec-fetch-site': 'same-origin' })).status, 403);
  });

  it('the session cookie is httpOnly and SameSite=Strict', async () => {
    const res = await pair(server.url, TEST_PINS.floor);
    const cookie = res.headers.get('set-cookie')!;
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Strict/i);
  });
});

describe('secrets', () => {
  it('PIN brute force: 5 wrong PINs lock the address out, even for the right PIN', async () => {
    const own = await startTestServer();
    try {
      for (let i = 0; i < 5; i++) assert.equal((await pair(own.url, '000000')).status, 401);
      const locked = await pair(own.url, TEST_PINS.td);
      assert.equal(locked.status, 429);
      assert.ok(Number(locked.headers.get('retry-after')) >= 29);
      assert.equal(((await locked.json()) as { error: { code: string } }).error.code, 'rate-limited');
    } finally {
      await own.close();
    }
  });

  it('tokens are stored hashed: the database holds no session token or admin token', async () => {
    const res = await pair(server.url, TEST_PINS.td);
    const token = res.headers.get('set-cookie')!.split(';')[0]!.split('=')[1]!;
    const rows = server.riffle.db.$client.prepare('select token_hash from sessions').all() as Array<{ token_hash: string }>;
    assert.ok(rows.some((r) => r.token_hash === hashToken(token)));
    server.riffle.db.$client.pragma('wal_checkpoint(FULL)');
    for (const file of readdirSync(server.dataDir)) {
      const bytes = readFileSync(join(server.dataDir, file)).toString('latin1');
      for (const secret of [token, TEST_ADMIN_TOKEN]) assert.ok(!bytes.includes(secret), `${file} contains a secret`);
      // A PIN is six digits: as a value of its own, not inside a longer number (a timestamp, a chip count).
      for (const pin of [TEST_PINS.td, TEST_PINS.floor, TEST_PINS.stream]) assert.ok(!new RegExp(`(?<!\\d)${pin}(?!\\d)`).test(bytes), `${file} contains a PIN`);
    }
  });

  it('no secret reaches the log (logger at trace level, without redaction)', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        logged += String(chunk);
        done();
      },
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-log-'));
    const riffle = await startRiffle({
      port: 0,
      hostname: '127.0.0.1',
      dataDir,
      auth: { adminToken: TEST_ADMIN_TOKEN, pins: TEST_PINS },
      log: pino({ level: 'trace' }, sink),
    });
    try {
      const url = `http://127.0.0.1:${riffle.port}`;
      await pair(url, '111111');
      const ok = await pair(url, TEST_PINS.td);
      const cookie = ok.headers.get('set-cookie')!.split(';')[0]!;
      const admin = { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
      const created = (await (await fetch(`${url}/api/tournaments`, { method: 'POST', headers: admin, body: JSON.stringify(sampleTournament()) })).json()) as { id: string };
      await fetch(`${url}/api/tournaments/${created.id}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ type: 'clock.start' }) });
      await fetch(`${url}/api/tournaments/${created.id}/commands`, { method: 'POST', headers: admin, body: '{bad json' });
      const ws = await TestClient.connect(`ws://127.0.0.1:${riffle.port}/ws`, { headers: { cookie } });
      await ws.next('hello');
      ws.send({ type: 'auth', token: TEST_ADMIN_TOKEN });
      await ws.next('hello');
      ws.close();
      assert.ok(logged.length > 0, 'the server logged something');
      for (const secret of [TEST_ADMIN_TOKEN, TEST_PINS.td, TEST_PINS.floor, cookie.split('=')[1]!]) {
        assert.ok(!logged.includes(secret), `the log contains a secret: ${secret.slice(0, 4)}…`);
      }
    } finally {
      await riffle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('pages', () => {
  it('are served with a strict Content-Security-Policy', async () => {
    const tournament = await server.createTournament();
    for (const path of ['/control', `/display/${tournament}`]) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'self'/, path);
      assert.match(csp, /script-src 'self'(;|$)/, `${path}: scripts from this server only, no inline or eval`);
      assert.doesNotMatch(csp, /unsafe-eval/);
      assert.match(csp, /object-src 'none'/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(res.headers.get('x-frame-options'), 'DENY');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      const html = await res.text();
      assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)/, `${path} has an inline script`);
    }
  });

  it('the stream overlays may be framed by this server\'s own pages only (the Stream tab\'s preview), the rest by none', async () => {
    const tournament = await server.createTournament();
    const res = await fetch(`${server.url}/overlay/${tournament}/lower-third`);
    assert.equal(res.status, 200);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /frame-ancestors 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.equal(res.headers.get('x-frame-options'), 'SAMEORIGIN');
  });
});
