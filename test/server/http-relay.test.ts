/**
 * The HTTP relay of issue 28 (server/edge/api-proxy.ts on the edge, server/cluster/http-relay.ts
 * on the host): a real NATS, a real host (startRiffle with natsUrl, on SQLite) and a real edge in
 * front. What a client gets through the edge is what it gets from the host directly: the same
 * status and body for a tournament's branding, seat lookup, league and state, a command and its
 * repeat; a paired phone's cookie works through it and the CSRF check still sees its Origin; an
 * anonymous client over its request budget is refused 429 through the edge as directly (its own
 * address counts, not the edge's); a branding image of 400 KiB goes through; NATS down: 503 at
 * once, relayed again when it is back. Then, on a NATS of
 * its own: no host -> 503 storage-unavailable with a clear message, an answer larger than a
 * message goes in parts, and an owner that dies while answering is told at once (503).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { within } from '../helpers/eventually.js';
import { request } from 'node:http';
import { Hono } from 'hono';
import { connect, type NatsConnection } from 'nats';
import { PNG } from 'pngjs';
import { pino } from 'pino';
import { startEdge, type Edge } from '../../server/edge/server.js';
import { startHttpRelay } from '../../server/cluster/http-relay.js';
import { RELAY_NATS_DOWN, RELAY_NO_HOST, RELAY_NO_OWNER, RELAY_OWNER_GONE } from '../../server/edge/api-proxy.js';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { startNats, type TestNats } from '../helpers/nats.js';

const quiet = () => pino({ level: process.env.TEST_LOG ? 'debug' : 'silent' });
// A budget small enough to run out in a few requests (bytes worked by hand below).
const BUDGET = { bytesPerSecond: 16 * 1024, burstBytes: 512 * 1024 };
const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

interface Got {
  status: number;
  body: string;
  headers: Headers;
}

async function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Got> {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

async function send(base: string, method: string, path: string, body: string | Uint8Array, headers: Record<string, string>): Promise<Got> {
  const res = await fetch(`${base}${path}`, { method, headers, body: body as BodyInit });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** A GET from a chosen loopback address (fetch cannot choose its source address). */
function getFrom(base: string, path: string, from: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { localAddress: from }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}


describe('the HTTP relay through an edge', () => {
  let nats: TestNats;
  let host: TestServer;
  let edge: Edge;
  let edgeUrl: string;
  let id: string;
  before(async () => {
    nats = await startNats();
    host = await startTestServer({ natsUrl: nats.url, requestBudget: BUDGET });
    edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: nats.url, log: quiet() });
    edgeUrl = `http://127.0.0.1:${edge.port}`;
    id = await host.createTournament();
    for (const name of ['Ana Kovač', 'Bram de Vries', 'Karen Jensen', 'Søren Ørsted']) await host.ok(id, { type: 'entry.add', name });
    await host.ok(id, { type: 'table.add' });
    await host.ok(id, { type: 'seating.draw' });
    // The host's relay subscribes once its NATS connection is up and it has the tournament.
    await within(10_000, 'the relay answers', async () => ((await get(edgeUrl, `/api/tournaments/${id}/branding`)).status === 200 ? true : undefined));
  });
  after(async () => {
    await edge?.close();
    await host?.close();
    await nats?.destroy();
  });

  it('answers GETs as the host does: branding, seat lookup, league, state, templates, leagues', async () => {
    const paths = [
      `/api/tournaments/${id}/branding`,
      `/api/tournaments/${id}/seat?q=${encodeURIComponent('ørst')}`,
      `/api/tournaments/${id}/seat?q=x`,
      `/api/tournaments/${id}/league`,
      `/api/tournaments/${id}`,
      '/api/tournaments/templates',
      '/api/leagues',
      `/api/tournaments/${id}/nothing-here`,
    ];
    for (const path of paths) {
      const direct = await get(host.url, path, ADMIN);
      const relayed = await get(edgeUrl, path, ADMIN);
      assert.equal(relayed.status, direct.status, path);
      // The state carries the server's time of the answer: all else is byte for byte.
      const timeless = (body: string) => body.replace(/"serverTime":\d+/, '"serverTime":0');
      assert.equal(timeless(relayed.body), timeless(direct.body), path);
      assert.equal(relayed.headers.get('content-type'), direct.headers.get('content-type'), path);
    }
    // Worked by hand: "ørst" is in Søren Ørsted only, seated by the draw; "x" is too short.
    const seat = JSON.parse((await get(edgeUrl, `/api/tournaments/${id}/seat?q=${encodeURIComponent('ørst')}`)).body);
    assert.deepEqual(seat.matches.map((m: any) => m.name), ['Søren Ørsted']);
    assert.equal(seat.matches[0].table, 1);
    assert.equal((await get(edgeUrl, `/api/tournaments/${id}/seat?q=x`)).status, 400);
    // A tournament no host has: 404 as from a host (the edge asks whether it exists).
    const unknown = await get(edgeUrl, '/api/tournaments/t-nobody/seat?q=ab');
    assert.equal(unknown.status, 404);
    assert.equal(JSON.parse(unknown.body).error.code, 'unknown-tournament');
    assert.equal((await get(host.url, '/api/tournaments/t-nobody/seat?q=ab')).status, 404);
    // The edge's own security headers are on the relayed answer.
    assert.equal((await get(edgeUrl, `/api/tournaments/${id}/branding`)).headers.get('x-content-type-options'), 'nosniff');
  });

  it('relays a command to the owner; the same id sent to the host directly gets the same answer', async () => {
    const headers = { 'content-type': 'application/json', ...ADMIN };
    const cmd = JSON.stringify({ type: 'entry.add', id: 'relay-1', name: 'Ivo Ivić' });
    const relayed = await send(edgeUrl, 'POST', `/api/tournaments/${id}/commands`, cmd, headers);
    assert.equal(relayed.status, 200, relayed.body);
    const direct = await send(host.url, 'POST', `/api/tournaments/${id}/commands`, cmd, headers);
    assert.equal(direct.status, relayed.status);
    assert.equal(direct.body, relayed.body);
    // Five entries now (four before, one by the relay; the repeat changed nothing).
    const state = JSON.parse((await get(host.url, `/api/tournaments/${id}`, ADMIN)).body);
    assert.equal(state.state.players.entries.length, 5);
    // Bad input: the same refusal both ways, nothing changed.
    const bad = JSON.stringify({ type: 'entry.bust', id: 'relay-2', entryIds: ['nobody'] });
    const badRelayed = await send(edgeUrl, 'POST', `/api/tournaments/${id}/commands`, bad, headers);
    const badDirect = await send(host.url, 'POST', `/api/tournaments/${id}/commands`, bad, headers);
    assert.equal(badRelayed.status >= 400 && badRelayed.status < 500, true, badRelayed.body);
    assert.deepEqual([badRelayed.status, badRelayed.body], [badDirect.status, badDirect.body]);
    // Without a token: refused as directly.
    const anonymous = await send(edgeUrl, 'POST', `/api/tournaments/${id}/commands`, JSON.stringify({ type: 'clock.start', id: 'relay-3' }), { 'content-type': 'application/json' });
    assert.equal(anonymous.status, 401);
  });

  it('pairs a phone through the edge; its cookie works there, and a change from another site is refused', async () => {
    const paired = await send(edgeUrl, 'POST', '/api/auth/pair', JSON.stringify({ pin: TEST_PINS.floor }), { 'content-type': 'application/json' });
    assert.equal(paired.status, 200, paired.body);
    const setCookie = paired.headers.getSetCookie();
    assert.equal(setCookie.length, 1);
    assert.match(setCookie[0]!, /HttpOnly/);
    const cookie = setCookie[0]!.split(';')[0]!;
    const me = JSON.parse((await get(edgeUrl, '/api/auth/me', { cookie })).body);
    assert.equal(me.role, 'floor');
    const origin = edgeUrl;
    const cmd = (n: number) => JSON.stringify({ type: 'entry.add', id: `cookie-${n}`, name: `Cookie Player ${n}` });
    const own = await send(edgeUrl, 'POST', `/api/tournaments/${id}/commands`, cmd(1), { 'content-type': 'application/json', cookie, origin, 'sec-fetch-site': 'same-origin' });
    assert.equal(own.status, 200, own.body);
    const foreign = await send(edgeUrl, 'POST', `/api/tournaments/${id}/commands`, cmd(2), { 'content-type': 'application/json', cookie, origin: 'http://evil.example' });
    assert.equal(foreign.status, 403);
    assert.equal(JSON.parse(foreign.body).error.code, 'bad-origin');
    const crossSite = await send(edgeUrl, 'POST', `/api/tournaments/${id}/commands`, cmd(3), { 'content-type': 'application/json', cookie, 'sec-fetch-site': 'cross-site' });
    assert.equal(crossSite.status, 403);
  });

  it('charges an anonymous client through the edge to its own address: over its budget it is refused 429 there and directly', async () => {
    // Each state GET costs its body (some KiB) plus 1 KiB; the burst is 512 KiB at 16 KiB/s.
    const path = `/api/tournaments/${id}`;
    let refused: { status: number; body: any } | null = null;
    for (let i = 0; i < 2_000 && !refused; i++) {
      const got = await getFrom(edgeUrl, path, '127.0.0.2');
      if (got.status === 429) refused = got;
      else assert.equal(got.status, 200);
    }
    assert.ok(refused, 'refused within 2,000 requests');
    assert.equal(refused.body.error.code, 'rate-limited');
    // The same address asking the host directly is in the same debt (a refused request is held
    // until its caller is just back in credit, so within a few requests, where a fresh address
    // has its whole 512 KiB burst)...
    const direct: number[] = [];
    for (let i = 0; i < 5 && !direct.includes(429); i++) direct.push((await getFrom(host.url, path, '127.0.0.2')).status);
    assert.ok(direct.includes(429), `refused directly within 5 requests: ${direct.join(',')}`);
    // ...and another client of the same edge is not.
    assert.equal((await getFrom(edgeUrl, path, '127.0.0.3')).status, 200);
  });

  it('carries a 400 KiB branding image both ways', async () => {
    const image = new PNG({ width: 360, height: 300 });
    // Noise (xorshift32), which PNG cannot squeeze: about 420 KiB.
    let x = 2463534242;
    for (let i = 0; i < image.data.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      image.data[i] = x & 0xff;
    }
    const bytes = PNG.sync.write(image);
    assert.ok(bytes.length > 300 * 1024 && bytes.length < 512 * 1024, `${bytes.length} bytes`);
    const put = await send(edgeUrl, 'PUT', `/api/tournaments/${id}/branding/logo`, bytes, { 'content-type': 'image/png', ...ADMIN });
    assert.equal(put.status, 200, put.body);
    const logo = JSON.parse((await get(edgeUrl, `/api/tournaments/${id}/branding`)).body).logo as string;
    const back = await fetch(`${edgeUrl}${logo}`);
    assert.equal(back.status, 200);
    assert.deepEqual(Buffer.from(await back.arrayBuffer()), bytes);
  });

  it('NATS down: the edge answers 503 storage-unavailable at once, and relays again once NATS is back', async () => {
    const path = `/api/tournaments/${id}/branding`;
    await nats.stop();
    const down = await within(10_000, 'the edge saw NATS go', async () => {
      const got = await get(edgeUrl, path);
      return got.status === 503 ? got : undefined;
    });
    assert.deepEqual(JSON.parse(down.body).error, { code: 'storage-unavailable', message: RELAY_NATS_DOWN });
    // The host serves its own clients meanwhile.
    assert.equal((await get(host.url, path)).status, 200);
    await nats.start();
    const back = await within(20_000, 'relayed again', async () => {
      const got = await get(edgeUrl, path);
      return got.status === 200 ? got : undefined;
    });
    assert.equal(back.body, (await get(host.url, path)).body);
  });
});

describe('the HTTP relay: no host, and an answer in parts', () => {
  let nats: TestNats;
  let edge: Edge;
  let edgeUrl: string;
  let nc: NatsConnection;
  before(async () => {
    nats = await startNats();
    edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: nats.url, log: quiet() });
    edgeUrl = `http://127.0.0.1:${edge.port}`;
    nc = await connect({ servers: nats.url });
  });
  after(async () => {
    await nc?.close();
    await edge?.close();
    await nats?.destroy();
  });

  it('answers 503 storage-unavailable, saying why, when no host or no owner answers', async () => {
    const none = await within(10_000, 'the edge connected to NATS', async () => {
      const got = await get(edgeUrl, '/api/leagues');
      return JSON.parse(got.body).error?.message === RELAY_NO_HOST ? got : undefined;
    });
    assert.equal(none.status, 503);
    assert.equal(JSON.parse(none.body).error.code, 'storage-unavailable');
    // No host at all: whether the tournament exists cannot be told either.
    const owner = await get(edgeUrl, '/api/tournaments/t-nobody/seat?q=ab');
    assert.equal(owner.status, 503);
    assert.deepEqual(JSON.parse(owner.body).error, { code: 'storage-unavailable', message: RELAY_NO_OWNER });
  });

  it('puts a large answer back together from its parts, and a body in its head', async () => {
    const big = 'riffle '.repeat(30_000); // 210,000 bytes: 52 parts of 4 KiB
    const app = new Hono();
    app.get('/api/big', (c) => c.text(big));
    app.post('/api/echo', async (c) => c.json({ got: await c.req.text(), address: c.env && (c.env as any).incoming.socket.remoteAddress }));
    const relay = startHttpRelay(nc, app, { registry: { list: () => [], get: () => undefined }, log: quiet(), partBytes: 4096 });
    try {
      const got = await within(5_000, 'the relay subscribed', async () => {
        const g = await get(edgeUrl, '/api/big');
        return g.status === 200 ? g : undefined;
      });
      assert.equal(got.body.length, big.length);
      assert.equal(got.body, big);
      const echo = JSON.parse((await send(edgeUrl, 'POST', '/api/echo', 'hello', { 'content-type': 'text/plain' })).body);
      assert.deepEqual(echo, { got: 'hello', address: '127.0.0.1' });
    } finally {
      relay.close();
    }
  });

  it('the owner gone while answering: 503 saying so, long before the 10 s timeout', async () => {
    // An owner whose answer never comes (its process dies with the request), on a connection of its own.
    const owner = await connect({ servers: nats.url });
    let asked!: () => void;
    const reached = new Promise<void>((r) => (asked = r));
    const app = new Hono();
    app.post('/api/tournaments/t-slow/commands', () => {
      asked();
      return new Promise<Response>(() => {});
    });
    const relay = startHttpRelay(owner, app, { registry: { list: () => [{ id: 't-slow' }], get: () => true }, log: quiet() });
    try {
      await within(5_000, 'the owner subscribed', async () => ((await get(edgeUrl, '/api/tournaments/t-slow/seat')).status === 404 ? true : undefined));
      const pending = send(edgeUrl, 'POST', '/api/tournaments/t-slow/commands', '{}', { 'content-type': 'application/json' });
      await reached;
      const killedAt = Date.now();
      await owner.close();
      const got = await pending;
      assert.equal(got.status, 503);
      assert.deepEqual(JSON.parse(got.body).error, { code: 'storage-unavailable', message: RELAY_OWNER_GONE });
      assert.ok(Date.now() - killedAt < 5_000, `answered ${Date.now() - killedAt} ms after the owner went`);
    } finally {
      relay.close();
    }
  });
});
