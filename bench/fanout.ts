/**
 * Fan-out benchmark (issue "Prove it"): one real server in a child process, N subscribed
 * WebSocket screens in separate client processes, clock commands through the HTTP API.
 *
 * Measures, for each N: latency from sending a command to every screen holding the patch
 * (p50 / p99 / max), bytes each screen receives per command, server RSS per idle screen,
 * server CPU, and messages sent while nothing changes (a running clock must send nothing).
 *
 * Run (10,000 sockets need ~10,100 descriptors in the server and in the clients):
 *   ulimit -n 20000; npx tsx bench/fanout.ts [N ...]      (default: 1000 10000)
 * Env: BENCH_COMMANDS (default 60), BENCH_IDLE_SECONDS (default 30), BENCH_PORT (default 18700),
 *      BENCH_PROFILE=1 writes a CPU profile of the server to bench/.profiles/,
 *      BENCH_FLOOR=send|raw runs bench/floor-server.ts (bare `ws`, no Riffle) instead of the
 *        server, to measure what this machine allows at all; BENCH_FLOOR_WORKERS=2 shares its
 *        sockets between 2 processes,
 *      BENCH_CLIENTS=lean uses bench/fanout-lean-clients.ts (plain TCP, no `ws`, no JSON.parse),
 *      BENCH_PIN=1 pins the server to CPU 0 and the clients to the other CPUs (taskset).
 * Only loopback addresses are used: the server on 127.0.0.1, clients from 127.0.0.2.. .
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus as cpuList, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ask, startWorker as startScreens, stopWorkers, waitComplete, type Report, type Worker } from './lib/fanout-harness.js';
import { api, cpuMs, cpuSplitMs, machine, percentile, ROOT, rssBytes, sleep, startServerProcess } from './lib/server-process.js';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const N_LIST = sizes.length ? sizes : [1000, 10_000];
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 60);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 18700);
const PER_WORKER = 2500;
const FLOOR = process.env.BENCH_FLOOR === 'raw' || process.env.BENCH_FLOOR === 'send' ? process.env.BENCH_FLOOR : null;
const CLIENTS = process.env.BENCH_CLIENTS === 'lean' ? 'fanout-lean-clients.ts' : 'fanout-clients.ts';
const PIN = process.env.BENCH_PIN === '1';

/** Pins a process (and its threads) to a CPU list, e.g. "0" or "1-3". */
function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}
const cpus = () => cpuList().length;
const CLIENT_CPUS = cpus() > 2 ? `1-${cpus() - 1}` : '1';

async function run(n: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'riffle-fanout-'));
  const profileDir = join(ROOT, 'bench', '.profiles');
  if (process.env.BENCH_PROFILE) mkdirSync(profileDir, { recursive: true });
  const server = await startServerProcess({
    port: PORT,
    dataDir,
    nodeArgs: process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    ...(FLOOR
      ? {
          script: join(ROOT, 'bench', 'floor-server.ts'),
          ready: /floor server ready/,
          env: { FLOOR_MODE: FLOOR, FLOOR_WORKERS: process.env.BENCH_FLOOR_WORKERS ?? '1' },
        }
      : {}),
  });
  if (PIN) pin(server.pid, '0');
  const workers: Worker[] = [];
  try {
    const list = await api(server.url, 'GET', '/api/tournaments');
    const tournament = list.body.tournaments[0].id as string;
    const started = await api(server.url, 'POST', `/api/tournaments/${tournament}/commands`, { type: 'clock.start' });
    if (started.status !== 200) throw new Error(`clock.start: ${JSON.stringify(started.body)}`);
    // Warm the HTTP and command paths once, then let the heap settle.
    await api(server.url, 'POST', `/api/tournaments/${tournament}/commands`, { type: 'clock.adjust', seconds: 1 });
    await sleep(2000);
    const rssBefore = rssBytes(server.pid);

    const t0 = Date.now();
    const workerCount = Math.ceil(n / PER_WORKER);
    const pending: Promise<Worker>[] = [];
    for (let w = 0; w < workerCount; w++) {
      const count = Math.min(PER_WORKER, n - w * PER_WORKER);
      pending.push(startScreens(CLIENTS, server.wsUrl, tournament, count, `127.0.0.${2 + w}`, (pid) => PIN && pin(pid, CLIENT_CPUS)));
    }
    workers.push(...(await Promise.all(pending)));
    const connectSeconds = (Date.now() - t0) / 1000;
    const health = await api(server.url, 'GET', '/healthz');
    await sleep(3000);
    const rssAfter = rssBytes(server.pid);

    // Idle: the clock runs, nothing changes, nothing may be sent.
    await Promise.all(workers.map((w) => ask(w, 'mark', 'marked')));
    const idleCpu0 = cpuMs(server.pid);
    await sleep(IDLE_SECONDS * 1000);
    const idleCpu = cpuMs(server.pid) - idleCpu0;
    const idleReports = await Promise.all(workers.map((w) => ask<Report>(w, 'report', 'report')));
    const idleMessages = idleReports.reduce((s, r) => s + r.messages.reduce((a, b) => a + b, 0), 0);

    // Commands: clock.adjust +1 s / -1 s alternately, one at a time, each waited for by every screen.
    await Promise.all(workers.map((w) => ask(w, 'mark', 'marked')));
    const sentAt = new Map<number, number>();
    const httpMs: number[] = [];
    let incomplete = 0;
    const cpu0 = cpuMs(server.pid);
    const split0 = cpuSplitMs(server.pid);
    const wall0 = Date.now();
    for (let i = 0; i < COMMANDS; i++) {
      const t = performance.timeOrigin + performance.now();
      const res = await api(server.url, 'POST', `/api/tournaments/${tournament}/commands`, {
        type: 'clock.adjust',
        seconds: i % 2 === 0 ? -1 : 1,
      });
      httpMs.push(performance.timeOrigin + performance.now() - t);
      if (res.status !== 200) throw new Error(`command failed: ${JSON.stringify(res.body)}`);
      const seq = res.body.seq as number;
      sentAt.set(seq, t);
      const done = await Promise.all(workers.map((w) => waitComplete(w, seq, 10_000)));
      if (done.includes(false)) incomplete++;
      await sleep(100);
    }
    const wall = Date.now() - wall0;
    const cpu = cpuMs(server.pid) - cpu0;
    const split1 = cpuSplitMs(server.pid);
    const reports = await Promise.all(workers.map((w) => ask<Report>(w, 'report', 'report', 60_000)));
    const rssEnd = rssBytes(server.pid);

    const latencies: number[] = [];
    /** Per command: [HTTP answer ms, last screen ms], to tell a slow command from a slow tail. */
    const perCommand: Array<[number, number]> = [];
    let missing = 0;
    let k = 0;
    for (const [seq, t] of sentAt) {
      let last = 0;
      for (const r of reports) for (const at of r.arrivals[String(seq)] ?? []) last = Math.max(last, at - t);
      perCommand.push([Math.round(httpMs[k++]!), Math.round(last)]);
      let got = 0;
      for (const r of reports) {
        const list = r.arrivals[String(seq)] ?? [];
        got += list.length;
        for (const at of list) latencies.push(at - t);
      }
      missing += n - got;
    }
    latencies.sort((a, b) => a - b);
    const bytes = reports.flatMap((r) => r.bytes);
    const bytesPerCommand = bytes.map((b) => b / COMMANDS);
    const maxBytes = Math.max(...bytesPerCommand);
    const meanBytes = bytesPerCommand.reduce((a, b) => a + b, 0) / bytesPerCommand.length;
    const httpSorted = [...httpMs].sort((a, b) => a - b);
    return {
      n,
      connected: health.body.connections as number,
      connectSeconds,
      rssBeforeMiB: rssBefore / 2 ** 20,
      rssAfterMiB: rssAfter / 2 ** 20,
      rssEndMiB: rssEnd / 2 ** 20,
      kibPerClient: (rssAfter - rssBefore) / n / 1024,
      idleSeconds: IDLE_SECONDS,
      idleMessages,
      idleCpuPct: (idleCpu / (IDLE_SECONDS * 1000)) * 100,
      commands: COMMANDS,
      incomplete,
      missing,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? NaN,
      httpP50: percentile(httpSorted, 50),
      perCommand,
      bytesPerClientPerCommand: meanBytes,
      maxBytesPerClientPerCommand: maxBytes,
      cpuMsPerCommand: cpu / COMMANDS,
      cpuPct: (cpu / wall) * 100,
      userMsPerCommand: (split1.user - split0.user) / COMMANDS,
      systemMsPerCommand: (split1.system - split0.system) / COMMANDS,
      clientErrors: reports.reduce((s, r) => s + r.errors + r.closed, 0),
    };
  } finally {
    await stopWorkers(workers);
    await server.kill(process.env.BENCH_PROFILE ? 'SIGTERM' : 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`# fanout: ${machine()}`);
console.log(
  `# server: ${FLOOR ? `bench/floor-server.ts (FLOOR_MODE=${FLOOR}, ${process.env.BENCH_FLOOR_WORKERS ?? 1} process(es))` : 'Riffle (server/main.ts)'}; ` +
    `clients: bench/${CLIENTS}${PIN ? `; pinned: server CPU 0, clients CPU ${CLIENT_CPUS}` : ''}`,
);
console.log(`# commands per run: ${COMMANDS} (clock.adjust ±1 s, 100 ms apart), idle window: ${IDLE_SECONDS} s`);
const f = (x: number, d = 1) => x.toFixed(d);
for (const n of N_LIST) {
  const r = await run(n);
  console.log(JSON.stringify(r));
  console.log(
    `| ${r.n} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${f(r.bytesPerClientPerCommand, 0)} | ${f(r.kibPerClient, 2)} | ${f(r.rssBeforeMiB)} → ${f(r.rssAfterMiB)} | ${f(r.cpuMsPerCommand)} ms (${f(r.cpuPct, 0)} %) | ${r.idleMessages} in ${r.idleSeconds} s (CPU ${f(r.idleCpuPct, 1)} %) | ${r.missing} |`,
  );
}
