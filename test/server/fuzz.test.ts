/**
 * Fuzzing the public surface (issue "Prove it"): >= 100,000 generated messages over the
 * WebSocket protocol and HTTP (commands, tournament creation, pairing): random JSON, wrong
 * types, unknown commands, commands for other tournaments, malformed and truncated JSON,
 * deep nesting, oversized bodies and frames, invalid UTF-8 and binary frames.
 *
 * Asserts: the server stays up; every answer is typed (`{ok:false, error:{code,message}}`
 * with a code from ERROR_CODES, or a ws `error`/`result`); no patch is ever sent and every
 * tournament's seq and public state are unchanged.
 *
 * A seeded generator (not fast-check's: sampling 100,000 values with it takes ~25 s here)
 * keeps the run under a minute; FUZZ_SEED repeats a run, FUZZ_MESSAGES scales it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { COMMANDS } from '../../server/engine/apply.js';
import { ERROR_CODES } from '../../server/protocol/errors.js';
import { PROTOCOL_VERSION } from '../../server/protocol/messages.js';
import { WS_LIMITS } from '../../server/ws/hub.js';
import { MAX_BODY_BYTES } from '../../server/app.js';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const WS_MESSAGES = Number(process.env.FUZZ_MESSAGES ?? 100_000);
const HTTP_REQUESTS = Math.ceil(WS_MESSAGES / 20);
/** Messages per socket: under the burst, so the fuzz reaches the parser, not only the rate limiter. */
const PER_SOCKET = WS_LIMITS.burst - 10;
const CODES = new Set<string>(ERROR_CODES);

function prng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}
type R = ReturnType<typeof prng>;

const NASTY_STRINGS = ['', ' ', '__proto__', 'constructor', 'toString', '\u0000', '\ud800', '😀', 'a'.repeat(300), '../../etc/passwd', '<script>', "'; drop table commands; --", '%s%n', 'NaN', '-0', '1e309'];

function randomString(r: R): string {
  switch (r.int(4)) {
    case 0:
      return r.pick(NASTY_STRINGS);
    case 1:
      return Array.from({ length: r.int(20) }, () => String.fromCharCode(r.int(0x10000))).join('');
    case 2:
      return Array.from({ length: r.int(12) }, () => String.fromCharCode(32 + r.int(95))).join('');
    default:
      return r.pick(Object.keys(COMMANDS));
  }
}

function randomNumber(r: R): number {
  return r.pick([0, -1, 1, 0.5, -0.5, 1e308, -1e308, 2 ** 53, -(2 ** 53), 86_401, -86_401, r.int(1000) - 500, r.next() * 1e6]);
}

function randomValue(r: R, depth = 0): unknown {
  const k = r.int(depth > 3 ? 5 : 8);
  switch (k) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return randomNumber(r);
    case 3:
    case 4:
      return randomString(r);
    case 5:
      return Array.from({ length: r.int(5) }, () => randomValue(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(5); i > 0; i--) o[randomString(r)] = randomValue(r, depth + 1);
      return o;
    }
  }
}

function deep(r: R): string {
  // At most ~60 KB: under the frame limit, so the parser (not the size check) meets it.
  const d = 1000 + r.int(9000);
  return r.next() < 0.5 ? '['.repeat(d) + ']'.repeat(d) : '{"type":"command","tournament":"x","command":' + '{"a":'.repeat(d) + '1' + '}'.repeat(d) + '}';
}

/** A command whose arguments can never validate (an unknown key): safe to send as the admin. */
function invalidCommand(r: R): Record<string, unknown> {
  const command: Record<string, unknown> = { type: r.next() < 0.8 ? r.pick(Object.keys(COMMANDS)) : randomString(r), __fuzz: randomValue(r) };
  for (let i = r.int(3); i > 0; i--) command[randomString(r)] = randomValue(r);
  if (r.next() < 0.3) command.id = randomValue(r);
  return command;
}

function anyCommand(r: R): unknown {
  if (r.next() < 0.3) return randomValue(r);
  const command: Record<string, unknown> = { type: r.next() < 0.7 ? r.pick(Object.keys(COMMANDS)) : randomValue(r) };
  for (let i = r.int(4); i > 0; i--) command[r.pick(['seconds', 'index', 'id', 'entryId', 'tableId', 'name', randomString(r)])] = randomValue(r);
  return command;
}

/** One WebSocket message; `admin` sockets only send commands that cannot validate. */
function wsMessage(r: R, admin: boolean, tournaments: string[]): string {
  const tournament = () => (r.next() < 0.6 ? r.pick(tournaments) : randomString(r));
  switch (r.int(10)) {
    case 0:
      return JSON.stringify(randomValue(r));
    case 1: {
      const text = JSON.stringify({ type: 'command', tournament: tournament(), command: anyCommand(r) });
      return text.slice(0, r.int(text.length)); // truncated
    }
    case 2:
      return r.next() < 0.05 ? deep(r) : randomString(r);
    case 3:
      return JSON.stringify({ type: r.pick(['subscribe', 'unsubscribe']), tournament: tournament(), ...(r.next() < 0.5 ? { topics: randomValue(r) } : {}) });
    case 4:
      return JSON.stringify({ type: 'ping', t: randomValue(r) });
    case 5:
      return JSON.stringify({ type: 'auth', token: r.next() < 0.5 ? randomString(r) : randomValue(r) });
    case 6:
      return JSON.stringify({ type: randomString(r), ...(randomValue(r, 2) as object) });
    default:
      return JSON.stringify({
        type: 'command',
        id: randomValue(r, 3),
        tournament: r.next() < 0.1 ? randomValue(r) : tournament(),
        command: admin ? invalidCommand(r) : anyCommand(r),
      });
  }
}

function safeSegment(s: string): string {
  try {
    return encodeURIComponent(s) || 'x';
  } catch {
    return 'bad%FF'; // a lone surrogate cannot be encoded; send an invalid escape instead
  }
}

let server: TestServer;
let tournaments: string[];
let baseline: string;
const problems: string[] = [];

async function snapshotAll(): Promise<string> {
  const out: unknown[] = [];
  for (const id of tournaments) {
    const body = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as { seq: number; state: unknown };
    out.push({ id, seq: body.seq, state: body.state });
  }
  return JSON.stringify(out);
}

function checkServerMessage(text: string, where: string): void {
  let msg: any;
  try {
    msg = JSON.parse(text);
  } catch {
    problems.push(`${where}: not JSON: ${text.slice(0, 80)}`);
    return;
  }
  switch (msg?.type) {
    case 'hello':
    case 'snapshot':
    case 'pong':
      return;
    case 'error':
      if (!CODES.has(msg.error?.code) || typeof msg.error?.message !== 'string') problems.push(`${where}: untyped error ${text.slice(0, 120)}`);
      return;
    case 'result':
      // A request's plain acknowledgement (hello, unsubscribe, auth) changes nothing.
      if (msg.ok === true && msg.seq === 0 && !('result' in msg)) return;
      if (msg.ok !== false || !CODES.has(msg.error?.code) || typeof msg.error?.message !== 'string') problems.push(`${where}: result ${text.slice(0, 120)}`);
      return;
    default:
      problems.push(`${where}: unexpected ${text.slice(0, 120)}`);
  }
}

/** One socket: optionally sign in, send `messages`, then a ping marker; resolves on its pong. */
function fuzzSocket(messages: string[], admin: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(server.wsUrl, { perMessageDeflate: false });
    const marker = 1e15 + Math.floor(Math.random() * 1e9);
    let received = 0;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('fuzz socket timed out'));
    }, 20_000);
    ws.on('message', (data: Buffer) => {
      received++;
      const text = String(data);
      checkServerMessage(text, 'ws');
      const msg = JSON.parse(text);
      if (msg.type === 'hello' && received === 1) ws.send(JSON.stringify({ type: 'hello', id: 'fuzz', protocol: PROTOCOL_VERSION }));
      if (msg.type === 'hello' && received === 1) {
        if (admin) ws.send(JSON.stringify({ type: 'auth', token: TEST_ADMIN_TOKEN }));
        else for (const m of messages) ws.send(m);
        if (!admin) ws.send(JSON.stringify({ type: 'ping', t: marker }));
      } else if (msg.type === 'hello' && admin && received > 1) {
        for (const m of messages) ws.send(m);
        ws.send(JSON.stringify({ type: 'ping', t: marker }));
      } else if (msg.type === 'pong' && msg.t === marker) {
        clearTimeout(timer);
        ws.close();
        resolve(messages.length);
      }
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`socket closed early (${code})`));
    });
    ws.on('error', reject);
  });
}

/** A socket that sends one bad frame; resolves with the close code the server chose. */
function badFrame(send: (ws: WebSocket) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(server.wsUrl, { perMessageDeflate: false, maxPayload: 1 << 20 });
    const timer = setTimeout(() => reject(new Error('no close')), 10_000);
    ws.once('message', () => {
      ws.send(JSON.stringify({ type: 'hello', id: 'fuzz', protocol: PROTOCOL_VERSION }));
      send(ws);
    });
    ws.on('message', (data: Buffer) => checkServerMessage(String(data), 'bad-frame'));
    ws.on('error', () => {});
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

async function pool<T>(jobs: Array<() => Promise<T>>, concurrency: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

before(async () => {
  server = await startTestServer();
  tournaments = [await server.createTournament(), await server.createTournament()];
  await server.command(tournaments[0]!, { type: 'clock.start' });
  await server.command(tournaments[0]!, { type: 'clock.adjust', seconds: 30 });
  baseline = await snapshotAll();
});
after(async () => {
  await server.close();
});

describe('fuzz', () => {
  it(`WebSocket: ${WS_MESSAGES} generated messages get typed answers and change nothing`, { timeout: 120_000 }, async () => {
    const r = prng(SEED);
    const jobs: Array<() => Promise<number>> = [];
    for (let sent = 0, i = 0; sent < WS_MESSAGES; sent += PER_SOCKET, i++) {
      const admin = i % 4 === 0;
      const messages = Array.from({ length: Math.min(PER_SOCKET, WS_MESSAGES - sent) }, () => wsMessage(r, admin, tournaments));
      jobs.push(() => fuzzSocket(messages, admin));
    }
    const counts = await pool(jobs, 8);
    assert.equal(counts.reduce((a, b) => a + b, 0), WS_MESSAGES);
    assert.deepEqual(problems.slice(0, 10), []);
    assert.equal(await snapshotAll(), baseline);
  });

  it('WebSocket: bad frames close only their own socket, with the right code', async () => {
    const big = 'x'.repeat(WS_LIMITS.maxMessageBytes + 1);
    const invalidUtf8 = Buffer.from([0x7b, 0x22, 0x74, 0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x7d]);
    const r = prng(SEED + 1);
    for (let i = 0; i < 20; i++) {
      assert.equal(await badFrame((ws) => ws.send(big)), 1009, 'oversized');
      assert.equal(await badFrame((ws) => ws.send(invalidUtf8, { binary: false })), 1007, 'invalid UTF-8');
      const random = Buffer.from(Array.from({ length: 1 + r.int(200) }, () => r.int(256)));
      assert.equal(await badFrame((ws) => ws.send(random, { binary: true })), 1003, 'binary');
    }
    // A flood beyond the rate limit: answered once with rate-limited, then closed (1008).
    const code = await badFrame((ws) => {
      for (let i = 0; i < WS_LIMITS.burst + WS_LIMITS.maxDropped + 20; i++) ws.send('{"type":"ping","t":1}');
    });
    assert.equal(code, 1008);
    assert.deepEqual(problems.slice(0, 10), []);
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    assert.equal(await snapshotAll(), baseline);
  });

  it(`HTTP: ${HTTP_REQUESTS} generated requests get typed errors and change nothing`, { timeout: 120_000 }, async () => {
    const r = prng(SEED + 2);
    const [a, b] = tournaments as [string, string];
    const jobs: Array<() => Promise<void>> = [];
    for (let i = 0; i < HTTP_REQUESTS; i++) {
      const admin = r.next() < 0.5;
      const route = r.int(10);
      let path: string;
      let body: string | Buffer;
      if (route < 6) {
        path = `/api/tournaments/${r.next() < 0.8 ? r.pick([a, b]) : safeSegment(randomString(r))}/commands`;
        body = JSON.stringify(admin ? invalidCommand(r) : anyCommand(r));
      } else if (route < 8) {
        path = '/api/tournaments';
        body = JSON.stringify(admin ? { name: randomValue(r), structure: randomValue(r), __fuzz: 1 } : randomValue(r));
      } else {
        path = '/api/auth/pair';
        let pin = randomValue(r);
        if (pin === TEST_PINS.td || pin === TEST_PINS.floor) pin = '000000';
        body = JSON.stringify({ pin });
      }
      const mangle = r.int(10);
      if (mangle === 0) body = Buffer.from(Array.from({ length: r.int(300) }, () => r.int(256))); // invalid UTF-8
      else if (mangle === 1) body = String(body).slice(0, r.int(String(body).length));
      else if (mangle === 2 && r.next() < 0.2) body = 'x'.repeat(MAX_BODY_BYTES + 1 + r.int(1000));
      else if (mangle === 3 && r.next() < 0.2) body = deep(r).slice(0, MAX_BODY_BYTES - 10);
      const contentType = r.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded', '']);
      jobs.push(async () => {
        const res = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { ...(contentType ? { 'content-type': contentType } : {}), ...(admin ? { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } : {}) },
          body: typeof body === 'string' ? body : new Uint8Array(body),
        });
        const text = await res.text();
        let parsed: any;
        try {
          parsed = JSON.parse(text);
        } catch {
          problems.push(`HTTP ${res.status} ${path}: not JSON ${text.slice(0, 80)}`);
          return;
        }
        if (parsed.ok !== false || !CODES.has(parsed.error?.code) || typeof parsed.error?.message !== 'string' || res.status < 400) {
          problems.push(`HTTP ${res.status} ${path}: ${text.slice(0, 120)}`);
        }
      });
    }
    await pool(jobs, 8);
    assert.deepEqual(problems.slice(0, 10), []);
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    assert.equal(await snapshotAll(), baseline);
  });
});
