/**
 * The screenshots of docs/OVERLAYS.md, made from a real server and Debian's Chromium:
 *
 *   npm run build && npx tsx scripts/overlay-screenshots.ts [outDir]
 *
 * A 60-player evening is played into a fresh server (seats, chip counts with flags, a featured
 * table, busts into the money, a lower third, ticker messages, a player on the clock), then each
 * overlay is shot at 1280×720 over a plain backdrop standing in for the video (the overlays
 * themselves are transparent). Loopback only.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startRiffle } from '../server/server.js';
import { sampleTournament } from '../server/sample.js';
import { OVERLAY_KINDS } from '../server/protocol/stream.js';
import { launchBrowser } from '../test/helpers/browser.js';

const TOKEN = 'screenshot-admin-token-0123456789';
const out = process.argv[2] ?? 'docs/overlays';
mkdirSync(out, { recursive: true });

const dir = mkdtempSync(join(tmpdir(), 'riffle-shots-'));
const riffle = await startRiffle({ port: 0, hostname: '127.0.0.1', dataDir: dir, auth: { adminToken: TOKEN }, sample: false, log: pino({ level: 'silent' }) });
const url = `http://127.0.0.1:${riffle.port}`;
const id = riffle.registry.create(sampleTournament()).id;
const ok = async (command: Record<string, unknown>) => {
  const res = await fetch(`${url}/api/tournaments/${id}/commands`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` }, body: JSON.stringify(command) });
  const body = (await res.json()) as { ok: boolean; result?: any };
  if (!body.ok) throw new Error(`${String(command.type)}: ${JSON.stringify(body)}`);
  return body.result;
};

const NAMES = [
  ['Anna Jansen', 'NL'], ['Mikkel Sørensen', 'DK'], ['Ivana Kovačević', 'HR'], ['Jonas Weber', 'DE'], ['Sophie de Vries', 'NL'],
  ['Luka Babić', 'HR'], ['Freja Nielsen', 'DK'], ['Tom Bakker', 'NL'], ['Lena Schmidt', 'DE'], ['James Carter', 'GB'],
] as const;
for (let t = 0; t < 7; t++) await ok({ type: 'table.add' });
for (let i = 0; i < 60; i++) {
  const [name, country] = NAMES[i % NAMES.length]!;
  await ok({ type: 'entry.add', name: i < NAMES.length ? name : `${name.split(' ')[0]} ${String.fromCharCode(65 + (i % 26))}.`, country });
}
await ok({ type: 'seating.draw' });
await ok({ type: 'button.draw' });
await ok({ type: 'clock.start' });
await ok({ type: 'level.set', index: 5 });
for (let i = 0; i < 60; i++) await ok({ type: 'chips.set', entryId: `e${i + 1}`, chips: 8_000 + ((i * 7919) % 52_000) });
// Busts until the money (the sample pays 15 % of the field), the last ones into it.
const seating = riffle.registry.get(id)!.view('seating');
const featured = seating.tables[0]!;
for (let i = 60; i > 10; i--) {
  const seatedAtFeatured = featured.seats.some((s) => s.entryId === `e${i}`);
  if (!seatedAtFeatured) await ok({ type: 'entry.bust', entryIds: [`e${i}`] }).catch(() => {});
}
await ok({ type: 'stream.feature', tableId: featured.id });
await ok({ type: 'stream.ticker', messages: ['Welcome to the Riffle Sunday Deepstack', 'Next event: Sunday 14:00, €100 + €10'] });
await ok({ type: 'stream.lowerThird', title: 'Anna Jansen', subtitle: 'Amsterdam · chip leader at the featured table' });
const onClock = featured.seats.find((s) => s.entryId)!;
await ok({ type: 'playerClock.start', tableId: featured.id, seat: onClock.seat });

const browser = await launchBrowser();
for (const kind of OVERLAY_KINDS) {
  const page = await browser.page({ width: 1280, height: 720 });
  await page.goto(`${url}/overlay/${id}/${kind}?live=1`, { waitUntil: 'networkidle' });
  if (kind === 'alerts') {
    // An alert is shown when something happens: bust one more player while the page watches.
    const left = riffle.registry.get(id)!.view('players').entries.filter((e) => e.status === 'active' && !featured.seats.some((s) => s.entryId === e.id));
    await ok({ type: 'entry.bust', entryIds: [left.at(-1)!.id] });
  }
  await page.addStyleTag({ content: 'html{background:linear-gradient(135deg,#23303f 0%,#3b4b5c 55%,#2a2a33 100%) !important}' });
  // Let entrance animations finish (they are short, transform/opacity only).
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(out, `${kind}.png`) });
  await page.context().close();
  console.log(`${out}/${kind}.png`);
}
await browser.close();
await riffle.close();
rmSync(dir, { recursive: true, force: true });
