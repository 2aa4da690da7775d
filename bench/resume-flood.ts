/**
 * A flood of resumes and snapshots within the documented limits (issue 21, item 2), against a
 * real server process on a field of `entries` players:
 *
 *   npx tsx bench/resume-flood.ts [sockets=32] [seconds=10] [entries=2000] [posters=0] [addresses=1]
 *
 * The TD (signed in over a WebSocket, as the phone) sends 15 chip counts a second, one at a time,
 * throughout; /healthz is asked every 100 ms. First `seconds` without a flood (the baseline of
 * this run), then `seconds` with `sockets` anonymous sockets from `addresses` loopback aliases
 * (127.0.0.2 on), each sending `subscribe` 20 times a second (the per-socket limit): half with a
 * `since` 550 changes back (a resume), half without (a snapshot). They read what they get
 * without parsing it. `posters` HTTP clients post the worst structure import at the same time
 * (64 KiB of repeated `"kind":` keys; another part of issue 21).
 *
 * Targets: the TD's command p99 during the flood at most 3 times the baseline's; /healthz never
 * silent more than 1 s; server RSS during the flood less than 64 MiB above its peak before it.
 * Loopback only.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { seatedField } from './lib/field.js';
import { api, BENCH_ADMIN_TOKEN, cpuMs, freePort, machine, percentile, rssBytes, sleep, startServerProcess, type ServerProcess } from './lib/server-process.js';
import { PROTOCOL_VERSION } from '../server/protocol/messages.js';

const sockets = Number(process.argv[2] ?? 32);
const seconds = Number(process.argv[3] ?? 10);
const entries = Number(process.argv[4] ?? 2000);
const posters = Number(process.argv[5] ?? 0);
const addresses = Number(process.argv[6] ?? 1);
/** How far back the resumes start (the probe's figure). */
const BACK = 550;
const MiB = 2 ** 20;
/** The TD's chip counts per second (under the per-socket limit of 20 messages a second). */
const TD_RATE = 15;

/** The TD's phone: signed in, sends one chip count after another, times each answer. */
class Td {
  private ws!: WebSocket;
  private waiting = new Map<number, { at: number; resolve: () => void }>();
  private next = 1;
  latencies: number[] = [];

  static async open(server: ServerProcess): Promise<Td> {
    const td = new Td();
    td.ws = new WebSocket(server.wsUrl);
    await new Promise<void>((resolve, reject) => {
      td.ws.once('open', () => resolve());
      td.ws.once('error', reject);
    });
    td.ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string; id?: number; ok?: boolean; error?: unknown };
      if (msg.type !== 'result' || typeof msg.id !== 'number') return;
      const w = td.waiting.get(msg.id);
      if (!w) return;
      td.waiting.delete(msg.id);
      if (msg.ok === false) throw new Error(`TD command refused: ${JSON.stringify(msg.error)}`);
      td.latencies.push(performance.now() - w.at);
      w.resolve();
    });
    await td.request({ type: 'hello', protocol: PROTOCOL_VERSION });
    await td.request({ type: 'auth', token: BENCH_ADMIN_TOKEN });
    td.latencies = [];
    return td;
  }

  request(msg: Record<string, unknown>): Promise<void> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, { at: performance.now(), resolve });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  /**
   * Chip counts until `until`, one at a time and at most TD_RATE a second (a socket may send 20);
   * returns the latencies of this stretch.
   */
  async run(tournament: string, until: number, from: number): Promise<number[]> {
    this.latencies = [];
    let i = from;
    while (performance.now() < until) {
      const sent = performance.now();
      await this.request({ type: 'command', tournament, command: { type: 'chips.set', entryId: `e${1 + (i % entries)}`, chips: 30_000 + i } });
      i++;
      await sleep(Math.max(0, 1000 / TD_RATE - (performance.now() - sent)));
    }
    return this.latencies;
  }

  close(): void {
    this.ws.close();
  }
}

/** Asks /healthz every 100 ms; the longest time without an answer. */
function watchHealth(server: ServerProcess): { stop(): Promise<number> } {
  let running = true;
  let lastAnswer = performance.now();
  let longest = 0;
  const loop = (async () => {
    while (running) {
      const asked = performance.now();
      try {
        await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(30_000) });
      } catch {
        // counted as silence
      }
      const now = performance.now();
      longest = Math.max(longest, now - lastAnswer);
      lastAnswer = now;
      await sleep(Math.max(0, 100 - (now - asked)));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return longest;
    },
  };
}

/**
 * The flood, in a child process of its own (so its reading does not slow the TD's timing in
 * this one): `sockets` sockets sending subscribe 20 times a second each until it is told to stop.
 */
async function flood(server: ServerProcess, tournament: string, since: number): Promise<{ stop(): Promise<{ received: number; closed: number; posted: string }> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--flood', server.wsUrl, tournament, String(since), String(sockets), String(addresses), String(posters), server.url], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as { received: number; closed: number; posted: string }));
        child.send('stop');
      }),
  };
}

/** The child's side of `flood`: says when its sockets are open, and what they got when told to stop. */
async function floodChild(wsUrl: string, tournament: string, since: number, sockets: number, addresses: number, posterCount: number, httpUrl: string): Promise<void> {
  let received = 0;
  let closed = 0;
  /** Set when told to stop: the sockets this child terminates are not counted as closed by the server. */
  let stopping = false;
  const open: WebSocket[] = [];
  for (let i = 0; i < sockets; i++) {
    const ws = new WebSocket(wsUrl, { localAddress: `127.0.0.${2 + (i % addresses)}` });
    ws.on('message', (data: Buffer) => (received += data.length));
    ws.on('error', () => {});
    ws.on('close', () => stopping || closed++);
    await new Promise<void>((resolve) => ws.once('open', () => resolve()));
    ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION }));
    open.push(ws);
  }
  const resume = JSON.stringify({ type: 'subscribe', tournament, since });
  const snapshot = JSON.stringify({ type: 'subscribe', tournament });
  const timer = setInterval(() => {
    open.forEach((ws, i) => {
      if (ws.readyState === ws.OPEN) ws.send(i % 2 === 0 ? resume : snapshot);
    });
  }, 50);
  const poster = importPosters(httpUrl, posterCount);
  process.send!('ready');
  process.once('message', async () => {
    clearInterval(timer);
    stopping = true;
    for (const ws of open) ws.terminate();
    const posted = await poster.stop();
    process.send!({ received, closed, posted }, () => process.exit(0));
  });
}

/**
 * `posters` anonymous clients posting the worst structure import (a body of repeated `"kind":`
 * keys just under the 64 KiB limit: 11 bytes a key once escaped, so the server reads and parses
 * it; a larger one is refused 413 unread) in a loop, as fast as they are answered (Retry-After
 * ignored, as an attacker would). In the flood's child process, so its work does not slow the
 * TD's timing in this one.
 */
function importPosters(httpUrl: string, count: number): { stop(): Promise<string> } {
  let running = count > 0;
  let posted = 0;
  const statuses = new Map<number, number>();
  const key = '"kind":1,';
  const text = `{${key.repeat(5864)}"kind":1}`;
  const loops = Array.from({ length: count }, async () => {
    while (running) {
      const answer = await api(httpUrl, 'POST', '/api/structures/import', { text, format: 'json' }, null).catch(() => ({ status: 0 }));
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      posted++;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return `${posted} (${[...statuses].map(([status, n]) => `${n} x ${status}`).join(', ')})`;
    },
  };
}

function summary(latencies: number[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

async function main(): Promise<void> {
  console.log(`resume-flood: ${machine()}`);
  const t0 = performance.now();
  const listener = { change() {}, delayChanged() {}, error(err: unknown) { throw err; } };
  const field = seatedField('flood', entries, { listener });
  const id = field.host.id;
  field.registry.close();
  field.db.$client.close();
  console.log(`built ${entries} entries in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const server = await startServerProcess({ port: await freePort(), dataDir: field.dataDir, sample: false });
  try {
    const td = await Td.open(server);
    console.log(`server up; TD signed in`);
    // History to resume from: the server keeps the changes it made since it started.
    for (let i = 0; i < BACK + 50; i++) await api(server.url, 'POST', `/api/tournaments/${id}/commands`, { type: 'chips.set', entryId: `e${1 + (i % entries)}`, chips: 20_000 + i });
    const { body } = await api(server.url, 'GET', `/api/tournaments/${id}`);
    const seq = body.seq as number;
    const since = seq - BACK;
    console.log(`history of ${BACK + 50} chip counts made (seq ${seq}); baseline for ${seconds} s`);

    const health1 = watchHealth(server);
    let rssBefore = rssBytes(server.pid);
    const sampler1 = setInterval(() => (rssBefore = Math.max(rssBefore, rssBytes(server.pid))), 50);
    const cpu0 = cpuMs(server.pid);
    const base = summary(await td.run(id, performance.now() + seconds * 1000, 1000));
    const cpu1 = cpuMs(server.pid);
    clearInterval(sampler1);
    const silentBase = await health1.stop();

    let rssPeak = rssBytes(server.pid);
    const sampler2 = setInterval(() => (rssPeak = Math.max(rssPeak, rssBytes(server.pid))), 50);
    const health2 = watchHealth(server);
    const attack = await flood(server, id, since);
    const flooded = summary(await td.run(id, performance.now() + seconds * 1000, 100_000));
    const cpu2 = cpuMs(server.pid);
    const { received, closed, posted } = await attack.stop();
    const silentFlood = await health2.stop();
    clearInterval(sampler2);
    const health = (await api(server.url, 'GET', '/healthz')).body as Record<string, number>;
    td.close();

    const ratio = flooded.p99 / base.p99;
    const grew = (rssPeak - rssBefore) / MiB;
    const f = (x: number) => x.toFixed(1);
    console.log(`${entries} entries; ${sockets} sockets from ${addresses} address(es), subscribe 20/s each (half since ${BACK} back), ${posters} import posters, ${seconds} s each phase`);
    console.log(`TD chip counts without flood: n ${base.n}, p50 ${f(base.p50)} ms, p99 ${f(base.p99)} ms, max ${f(base.max)} ms`);
    console.log(`TD chip counts during flood:  n ${flooded.n}, p50 ${f(flooded.p50)} ms, p99 ${f(flooded.p99)} ms, max ${f(flooded.max)} ms: p99 ${f(ratio)}x (target <= 3x)`);
    console.log(`/healthz longest silence: ${f(silentBase)} ms without, ${f(silentFlood)} ms during the flood (target <= 1000 ms)`);
    console.log(`server CPU: ${f((cpu1 - cpu0) / seconds / 10)} % without, ${f((cpu2 - cpu1) / seconds / 10)} % during the flood (of one core)`);
    console.log(`server RSS: peak ${f(rssBefore / MiB)} MiB before, ${f(rssPeak / MiB)} MiB during: grew ${f(grew)} MiB (target < 64 MiB)`);
    console.log(`flood sockets received ${f(received / MiB)} MiB (${f(received / MiB / seconds)} MiB/s); ${closed} of ${sockets} closed by the server; import posts answered ${posted}`);
    console.log(`server /healthz after: ${JSON.stringify(health)}`);
    const pass = ratio <= 3 && silentFlood <= 1000 && grew < 64;
    console.log(pass ? 'PASS' : 'FAIL');
    process.exitCode = pass ? 0 : 1;
  } finally {
    await server.kill();
    rmSync(field.dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--flood') {
  const [wsUrl, tournament, since, n, spread, posterCount, httpUrl] = process.argv.slice(3);
  await floodChild(wsUrl!, tournament!, Number(since), Number(n), Number(spread), Number(posterCount), httpUrl!);
} else await main();
