/**
 * Issue 28's edge targets, on real processes (bench/lib/cluster.ts): a PostgreSQL, a NATS, one
 * host (`server/main.ts`, RIFFLE_DATABASE_URL + RIFFLE_NATS_URL) and two edges
 * (`server/edge/main.ts`), each its own process; the screens in two more (bench/edge-screens.ts),
 * the TD in this one.
 *
 * 1. Latency: BENCH_SCREENS (3,000) lean screens on the edges, half on each, and BENCH_DIRECT
 *    (100) on the host itself, in the same run. Each screen process holds one edge's half and
 *    half of the direct screens, so a patch's arrival through an edge and straight from the
 *    host are read off one clock. The TD sends `clock.adjust` over HTTP at BENCH_RATE (20) a
 *    second for BENCH_SECONDS (30), on a fixed schedule (not waiting for answers). Per seq and
 *    screen process: extra latency = median arrival at its edge screens - median arrival at its
 *    direct screens; p50/p95 over the seqs (both edges). Target: p50 ≤ 5 ms.
 * 2. Edge kill: BENCH_SCREENS screens that behave as a venue page (bench/lib/screen.ts with the
 *    page's backoff, client/backoff.ts: 0.25-0.5 s before the first retry) all on edge 1, the TD
 *    sending BENCH_KILL_RATE (5) commands a second; edge 1 is killed with SIGKILL; each screen
 *    reconnects to the next URL of its list (edge 2: what a load balancer does once edge 1 is
 *    gone) and subscribes with `since`. A screen is resumed once it got `resumed` or a snapshot on
 *    its new socket and holds at least the seq acknowledged before the kill. Measured: kill to
 *    the last screen resumed. Then the TD stops and every screen's state is compared with a
 *    fresh snapshot from the host (keys sorted). Target: ≤ 10 s, every screen equal.
 *    A killed process's sockets are closed by the kernel, so the screens notice at once; a dead
 *    machine (or a pulled cable) is noticed by a page only when its pong is overdue
 *    (client/socket.ts HEARTBEAT: a ping every 20 s, 8 s to answer), which this does not measure.
 * 3. Memory per idle screen: heap (after three full GCs, bench/lib/heap-probe.mjs) and RSS of
 *    each edge before and after its half of the latency screens connect, and of the host before
 *    and after BENCH_SCREENS idle lean screens connect to it at the end.
 * 4. ('direct') Those BENCH_SCREENS screens on the host itself under the same TD load: the median
 *    screen's arrival after the TD's send, beside the same figure through the edges (phase 1):
 *    the other reading of "later than from the owner directly".
 *
 * Source addresses: the screens are spread over BENCH_ADDRESSES loopback addresses (default:
 * one each, as screens in a venue). The socket cap per address (RIFFLE_WS_PER_ADDRESS) never
 * counts loopback, but the byte budget of snapshots and resumes (server/ws/limits.ts
 * bulkBytesPerSecond, 8 MiB/s per address) does: with few addresses, many snapshots wait their
 * turn (BENCH_ADDRESSES=2 shows it).
 *
 * Run: ulimit -n 20000; npx tsx bench/edge-targets.ts
 * Env: BENCH_SCREENS, BENCH_DIRECT, BENCH_RATE, BENCH_SECONDS, BENCH_KILL_RATE, BENCH_ADDRESSES,
 *      BENCH_ENTRIES (0: players registered first, for a bigger snapshot), BENCH_KILL_WARM (1: edge 2
 *      holds 100 screens of its own during the kill; 0: none, it mirrors the tournament only when
 *      edge 1's screens arrive), BENCH_SCREEN_PROCS (2: screen processes, each holding one
 *      edge's share and a share of the direct screens; more spread a patch's reading over more
 *      processes, on the same two cores), BENCH_PHASES (latency,kill,memory,direct), BENCH_EDGES=host (a dry run: the "edges" are the host
 *      itself; no kill).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { sampleTournament } from '../server/sample.js';
import { PROTOCOL_VERSION } from '../server/protocol/messages.js';
import { ask } from './lib/fanout-harness.js';
import { startCluster } from './lib/cluster.js';
import { canonical, Screen } from './lib/screen.js';
import { api, cpuMs, heapAfterGc, machine, percentile, ROOT, sleep, type ServerProcess } from './lib/server-process.js';
import type { GroupSpec, OpenSpec } from './edge-screens.js';

const N = Number(process.env.BENCH_SCREENS ?? 3000);
const DIRECT = Number(process.env.BENCH_DIRECT ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const KILL_RATE = Number(process.env.BENCH_KILL_RATE ?? 5);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? N + DIRECT);
const PHASES = new Set((process.env.BENCH_PHASES ?? 'latency,kill,memory,direct').split(','));
const DRY = process.env.BENCH_EDGES === 'host';
/** Players registered before the screens connect (a bigger snapshot: 0 keeps the sample's). */
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 0);
const KILL_WARM = process.env.BENCH_KILL_WARM !== '0';
/** Screen processes (even: process i holds screens of edge i % 2). */
const PROCS = Math.max(2, 2 * Math.round(Number(process.env.BENCH_SCREEN_PROCS ?? 2) / 2));
/** `total` in `parts` nearly equal whole parts. */
const split = (total: number, parts: number) => Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
const now = () => performance.timeOrigin + performance.now();
const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The source addresses, handed out in turn: 127.0.1.1 ... 127.0.1.250, 127.0.2.1, ... */
const pool = Array.from({ length: Math.max(1, ADDRESSES) }, (_, k) => `127.0.${1 + Math.floor(k / 250)}.${1 + (k % 250)}`);
let cursor = 0;
const sources = (count: number) => Array.from({ length: count }, () => pool[cursor++ % pool.length]!);

interface ScreenProcess {
  proc: ChildProcess;
  waiters: Array<(m: any) => boolean>;
}

function startScreens(): Promise<ScreenProcess> {
  const proc = fork(join(ROOT, 'bench', 'edge-screens.ts'), [], { execArgv: ['--import', 'tsx'], cwd: ROOT });
  const w: ScreenProcess = { proc, waiters: [] };
  proc.on('message', (m: any) => {
    w.waiters = w.waiters.filter((x) => !x(m));
  });
  return new Promise((resolve) =>
    w.waiters.push((m) => {
      if (m.type !== 'started') return false;
      resolve(w);
      return true;
    }),
  );
}

async function open(w: ScreenProcess, spec: OpenSpec): Promise<void> {
  const r = await ask<{ errors: number; closed: number }>(w, 'open', 'opened', 180_000, { spec });
  if (r.errors || r.closed) throw new Error(`screens: ${r.errors} errors, ${r.closed} closed while opening`);
}

const stats = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s[s.length - 1] ?? NaN };
};

/** The TD: `clock.adjust` over HTTP at `rate` a second until stopped, on a fixed schedule. */
function td(host: ServerProcess, tournament: string, rate: number) {
  const sent = new Map<number, number>();
  const answers: number[] = [];
  let failures = 0;
  let lastSeq = -1;
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const start = now();
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const wait = start + (i * 1000) / rate - now();
      if (wait > 0) await sleep(wait);
      if (stopped) break;
      const at = now();
      const p = api(host.url, 'POST', `/api/tournaments/${tournament}/commands`, { type: 'clock.adjust', seconds: i % 2 ? 1 : -1 }).then((res) => {
        answers.push(now() - at);
        if (res.status !== 200 || res.body.ok === false) failures++;
        else {
          sent.set(res.body.seq, at);
          lastSeq = Math.max(lastSeq, res.body.seq);
        }
      });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
  })();
  return {
    sent,
    answers,
    get failures() {
      return failures;
    },
    get lastSeq() {
      return lastSeq;
    },
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
    },
  };
}

/** Registers `count` players, four commands at a time. */
async function register(host: ServerProcess, tournament: string, count: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const i = next++;
        const res = await api(host.url, 'POST', `/api/tournaments/${tournament}/commands`, { type: 'entry.add', name: `Player ${String(i + 1).padStart(5, '0')}` });
        if (res.status !== 200) throw new Error(`entry.add: ${JSON.stringify(res.body)}`);
      }
    }),
  );
}

/** Bytes of a fresh snapshot of the tournament, as a screen gets it. */
async function snapshotBytes(url: string, tournament: string): Promise<number> {
  const { default: WebSocket } = await import('ws');
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no snapshot')), 10_000);
    ws.on('message', (data: Buffer) => {
      const text = String(data);
      if (text.startsWith('{"type":"hello"')) {
        ws.send(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }));
        ws.send(JSON.stringify({ type: 'subscribe', id: 1, tournament }));
      } else if (text.startsWith('{"type":"snapshot"')) {
        clearTimeout(timer);
        ws.terminate();
        resolve(data.length);
      }
    });
    ws.on('error', reject);
  });
}

interface LatencyReport {
  groups: Record<string, { seqs: Record<string, { n: number; median: number; first: number }>; extra?: ReturnType<typeof stats> }>;
  outOfOrder: number;
  gaps: number;
  errors: number;
  closed: number;
}

async function latencyPhase(host: ServerProcess, edges: ServerProcess[], tournament: string, workers: ScreenProcess[], heap: boolean) {
  const half = split(N, PROCS);
  const direct = split(DIRECT, PROCS);
  const edgeBefore = heap && !DRY ? await Promise.all(edges.map((e) => heapAfterGc(e))) : [];
  await Promise.all(
    workers.map((w, i) => {
      const groups: GroupSpec[] = [
        { name: 'edge', urls: [edges[i % 2]!.wsUrl], count: half[i]!, sources: sources(half[i]!) },
        { name: 'host', urls: [host.wsUrl], count: direct[i]!, sources: sources(direct[i]!) },
      ];
      return open(w, { mode: 'lean', tournament, groups });
    }),
  );
  await sleep(2000);
  const edgeAfter = heap && !DRY ? await Promise.all(edges.map((e) => heapAfterGc(e))) : [];
  const onEdge = (e: number) => half.filter((_, i) => i % 2 === e).reduce((a, b) => a + b, 0);
  const memory = edgeAfter.map((a, e) => ({
    heapKiB: (a.heapUsed - edgeBefore[e]!.heapUsed) / onEdge(e) / 1024,
    rssKiB: (a.rss - edgeBefore[e]!.rss) / onEdge(e) / 1024,
  }));

  // A second of warm-up, then the counted run.
  const warm = td(host, tournament, RATE);
  await sleep(1000);
  await warm.stop();
  await sleep(500);
  await Promise.all(workers.map((w) => ask(w, 'mark', 'marked')));
  const load = loadavg();
  const pids: Record<string, number> = { host: host.pid, edge1: edges[0]!.pid, edge2: edges[1]!.pid, harness: process.pid };
  for (const [i, w] of workers.entries()) pids[`screens${i + 1}`] = w.proc.pid!;
  const cpu0 = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMs(pid)]));
  const t0 = now();
  const run = td(host, tournament, RATE);
  await sleep(SECONDS * 1000);
  await run.stop();
  const wall = now() - t0;
  /** Share of one core each process used during the counted run. */
  const cpu = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, Math.round(((cpuMs(pid) - cpu0[k]!) / wall) * 100)]));
  await sleep(3000);
  const reports = await Promise.all(workers.map((w) => ask<LatencyReport>(w, 'latency', 'latency', 60_000, { reference: 'host' })));
  const extra: number[] = [];
  const firstExtra: number[] = [];
  const viaEdge: number[] = [];
  const viaHost: number[] = [];
  let incomplete = 0;
  for (const [i, r] of reports.entries()) {
    for (const [seq, at] of run.sent) {
      const e = r.groups.edge?.seqs[seq];
      const h = r.groups.host?.seqs[seq];
      if (!e || !h || e.n !== half[i] || h.n !== direct[i]) {
        incomplete++;
        continue;
      }
      extra.push(e.median - h.median);
      firstExtra.push(e.first - h.first);
      viaEdge.push(e.median - at);
      viaHost.push(h.median - at);
    }
  }
  return {
    screens: { edges: [onEdge(0), onEdge(1)], direct: [DIRECT] },
    commands: run.sent.size,
    failures: run.failures,
    answer: stats(run.answers),
    extraPerSeq: stats(extra),
    /** The first screen through an edge against the first direct one: the hop, without the fan-out's spread. */
    extraFirst: stats(firstExtra),
    extraPerArrival: reports.map((r) => r.groups.edge?.extra),
    fromSendEdge: stats(viaEdge),
    fromSendHost: stats(viaHost),
    incomplete,
    order: { outOfOrder: reports.reduce((a, r) => a + r.outOfOrder, 0), gaps: reports.reduce((a, r) => a + r.gaps, 0), socketErrors: reports.reduce((a, r) => a + r.errors + r.closed, 0) },
    memory,
    cpu,
    loadavg: [load, loadavg()],
  };
}

interface ResumedReport {
  total: number;
  done: number;
  doneAt: number[];
  kinds: Record<string, number>;
  targets: Record<string, number>;
  reconnects: number;
  resyncs: number;
}
interface StatesReport {
  distinct: Array<{ seq: number; state: string; n: number }>;
}

async function killPhase(host: ServerProcess, edges: ServerProcess[], tournament: string, workers: ScreenProcess[]) {
  const half = split(N, workers.length);
  // Edge 2 follows the tournament already for screens of its own (a room split over two edges),
  // unless BENCH_KILL_WARM=0: then it first asks the owner when edge 1's screens arrive.
  const warm = split(100, workers.length);
  if (KILL_WARM) await Promise.all(workers.map((w, i) => open(w, { mode: 'lean', tournament, groups: [{ name: 'warm', urls: [edges[1]!.wsUrl], count: warm[i]!, sources: sources(warm[i]!) }] })));
  const opened = now();
  await Promise.all(
    workers.map((w, i) => open(w, { mode: 'page', tournament, groups: [{ name: 'page', urls: [edges[0]!.wsUrl, edges[1]!.wsUrl], count: half[i]!, sources: sources(half[i]!) }] })),
  );
  const openMs = now() - opened;
  const load = loadavg();
  const run = td(host, tournament, KILL_RATE);
  await sleep(2000);
  const killSeq = run.lastSeq;
  await Promise.all(workers.map((w) => ask(w, 'arm', 'armed', 30_000, { seq: killSeq })));
  const pids: Record<string, number> = { edge2: edges[1]!.pid, host: host.pid };
  for (const [i, w] of workers.entries()) pids[`screens${i + 1}`] = w.proc.pid!;
  const cpu0 = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMs(pid)]));
  const killedAt = now();
  await edges[0]!.kill('SIGKILL');
  let reports: ResumedReport[] = [];
  for (;;) {
    await sleep(250);
    reports = await Promise.all(workers.map((w) => ask<ResumedReport>(w, 'resumed', 'resumed', 30_000)));
    if (reports.every((r) => r.done === r.total) || now() - killedAt > 60_000) break;
  }
  /** What edge 2 says of its sockets: slow ones dropped (4008), snapshot and resume bytes sent. */
  const health = (await api(edges[1]!.url, 'GET', '/healthz')).body as { slowDrops?: number; snapshotBytesSent?: number };
  /** CPU time (ms) each process used from the kill to the last screen resumed (within 250 ms). */
  const cpu = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, Math.round(cpuMs(pid) - cpu0[k]!)]));
  await sleep(1000);
  await run.stop();
  const finalSeq = run.lastSeq;
  // Every screen at the last seq, then compared with a fresh snapshot from the owner.
  let states: StatesReport[] = [];
  for (let t = now(); now() - t < 20_000; ) {
    states = await Promise.all(workers.map((w) => ask<StatesReport>(w, 'states', 'states', 30_000)));
    if (states.every((s) => s.distinct.every((d) => d.seq >= finalSeq))) break;
    await sleep(250);
  }
  const fresh = new Screen(host.wsUrl, tournament);
  for (let t = now(); fresh.seq < finalSeq && now() - t < 10_000; ) await sleep(20);
  const truth = canonical(fresh.state);
  fresh.close();
  const distinct = states.flatMap((s) => s.distinct);
  const equal = distinct.filter((d) => d.seq === fresh.seq && d.state === truth).reduce((a, d) => a + d.n, 0);
  const doneAt = reports.flatMap((r) => r.doneAt.map((t) => t - killedAt));
  const targets: Record<string, number> = {};
  const kinds: Record<string, number> = {};
  for (const r of reports) {
    for (const [k, v] of Object.entries(r.targets)) {
      const name = k === edges[1]!.wsUrl ? 'edge 2' : k === edges[0]!.wsUrl ? 'edge 1' : k;
      targets[name] = (targets[name] ?? 0) + v;
    }
    for (const [k, v] of Object.entries(r.kinds)) kinds[k] = (kinds[k] ?? 0) + v;
  }
  return {
    screens: N,
    warm: KILL_WARM,
    openMs,
    killSeq,
    finalSeq,
    freshSeq: fresh.seq,
    resumed: reports.reduce((a, r) => a + r.done, 0),
    lastResumedMs: Math.max(...doneAt),
    resumedMs: stats(doneAt),
    kinds,
    targets,
    reconnects: reports.reduce((a, r) => a + r.reconnects, 0),
    resyncs: reports.reduce((a, r) => a + r.resyncs, 0),
    equal,
    distinctStates: new Set(distinct.map((d) => `${d.seq}|${d.state}`)).size,
    commands: run.sent.size,
    failures: run.failures,
    cpu,
    edge2: { slowDrops: health.slowDrops, snapshotMiB: (health.snapshotBytesSent ?? NaN) / 2 ** 20 },
    loadavg: [load, loadavg()],
  };
}

/**
 * BENCH_SCREENS idle lean screens on the host itself: its memory per idle screen ('memory'), and
 * ('direct') the same TD load as the latency phase, each arrival against the TD's send (the
 * harness's clock against the screen processes': both performance.timeOrigin-based, on one
 * machine), to set beside the same figure through the edges.
 */
async function hostPhase(host: ServerProcess, tournament: string, workers: ScreenProcess[]) {
  const half = split(N, workers.length);
  const before = PHASES.has('memory') ? await heapAfterGc(host) : null;
  await Promise.all(workers.map((w, i) => open(w, { mode: 'lean', tournament, groups: [{ name: 'host', urls: [host.wsUrl], count: half[i]!, sources: sources(half[i]!) }] })));
  await sleep(2000);
  const after = before ? await heapAfterGc(host) : null;
  const memory = before && after ? { heapKiB: (after.heapUsed - before.heapUsed) / N / 1024, rssKiB: (after.rss - before.rss) / N / 1024 } : null;
  if (!PHASES.has('direct')) return { memory, direct: null };
  await Promise.all(workers.map((w) => ask(w, 'mark', 'marked')));
  const cpu0 = cpuMs(host.pid);
  const t0 = now();
  const run = td(host, tournament, RATE);
  await sleep(SECONDS * 1000);
  await run.stop();
  const cpu = Math.round(((cpuMs(host.pid) - cpu0) / (now() - t0)) * 100);
  await sleep(3000);
  const reports = await Promise.all(workers.map((w) => ask<LatencyReport>(w, 'latency', 'latency', 60_000, { reference: 'host' })));
  const fromSend: number[] = [];
  let incomplete = 0;
  for (const [i, r] of reports.entries()) {
    for (const [seq, at] of run.sent) {
      const h = r.groups.host?.seqs[seq];
      if (!h || h.n !== half[i]) incomplete++;
      else fromSend.push(h.median - at);
    }
  }
  return { memory, direct: { commands: run.sent.size, fromSend: stats(fromSend), incomplete, cpu, gaps: reports.reduce((a, r) => a + r.gaps, 0) } };
}

console.log(`# edge-targets: ${machine()}, load average ${loadavg()}`);
console.log(`# ${N} screens (+${DIRECT} direct), ${RATE} commands/s for ${SECONDS} s, ${pool.length} source addresses, phases ${[...PHASES].join(',')}${DRY ? ' (DRY RUN: edges = the host)' : ''}`);
const cluster = await startCluster();
const workers: ScreenProcess[] = [];
try {
  const host = await cluster.host({ heap: true });
  const edges = DRY ? [host, host] : [await cluster.edge({ heap: true }), await cluster.edge({ heap: true })];
  const created = await api(host.url, 'POST', '/api/tournaments', sampleTournament());
  if (created.status !== 201) throw new Error(`tournament: ${JSON.stringify(created.body)}`);
  const tournament = created.body.id as string;
  const start = await api(host.url, 'POST', `/api/tournaments/${tournament}/commands`, { type: 'clock.start' });
  if (start.status !== 200) throw new Error(`clock.start: ${JSON.stringify(start.body)}`);
  if (ENTRIES) await register(host, tournament, ENTRIES);
  const snapshot = await snapshotBytes(host.wsUrl, tournament);
  console.log(`# tournament ${tournament}: ${ENTRIES} players registered, a snapshot weighs ${snapshot} bytes`);
  for (let i = 0; i < PROCS; i++) workers.push(await startScreens());

  const results: string[] = [];
  if (PHASES.has('latency')) {
    const r = await latencyPhase(host, edges, tournament, workers, PHASES.has('memory'));
    console.log(JSON.stringify({ phase: 'latency', ...r }));
    const e = r.extraPerSeq;
    results.push(
      `edge latency (load average ${r.loadavg[0]} -> ${r.loadavg[1]}): ${r.screens.edges.join(' + ')} screens on the edges, ${r.screens.direct.join(' + ')} on the host; ` +
        `${r.commands} commands (${r.failures} failed, answer p50 ${f(r.answer.p50)} ms); extra latency through an edge per seq p50 ${f(e.p50)} ms, p95 ${f(e.p95)} ms, max ${f(e.max)} ms (${e.n} seq x edge, ${r.incomplete} incomplete); ` +
        `first screen through an edge against the first direct one p50 ${f(r.extraFirst.p50)} ms, p95 ${f(r.extraFirst.p95)} ms; ` +
        `per arrival p50 ${r.extraPerArrival.map((x) => f(x?.p50 ?? NaN)).join(' / ')} ms, p95 ${r.extraPerArrival.map((x) => f(x?.p95 ?? NaN)).join(' / ')} ms; ` +
        `from the TD's send (median screen): direct p50 ${f(r.fromSendHost.p50)} ms, through an edge p50 ${f(r.fromSendEdge.p50)} ms; order: ${r.order.outOfOrder} out of order, ${r.order.gaps} gaps, ${r.order.socketErrors} socket errors; ` +
        `CPU (% of a core) ${Object.entries(r.cpu).map(([k, v]) => `${k} ${v}`).join(', ')}, on an edge ${f(((r.cpu.edge1! + r.cpu.edge2!) * 10_000) / (N * RATE), 1)} µs per screen and patch -> ` +
        `${e.p50 <= 5 && r.incomplete === 0 && r.order.gaps === 0 ? 'PASS' : 'FAIL'} (p50 ≤ 5 ms)`,
    );
    if (process.env.BENCH_DEBUG) for (const [i, e] of edges.entries()) console.log(`--- edge ${i + 1} output (tail):\n${e.output().slice(-3000)}`);
    if (r.memory.length) results.push(`memory per idle screen on an edge: heap ${r.memory.map((m) => f(m.heapKiB, 2)).join(' / ')} KiB, RSS ${r.memory.map((m) => f(m.rssKiB, 2)).join(' / ')} KiB`);
    await Promise.all(workers.map((w) => ask(w, 'close', 'closed')));
    // Let the servers finish what the phase left (a fan-out behind on a loaded machine) first.
    await sleep(5000);
  }
  if (PHASES.has('kill') && !DRY) {
    const r = await killPhase(host, edges, tournament, workers);
    console.log(JSON.stringify({ phase: 'kill', ...r }));
    const ok = r.resumed === N && r.lastResumedMs <= 10_000 && r.equal === N && (r.targets['edge 2'] ?? 0) === N;
    results.push(
      `edge kill (load average ${r.loadavg[0]} -> ${r.loadavg[1]}): ${N} page screens on edge 1 (opened in ${f(r.openMs / 1000)} s), edge 2 ${r.warm ? 'with 100 screens of its own' : 'following nothing'}, kill -9 at seq ${r.killSeq}: ` +
        `${r.resumed} resumed (${Object.entries(r.kinds).map(([k, v]) => `${v} ${k}`).join(', ')}), on ${Object.entries(r.targets).map(([k, v]) => `${k}: ${v}`).join(', ')}; ` +
        `edge 2 sent ${f(r.edge2.snapshotMiB)} MiB of snapshots and resumes, dropped ${r.edge2.slowDrops} sockets as too slow; ` +
        `kill to resumed p50 ${f(r.resumedMs.p50)} ms, p95 ${f(r.resumedMs.p95)} ms, last ${f(r.lastResumedMs)} ms; ${r.reconnects} reconnects, ${r.resyncs} resyncs; ` +
        `${r.equal} of ${N} equal to a fresh snapshot at seq ${r.freshSeq} (${r.distinctStates} distinct states); ${r.commands} commands during it, ${r.failures} failed; ` +
        `CPU time from the kill to the last resumed: ${Object.entries(r.cpu).map(([k, v]) => `${k} ${v} ms`).join(', ')} -> ${ok ? 'PASS' : 'FAIL'} (≤ 10 s, every screen equal)`,
    );
    await Promise.all(workers.map((w) => ask(w, 'close', 'closed')));
    // Let the servers finish what the phase left (a fan-out behind on a loaded machine) first.
    await sleep(5000);
  }
  if (PHASES.has('memory') || PHASES.has('direct')) {
    const r = await hostPhase(host, tournament, workers);
    console.log(JSON.stringify({ phase: 'host', ...r }));
    if (r.memory) results.push(`memory per idle screen on the host: heap ${f(r.memory.heapKiB, 2)} KiB, RSS ${f(r.memory.rssKiB, 2)} KiB (${N} lean screens)`);
    if (r.direct) {
      results.push(
        `the same ${N} screens on the host directly, same TD load: median screen ${f(r.direct.fromSend.p50)} ms after the TD's send (p50 over seqs; p95 ${f(r.direct.fromSend.p95)} ms), ` +
          `${r.direct.incomplete} incomplete, ${r.direct.gaps} gaps; host CPU ${r.direct.cpu} % of a core, ${f((r.direct.cpu * 10_000) / (N * RATE), 1)} µs per screen and patch`,
      );
    }
  }
  for (const line of results) console.log(line);
} finally {
  for (const w of workers) w.proc.kill('SIGKILL');
  await cluster.stop();
}
process.exit(0);
