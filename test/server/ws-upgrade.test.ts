/**
 * WebSocket upgrades go through the app (Host, actor, per-address cap, origin) and only the
 * `/ws` routes open a socket (server/ws/upgrade.ts). The refusals by Host (421) and by the cap
 * (429) are in limits.test.ts, the origin rules in ws.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server?.close();
});

/** The HTTP status of an upgrade the server refused (rejects if a socket opens). */
function refusedStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    ws.once('open', () => {
      ws.terminate();
      reject(new Error(`a socket opened on ${url}`));
    });
    ws.once('error', reject);
  });
}

describe('WebSocket upgrades', () => {
  it('opens sockets on /ws and /ws/stream only; an upgrade anywhere else is refused (404 where the route would answer 200)', async () => {
    for (const path of ['/ws', '/ws/stream']) {
      const client = await TestClient.connect(`${server.url.replace('http', 'ws')}${path}`);
      assert.equal((await client.next('hello')).type, 'hello', path);
      client.close();
    }
    for (const path of ['/api/tournaments', '/healthz', '/ws/other']) {
      assert.equal(await refusedStatus(`${server.url.replace('http', 'ws')}${path}`), 404, path);
    }
    // A route that answers otherwise keeps its status (the home page redirects), never 101.
    assert.equal(await refusedStatus(`${server.url.replace('http', 'ws')}/`), 302);
  });

  it('answers a plain GET of /ws (no upgrade) with the usual 404', async () => {
    const res = await fetch(`${server.url}/ws`);
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'not-found');
  });

  it('forgets a closed socket: the hub counts only open ones', async () => {
    const before = server.riffle.hub.connectionCount;
    const client = await TestClient.connect(server.wsUrl);
    await client.next('hello');
    assert.equal(server.riffle.hub.connectionCount, before + 1);
    const closed = new Promise<void>((resolve) => client.ws.once('close', () => resolve()));
    client.close();
    await closed;
    // The server's close handler runs when its side of the close handshake completes.
    while (server.riffle.hub.connectionCount !== before) await new Promise((r) => setImmediate(r));
    assert.equal(server.riffle.hub.connectionCount, before);
  });
});
