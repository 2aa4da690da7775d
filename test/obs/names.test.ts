/**
 * A scene, source or transition OBS does not have (issue 24, item 8): a Stream Deck button with a typo was
 * answered like a success. Against the fake obs-websocket server (test/helpers/fake-obs.ts, which
 * records every request): the manual routes refuse it at once with 404 and the names OBS does
 * have, and nothing at all is sent to OBS, so nothing changes on air. The real-OBS side of the
 * same is in bridge.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';
import { eventually } from '../helpers/eventually.js';
import { startFakeObs, type FakeObs } from '../helpers/fake-obs.js';

const ADMIN = { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

async function obsApi(server: TestServer, id: string, method: string, body?: unknown, path = '') {
  const res = await fetch(`${server.url}/api/tournaments/${id}/obs${path}`, { method, headers: ADMIN, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
}

describe('a scene or source OBS does not have', () => {
  let fake: FakeObs;
  let server: TestServer;
  let id: string;
  before(async () => {
    fake = await startFakeObs(['Game', 'Break', 'Final table'], ['Blinds', 'Last out']);
    server = await startTestServer();
    id = await server.createTournament();
    await obsApi(server, id, 'PUT', { url: fake.url, password: '' });
    await eventually(async () => (await obsApi(server, id, 'GET')).body.status.state, (s) => s === 'connected', 10_000, 'connected');
    // The bridge has read OBS's sources once it flags a rule naming a source OBS lacks.
    await server.ok(id, { type: 'obs.rules.set', rules: [{ when: 'level.started', actions: [{ text: { input: 'Nope', template: '{blinds}' } }] }] });
    await eventually(async () => (await obsApi(server, id, 'GET')).body.status.problems, (p) => p.includes("source 'Nope' not found in OBS"), 5_000, 'sources read');
  });
  after(async () => {
    await server?.close();
    await fake?.close();
  });

  it('is refused at once with 404 and the names OBS has; nothing is sent to OBS', async () => {
    const sentBefore = fake.requests.length;
    const scene = await obsApi(server, id, 'POST', { scene: 'Brake' }, '/scene');
    assert.equal(scene.status, 404);
    assert.equal(scene.body.ok, false);
    assert.equal(scene.body.error.code, 'obs-unknown-scene');
    assert.equal(scene.body.error.message, "OBS has no scene 'Brake'; its scenes: 'Game', 'Break', 'Final table'.");
    assert.deepEqual(scene.body.error.names, ['Game', 'Break', 'Final table']);

    const source = await obsApi(server, id, 'POST', { source: 'Last 0ut', visible: true }, '/item');
    assert.equal(source.status, 404);
    assert.equal(source.body.error.code, 'obs-unknown-source');
    assert.equal(source.body.error.message, "OBS has no source 'Last 0ut'; its sources: 'Blinds', 'Last out'.");
    assert.deepEqual(source.body.error.names, ['Blinds', 'Last out']);

    const inScene = await obsApi(server, id, 'POST', { source: 'Blinds', visible: false, scene: 'Gmae' }, '/item');
    assert.equal(inScene.status, 404);
    assert.equal(inScene.body.error.code, 'obs-unknown-scene');

    const transition = await obsApi(server, id, 'POST', { transition: 'Stinger' }, '/transition');
    assert.equal(transition.status, 404);
    assert.equal(transition.body.error.code, 'obs-unknown-transition');
    assert.equal(transition.body.error.message, "OBS has no transition 'Stinger'; its transitions: 'Cut', 'Fade'.");
    assert.deepEqual(transition.body.error.names, ['Cut', 'Fade']);

    assert.deepEqual(
      fake.requests.slice(sentBefore).filter((r) => r.type !== 'GetVersion'),
      [],
      'nothing sent to OBS (the heartbeat aside)',
    );
    assert.equal(fake.programScene, 'Game', 'nothing changed on air');
  });

  it('a scene OBS has still switches, answered once OBS did it', async () => {
    const answer = await obsApi(server, id, 'POST', { scene: 'Break' }, '/scene');
    assert.equal(answer.status, 200);
    assert.equal(fake.programScene, 'Break');
  });
});
