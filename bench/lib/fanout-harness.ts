/**
 * The harness side of the screen processes (bench/fanout-clients.ts, bench/fanout-lean-clients.ts;
 * their side is bench/lib/fanout-worker.ts): start one, ask it something over IPC, wait until
 * every one of its screens holds a seq. Shared by bench/fanout.ts and bench/fanout-targets.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './server-process.js';

export interface Worker {
  proc: ChildProcess;
  count: number;
  waiters: Array<(m: any) => boolean>;
  /** Seqs every socket of this worker holds (a patch can arrive before the HTTP answer). */
  complete: Set<number>;
  /** When the last of this worker's screens got each seq (ms since the epoch). */
  completedAt: Map<number, number>;
}

/** What a worker reports (bench/lib/fanout-worker.ts). */
export interface Report {
  bytes: number[];
  messages: number[];
  arrivals: Record<string, number[]>;
  errors: number;
  closed: number;
  seqs: number[];
  /** Patches per screen since the last mark, and order faults (a seq not above the last, a `prev` that is not the last seq held). */
  patches: number[];
  outOfOrder: number;
  gaps: number;
}

export function startWorker(clients: string, wsUrl: string, tournament: string, count: number, source: string, onStart?: (pid: number) => void): Promise<Worker> {
  const proc = fork(join(ROOT, 'bench', clients), [wsUrl, tournament, String(count), source], {
    execArgv: ['--import', 'tsx'],
    cwd: ROOT,
  });
  onStart?.(proc.pid!);
  const worker: Worker = { proc, count, waiters: [], complete: new Set(), completedAt: new Map() };
  proc.on('message', (m: any) => {
    if (m.type === 'complete') {
      worker.complete.add(m.seq);
      worker.completedAt.set(m.seq, m.t);
    }
    worker.waiters = worker.waiters.filter((w) => !w(m));
  });
  return new Promise((resolve, reject) => {
    worker.waiters.push((m) => {
      if (m.type !== 'ready') return false;
      if (m.errors || m.closed) reject(new Error(`worker ${source}: ${m.errors} errors, ${m.closed} closed while connecting`));
      else resolve(worker);
      return true;
    });
  });
}

/** Sends {cmd, ...fields} to the worker and resolves with its first `reply`. */
export function ask<T>(worker: Pick<Worker, 'proc' | 'waiters'>, cmd: string, reply: string, timeoutMs = 30_000, fields: object = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${reply} from worker`)), timeoutMs);
    worker.waiters.push((m) => {
      if (m.type !== reply) return false;
      clearTimeout(timer);
      resolve(m as T);
      return true;
    });
    worker.proc.send({ cmd, ...fields });
  });
}

export function waitComplete(worker: Worker, seq: number, timeoutMs: number): Promise<boolean> {
  if (worker.complete.has(seq)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    worker.waiters.push((m) => {
      if (m.type !== 'complete' || m.seq !== seq) return false;
      clearTimeout(timer);
      resolve(true);
      return true;
    });
  });
}

export async function stopWorkers(workers: Worker[]): Promise<void> {
  for (const w of workers) w.proc.send({ cmd: 'exit' });
  await new Promise((r) => setTimeout(r, 500));
  for (const w of workers) if (w.proc.exitCode === null) w.proc.kill('SIGKILL');
}
