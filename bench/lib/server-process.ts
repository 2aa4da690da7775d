/**
 * A real Riffle server in a child process (`node --import tsx server/main.ts`), for the
 * benchmarks and the crash harness: what runs in production, measured from outside.
 * Every address here is loopback; nothing leaves the machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The tree the server runs from: this one, or BENCH_SERVER_ROOT (e.g. a clean export of a commit). */
export const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? ROOT;
export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  wsUrl: string;
  port: number;
  /** The TD PIN printed in the start-up banner. */
  tdPin: string;
  floorPin: string;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions {
  port: number;
  dataDir: string;
  rate?: number;
  sample?: boolean;
  env?: Record<string, string>;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Another server to run instead of server/main.ts (bench/floor-server.ts), and the line it prints when ready. */
  script?: string;
  ready?: RegExp;
  /** Open an IPC channel to the server (bench/lib/heap-probe.mjs answers on it). */
  ipc?: boolean;
  /** How long it may take to start (30 s by default; a loaded shared machine needs more). */
  startTimeoutMs?: number;
}

export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', options.script ?? 'server/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      RIFFLE_DATA: options.dataDir,
      RIFFLE_ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
      RIFFLE_SAMPLE: options.sample === false ? '0' : '1',
      RIFFLE_TIME_RATE: String(options.rate ?? 1),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      // The banner (PINs) never goes to a captured stdout; the harness reads it from this file.
      RIFFLE_BANNER_FILE: join(options.dataDir, 'banner.txt'),
      ...options.env,
    },
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const bannerFile = join(options.dataDir, 'banner.txt');
  rmSync(bannerFile, { force: true });
  const banner = () => (existsSync(bannerFile) ? readFileSync(bannerFile, 'utf8') : '');
  const url = `http://127.0.0.1:${options.port}`;
  const startMs = options.startTimeoutMs ?? 30_000;
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${startMs / 1000} s:\n${out}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok && (options.ready ? options.ready.test(out) : /TD PIN/.test(banner()))) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  const pins = /TD PIN\s*:\s*(\d{6})\s*\(floor staff PIN: (\d{6})/.exec(banner());
  return {
    child,
    pid: child.pid!,
    url,
    wsUrl: `ws://127.0.0.1:${options.port}/ws`,
    port: options.port,
    tdPin: pins?.[1] ?? '',
    floorPin: pins?.[2] ?? '',
    output: () => out,
    kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill(signal);
      });
    },
  };
}

/**
 * Memory of a server started with `ipc` and `--expose-gc --import bench/lib/heap-probe.mjs`,
 * after three full GCs.
 */
export function heapAfterGc(server: ServerProcess, timeoutMs = 30_000): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no heap answer from the server')), timeoutMs);
    const onMessage = (m: { type?: string } & NodeJS.MemoryUsage) => {
      if (m?.type !== 'heap') return;
      clearTimeout(timer);
      server.child.off('message', onMessage);
      resolve(m);
    };
    server.child.on('message', onMessage);
    server.child.send({ cmd: 'heap' });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Resident memory of a process in bytes (VmRSS in /proc/<pid>/status). */
export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** CPU time (user + system) a process has used, in ms. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[11] = utime, fields[12] = stime (clock ticks; 100 per second on Linux)
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU time split: user and system (kernel) ms. */
export function cpuSplitMs(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

export async function api(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = BENCH_ADMIN_TOKEN,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, body: parsed };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function machine(): string {
  const mem = Math.round(Number(/MemTotal:\s+(\d+)/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) / 1024 / 1024);
  const cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? '?';
  const nproc = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? 0;
  return `${nproc} cores (${cpu}), ${mem} GiB RAM, node ${process.version}, ${new Date().toISOString()}`;
}

/**
 * A loopback port nobody listens on right now, chosen below the kernel's ephemeral range
 * (32768-60999 by default): a server killed and restarted on the same port must not find it
 * taken by some other process's outgoing connection in between.
 */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port between 20000 and 32000');
}
