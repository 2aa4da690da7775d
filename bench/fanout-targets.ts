/**
 * Issue 11's last targets, measured in one run (today's figures on top of docs/BENCHMARKS.md):
 *
 * 1. Memory per idle screen, Riffle against the floor (bench/floor-server.ts: `node:http` + `ws`):
 *    JS heap after three full GCs and RSS, before and after N screens connect. Target: Riffle at
 *    most 1.3 times the floor.
 * 2. Fan-out latency to N screens (from just before the HTTP command to each screen's `message`),
 *    both servers, BENCH_COMMANDS clock commands 100 ms apart, each after every screen has the
 *    previous one. Target: Riffle's p50 at most 1.15 times the floor's.
 * 3. (Riffle) The TD's answer while a fan-out is under way: for BENCH_ANSWER_SECONDS a loader sends
 *    clock commands to the screens' tournament (alternately over HTTP and a TD WebSocket), the
 *    next as soon as every screen holds the previous, so a fan-out to N screens is nearly always
 *    running; meanwhile a prober sends a command every 20-50 ms (random, on a fixed schedule, not
 *    waiting for answers or screens), alternately over HTTP and WebSocket, to a second tournament.
 *    Answer latency counts the probes sent while a fan-out was running (from the loader's send to
 *    the last screen's arrival), and the loader's own commands. Target: p99 at most 20 ms.
 * 4. Order: every screen got every patch of each phase, each seq above the last and its `prev`
 *    the last seq it held.
 *
 * Run: ulimit -n 20000; npx tsx bench/fanout-targets.ts
 *    First, as a control, the same probes for BENCH_CONTROL_SECONDS with the screens idle.
 * Env: BENCH_SCREENS (10000), BENCH_COMMANDS (40), BENCH_ANSWER_SECONDS (20), BENCH_CONTROL_SECONDS (8),
 *      BENCH_TRACE_GC=1 (the server's GC pauses during the answer phase), BENCH_SERVER_ARGS (node
 *      flags for both servers), BENCH_PORT (18700),
 *      BENCH_SERVERS (riffle,floor: the order; riffle,floor,floor,riffle cancels a drift in the machine's
 *      load, ratios are then of the medians), BENCH_CLIENTS=lean (plain TCP screens).
 */
import { join } from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import WebSocket from 'ws';
import { sampleTournament } from '../server/sample.js';
import { ask, startWorker, stopWorkers, waitComplete, type Report, type Worker } from './lib/fanout-harness.js';
import { api, BENCH_ADMIN_TOKEN, cpuSplitMs, heapAfterGc, machine, percentile, ROOT, sleep, startServerProcess, type ServerProcess } from './lib/server-process.js';
import { PROTOCOL_VERSION } from '../server/protocol/messages.js';

const N = Number(process.env.BENCH_SCREENS ?? 10_000);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 40);
const ANSWER_SECONDS = Number(process.env.BENCH_ANSWER_SECONDS ?? 20);
const CONTROL_SECONDS = Number(process.env.BENCH_CONTROL_SECONDS ?? 8);
const TRACE_GC = process.env.BENCH_TRACE_GC === '1';
/** More node flags for both servers (e.g. --single-threaded-gc). */
const SERVER_ARGS = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);

/** With BENCH_TRACE_GC=1: the server's GC pauses (ms) logged after `from` in its output, by kind. */
function gcPauses(server: ServerProcess, from: number) {
  if (!TRACE_GC) return null;
  const pauses: Record<string, number[]> = {};
  for (const m of server.output().slice(from).matchAll(/: (Scavenge|Mark-Compact|Mark-sweep)[^,]*?MB, ([\d.]+) \/ [\d.]+ ms/g)) {
    (pauses[m[1]!] ??= []).push(Number(m[2]));
  }
  return Object.fromEntries(Object.entries(pauses).map(([k, v]) => [k, { count: v.length, ...stats(v), total: v.reduce((a, b) => a + b, 0) }]));
}
const PORT = Number(process.env.BENCH_PORT ?? 18700);
const SERVERS = (process.env.BENCH_SERVERS ?? 'riffle,floor').split(',') as Array<'riffle' | 'floor'>;
const CLIENTS = process.env.BENCH_CLIENTS === 'lean' ? 'fanout-lean-clients.ts' : 'fanout-clients.ts';
const PER_WORKER = 2500;
const now = () => performance.timeOrigin + performance.now();
const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : String(x));

function stats(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] ?? NaN };
}

/** A TD's WebSocket (admin token), not subscribed to anything: it only sends commands. */
class TdSocket {
  private waiting = new Map<number, (m: any) => void>();
  private ids = 0;
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      if (m.type === 'result' || m.type === 'error') {
        this.waiting.get(m.id)?.(m);
        this.waiting.delete(m.id);
      }
    });
  }
  static async open(url: string): Promise<TdSocket> {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const td = new TdSocket(ws);
    await td.request({ type: 'hello', protocol: PROTOCOL_VERSION });
    const auth = await td.request({ type: 'auth', token: BENCH_ADMIN_TOKEN });
    if (!auth.ok) throw new Error(`TD socket: ${JSON.stringify(auth)}`);
    return td;
  }
  request(msg: Record<string, unknown>): Promise<any> {
    const id = ++this.ids;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }
  command(tournament: string, command: Record<string, unknown>): Promise<any> {
    return this.request({ type: 'command', tournament, command });
  }
  close(): void {
    this.ws.terminate();
  }
}

async function httpCommand(server: ServerProcess, tournament: string, command: Record<string, unknown>) {
  const res = await api(server.url, 'POST', `/api/tournaments/${tournament}/commands`, command);
  return { ok: res.status === 200 && res.body.ok !== false, seq: res.body.seq as number, body: res.body };
}

function checkOrder(reports: Report[], expected: number) {
  const patches = reports.flatMap((r) => r.patches);
  return {
    screens: patches.length,
    everyPatch: patches.every((p) => p === expected),
    fewest: Math.min(...patches),
    most: Math.max(...patches),
    expected,
    outOfOrder: reports.reduce((s, r) => s + r.outOfOrder, 0),
    gaps: reports.reduce((s, r) => s + r.gaps, 0),
    socketErrors: reports.reduce((s, r) => s + r.errors + r.closed, 0),
  };
}

async function run(kind: 'riffle' | 'floor') {
  // Other work on the machine (1-minute load average at the start and the end of the run).
  const loadStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const dataDir = mkdtempSync(join(tmpdir(), 'riffle-targets-'));
  const server = await startServerProcess({
    port: PORT,
    dataDir,
    ipc: true,
    nodeArgs: ['--expose-gc', ...(TRACE_GC ? ['--trace-gc'] : []), ...SERVER_ARGS, '--import', join(ROOT, 'bench', 'lib', 'heap-probe.mjs')],
    ...(kind === 'floor' ? { script: join(ROOT, 'bench', 'floor-server.ts'), ready: /floor server ready/, env: { FLOOR_MODE: 'send', FLOOR_PATCH_BYTES: String(patchBytes) } } : {}),
  });
  const workers: Worker[] = [];
  const tds: TdSocket[] = [];
  try {
    const list = await api(server.url, 'GET', '/api/tournaments');
    const tournament = list.body.tournaments[0].id as string;
    let second = '';
    if (kind === 'riffle') {
      if (!(await httpCommand(server, tournament, { type: 'clock.start' })).ok) throw new Error('clock.start failed');
      const created = await api(server.url, 'POST', '/api/tournaments', sampleTournament());
      if (created.status !== 201) throw new Error(`second tournament: ${JSON.stringify(created.body)}`);
      second = created.body.id;
      if (!(await httpCommand(server, second, { type: 'clock.start' })).ok) throw new Error('clock.start (second) failed');
    }
    await httpCommand(server, tournament, { type: 'clock.adjust', seconds: 1 });
    await sleep(1000);
    const before = await heapAfterGc(server);

    const pending: Promise<Worker>[] = [];
    for (let w = 0; w < Math.ceil(N / PER_WORKER); w++) {
      pending.push(startWorker(CLIENTS, server.wsUrl, tournament, Math.min(PER_WORKER, N - w * PER_WORKER), `127.0.0.${2 + w}`));
    }
    workers.push(...(await Promise.all(pending)));
    const connected = (await api(server.url, 'GET', '/healthz')).body.connections as number;
    await sleep(2000);
    const after = await heapAfterGc(server);
    const perScreen = (k: keyof NodeJS.MemoryUsage) => (after[k] - before[k]) / N / 1024;
    const memory = {
      heapUsedKiB: perScreen('heapUsed'),
      rssKiB: perScreen('rss'),
      externalKiB: perScreen('external'),
      heapBeforeMiB: before.heapUsed / 2 ** 20,
      rssBeforeMiB: before.rss / 2 ** 20,
      rssAfterMiB: after.rss / 2 ** 20,
    };

    // Fan-out: one command at a time, each after every screen holds the previous.
    await Promise.all(workers.map((w) => ask(w, 'mark', 'marked')));
    const sentAt = new Map<number, number>();
    const http: number[] = [];
    const cpu0 = cpuSplitMs(server.pid);
    for (let i = 0; i < COMMANDS; i++) {
      const t = now();
      const res = await httpCommand(server, tournament, { type: 'clock.adjust', seconds: i % 2 === 0 ? -1 : 1 });
      http.push(now() - t);
      if (!res.ok) throw new Error(`command failed: ${JSON.stringify(res.body)}`);
      sentAt.set(res.seq, t);
      await Promise.all(workers.map((w) => waitComplete(w, res.seq, 20_000)));
      await sleep(100);
    }
    const cpu1 = cpuSplitMs(server.pid);
    const reports = await Promise.all(workers.map((w) => ask<Report>(w, 'report', 'report', 60_000)));
    const latencies: number[] = [];
    for (const [seq, t] of sentAt) for (const r of reports) for (const at of r.arrivals[String(seq)] ?? []) latencies.push(at - t);
    const bytes = reports.flatMap((r) => r.bytes);
    const fanout = {
      ...stats(latencies),
      httpAnswer: stats(http),
      bytesPerPatch: bytes.reduce((a, b) => a + b, 0) / bytes.length / COMMANDS,
      cpuMsPerCommand: { user: (cpu1.user - cpu0.user) / COMMANDS, system: (cpu1.system - cpu0.system) / COMMANDS },
      order: checkOrder(reports, COMMANDS),
    };

    let answers = null;
    if (kind === 'riffle') answers = await answerPhase(server, workers, tds, tournament, second);
    return { kind, screens: N, connected, memory, fanout, answers, loadavg: [loadStart, readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')] };
  } finally {
    for (const td of tds) td.close();
    await stopWorkers(workers);
    await server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Probe = { at: number; ms: number; channel: 'http' | 'ws'; ok: boolean };

/**
 * Sends a command to `tournament` every 20-50 ms (random) until `end`, alternately over HTTP
 * and the TD socket, on a fixed schedule (a slow answer does not delay the next probe).
 */
async function probe(server: ServerProcess, td: TdSocket, tournament: string, end: number, probes: Probe[]): Promise<void> {
  const inFlight: Promise<void>[] = [];
  for (let i = 0; now() < end; i++) {
    await sleep(20 + Math.random() * 30);
    const channel = i % 2 === 0 ? 'http' : 'ws';
    const command = { type: 'clock.adjust', seconds: i % 4 < 2 ? -1 : 1 };
    const at = now();
    inFlight.push(
      (channel === 'http' ? httpCommand(server, tournament, command) : td.command(tournament, command)).then((res) => {
        probes.push({ at, ms: now() - at, channel, ok: !!res.ok });
      }),
    );
  }
  await Promise.all(inFlight);
}

async function answerPhase(server: ServerProcess, workers: Worker[], tds: TdSocket[], tournament: string, second: string) {
  const loaderWs = await TdSocket.open(server.wsUrl);
  const probeWs = await TdSocket.open(server.wsUrl);
  tds.push(loaderWs, probeWs);
  // Control: the same probes with the screens connected and idle (no fan-out): what an answer
  // costs on this machine at all (the command is committed with fsync before it is answered).
  const idle: Probe[] = [];
  await probe(server, probeWs, second, now() + CONTROL_SECONDS * 1000, idle);
  await Promise.all(workers.map((w) => ask(w, 'mark', 'marked')));
  const answersFrom = server.output().length;
  const end = now() + ANSWER_SECONDS * 1000;
  /** Each loader command: when it was sent, and when the last screen had it. */
  const windows: Array<{ seq: number; from: number; to: number; answerMs: number; channel: 'http' | 'ws' }> = [];
  const probes: Probe[] = [];
  let failures = 0;

  const loader = (async () => {
    for (let i = 0; now() < end; i++) {
      const channel = i % 2 === 0 ? 'http' : 'ws';
      const command = { type: 'clock.adjust', seconds: i % 4 < 2 ? -1 : 1 };
      const from = now();
      const res = channel === 'http' ? await httpCommand(server, tournament, command) : await loaderWs.command(tournament, command);
      const answerMs = now() - from;
      if (!res.ok) {
        failures++;
        continue;
      }
      const done = await Promise.all(workers.map((w) => waitComplete(w, res.seq, 20_000)));
      if (done.includes(false)) throw new Error(`seq ${res.seq} did not reach every screen in 20 s`);
      const to = Math.max(...workers.map((w) => w.completedAt.get(res.seq) ?? NaN));
      windows.push({ seq: res.seq, from, to, answerMs, channel });
      await sleep(Math.random() * 10);
    }
  })();

  const prober = probe(server, probeWs, second, end, probes);
  await Promise.all([loader, prober]);
  const reports = await Promise.all(workers.map((w) => ask<Report>(w, 'report', 'report', 60_000)));
  const during = probes.filter((p) => windows.some((w) => p.at >= w.from && p.at <= w.to));
  const fanMs = windows.map((w) => w.to - w.from);
  return {
    seconds: ANSWER_SECONDS,
    fanouts: windows.length,
    fanoutMs: stats(fanMs),
    busyShare: fanMs.reduce((a, b) => a + b, 0) / (ANSWER_SECONDS * 1000),
    probesSent: probes.length,
    probesDuringFanout: during.length,
    probeFailures: probes.filter((p) => !p.ok).length + failures,
    probe: stats(during.map((p) => p.ms)),
    probeIdle: stats(idle.map((p) => p.ms)),
    gc: gcPauses(server, answersFrom),
    probeHttp: stats(during.filter((p) => p.channel === 'http').map((p) => p.ms)),
    probeWs: stats(during.filter((p) => p.channel === 'ws').map((p) => p.ms)),
    fanningCommand: stats(windows.map((w) => w.answerMs)),
    fanningHttp: stats(windows.filter((w) => w.channel === 'http').map((w) => w.answerMs)),
    fanningWs: stats(windows.filter((w) => w.channel === 'ws').map((w) => w.answerMs)),
    order: checkOrder(reports, windows.length),
  };
}

console.log(`# fanout-targets: ${machine()}`);
console.log(`# server node flags: ${SERVER_ARGS.join(' ') || '(none)'}`);
console.log(`# ${N} screens (bench/${CLIENTS}), ${COMMANDS} fan-out commands, answer phase ${ANSWER_SECONDS} s; servers: ${SERVERS.join(', ')}`);
let patchBytes = 261;
const runs: Array<Awaited<ReturnType<typeof run>>> = [];
for (const kind of SERVERS) {
  const r = await run(kind);
  if (kind === 'riffle') patchBytes = Math.round(r.fanout.bytesPerPatch);
  runs.push(r);
  console.log(JSON.stringify(r));
  const m = r.memory;
  const o = r.fanout.order;
  console.log(
    `${kind} (load average ${r.loadavg[0]} -> ${r.loadavg[1]}): ${r.connected} connected; per idle screen heap ${f(m.heapUsedKiB, 2)} KiB, RSS ${f(m.rssKiB, 2)} KiB; ` +
      `fan-out p50 ${f(r.fanout.p50)} p99 ${f(r.fanout.p99)} max ${f(r.fanout.max)} ms, HTTP answer p50 ${f(r.fanout.httpAnswer.p50)} ms, ` +
      `${f(r.fanout.bytesPerPatch, 0)} B/patch, CPU/command ${f(r.fanout.cpuMsPerCommand.user)} + ${f(r.fanout.cpuMsPerCommand.system)} ms; ` +
      `order: every patch ${o.everyPatch} (${o.fewest}-${o.most} of ${o.expected}), out of order ${o.outOfOrder}, gaps ${o.gaps}`,
  );
  const a = r.answers;
  if (a?.gc) console.log(`${kind} GC pauses during the answer phase: ${JSON.stringify(a.gc)}`);
  if (a) {
    console.log(
      `${kind} answers during fan-out: ${a.fanouts} fan-outs (p50 ${f(a.fanoutMs.p50)} ms, busy ${f(a.busyShare * 100, 0)} %), ` +
        `${a.probesDuringFanout}/${a.probesSent} probes during one: p50 ${f(a.probe.p50)} p99 ${f(a.probe.p99)} max ${f(a.probe.max)} ms ` +
        `(HTTP p99 ${f(a.probeHttp.p99)}, WS p99 ${f(a.probeWs.p99)}); the fanning commands' answers p50 ${f(a.fanningCommand.p50)} p99 ${f(a.fanningCommand.p99)} ms; ` +
        `with idle screens p50 ${f(a.probeIdle.p50)} p99 ${f(a.probeIdle.p99)} ms; failures ${a.probeFailures}; order: every patch ${a.order.everyPatch} (${a.order.fewest}-${a.order.most} of ${a.order.expected}), out of order ${a.order.outOfOrder}, gaps ${a.order.gaps}`,
    );
  }
}
const riffles = runs.filter((r) => r.kind === 'riffle');
const floors = runs.filter((r) => r.kind === 'floor');
/** The median (the mean of the middle two for an even count). */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
if (riffles.length && floors.length) {
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  // Medians over the runs of each server (BENCH_SERVERS=riffle,floor,floor,riffle cancels a drift in the machine's load).
  const heap = median(riffles.map((r) => r.memory.heapUsedKiB)) / median(floors.map((r) => r.memory.heapUsedKiB));
  const rss = median(riffles.map((r) => r.memory.rssKiB)) / median(floors.map((r) => r.memory.rssKiB));
  const p50 = median(riffles.map((r) => r.fanout.p50)) / median(floors.map((r) => r.fanout.p50));
  const p99 = median(riffles.map((r) => r.fanout.p99)) / median(floors.map((r) => r.fanout.p99));
  console.log(`ratio memory/screen heap ${f(heap, 2)} (${verdict(heap <= 1.3)} ≤ 1.3), RSS ${f(rss, 2)} (${verdict(rss <= 1.3)} ≤ 1.3)`);
  console.log(`ratio fan-out p50 ${f(p50, 2)} (${verdict(p50 <= 1.15)} ≤ 1.15), p99 ${f(p99, 2)}` + (runs.length > 2 ? ` (medians of ${riffles.length} + ${floors.length} runs)` : ''));
}
for (const r of riffles) if (r.answers) console.log(`answer p99 during fan-out ${f(r.answers.probe.p99)} ms (${r.answers.probe.p99 <= 20 ? 'met' : 'MISSED'} ≤ 20), idle control ${f(r.answers.probeIdle.p99)} ms`);
