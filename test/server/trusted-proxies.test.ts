/**
 * Behind a balancer (issue 28: haproxy or nginx in front of the edges): a request or socket from
 * an address named in RIFFLE_TRUSTED_PROXIES counts as the client its X-Forwarded-For names, so
 * the per-address socket cap and the anonymous request budget still count each screen and phone,
 * not the balancer; from any other address the header changes nothing (a client cannot choose its
 * address by sending it). Expected values by hand: a cap of 2 sockets an address; a budget of
 * 64 KiB of burst, which a few dozen requests of the sample tournament's state use up.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TrustedProxies } from '../../server/net/forwarded.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

const CAP = { maxSocketsPerAddress: 2, limitLoopback: true };
const BUDGET = { bytesPerSecond: 1024, burstBytes: 64 * 1024 };

describe('TrustedProxies.client', () => {
  const proxies = new TrustedProxies(['10.0.0.1', '10.0.0.2']);
  it('takes the rightmost address that is not a trusted proxy, from a trusted peer only', () => {
    assert.equal(proxies.client('10.0.0.1', '192.168.1.7'), '192.168.1.7');
    // What the client wrote itself (left) is never taken; the proxies' own hops are skipped.
    assert.equal(proxies.client('10.0.0.1', '6.6.6.6, 192.168.1.7, 10.0.0.2'), '192.168.1.7');
    assert.equal(proxies.client('::ffff:10.0.0.1', '192.168.1.8'), '192.168.1.8');
    // From anyone else the header is the client's own claim.
    assert.equal(proxies.client('192.168.1.9', '192.168.1.7'), '192.168.1.9');
    // No header, or one that is not an address: the peer.
    assert.equal(proxies.client('10.0.0.1', undefined), '10.0.0.1');
    assert.equal(proxies.client('10.0.0.1', 'unknown'), '10.0.0.1');
    assert.throws(() => new TrustedProxies(['balancer.lan']), /not an IP address/);
  });
});

/** Opens a socket with the given X-Forwarded-For; the status of a refused upgrade, or 101. */
async function open(server: TestServer, forwardedFor: string, sockets: TestClient[]): Promise<number> {
  try {
    sockets.push(await TestClient.connect(server.wsUrl, { headers: { 'x-forwarded-for': forwardedFor } }));
    return 101;
  } catch (err) {
    const status = /Unexpected server response: (\d+)/.exec(String(err));
    if (!status) throw err;
    return Number(status[1]);
  }
}

/** Anonymous GETs with the given X-Forwarded-For until one is refused 429 (at most 300). */
async function untilRefused(server: TestServer, path: string, forwardedFor: string): Promise<number> {
  for (let n = 1; n <= 300; n++) {
    const res = await fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': forwardedFor } });
    await res.arrayBuffer();
    if (res.status === 429) return n;
    assert.equal(res.status, 200);
  }
  return Infinity;
}

describe('behind a trusted balancer (RIFFLE_TRUSTED_PROXIES=127.0.0.1)', () => {
  let server: TestServer;
  let id: string;
  const sockets: TestClient[] = [];
  before(async () => {
    server = await startTestServer({ trustedProxies: ['127.0.0.1'], ws: CAP, requestBudget: BUDGET });
    id = await server.createTournament();
  });
  after(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  it('the socket cap counts each client the balancer names', async () => {
    assert.equal(await open(server, '192.168.1.10', sockets), 101);
    assert.equal(await open(server, '192.168.1.10', sockets), 101);
    assert.equal(await open(server, '192.168.1.10', sockets), 429);
    // Another screen behind the same balancer is another client.
    assert.equal(await open(server, '192.168.1.11', sockets), 101);
  });

  it('the request budget counts each client the balancer names', async () => {
    const path = `/api/tournaments/${id}`;
    const first = await untilRefused(server, path, '192.168.1.20');
    assert.ok(first > 1 && first < 300, `refused after ${first} requests`);
    // A player on another phone behind the same balancer still gets an answer.
    const other = await fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': '192.168.1.21' } });
    assert.equal(other.status, 200);
  });
});

describe('without trusted proxies, X-Forwarded-For changes nothing', () => {
  let server: TestServer;
  const sockets: TestClient[] = [];
  before(async () => {
    server = await startTestServer({ ws: CAP });
  });
  after(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  it('a client cannot pass the socket cap by naming other addresses', async () => {
    assert.equal(await open(server, '192.168.1.30', sockets), 101);
    assert.equal(await open(server, '192.168.1.31', sockets), 101);
    assert.equal(await open(server, '192.168.1.32', sockets), 429);
  });
});
