/**
 * Many slow HTTP connections from one address (issue: hostile Wi-Fi): one laptop that opens
 * hundreds of connections and never finishes a request cannot starve the room. Connections
 * over the per-address cap are closed at once, and another client is served meanwhile.
 * The attacker binds 127.0.0.2 (loopback is counted like a LAN address here), the room 127.0.0.1.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { HTTP_LIMITS } from '../../server/server.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { eventually } from '../helpers/eventually.js';

describe('slow HTTP connections from one address', () => {
  let server: TestServer;
  const sockets: Socket[] = [];
  before(async () => {
    server = await startTestServer({ ws: { limitLoopback: true } });
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    await server.close();
  });

  it(`keeps at most ${HTTP_LIMITS.connectionsPerAddress} open per address and serves another client within 1 s`, async () => {
    const attempts = 600;
    let open = 0;
    let closed = 0;
    for (let i = 0; i < attempts; i++) {
      const socket = connect({ host: '127.0.0.1', port: server.riffle.port, localAddress: '127.0.0.2' });
      socket.on('connect', () => {
        open++;
        socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n'); // and never the blank line
      });
      socket.on('close', () => closed++);
      socket.on('error', () => {});
      sockets.push(socket);
    }
    await eventually(async () => open + closed, (n) => n >= attempts, 10_000, 'every attempt connected or closed');
    await eventually(async () => closed, (n) => n >= attempts - HTTP_LIMITS.connectionsPerAddress, 10_000, 'the excess closed');
    assert.equal(sockets.filter((s) => !s.destroyed).length, HTTP_LIMITS.connectionsPerAddress, 'the cap holds');

    const started = Date.now();
    const res = await fetch(`${server.url}/healthz`);
    assert.equal(res.status, 200);
    assert.ok(Date.now() - started < 1000, `served in ${Date.now() - started} ms`);
  });
});
