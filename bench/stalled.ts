/**
 * Stalled sockets against a real server process (hostile Wi-Fi item 1; issue 29):
 *
 *   npx tsx bench/stalled.ts [sockets=64] [seconds=60] [rate=1000] [entries=300] [addresses=4]
 *
 * `sockets` clients from `addresses` loopback aliases (127.0.0.2 on) subscribe to every topic of
 * a tournament of `entries` players, stop reading, and re-subscribe every 100 ms for `seconds`,
 * while chip counts run over HTTP at up to `rate` a second (32 posters). The same load runs first
 * without them. Prints the server's RSS peak above its start in both runs (target: the stalled
 * sockets add at most 64 MiB) and checks that a normal screen received every patch, in order.
 * Loopback only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { api, rssBytes, startServerProcess } from './lib/server-process.js';
import { PROTOCOL_VERSION } from '../server/protocol/messages.js';

const sockets = Number(process.argv[2] ?? 64);
const seconds = Number(process.argv[3] ?? 60);
const rate = Number(process.argv[4] ?? 1000);
const entries = Number(process.argv[5] ?? 300);
const addresses = Number(process.argv[6] ?? 4);
const POSTERS = 32;
async function run(sockets: number): Promise<{ grew: number; patches: number; gaps: number; dropped: number; sent: number }> {
const port = 20_000 + Math.floor(Math.random() * 20_000);
const dataDir = mkdtempSync(join(tmpdir(), 'riffle-stalled-'));
const server = await startServerProcess({ port, dataDir, sample: true });
try {
  const { body } = await api(server.url, 'GET', '/api/tournaments');
  const id = body.tournaments[0].id as string;
  await api(server.url, 'POST', `/api/tournaments/${id}/commands`, { type: 'settings.set', lateRegistrationLevel: 16 });
  for (let i = 0; i < entries; i++) await api(server.url, 'POST', `/api/tournaments/${id}/commands`, { type: 'entry.add', name: `Player ${i + 1}` });

  // The normal screen: counts patches and checks the prev chain.
  let seq = 0;
  let patches = 0;
  let gaps = 0;
  const screen = new WebSocket(server.wsUrl);
  await new Promise<void>((resolve) => {
    screen.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.type === 'hello') {
        screen.send(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }));
        screen.send(JSON.stringify({ type: 'subscribe', id: 1, tournament: id }));
      }
      if (msg.type === 'snapshot') {
        seq = msg.seq;
        resolve();
      }
      if (msg.type === 'patch') {
        if (msg.prev !== seq) gaps++;
        seq = msg.seq;
        patches++;
      }
    });
  });

  const stalled: WebSocket[] = [];
  let dropped = 0;
  for (let i = 0; i < sockets; i++) {
    const ws = new WebSocket(server.wsUrl, { localAddress: `127.0.0.${2 + (i % addresses)}` });
    ws.on('error', () => {});
    ws.on('close', () => dropped++);
    await new Promise<void>((resolve) => ws.once('open', () => resolve()));
    ws.send(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }));
    (ws as unknown as { _socket: { pause(): void } })._socket.pause();
    stalled.push(ws);
  }
  const rssStart = rssBytes(server.pid);
  let rssPeak = rssStart;
  const hammer = setInterval(() => {
    for (const ws of stalled) if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'subscribe', tournament: id }));
    rssPeak = Math.max(rssPeak, rssBytes(server.pid));
  }, 100);
  const started = Date.now();
  let sent = 0;
  let acknowledged = 0;
  await Promise.all(
    Array.from({ length: POSTERS }, async () => {
      while (Date.now() - started < seconds * 1000) {
        if (sent >= ((Date.now() - started) / 1000) * rate) {
          await new Promise((r) => setTimeout(r, 5));
          continue;
        }
        const n = sent++;
        const res = await api(server.url, 'POST', `/api/tournaments/${id}/commands`, { type: 'chips.set', entryId: `e${(n % entries) + 1}`, chips: 10_000 + n });
        if (res.status === 200) acknowledged++;
      }
    }),
  );
  clearInterval(hammer);
  const health = (await api(server.url, 'GET', '/healthz')).body;
  const deadline = Date.now() + 10_000;
  while (patches < acknowledged && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const mib = (b: number) => (b / 2 ** 20).toFixed(1);
  console.log(`${sockets} stalled sockets from ${addresses} addresses re-subscribing every 100 ms for ${((Date.now() - started) / 1000).toFixed(0)} s, ${acknowledged} of ${sent} chip counts acknowledged (${(acknowledged / seconds).toFixed(0)}/s) at ${entries} entries`);
  console.log(`server /healthz: ${JSON.stringify(health)}`);
  console.log(`server RSS: ${mib(rssStart)} MiB at the start, peak ${mib(rssPeak)} MiB: grew ${mib(rssPeak - rssStart)} MiB (target < 64 MiB)`);
  console.log(`stalled sockets dropped by the server: ${dropped} of ${sockets}`);
  console.log(`normal screen: ${patches} of ${acknowledged} patches, ${gaps} gaps`);
  for (const ws of stalled) ws.terminate();
  screen.close();
  return { grew: rssPeak - rssStart, patches, gaps, dropped, sent: acknowledged };
} finally {
  await server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
}

// The same load without stalled sockets first (the baseline of this run), then with them.
const base = await run(0);
const attacked = await run(sockets);
const extra = (attacked.grew - base.grew) / 2 ** 20;
console.log(`RSS growth: ${(base.grew / 2 ** 20).toFixed(1)} MiB without stalled sockets, ${(attacked.grew / 2 ** 20).toFixed(1)} MiB with ${sockets}: the stalled sockets cost ${extra.toFixed(1)} MiB (target <= 64 MiB)`);
const pass = extra <= 64 && attacked.patches === attacked.sent && attacked.gaps === 0;
console.log(pass ? 'PASS' : 'FAIL');
process.exitCode = pass ? 0 : 1;
