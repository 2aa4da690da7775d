/** A lost phone: the TD lists paired phones and signs one out; its open sockets lose their rights at once. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

let server: TestServer;
let id: string;
const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

async function pairTd(): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: TEST_PINS.td }) });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function socketAs(cookie: string) {
  const client = await TestClient.connect(server.wsUrl, { headers: { cookie, origin: server.url } });
  assert.equal((await client.next('hello')).role, 'td');
  return client;
}

async function waitClosed(client: TestClient) {
  for (let i = 0; i < 50 && !client.closed; i++) await new Promise((r) => setTimeout(r, 20));
  return client.closed;
}

before(async () => {
  server = await startTestServer();
  id = await server.createTournament();
});
after(() => server.close());

describe('sessions', () => {
  it('the TD revokes a lost phone: its cookie stops working and its sockets are closed', async () => {
    const cookie = await pairTd();
    const socket = await socketAs(cookie);
    const list = (await (await fetch(`${server.url}/api/auth/sessions`, { headers: admin })).json()) as { sessions: Array<{ id: string; role: string }> };
    assert.ok(list.sessions.length >= 1);
    const anonymous = await fetch(`${server.url}/api/auth/sessions`);
    assert.equal(anonymous.status, 401, 'only the TD sees paired phones');
    for (const s of list.sessions) {
      const res = await fetch(`${server.url}/api/auth/sessions/${s.id}`, { method: 'DELETE', headers: admin });
      assert.equal(res.status, 200);
    }
    assert.equal((await waitClosed(socket))?.code, 4001);
    const me = await (await fetch(`${server.url}/api/auth/me`, { headers: { cookie } })).json();
    assert.deepEqual(me, { role: 'viewer' });
    const refused = await fetch(`${server.url}/api/tournaments/${id}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify({ type: 'clock.start' }),
    });
    assert.equal(refused.status, 401);
  });

  it('signing out closes the sockets opened with that session', async () => {
    const cookie = await pairTd();
    const socket = await socketAs(cookie);
    const res = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: server.url } });
    assert.equal(res.status, 200);
    assert.equal((await waitClosed(socket))?.code, 4001);
  });
});
