/**
 * Soak: 8 simulated hours at accelerated time (RIFFLE_TIME_RATE) through the public API with
 * 1,000 screens. Levels change by the clock; the TD adjusts and pauses; the floor registers,
 * counts chips, busts players and balances tables (when the registry has those commands).
 * Checks: no server error, server RSS at the end at most 10 % above the value after warm-up
 * (30 simulated minutes: screens connected, tables and field registered), and
 * every screen's final state equal to the server's.
 * Run: npx tsx bench/soak.ts [hours=8] [rate=120] [screens=1000]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMANDS } from '../server/engine/apply.js';
import { api, cpuMs, machine, ROOT, rssBytes, sleep, startServerProcess } from './lib/server-process.js';

const [hours = 8, rate = 120, screenCount = 1000] = process.argv.slice(2).map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 18720);
const SIM_MIN = 60_000 / rate; // real ms per simulated minute
const has = (type: string) => Object.hasOwn(COMMANDS, type);

function soakTournament() {
  const structure = [];
  for (let i = 1; i <= 30; i++) {
    structure.push({ kind: 'level', smallBlind: 100 * i, bigBlind: 200 * i, ante: i >= 4 ? 200 * i : 0, anteType: i >= 4 ? 'bba' : 'none', minutes: 20 });
    if (i % 6 === 0) structure.push({ kind: 'break', minutes: 10, colorUp: null });
  }
  return { name: 'Soak', preset: 'tda-2024-onk', structure, settings: { lateRegistrationLevel: 6 } };
}

let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};

console.log(`# soak: ${hours} simulated hours at ${rate}x, ${screenCount} screens; ${machine()}`);
const dataDir = mkdtempSync(join(tmpdir(), 'riffle-soak-'));
const server = await startServerProcess({ port: PORT, dataDir, rate, sample: false });
const stats = { sent: 0, ok: 0, refused: 0, errors: 0, byType: {} as Record<string, number> };
const errors: string[] = [];
let tournament = '';
const send = async (command: Record<string, unknown>) => {
  stats.sent++;
  try {
    const res = await api(server.url, 'POST', `/api/tournaments/${tournament}/commands`, command);
    if (res.status === 200 && res.body.ok) {
      stats.ok++;
      stats.byType[command.type as string] = (stats.byType[command.type as string] ?? 0) + 1;
      return res.body;
    }
    if (res.status === 409 || (res.status === 400 && res.body?.error?.code !== 'invalid-command')) stats.refused++;
    else {
      stats.errors++;
      errors.push(`${command.type}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
  } catch (err) {
    stats.errors++;
    errors.push(`${command.type}: ${String(err)}`);
  }
  return null;
};

try {
  const created = await api(server.url, 'POST', '/api/tournaments', soakTournament());
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  tournament = created.body.id;
  const worker = fork(join(ROOT, 'bench', 'soak-clients.ts'), [server.wsUrl, tournament, String(screenCount)], { execArgv: ['--import', 'tsx'], cwd: ROOT });
  const ask = <T>(cmd: string) =>
    new Promise<T>((resolve) => {
      const on = (m: any) => {
        if (m.type === (cmd === 'report' ? 'report' : 'ready')) {
          worker.off('message', on);
          resolve(m);
        }
      };
      worker.on('message', on);
      if (cmd !== 'ready') worker.send({ cmd });
    });
  await ask('ready');

  // Set-up: tables and the starting field (seated by the seating follow-up, if present).
  const entries: string[] = [];
  if (has('table.add')) for (let t = 0; t < 10; t++) await send({ type: 'table.add' });
  if (has('entry.add')) {
    for (let p = 0; p < 80; p++) {
      const answer = await send({ type: 'entry.add', name: `Player ${p + 1}` });
      if (answer?.result?.entryId) entries.push(answer.result.entryId);
    }
  }
  await send({ type: 'clock.start' });
  const t0 = Date.now();
  const end = t0 + hours * 60 * SIM_MIN;
  const warmUpAt = t0 + 30 * SIM_MIN;
  let rssWarm = 0;
  let cpuWarm = 0;
  const rssSamples: Array<[number, number]> = [];
  let nextSample = t0;
  let busted = 0;
  // One floor/TD action every ~2 simulated minutes, chosen like a real evening.
  while (Date.now() < end) {
    const now = Date.now();
    if (!rssWarm && now >= warmUpAt) {
      rssWarm = rssBytes(server.pid);
      cpuWarm = cpuMs(server.pid);
    }
    if (now >= nextSample) {
      rssSamples.push([Math.round((now - t0) / SIM_MIN), Math.round(rssBytes(server.pid) / 2 ** 20)]);
      nextSample += 30 * SIM_MIN;
    }
    const r = random();
    const live = entries.length - busted;
    if (r < 0.1) await send({ type: 'clock.adjust', seconds: random() < 0.5 ? 60 : -30 });
    else if (r < 0.13) {
      await send({ type: 'clock.pause' });
      await sleep(2 * SIM_MIN);
      await send({ type: 'clock.resume' });
    } else if (r < 0.45 && has('chips.set') && live > 0) {
      await send({ type: 'chips.set', entryId: entries[busted + Math.floor(random() * live)], chips: 1000 + Math.floor(random() * 100_000) });
    } else if (r < 0.55 && has('entry.bust') && live > 2) {
      // Bust the oldest live entry; the seating follow-up frees the seat.
      if (await send({ type: 'entry.bust', entryIds: [entries[busted]] })) busted++;
      if (has('balance.apply')) await send({ type: 'balance.apply' });
    } else if (r < 0.6 && has('entry.add') && (Date.now() - t0) / SIM_MIN < 120) {
      const answer = await send({ type: 'entry.add', name: `Late ${entries.length + 1}` });
      if (answer?.result?.entryId) entries.push(answer.result.entryId);
    }
    await sleep(2 * SIM_MIN * (0.5 + random()));
  }
  const rssEnd = rssBytes(server.pid);
  const cpuEnd = cpuMs(server.pid);
  await sleep(1000);
  const truth = await api(server.url, 'GET', `/api/tournaments/${tournament}`);
  const report = await ask<{ distinct: Array<{ seq: number; state: string; n: number }>; reconnects: number; resyncs: number }>('report');
  const truthJson = JSON.stringify(truth.body.state);
  const matching = report.distinct.filter((d) => d.seq === truth.body.seq && JSON.stringify(JSON.parse(d.state)) === JSON.stringify(JSON.parse(truthJson))).reduce((a, d) => a + d.n, 0);
  const log = await api(server.url, 'GET', `/api/tournaments/${tournament}/log?limit=1000`);
  const ticks = (log.body.entries as Array<{ type: string }>).filter((e) => e.type === 'clock.tick').length;
  const result = {
    simulatedHours: hours,
    rate,
    realSeconds: Math.round((Date.now() - t0) / 1000),
    screens: screenCount,
    finalSeq: truth.body.seq,
    level: truth.body.state.clock.current,
    clockTicksInFirst1000: ticks,
    commands: stats,
    errors: errors.slice(0, 10),
    rssAfterWarmUpMiB: Math.round((rssWarm / 2 ** 20) * 10) / 10,
    rssEndMiB: Math.round((rssEnd / 2 ** 20) * 10) / 10,
    rssGrowthPct: Math.round(((rssEnd - rssWarm) / rssWarm) * 1000) / 10,
    rssSamples,
    serverCpuPct: Math.round(((cpuEnd - cpuWarm) / (Date.now() - warmUpAt)) * 1000) / 10,
    screensMatchingServer: matching,
    reconnects: report.reconnects,
    resyncs: report.resyncs,
  };
  console.log(JSON.stringify(result, null, 2));
  // A leak shows as growth; V8 giving memory back (RSS falling) is fine.
  const pass = stats.errors === 0 && result.rssGrowthPct <= 10 && matching === screenCount;
  console.log(pass ? 'PASS' : 'FAIL');
  worker.send({ cmd: 'exit' });
  await sleep(300);
  process.exitCode = pass ? 0 : 1;
} finally {
  await server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
