/**
 * The screenshots of docs/OVERLAYS.md, made from a real server and Debian's Chromium:
 *
 *   npm run build && npx tsx scripts/overlay-shots.ts [outDir]
 *
 * A 60-player evening is played into a fresh server down to a 9-handed final table (flags, long
 * names up to 40 characters, chip counts, busts into the money, a lower third, ticker messages,
 * a player on the clock), then each overlay is shot at 1920×1080 on its transparent page and
 * laid over a generated backdrop standing in for the camera (a lit felt in a dark room). The
 * documented scenes (docs/OVERLAYS.md "Layout") are the same shots laid over one another, and
 * the last is the champion graphic after the final bust. Loopback only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { pino } from 'pino';
import { startRiffle } from '../server/server.js';
import { sampleTournament } from '../server/sample.js';
import { OVERLAY_KINDS } from '../server/protocol/stream.js';
import { launchBrowser } from '../test/helpers/browser.js';
import { following, settled } from '../test/helpers/overlays.js';
import { SCENES } from '../test/helpers/overlay-layout.js';

const TOKEN = 'screenshot-admin-token-0123456789';
const out = process.argv[2] ?? 'docs/overlays';
const W = 1920;
const H = 1080;
mkdirSync(out, { recursive: true });

/** A camera-like backdrop: a dark room, a lit oval of green felt with its rail, grain. Deterministic. */
function backdrop(): PNG {
  const png = new PNG({ width: W, height: H });
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const dx = (x - W / 2) / (W * 0.46);
      const dy = (y - H * 0.62) / (H * 0.42);
      const d = Math.sqrt(dx * dx + dy * dy);
      const light = Math.max(0, 1 - Math.hypot((x - W * 0.45) / W, (y - H * 0.35) / H) * 1.3);
      let r: number, g: number, b: number;
      if (d < 0.92) [r, g, b] = [18 + 30 * light, 92 + 70 * light, 52 + 40 * light];
      else if (d < 1.02) [r, g, b] = [58 + 40 * light, 32 + 22 * light, 20 + 12 * light];
      else [r, g, b] = [22 + 30 * light, 20 + 24 * light, 26 + 26 * light];
      // A faint, repeating weave of the felt (no random grain: the PNGs stay small in git).
      const grain = 0;
      const i = (y * W + x) * 4;
      png.data[i] = Math.max(0, Math.min(255, r + grain));
      png.data[i + 1] = Math.max(0, Math.min(255, g + grain));
      png.data[i + 2] = Math.max(0, Math.min(255, b + grain));
      png.data[i + 3] = 255;
    }
  }
  return png;
}

/** `over` (a transparent page's screenshot) laid onto `base` (alpha over). */
function layer(base: PNG, over: Buffer): void {
  const top = PNG.sync.read(over);
  for (let i = 0; i < base.data.length; i += 4) {
    const a = top.data[i + 3]! / 255;
    if (a === 0) continue;
    for (let c = 0; c < 3; c++) base.data[i + c] = Math.round(top.data[i + c]! * a + base.data[i + c]! * (1 - a));
  }
}

function copy(png: PNG): PNG {
  const c = new PNG({ width: png.width, height: png.height });
  png.data.copy(c.data);
  return c;
}

const dir = mkdtempSync(join(tmpdir(), 'riffle-shots-'));
const riffle = await startRiffle({ port: 0, hostname: '127.0.0.1', dataDir: dir, auth: { adminToken: TOKEN }, sample: false, log: pino({ level: 'silent' }) });
const url = `http://127.0.0.1:${riffle.port}`;
const id = riffle.registry.create({ ...sampleTournament(), name: 'Riffle Sunday Deepstack · Event 4' }).id;
const ok = async (command: Record<string, unknown>) => {
  const res = await fetch(`${url}/api/tournaments/${id}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }, body: JSON.stringify(command) });
  const body = (await res.json()) as { ok: boolean; result?: any };
  if (!body.ok) throw new Error(`${String(command.type)}: ${JSON.stringify(body)}`);
  return body.result;
};

const NAMES = [
  ['Anna Jansen', 'NL'], ['Mikkel Sørensen', 'DK'], ['Ivana Kovačević-Horvatinčić', 'HR'], ['Jonas Weber', 'DE'], ['Sophie de Vries', 'NL'],
  ['Luka Babić', 'HR'], ['Freja Nielsen', 'DK'], ['Jean-Baptiste Moreau-Lefebvre de la Tour', 'BE'], ['Lena Schmidt', 'DE'], ['James Carter', 'GB'],
] as const;
for (let t = 0; t < 7; t++) await ok({ type: 'table.add' });
for (let i = 0; i < 60; i++) {
  const [name, country] = NAMES[i % NAMES.length]!;
  await ok({ type: 'entry.add', name: i < NAMES.length ? name : `${name.split(' ')[0]} ${String.fromCharCode(65 + (i % 26))}.`, country });
}
await ok({ type: 'seating.draw' });
await ok({ type: 'button.draw' });
await ok({ type: 'clock.start' });
await ok({ type: 'level.set', index: 8 });
// Down to the final table: the players after the first ten go, one at a time.
for (let i = 60; i > 10; i--) await ok({ type: 'entry.bust', entryIds: [`e${i}`] }).catch(() => {});
await ok({ type: 'entry.bust', entryIds: ['e10'] }).catch(() => {});
await ok({ type: 'finalTable.form' }).catch(() => {});
const table = () => riffle.registry.get(id)!.view('seating').tables.find((t) => t.seats.some((s) => s.entryId))!;
await ok({ type: 'button.draw' }).catch(() => {});
for (let i = 0; i < 9; i++) await ok({ type: 'chips.set', entryId: `e${i + 1}`, chips: [265_000, 192_000, 165_000, 142_000, 128_000, 111_000, 90_000, 68_000, 39_000][i] });
await ok({ type: 'stream.feature', tableId: table().id });
await ok({ type: 'stream.ticker', messages: ['Welcome to the Riffle Sunday Deepstack', 'Next event: Sunday 14:00, €100 + €10'] });
await ok({ type: 'stream.lowerThird', title: 'Anna Jansen', subtitle: 'Amsterdam · two-time Riffle Sunday champion' });
const onClock = table().seats.find((s) => s.entryId === 'e4')!;
await ok({ type: 'playerClock.start', tableId: table().id, seat: onClock.seat });

const bg = backdrop();
const browser = await launchBrowser();
const shots = new Map<string, Buffer>();
const QUERY: Record<string, string> = { leaderboard: '?stack=both' };
for (const kind of OVERLAY_KINDS) {
  const page = await browser.page({ width: W, height: H });
  await page.goto(`${url}/overlay/${id}/${kind}${QUERY[kind] ?? ''}${QUERY[kind] ? '&' : '?'}live=1`);
  await following(page, kind);
  // An alert is shown when something happens: the 9th player goes while the page watches.
  if (kind === 'alerts') await ok({ type: 'entry.bust', entryIds: ['e9'] });
  await settled(page, kind, 10_000);
  shots.set(kind, await page.screenshot({ omitBackground: true }));
  await page.context().close();
}
for (const [kind, shot] of shots) {
  const png = copy(bg);
  layer(png, shot);
  writeFileSync(join(out, `${kind}.png`), PNG.sync.write(png));
  console.log(`${out}/${kind}.png`);
}
for (const [scene, kinds] of Object.entries(SCENES)) {
  const png = copy(bg);
  for (const kind of kinds) layer(png, shots.get(kind)!);
  writeFileSync(join(out, `scene-${scene}.png`), PNG.sync.write(png));
  console.log(`${out}/scene-${scene}.png`);
}
// The end of the night: the champion graphic stays on air.
{
  const page = await browser.page({ width: W, height: H });
  await page.goto(`${url}/overlay/${id}/alerts?live=1`);
  await following(page, 'alerts');
  for (const e of ['e8', 'e7', 'e6', 'e5', 'e4', 'e3', 'e2']) await ok({ type: 'entry.bust', entryIds: [e] }).catch(() => {});
  await page.waitForFunction(() => document.querySelector('riffle-overlay-alerts')?.shadowRoot?.querySelector('.alert.winner.shown') !== null, undefined, { timeout: 120_000 });
  await settled(page, 'alerts', 10_000);
  const png = copy(bg);
  layer(png, await page.screenshot({ omitBackground: true }));
  writeFileSync(join(out, 'champion.png'), PNG.sync.write(png));
  console.log(`${out}/champion.png`);
  await page.context().close();
}
await browser.close();
await riffle.close();
rmSync(dir, { recursive: true, force: true });
