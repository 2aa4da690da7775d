/**
 * A field too big for one NATS message (issue 28): NATS's max_payload is 1 MB by default, and a
 * field of a few thousand entries makes a larger snapshot, and a seat draw a larger change. Here
 * the NATS server takes at most 8 KiB a message and the field is 150 entries, so both the
 * snapshot an edge asks for and the seat draw's change are larger than a message: the snapshot
 * comes in parts (server/cluster/parts.ts), the change that could not be published makes the
 * host tell the edges to ask (`loaded`), and the edge's TV ends equal to the host's own screen.
 * Before, an edge asked for the snapshot forever and its screens stopped where they were.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { pino } from 'pino';
import { startEdge, type Edge } from '../../server/edge/server.js';
import { TOPICS } from '../../server/protocol/views.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startNats, type TestNats } from '../helpers/nats.js';
import { TestClient } from '../helpers/ws-client.js';
import { eventually } from '../helpers/eventually.js';

const MAX_PAYLOAD = 8 * 1024;
const quiet = () => pino({ level: process.env.TEST_LOG ? 'debug' : 'silent' });

async function tv(url: string, tournament: string): Promise<TestClient> {
  const client = await TestClient.connect(url);
  await client.next('hello');
  client.send({ type: 'subscribe', id: 'sub', tournament });
  await client.next('snapshot');
  return client;
}

describe('an edge with a field larger than one NATS message', () => {
  let nats: TestNats;
  let host: TestServer;
  let edge: Edge;
  before(async () => {
    nats = await startNats({ maxPayload: MAX_PAYLOAD });
    host = await startTestServer({ natsUrl: nats.url });
    edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: nats.url, log: quiet() });
  });
  after(async () => {
    await edge?.close();
    await host?.close();
    await nats?.destroy();
  });

  it('the snapshot comes in parts, a change too large is asked for, and the TV ends equal to the host', async () => {
    const id = await host.createTournament();
    for (let i = 0; i < 150; i++) await host.ok(id, { type: 'entry.add', id: `add-${i}`, name: `Player number ${String(i).padStart(3, '0')} with a long name` });
    const owner = host.riffle.registry.get(id)!;
    const snapshotBytes = TOPICS.reduce((n, t) => n + owner.topicJsonFor(t).length + owner.delayed.topicJsonFor(t).length, 0);
    assert.ok(snapshotBytes > 2 * MAX_PAYLOAD, `the snapshot (${snapshotBytes} bytes) must be larger than a message`);

    await eventually(async () => edge.mirrors.natsConnected, (up) => up, 5_000, 'the edge connects to NATS');
    const onEdge = await tv(`ws://127.0.0.1:${edge.port}/ws`, id);
    const onHost = await tv(host.wsUrl, id);
    try {
      assert.deepEqual(onEdge.state.get(id), onHost.state.get(id));

      for (let t = 0; t < 17; t++) await host.ok(id, { type: 'table.add', id: `table-${t}` });
      await host.ok(id, { type: 'seating.draw', id: 'draw' });
      const change = owner.changesSince(owner.seq - 1)![0]!;
      const changeBytes = change.ops.reduce((n, op) => n + op.json.length, 0);
      assert.ok(changeBytes > MAX_PAYLOAD, `the seat draw's change (${changeBytes} bytes) must be larger than a message`);
      const seated = (s: ReturnType<typeof onEdge.state.get>) => s?.seating?.drawn === true && s.seating.seated === 150;
      await eventually(async () => onEdge.state.get(id), (s) => seated(s) && isDeepStrictEqual(s, onHost.state.get(id)), 10_000, "the edge's TV has the draw");
      assert.equal(onEdge.state.get(id)?.players?.entries.length, 150);
      assert.deepEqual(onEdge.state.get(id), onHost.state.get(id));
      // And on from there: the next small change arrives as a patch.
      await host.ok(id, { type: 'clock.start', id: 'start' });
      await onEdge.next('patch', (m) => m.seq === owner.seq);
      await eventually(async () => onHost.state.get(id)?.clock?.status, (status) => status === 'running', 5_000, "the host's screen has the start");
      assert.deepEqual(onEdge.state.get(id), onHost.state.get(id));
    } finally {
      onEdge.close();
      onHost.close();
    }
  });
});
