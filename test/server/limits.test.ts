/**
 * Limits that keep one machine on the venue LAN from hurting everybody else: at most N sockets
 * per client address (a real server, real `ws` clients), and a global PIN lockout that a player
 * can trip on purpose but that never locks the server's own machine out of pairing.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { pino } from 'pino';
import { startRiffle } from '../../server/server.js';
import { PinLimiter, DEFAULT_LIMITS } from '../../server/auth/pin-limiter.js';
import { HostAllowList, hostName, isLoopback } from '../../server/net/address.js';
import { request } from 'node:http';
import { hostname } from 'node:os';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

const servers: TestServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
});

/** Opens a socket; resolves with the HTTP status of a refused upgrade instead. */
function tryOpen(url: string): Promise<{ client: TestClient } | { status: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
    });
    ws.once('error', reject);
    ws.once('open', () => {
      ws.removeAllListeners('error');
      ws.close();
      // Reconnect through the test client so messages are collected from the start.
      TestClient.connect(url).then((client) => resolve({ client }), reject);
    });
  });
}

describe('sockets per client address', () => {
  it('refuses the socket over the cap with 429 before the upgrade, and takes one again after a close', async () => {
    const server = await startTestServer({ ws: { maxSocketsPerAddress: 3, limitLoopback: true } });
    servers.push(server);
    const open = await Promise.all([1, 2, 3].map(() => TestClient.connect(server.wsUrl)));
    for (const c of open) await c.next('hello');
    const refused = await tryOpen(server.wsUrl);
    assert.ok('status' in refused, 'the fourth socket is refused');
    // @hono/node-server answers a refused upgrade with the status line and headers only.
    assert.equal(refused.status, 429);
    assert.equal(server.riffle.hub.connectionCount, 3, 'the refused socket never reached the hub');

    open[0]!.ws.close();
    const deadline = Date.now() + 5000;
    while (server.riffle.hub.connectionCount > 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    const again = await TestClient.connect(server.wsUrl);
    await again.next('hello');
    for (const c of [...open.slice(1), again]) c.ws.close();
  });

  it('does not count the server’s own machine (loopback) unless told to', async () => {
    const server = await startTestServer({ ws: { maxSocketsPerAddress: 2 } });
    servers.push(server);
    const open = await Promise.all([1, 2, 3, 4, 5].map(() => TestClient.connect(server.wsUrl)));
    for (const c of open) await c.next('hello');
    assert.equal(server.riffle.hub.connectionCount, 5);
    for (const c of open) c.ws.close();
  });
});

/** A GET with a chosen Host header (fetch will not send one), and its status and body. */
function getWithHost(port: number, path: string, host: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text.startsWith('{') ? JSON.parse(text) : text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Host names (DNS rebinding)', () => {
  it('answers its own names and addresses and refuses any other Host with 421 bad-host, sockets too', async () => {
    const server = await startTestServer();
    servers.push(server);
    const port = server.riffle.port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${hostname()}:${port}`]) {
      assert.equal((await getWithHost(port, '/healthz', host)).status, 200, host);
    }
    for (const host of [`evil.example:${port}`, `127.0.0.1.evil.example:${port}`, `127.evil.example`]) {
      const res = await getWithHost(port, '/api/tournaments', host);
      assert.equal(res.status, 421, host);
      assert.equal(res.body.error.code, 'bad-host', host);
    }
    const ws = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(server.wsUrl, { headers: { host: 'evil.example' } });
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => reject(new Error('a socket for another Host was opened')));
      socket.once('error', reject);
    });
    assert.equal(ws, 421);
  });

  it('answers the names RIFFLE_HOSTS adds, and any name with *', async () => {
    const named = await startTestServer({ hosts: ['riffle.venue'] });
    const any = await startTestServer({ hosts: ['*'] });
    servers.push(named, any);
    assert.equal((await getWithHost(named.riffle.port, '/healthz', 'Riffle.Venue:8080')).status, 200);
    assert.equal((await getWithHost(named.riffle.port, '/healthz', 'other.venue')).status, 421);
    assert.equal((await getWithHost(any.riffle.port, '/healthz', 'other.venue')).status, 200);
  });

  it('reads the name out of a Host header', () => {
    assert.equal(hostName('[::1]:8080'), '::1');
    assert.equal(hostName('Riffle.LOCAL'), 'riffle.local');
    assert.equal(hostName('192.168.1.20:8080'), '192.168.1.20');
    assert.equal(hostName(''), null);
    assert.equal(hostName(undefined), null);
  });

  it('learns a new address of the machine (DHCP) without a restart', () => {
    let addresses = ['192.168.1.20'];
    const list = new HostAllowList([], () => ({ addresses, hostname: 'laptop' }));
    assert.equal(list.allows('10.0.0.5:8080'), false);
    addresses = ['10.0.0.5'];
    assert.equal(list.allows('10.0.0.5:8080'), true);
    assert.equal(list.allows('laptop.local'), true);
  });
});

describe('admin token', () => {
  it('refuses to start with a chosen admin token shorter than 24 characters', async () => {
    await assert.rejects(
      startRiffle({ port: 0, hostname: '127.0.0.1', dataDir: ':memory:', auth: { adminToken: 'short-token-123' }, log: pino({ level: 'silent' }) }),
      /at least 24 characters/,
    );
  });
});

describe('PIN lockout', () => {
  const lan = (i: number) => `192.168.1.${i}`;

  it('knows loopback addresses, IPv4, IPv6 and IPv4-mapped', () => {
    for (const a of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) assert.equal(isLoopback(a), true, a);
    for (const a of ['192.168.1.10', '::ffff:192.168.1.10', '10.0.0.127', 'fe80::1', '', undefined]) assert.equal(isLoopback(a), false, String(a));
  });

  it('a crowd of wrong PINs locks pairing from the LAN, but not from the server’s own machine', () => {
    let now = 1_000_000;
    const limiter = new PinLimiter(() => now);
    let started = 0;
    // 31 wrong PINs from 31 addresses (each below its own limit) within the window.
    for (let i = 1; i <= DEFAULT_LIMITS.globalFailures + 1; i++) if (limiter.failure(lan(i))) started++;
    assert.equal(started, 1, 'the failure that trips the lock says so (the server logs it)');
    assert.equal(limiter.retryAfter(lan(200)), DEFAULT_LIMITS.globalLockMs, 'a fresh LAN phone must wait');
    assert.equal(limiter.globalRetryAfter, DEFAULT_LIMITS.globalLockMs);
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) assert.equal(limiter.retryAfter(local), 0, local);
    now += DEFAULT_LIMITS.globalLockMs;
    assert.equal(limiter.retryAfter(lan(200)), 0, 'the lock ends');
  });

  it('still holds loopback to its own count of wrong PINs', () => {
    let now = 0;
    const limiter = new PinLimiter(() => now);
    for (let i = 0; i < DEFAULT_LIMITS.perClientFailures; i++) limiter.failure('127.0.0.1');
    assert.equal(limiter.retryAfter('127.0.0.1'), DEFAULT_LIMITS.baseLockMs);
    now += DEFAULT_LIMITS.baseLockMs;
    assert.equal(limiter.retryAfter('127.0.0.1'), 0);
  });
});
