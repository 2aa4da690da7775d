/**
 * The issue 21 probe against a server in a child process, from outside as a player on the Wi-Fi
 * would send it: each anonymous attack on the structure tools (the suggestion's tiny levels, the
 * import's repeated keys, long lists, wide CSV) from four connections at once, with a /healthz
 * sent meanwhile. Prints status, code and the slowest answer and /healthz per attack, best of
 * `rounds` rounds (the first round also warms the server up).
 *
 * Run: npx tsx bench/request-bounds.ts [rounds]   (BENCH_PORT, default 18790)
 * Before the fix, `suggest 5e-324` never answered (stop it with Ctrl-C; 1e-6 took 29 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from './lib/server-process.js';

const rounds = Number(process.argv[2] ?? 5);
const port = Number(process.env.BENCH_PORT ?? 18_790);
const BODY_MAX = 64 * 1024;

/** Repeats `unit` as often as fits the 64 KiB body once JSON-escaped inside `wrap`. */
function filling(unit: string, wrap: (inner: string) => unknown): string {
  const escaped = JSON.stringify(unit).length - 2;
  const n = Math.floor((BODY_MAX - 300) / escaped);
  return JSON.stringify(wrap(unit.repeat(n)));
}

const week = { players: 100, startingStack: 20_000, targetMinutes: 10_080 };
const attacks: Array<[string, string, string]> = [
  ['suggest levelMinutes 5e-324', '/api/structures/suggest', JSON.stringify({ ...week, levelMinutes: 5e-324 })],
  ['suggest levelMinutes 1e-6', '/api/structures/suggest', JSON.stringify({ ...week, levelMinutes: 1e-6 })],
  ['suggest a week of 1-minute levels', '/api/structures/suggest', JSON.stringify({ ...week, levelMinutes: 1 })],
  ['import repeated "kind" keys on lines', '/api/structures/import', filling('"kind":0,\n\n\n\n\n\n', (inner) => ({ text: `[{${inner}"minutes":1}]`, format: 'json' }))],
  ['import repeated "kind" keys', '/api/structures/import', filling('"kind":0,', (inner) => ({ text: `[{${inner}"minutes":1}]`, format: 'json' }))],
  ['import JSON items past 200', '/api/structures/import', filling('{"kind":"break","minutes":1},\n', (inner) => ({ text: `[${inner}{"kind":"break","minutes":1}]`, format: 'json' }))],
  ['import CSV rows past 200', '/api/structures/import', filling('level,25,50,0,none,20,\n', (inner) => ({ text: `kind,small_blind,big_blind,ante,ante_type,minutes,color_up\n${inner}`, format: 'csv' }))],
  ['import CSV header of many columns', '/api/structures/import', filling('c,', (inner) => ({ text: `kind,minutes,${inner}x\n`, format: 'csv' }))],
  ['import CSV row of many fields', '/api/structures/import', filling('1,', (inner) => ({ text: `kind,minutes\nlevel,${inner}1\n`, format: 'csv' }))],
];

const dataDir = mkdtempSync(join(tmpdir(), 'riffle-bounds-'));
const server = await startServerProcess({ port, dataDir, sample: false });
try {
  for (const [label, path, body] of attacks) {
    let best: { worst: number; health: number; status: number; code: string } | null = null;
    for (let r = 0; r < rounds; r++) {
      const attack = async () => {
        const t0 = performance.now();
        const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(60_000) });
        const json = (await res.json()) as { error?: { code: string } };
        return { ms: performance.now() - t0, status: res.status, code: json.error?.code ?? 'ok' };
      };
      const sent = Array.from({ length: 4 }, attack);
      const h0 = performance.now();
      await (await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(60_000) })).text();
      const health = performance.now() - h0;
      const answers = await Promise.all(sent);
      const worst = Math.max(...answers.map((a) => a.ms));
      if (!best || worst < best.worst) best = { worst, health, status: answers[0]!.status, code: answers[0]!.code };
    }
    console.log(`${label.padEnd(40)} ${String(Buffer.byteLength(body)).padStart(6)} B  ${best!.status} ${best!.code.padEnd(24)} slowest of 4: ${best!.worst.toFixed(1)} ms  /healthz: ${best!.health.toFixed(1)} ms`);
  }
} finally {
  await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
