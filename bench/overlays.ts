/**
 * The stream overlays in Debian's Chromium (issue: stream overlays), against a real server.
 *
 *   npx tsx bench/overlays.ts size
 *     JavaScript per overlay page: every script the page loads, gzipped (target: 30 KB).
 *   npx tsx bench/overlays.ts paint [runs]
 *     First contentful paint of each overlay against a warm server (target: 300 ms), median.
 *   npx tsx bench/overlays.ts idle [seconds]
 *     Idle CPU of each overlay page once on air with nothing happening: the renderer's main-thread
 *     task time (CDP Performance.getMetrics TaskDuration) over `seconds` (default 10), as % of
 *     one core (target: under 1%, the ticker apart: it scrolls).
 *   npx tsx bench/overlays.ts soak [simulatedHours] [rate]
 *     Every overlay open for `simulatedHours` of a busy floor at `rate` x real time (chip counts,
 *     busts, level changes, lower thirds): Chromium's JS heap after a forced GC, start vs end
 *     (CDP). Memory must stay flat.
 *
 * Loopback only; the browser is /usr/bin/chromium (RIFFLE_CHROMIUM), never a downloaded one.
 */
import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startRiffle, type Riffle } from '../server/server.js';
import { sampleTournament } from '../server/sample.js';
import { systemTime } from '../server/time.js';
import { OVERLAY_KINDS } from '../server/protocol/stream.js';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../test/helpers/browser.js';

const TOKEN = 'bench-admin-token-0123456789abcdef';
const mode = process.argv[2] ?? 'size';

async function server(rate = 1): Promise<{ riffle: Riffle; url: string; id: string; dir: string; ok: (c: Record<string, unknown>) => Promise<any> }> {
  const dir = mkdtempSync(join(tmpdir(), 'riffle-bench-overlays-'));
  const riffle = await startRiffle({ port: 0, hostname: '127.0.0.1', dataDir: dir, time: systemTime(rate), auth: { adminToken: TOKEN }, sample: false, log: pino({ level: 'silent' }) });
  const url = `http://127.0.0.1:${riffle.port}`;
  const id = riffle.registry.create(sampleTournament()).id;
  const ok = async (command: Record<string, unknown>) => {
    const res = await fetch(`${url}/api/tournaments/${id}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }, body: JSON.stringify(command) });
    const body = (await res.json()) as { ok: boolean; result?: unknown };
    if (!body.ok) throw new Error(`${String(command.type)}: ${JSON.stringify(body)}`);
    return body.result;
  };
  return { riffle, url, id, dir, ok };
}

/** A field of 60 seated players with counts, a featured table and a lower third. */
async function populate(ok: (c: Record<string, unknown>) => Promise<any>) {
  for (let t = 0; t < 7; t++) await ok({ type: 'table.add' });
  for (let i = 0; i < 60; i++) await ok({ type: 'entry.add', name: `Player ${i + 1}`, country: ['NL', 'DK', 'HR', 'DE', 'GB'][i % 5] });
  await ok({ type: 'seating.draw' });
  await ok({ type: 'button.draw' });
  await ok({ type: 'clock.start' });
  for (let i = 0; i < 60; i++) await ok({ type: 'chips.set', entryId: `e${i + 1}`, chips: 10_000 + ((i * 7919) % 30_000) });
}

async function size() {
  const s = await server();
  await populate(s.ok);
  const browser = await launchBrowser();
  console.log('| overlay | scripts | raw KB | gzipped KB |');
  console.log('|---|---|---|---|');
  let worst = 0;
  for (const kind of OVERLAY_KINDS) {
    const page = await browser.page({ width: 1920, height: 1080 });
    const bodies: Buffer[] = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script') bodies.push(await res.body());
    });
    await page.goto(`${s.url}/overlay/${s.id}/${kind}`, { waitUntil: 'networkidle' });
    const raw = bodies.reduce((a, b) => a + b.length, 0);
    const gz = bodies.reduce((a, b) => a + gzipSync(b, { level: 9 }).length, 0);
    worst = Math.max(worst, gz);
    console.log(`| ${kind} | ${bodies.length} | ${(raw / 1024).toFixed(1)} | ${(gz / 1024).toFixed(1)} |`);
    await page.context().close();
  }
  console.log(`largest page: ${(worst / 1024).toFixed(1)} KB gzipped (target 30 KB): ${worst <= 30 * 1024 ? 'PASS' : 'FAIL'}`);
  await browser.close();
  await s.riffle.close();
  rmSync(s.dir, { recursive: true, force: true });
}

async function paint() {
  const runs = Number(process.argv[3] ?? 5);
  const s = await server();
  await populate(s.ok);
  // Something for every overlay to show: a featured table with a player on the clock, a lower
  // third, ticker messages. (Alerts show only when something happens: not measured.)
  const table = s.riffle.registry.get(s.id)!.view('seating').tables[0]!;
  await s.ok({ type: 'stream.feature', tableId: table.id });
  await s.ok({ type: 'stream.lowerThird', title: 'Anna Jansen', subtitle: 'Chip leader' });
  await s.ok({ type: 'stream.ticker', messages: ['Welcome'] });
  await s.ok({ type: 'playerClock.start', tableId: table.id, seat: table.seats.find((x) => x.entryId)!.seat });
  const browser = await launchBrowser();
  // Warm the server (and its file cache) once.
  const warm = await browser.page();
  for (const kind of OVERLAY_KINDS) await warm.goto(`${s.url}/overlay/${s.id}/${kind}`, { waitUntil: 'networkidle' });
  await warm.context().close();
  console.log(`| overlay | content on air (ms), median of ${runs} | first contentful paint (ms) |`);
  console.log('|---|---|---|');
  let worst = 0;
  for (const kind of OVERLAY_KINDS) {
    const times: number[] = [];
    const fcps: number[] = [];
    for (let i = 0; i < runs; i++) {
      const page = await browser.page({ width: 1920, height: 1080 });
      await page.goto(`${s.url}/overlay/${s.id}/${kind}`);
      // On air: the page has its state and has drawn it (the entrance animation starts now).
      const onAir = await page
        .waitForFunction(
          (tag) => {
            const air = document.querySelector(tag)?.shadowRoot?.querySelector('[data-on-air="true"]');
            return air ? performance.now() : false;
          },
          `riffle-overlay-${kind}`,
          { polling: 'raf', timeout: 5000 },
        )
        .then((h) => h.jsonValue() as Promise<number>)
        .catch(() => -1);
      times.push(onAir);
      const fcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const seen = performance.getEntriesByName('first-contentful-paint')[0];
            if (seen) return resolve(seen.startTime);
            new PerformanceObserver((list) => {
              const e = list.getEntriesByName('first-contentful-paint')[0];
              if (e) resolve(e.startTime);
            }).observe({ type: 'paint', buffered: true });
            setTimeout(() => resolve(-1), 5000);
          }),
      );
      fcps.push(fcp);
      await page.context().close();
    }
    const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const m = median(times);
    const f = median(fcps);
    if (m >= 0) worst = Math.max(worst, m);
    console.log(`| ${kind} | ${m < 0 ? 'nothing to show' : m.toFixed(0)} | ${f < 0 ? '-' : f.toFixed(0)} |`);
  }
  console.log(`slowest median to content on air: ${worst.toFixed(0)} ms (target 300 ms): ${worst <= 300 ? 'PASS' : 'FAIL'}`);
  await browser.close();
  await s.riffle.close();
  rmSync(s.dir, { recursive: true, force: true });
}

async function idle() {
  const seconds = Number(process.argv[3] ?? 10);
  const s = await server();
  await populate(s.ok);
  const table = s.riffle.registry.get(s.id)!.view('seating').tables[0]!;
  await s.ok({ type: 'stream.feature', tableId: table.id });
  await s.ok({ type: 'stream.lowerThird', title: 'Anna Jansen', subtitle: 'Chip leader' });
  await s.ok({ type: 'stream.ticker', messages: ['Welcome'] });
  const browser = await launchBrowser();
  console.log(`| overlay | main-thread CPU, idle over ${seconds} s (% of one core) |`);
  console.log('|---|---|');
  let worst = 0;
  for (const kind of OVERLAY_KINDS) {
    const page = await browser.page({ width: 1920, height: 1080 });
    await page.goto(`${s.url}/overlay/${s.id}/${kind}`, { waitUntil: 'networkidle' });
    await new Promise((r) => setTimeout(r, 1500)); // the entrance
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const task = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m: { name: string; value: number }) => m.name === 'TaskDuration')!.value;
    const t0 = await task();
    const w0 = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const share = ((await task()) - t0) / ((performance.now() - w0) / 1000);
    if (kind !== 'ticker') worst = Math.max(worst, share);
    console.log(`| ${kind} | ${(share * 100).toFixed(2)} |`);
    await page.context().close();
  }
  console.log(`busiest idle overlay but the ticker: ${(worst * 100).toFixed(2)} % of a core (target 1 %): ${worst < 0.01 ? 'PASS' : 'FAIL'}`);
  await browser.close();
  await s.riffle.close();
  rmSync(s.dir, { recursive: true, force: true });
}

async function soak() {
  const hours = Number(process.argv[3] ?? 8);
  const rate = Number(process.argv[4] ?? 120);
  const s = await server(rate);
  await populate(s.ok);
  const tables = s.riffle.registry.get(s.id)!.view('seating').tables;
  await s.ok({ type: 'stream.feature', tableId: tables[0]!.id });
  await s.ok({ type: 'stream.ticker', messages: ['Welcome to the Riffle Sunday Deepstack', 'Next event: Sunday 14:00'] });
  const browser = await launchBrowser();
  const pages: Array<{ kind: string; page: Page; cdp: CDPSession }> = [];
  for (const kind of OVERLAY_KINDS) {
    const page = await browser.page({ width: 1920, height: 1080 });
    await page.goto(`${s.url}/overlay/${s.id}/${kind}`, { waitUntil: 'networkidle' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    pages.push({ kind, page, cdp });
  }
  const heap = async () => {
    const out: Record<string, number> = {};
    for (const { kind, cdp } of pages) {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      out[kind] = metrics.find((m: { name: string; value: number }) => m.name === 'JSHeapUsedSize')!.value / 2 ** 20;
    }
    return out;
  };
  // Warm-up: an hour of play before the first reading (caches, fonts, first alerts).
  const realMsPerHour = 3_600_000 / rate;
  let n = 0;
  const busy = async (untilReal: number) => {
    while (Date.now() < untilReal) {
      const players = s.riffle.registry.get(s.id)!.view('players').entries.filter((e) => e.status === 'active');
      n++;
      try {
        if (n % 23 === 0 && players.length > 12) await s.ok({ type: 'entry.bust', entryIds: [players[players.length - 1]!.id] });
        else if (n % 17 === 0) await s.ok({ type: 'stream.lowerThird', title: `Player ${n % 60}`, subtitle: 'Chip leader', seconds: 5 });
        else if (n % 31 === 0) await s.ok({ type: 'stream.replayAlert' });
        else {
          const p = players[n % players.length]!;
          await s.ok({ type: 'chips.set', entryId: p.id, chips: 5_000 + ((n * 7919) % 80_000) });
        }
      } catch {
        // a refused command (e.g. registration closed) is part of a real evening too
      }
      await new Promise((r) => setTimeout(r, Math.max(20, realMsPerHour / 600))); // ~600 commands per simulated hour
    }
  };
  await busy(Date.now() + realMsPerHour);
  const start = await heap();
  await busy(Date.now() + realMsPerHour * (hours - 1));
  const end = await heap();
  console.log(`${hours} simulated hours at ${rate}x (${((realMsPerHour * hours) / 60_000).toFixed(1)} real minutes), ${n} commands`);
  console.log('| overlay | JS heap after GC, hour 1 (MiB) | end (MiB) | growth |');
  console.log('|---|---|---|---|');
  let worst = 0;
  for (const kind of OVERLAY_KINDS) {
    const growth = end[kind]! / start[kind]!;
    worst = Math.max(worst, growth);
    console.log(`| ${kind} | ${start[kind]!.toFixed(2)} | ${end[kind]!.toFixed(2)} | ${((growth - 1) * 100).toFixed(1)} % |`);
  }
  console.log(`largest growth: ${((worst - 1) * 100).toFixed(1)} % (flat: under 10 %): ${worst < 1.1 ? 'PASS' : 'FAIL'}`);
  await browser.close();
  await s.riffle.close();
  rmSync(s.dir, { recursive: true, force: true });
}

await (mode === 'paint' ? paint() : mode === 'soak' ? soak() : mode === 'idle' ? idle() : size());
