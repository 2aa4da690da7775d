/**
 * ObsSession (server/obs/session.ts): every request settles. Against the fake obs-websocket
 * server (test/helpers/fake-obs.ts): an answered request resolves with OBS's data, a failed one
 * is `obs-refused` with OBS's comment, a swallowed one is `obs-timeout` at its deadline and
 * reports the timeout, ending the session fails the requests still waiting and every later one,
 * and a socket closed mid-request leaves the library's own call() unsettled (why the session
 * exists) while the session's call settles once the session is ended.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OBSWebSocket } from 'obs-websocket-js/json';
import { ObsRequestError, ObsSession } from '../../server/obs/session.js';
import { startFakeObs, type FakeObs } from '../helpers/fake-obs.js';

const DEADLINE = 300;

/** What `p` settled with, or 'pending' if it has not settled by the end of this turn's I/O. */
async function settled(p: Promise<unknown>): Promise<unknown> {
  const marker = Symbol('pending');
  const result = await Promise.race([p.then((v) => v, (e: unknown) => e), new Promise((r) => setImmediate(() => r(marker)))]);
  return result === marker ? 'pending' : result;
}

describe('ObsSession', () => {
  let fake: FakeObs;
  const sockets: OBSWebSocket[] = [];
  const open = async (timeouts: string[] = []) => {
    const obs = new OBSWebSocket();
    sockets.push(obs);
    await obs.connect(fake.url);
    return new ObsSession(obs, DEADLINE, (request) => timeouts.push(request));
  };
  before(async () => {
    fake = await startFakeObs(['Game', 'Break'], ['Blinds']);
  });
  after(async () => {
    for (const obs of sockets) await obs.disconnect().catch(() => {});
    await fake.close();
  });

  it('resolves with OBS answer; a failed request is obs-refused with OBS comment', async () => {
    fake.mode = 'answer';
    const session = await open();
    assert.equal((await session.call('GetSceneList')).currentProgramSceneName, fake.programScene);
    await assert.rejects(session.call('SetCurrentProgramScene', { sceneName: 'Final table' }), (err: ObsRequestError) => {
      assert.ok(err instanceof ObsRequestError);
      assert.equal(err.code, 'obs-refused');
      assert.equal(err.message, 'OBS refused SetCurrentProgramScene: No source was found by the name of `Final table`.');
      return true;
    });
  });

  it('a swallowed request fails with obs-timeout at its deadline and reports the timeout', async () => {
    fake.mode = 'answer';
    const timeouts: string[] = [];
    const session = await open(timeouts);
    fake.mode = 'swallow';
    const start = performance.now();
    await assert.rejects(session.call('SetCurrentProgramScene', { sceneName: 'Break' }), (err: ObsRequestError) => err.code === 'obs-timeout');
    const took = performance.now() - start;
    assert.ok(took >= DEADLINE - 5 && took < DEADLINE + 200, `${took.toFixed(0)} ms`);
    assert.deepEqual(timeouts, ['SetCurrentProgramScene']);
  });

  it('ending the session fails what waits and every later call with the reason', async () => {
    fake.mode = 'answer';
    const session = await open();
    fake.mode = 'swallow';
    const waiting = session.call('GetVersion');
    assert.equal(await settled(waiting), 'pending');
    const reason = new ObsRequestError('obs-unavailable', 'gone');
    session.end(reason);
    assert.equal(await settled(waiting), reason);
    assert.equal(await settled(session.call('GetVersion')), reason);
  });

  it('a socket closed mid-request: the library call never settles, the ended session call does', async () => {
    fake.mode = 'answer';
    const session = await open();
    const closed = new Promise<void>((resolve) => session.obs.once('ConnectionClosed', () => resolve()));
    fake.mode = 'close';
    const bare = session.obs.call('GetVersion');
    const wrapped = session.call('GetStudioModeEnabled');
    await closed;
    assert.equal(await settled(bare), 'pending', 'obs-websocket-js call() after the close');
    session.end(new ObsRequestError('obs-unavailable', 'closed'));
    assert.equal(((await settled(wrapped)) as ObsRequestError).code, 'obs-unavailable');
  });
});
