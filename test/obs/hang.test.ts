/**
 * OBS that hangs in the middle of an action (issue 21, item 4), against a fake obs-websocket
 * server on loopback (test/helpers/fake-obs.ts; a real OBS cannot be made to hang on demand).
 * A request OBS swallows is answered `504 obs-timeout` within the request deadline and the
 * status says `not-responding`; a socket that closes mid-request answers `503 obs-unavailable` at
 * once; an action queued behind a hung rule action is answered too. After each, once OBS
 * answers again, Riffle reconnects, re-applies the scene of the moment on the new connection,
 * and the next manual action reaches OBS before it is answered `ok`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';
import { eventually } from '../helpers/eventually.js';
import { startFakeObs, type FakeObs } from '../helpers/fake-obs.js';

const ADMIN = { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
/** Short deadlines so the test waits 1 s for a timeout instead of 5. */
const TIMING = { requestTimeoutMs: 1_000, backoffMinMs: 300, backoffMaxMs: 600, heartbeatMs: 60_000, handshakeTimeoutMs: 2_000 };

async function obsApi(server: TestServer, id: string, method: string, body?: unknown, path = '') {
  const res = await fetch(`${server.url}/api/tournaments/${id}/obs${path}`, { method, headers: ADMIN, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
}

describe('an OBS that hangs or drops mid-request', () => {
  let fake: FakeObs;
  let server: TestServer;
  let id: string;
  const status = async () => (await obsApi(server, id, 'GET')).body.status;
  const scenesSent = (scene: string, after: number) => fake.requests.filter((r) => r.type === 'SetCurrentProgramScene' && r.data.sceneName === scene && r.connection > after);

  /**
   * OBS answers again: Riffle reconnects, puts back the program scene last chosen (a rule's or the
   * producer's that reached OBS: `restored`, or null where OBS still shows it) on a new
   * connection, and a manual action reaches OBS.
   */
  async function recovers(lost: number, restored: 'Break' | 'Game' | null): Promise<void> {
    fake.mode = 'answer';
    await eventually(status, (s) => s.state === 'connected', 10_000, 'connected again');
    if (restored) await eventually(async () => scenesSent(restored, lost).length, (n) => n === 1, 5_000, `the ${restored} scene re-applied after the reconnect`);
    const manual = restored === 'Break' ? 'Game' : 'Break';
    const answer = await obsApi(server, id, 'POST', { scene: manual }, '/scene');
    assert.equal(answer.status, 200);
    // Answered ok only once OBS had it: no waiting here.
    assert.equal(scenesSent(manual, lost).length, 1, 'the manual action reached OBS');
    assert.equal(fake.programScene, manual);
    // Actions run in order on the connection: a restore would have been sent before the manual one.
    if (!restored) assert.equal(scenesSent('Game', lost).length, 0, 'OBS already showed the scene last chosen: nothing re-sent');
  }

  before(async () => {
    fake = await startFakeObs(['Game', 'Break'], ['Blinds']);
    server = await startTestServer({ obsTiming: TIMING });
    id = await server.createTournament();
    await server.ok(id, {
      type: 'obs.rules.set',
      rules: [
        { when: 'break.started', live: true, actions: [{ scene: 'Break' }] },
        { when: 'level.started', live: true, actions: [{ scene: 'Game' }, { text: { input: 'Blinds', template: '{blinds}' } }] },
      ],
    });
    await obsApi(server, id, 'PUT', { url: fake.url, password: '' });
    await eventually(status, (s) => s.state === 'connected', 10_000, 'connected');
    await server.ok(id, { type: 'clock.start' });
  });
  after(async () => {
    await server?.close();
    await fake?.close();
  });

  it('a request OBS swallows: 504 obs-timeout within the deadline, the status says not-responding, and Riffle recovers', async () => {
    fake.mode = 'swallow';
    const hungOn = fake.connections;
    const start = performance.now();
    const answer = await obsApi(server, id, 'POST', { scene: 'Break' }, '/scene');
    const took = performance.now() - start;
    assert.equal(answer.status, 504);
    assert.equal(answer.body.error.code, 'obs-timeout');
    assert.match(answer.body.error.message, /OBS did not answer SetCurrentProgramScene within 1 s/);
    assert.ok(took >= 1_000 && took < 2_000, `answered after ${took.toFixed(0)} ms (deadline 1000 ms)`);
    assert.equal(scenesSent('Break', hungOn - 1).length, 1, 'the request reached the fake and was swallowed');
    // The status says so (while OBS keeps hanging, each new connection ends the same way).
    const now = await eventually(status, (s) => s.state === 'not-responding', 5_000, 'not responding');
    assert.match(now.lastError.message, /did not answer/);
    // The break starts while OBS hangs: the rule cannot reach OBS; the reconnect re-applies it.
    await server.ok(id, { type: 'level.set', index: 4 }); // the sample's first break
    await recovers(hungOn, 'Break');
  });

  it('a socket that closes mid-request: 503 obs-unavailable at once, and Riffle recovers', async () => {
    fake.mode = 'close';
    const closedOn = fake.connections;
    const start = performance.now();
    const answer = await obsApi(server, id, 'POST', { scene: 'Break' }, '/scene');
    const took = performance.now() - start;
    assert.equal(answer.status, 503);
    assert.equal(answer.body.error.code, 'obs-unavailable');
    assert.ok(took < TIMING.requestTimeoutMs, `answered after ${took.toFixed(0)} ms: by the close, not the deadline`);
    assert.notEqual((await status()).state, 'connected');
    // The Break that OBS never took is not put back: OBS still shows the producer's last scene (Game).
    await recovers(closedOn, null);
  });

  it('an action queued behind a rule action OBS swallows is answered when the session is given up', async () => {
    fake.mode = 'swallow';
    const hungOn = fake.connections;
    const from = fake.requests.length;
    const since = (scene: string) => fake.requests.slice(from).filter((r) => r.type === 'SetCurrentProgramScene' && r.data.sceneName === scene);
    await server.ok(id, { type: 'level.set', index: 5 }); // a level: the rule sends Game, then the text
    await eventually(async () => since('Game').length, (n) => n === 1, 5_000, 'the rule action sent');
    const start = performance.now();
    const answer = await obsApi(server, id, 'POST', { scene: 'Break' }, '/scene');
    const took = performance.now() - start;
    assert.equal(answer.status, 503);
    assert.equal(answer.body.error.code, 'obs-unavailable');
    assert.ok(took < 2_000, `answered after ${took.toFixed(0)} ms (deadline 1000 ms)`);
    // Back at a level: the re-apply puts up Game on a new connection, and the manual Break
    // queued in the hung session is never sent.
    fake.mode = 'answer';
    await eventually(status, (s) => s.state === 'connected', 10_000, 'connected again');
    await eventually(async () => since('Game').filter((r) => r.connection > hungOn).length, (n) => n === 1, 5_000, 'the game scene re-applied');
    assert.equal(since('Break').length, 0, 'the queued action was not sent');
    assert.equal(fake.programScene, 'Game');
  });
});

describe('an OBS that hangs while nothing is sent', () => {
  let fake: FakeObs;
  let server: TestServer;
  before(async () => {
    fake = await startFakeObs(['Game'], []);
    server = await startTestServer({ obsTiming: { ...TIMING, heartbeatMs: 200, requestTimeoutMs: 500 } });
  });
  after(async () => {
    await server?.close();
    await fake?.close();
  });

  it('the heartbeat goes unanswered: the status leaves connected within heartbeat + deadline (not-responding), and comes back', async () => {
    const id = await server.createTournament();
    await obsApi(server, id, 'PUT', { url: fake.url, password: '' });
    const status = async () => (await obsApi(server, id, 'GET')).body.status;
    await eventually(status, (s) => s.state === 'connected', 10_000, 'connected');
    fake.mode = 'swallow';
    const start = performance.now();
    await eventually(status, (s) => s.state !== 'connected', 3_000, 'seen as hung');
    assert.ok(performance.now() - start < 700 + 500, 'within heartbeat (200 ms) + deadline (500 ms), with room for the polling');
    const gone = await eventually(status, (s) => s.state === 'not-responding', 3_000, 'not responding');
    assert.match(gone.lastError.message, /OBS did not answer GetVersion within 0.5 s/);
    fake.mode = 'answer';
    await eventually(status, (s) => s.state === 'connected', 10_000, 'connected again');
  });
});
