/**
 * Server time (server/time.ts): anchored to the wall clock at start, then moved by the
 * monotonic clock alone, so a step of the system clock (an NTP correction of +30 min, and back)
 * moves no tournament: the level keeps its time left, no level is skipped, and `pong` goes on on
 * the same timeline. Both clocks are injected and moved by hand; a real server and socket.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { systemTime, type Clocks } from '../../server/time.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

const MIN = 60_000;
const START = Date.UTC(2026, 10, 22, 18, 0, 0);

/** Clocks a test moves: the wall clock can be stepped, the monotonic one only goes forward. */
class StepClocks implements Clocks {
  wallNow = START;
  monoNow = 1_234.5;
  wall(): number {
    return this.wallNow;
  }
  monotonic(): number {
    return this.monoNow;
  }
  /** Real time passing: both clocks move together. */
  pass(ms: number): void {
    this.wallNow += ms;
    this.monoNow += ms;
  }
}

async function clockOf(server: TestServer, id: string) {
  const body = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as { state: { clock: any } };
  return body.state.clock;
}

describe('server time', () => {
  const clocks = new StepClocks();
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ time: systemTime(1, clocks) });
  });
  after(() => server.close());

  it('starts at the wall clock and then follows the monotonic clock only', () => {
    const local = new StepClocks();
    const time = systemTime(1, local);
    assert.equal(time.now(), START);
    local.pass(1_500);
    assert.equal(time.now(), START + 1_500);
    local.wallNow += 30 * MIN;
    assert.equal(time.now(), START + 1_500, 'a step of the wall clock is not seen');
    const fast = systemTime(60, local);
    local.monoNow += 1_000;
    assert.equal(fast.now(), local.wallNow + 60_000, 'RIFFLE_TIME_RATE: a second of monotonic time is a minute');
  });

  it('a step of the system clock, +30 min and back, leaves the level and its time left as they are', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'clock.start' });
    const startedAt = clocks.wallNow;
    clocks.pass(5 * MIN);
    const running = await clockOf(server, id);
    assert.equal(running.current.n, 1);
    assert.equal(running.endsAt, startedAt + 20 * MIN, 'level 1 (20 min) ends 20 min after the start');

    clocks.wallNow += 30 * MIN; // an NTP step forward
    await server.ok(id, { type: 'clock.pause' }); // a command settles the clock at server time
    const paused = await clockOf(server, id);
    assert.equal(paused.current.n, 1, 'no level crossed');
    assert.equal(paused.remainingMs, 15 * MIN, '20 min - the 5 min that really passed');

    clocks.wallNow -= 60 * MIN; // and a step back, past where it was
    await server.ok(id, { type: 'clock.resume' });
    clocks.pass(MIN);
    await server.ok(id, { type: 'clock.pause' });
    const again = await clockOf(server, id);
    assert.equal(again.current.n, 1);
    assert.equal(again.remainingMs, 14 * MIN);
  });

  it('hello and pong carry server time on the monotonic timeline, whatever the wall clock did', async () => {
    const client = await TestClient.connect(server.wsUrl);
    const hello = await client.next('hello');
    const before = hello.serverTime;
    clocks.wallNow += 30 * MIN;
    clocks.monoNow += 2_000;
    client.send({ type: 'ping', t: 1 });
    const pong = await client.next('pong');
    assert.equal(pong.serverTime, before + 2_000);
    client.close();
  });
});
