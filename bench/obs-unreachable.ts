/**
 * Does an unreachable OBS slow a tournament's commands down? Two tournaments on one in-process
 * server, one linked to a port nothing listens on (every connect fails and is retried with
 * backoff), one without OBS; they take turns, one command each, which goes first alternating,
 * so a burst of load falls on both medians alike. Prints both medians and their ratio (target:
 * under 1.5). A timing ratio, so it lives here and not in `npm test`.
 *
 *   npx tsx bench/obs-unreachable.ts [pairs]
 */
import { pino } from 'pino';
import { startRiffle } from '../server/server.js';
import { sampleTournament } from '../server/sample.js';

const pairs = Number(process.argv[2] ?? 200);
const TOKEN = 'bench-admin-token-0123456789abcdef';
const riffle = await startRiffle({ port: 0, hostname: '127.0.0.1', dataDir: ':memory:', auth: { adminToken: TOKEN }, log: pino({ level: 'silent' }) });
const base = `http://127.0.0.1:${riffle.port}/api/tournaments`;
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const withObs = riffle.registry.create(sampleTournament()).id;
const without = riffle.registry.create(sampleTournament()).id;
const send = async (id: string, method: string, path: string, body: unknown) => {
  const res = await fetch(`${base}/${id}${path}`, { method, headers, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
};
await send(withObs, 'PUT', '/obs', { url: 'ws://127.0.0.1:9', password: 'x' });
for (const id of [withObs, without]) await send(id, 'POST', '/commands', { type: 'clock.start' });

const time = async (id: string, i: number) => {
  const t = performance.now();
  await send(id, 'POST', '/commands', { type: 'clock.adjust', seconds: i % 2 ? 1 : -1 });
  return performance.now() - t;
};
for (let i = 0; i < 20; i++) await time(without, i), await time(withObs, i); // warm-up
const a: number[] = [];
const b: number[] = [];
for (let i = 0; i < pairs; i++) {
  if (i % 2) a.push(await time(withObs, i)), b.push(await time(without, i));
  else b.push(await time(without, i)), a.push(await time(withObs, i));
}
const median = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1]!;
const ma = median(a);
const mb = median(b);
console.log(`${pairs} pairs: p50 with OBS unreachable ${ma.toFixed(2)} ms, without ${mb.toFixed(2)} ms, ratio ${(ma / mb).toFixed(2)} (target < 1.5)`);
await riffle.close();
