/**
 * Prometheus metrics (GET /metrics, server/metrics/metrics.ts; the series are listed in
 * docs/SCALING.md "Metrics"): a host's command answers by status and error code, its latency,
 * sockets, fan-out, each owned tournament's lease epoch and seq and the stream delay's backlog;
 * an edge's sockets, NATS and its lag behind the owner. A host with NATS and an edge, in-process,
 * on a real nats-server; counts by hand.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { startEdge, type Edge } from '../../server/edge/server.js';
import { startNats, type TestNats } from '../helpers/nats.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';
import { eventually, within } from '../helpers/eventually.js';

let nats: TestNats;
let host: TestServer;
let edge: Edge;
before(async () => {
  nats = await startNats();
  host = await startTestServer({ natsUrl: nats.url });
  edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: nats.url, log: pino({ level: 'silent' }) });
});
after(async () => {
  await edge?.close();
  await host?.close();
  await nats?.destroy();
});

async function scrape(url: string): Promise<string> {
  const res = await fetch(`${url}/metrics`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  return res.text();
}

/** The value of the series `name` whose labels include `labels` (in any order), or undefined. */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('a host counts its answers by status and code, its latency, sockets, fan-out, owned tournaments and the delayed backlog', async () => {
    const id = await host.createTournament();
    const tv = await TestClient.connect(host.wsUrl);
    try {
      await tv.next('hello');
      tv.send({ type: 'subscribe', id: 'tv', tournament: id });
      await tv.next('snapshot');
      // By hand: 3 made (200), 1 anonymous (401), 1 unknown type (400); the stream set 60 s behind.
      assert.equal((await host.command(id, { type: 'clock.start', id: 'm1' })).status, 200);
      assert.equal((await host.command(id, { type: 'clock.adjust', id: 'm2', seconds: 5 }, null)).status, 401);
      assert.equal((await host.command(id, { type: 'no.such.command', id: 'm3' })).status, 400);
      assert.equal((await host.command(id, { type: 'stream.delay', id: 'm4', seconds: 60 })).status, 200);
      const adjusted = await host.command(id, { type: 'clock.adjust', id: 'm5', seconds: -5 });
      assert.equal(adjusted.status, 200);
      await tv.next('patch', (m) => m.seq === adjusted.body.seq);
      const text = await scrape(host.url);
      assert.equal(value(text, 'riffle_command_answers_total', { status: '200', role: 'host' }), 3);
      assert.equal(value(text, 'riffle_command_answers_total', { status: '401', role: 'host' }), 1);
      assert.equal(value(text, 'riffle_command_answers_total', { status: '400', role: 'host' }), 1);
      assert.equal(value(text, 'riffle_command_errors_total', { code: 'not-authenticated', role: 'host' }), 1);
      assert.equal(value(text, 'riffle_command_duration_seconds_count', { status: '200', role: 'host' }), 3);
      assert.equal(value(text, 'riffle_sockets', { role: 'host' }), 1);
      assert.ok((value(text, 'riffle_fanout_duration_seconds_count', { role: 'host' }) ?? 0) >= 3, 'the TV\'s three patches were fanned out');
      assert.equal(value(text, 'riffle_tournament_lease_epoch', { tournament: id, role: 'host' }), 0);
      assert.equal(value(text, 'riffle_tournament_seq', { tournament: id, role: 'host' }), adjusted.body.seq);
      // The stream now shows the tournament as it was 60 s ago: the three changes made since
      // (the start, the delay itself and the adjust; the refused ones changed nothing) wait.
      assert.equal(value(text, 'riffle_delayed_feed_backlog_changes', { tournament: id, role: 'host' }), 3);
      assert.equal(value(text, 'riffle_ready', { role: 'host' }), 1);
      assert.equal(value(text, 'riffle_nats_connected', { role: 'host' }), 1);
      assert.ok(value(text, 'riffle_process_resident_memory_bytes', { role: 'host' })! > 0);
    } finally {
      tv.close();
    }
  });

  it('an edge counts its sockets, NATS, and its lag behind the owner for each live change', async () => {
    const id = await host.createTournament();
    const tv = await within(10_000, 'a TV through the edge', async () => {
      const client = await TestClient.connect(`ws://127.0.0.1:${edge.port}/ws`);
      await client.next('hello');
      client.send({ type: 'subscribe', id: 'tv', tournament: id });
      const first = await Promise.race([client.next('snapshot'), client.next('error', (m) => m.id === 'tv').then(() => null)]);
      if (first) return client;
      client.close();
      return undefined;
    });
    try {
      const edgeUrl = `http://127.0.0.1:${edge.port}`;
      const before = value(await scrape(edgeUrl), 'riffle_edge_lag_seconds_count', { feed: 'live', role: 'edge' }) ?? 0;
      const started = await host.command(id, { type: 'clock.start', id: 'e1' });
      await tv.next('patch', (m) => m.seq === started.body.seq);
      const text = await eventually(() => scrape(edgeUrl), (t) => value(t, 'riffle_edge_lag_seconds_count', { feed: 'live', role: 'edge' }) === before + 1, 5_000, 'one more live change measured');
      assert.equal(value(text, 'riffle_sockets', { role: 'edge' }), 1);
      assert.equal(value(text, 'riffle_nats_connected', { role: 'edge' }), 1);
      assert.equal(value(text, 'riffle_ready', { role: 'edge' }), 1);
    } finally {
      tv.close();
    }
  });
});
