/**
 * Where an idle WebSocket's memory goes: an in-process server (run with --expose-gc), N
 * screens in a client process (bench/fanout-clients.ts); prints the growth of V8 heap, external
 * memory and RSS per socket after a full GC.
 * Run: node --expose-gc --import tsx bench/ws-memory.ts [N=5000]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startRiffle } from '../server/server.js';
import { sampleTournament } from '../server/sample.js';
import { ROOT, sleep } from './lib/server-process.js';

const n = Number(process.argv[2] ?? 5000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const dataDir = mkdtempSync(join(tmpdir(), 'riffle-mem-'));
const riffle = await startRiffle({ port: 0, hostname: '127.0.0.1', dataDir, log: pino({ level: 'silent' }), auth: { adminToken: 'x'.repeat(32) } });
const id = riffle.registry.create(sampleTournament()).id;
const measure = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(200);
  }
  return process.memoryUsage();
};
const before = await measure();
const worker = fork(join(ROOT, 'bench', 'fanout-clients.ts'), [`ws://127.0.0.1:${riffle.port}/ws`, id, String(n), '127.0.0.2'], { execArgv: ['--import', 'tsx'] });
await new Promise<void>((resolve) => worker.on('message', (m: { type: string }) => m.type === 'ready' && resolve()));
const after = await measure();
const per = (k: keyof NodeJS.MemoryUsage) => ((after[k] - before[k]) / n / 1024).toFixed(2);
console.log(`${n} idle sockets, KiB per socket after GC: rss ${per('rss')}, heapUsed ${per('heapUsed')}, heapTotal ${per('heapTotal')}, external ${per('external')}, arrayBuffers ${per('arrayBuffers')}`);
worker.send({ cmd: 'exit' });
await sleep(300);
await riffle.close();
rmSync(dataDir, { recursive: true, force: true });
