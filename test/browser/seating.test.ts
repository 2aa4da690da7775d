/**
 * Seating screens in a real Chromium against a real server: the public seat lookup finds a
 * player's table and seat (and follows a move), the venue display shows the table-moves board
 * and the halted-table notice and, with ?view=seats, the seat-draw list; the control panel's
 * room view busts a player and applies the balance suggestion with one tap.
 */
import type { TableView } from '../../server/protocol/seating.js';
import { playersBeforeButton } from '../helpers/seating.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { pairedPhone, PHONE, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let browser: TestBrowser;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));

async function seatedEvent(): Promise<{ id: string; names: string[] }> {
  const id = await server.createTournament();
  await server.ok(id, { type: 'table.add' });
  await server.ok(id, { type: 'table.add' });
  const names = Array.from({ length: 18 }, (_, i) => `Speler ${String.fromCharCode(65 + i)}${i}`);
  for (const name of names) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'seating.draw' });
  await server.ok(id, { type: 'button.draw' });
  return { id, names };
}

async function seatOf(id: string, name: string) {
  const body = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
  for (const t of body.state.seating.tables) for (const s of t.seats) if (s.name === name) return { table: t.number as number, seat: s.seat as number, entryId: s.entryId as string };
  throw new Error(`${name} not seated`);
}

describe('seat lookup page', () => {
  it('finds a player by part of his name and shows table and seat, live', async () => {
    const { id, names } = await seatedEvent();
    const page = await browser.page(PHONE);
    await page.goto(`${server.url}/seat/${id}`);
    await page.locator('riffle-seat input').fill(names[3]!.toLowerCase().slice(-4));
    const where = await seatOf(id, names[3]!);
    await page.locator('riffle-seat .where', { hasText: `Table ${where.table} · Seat ${where.seat}` }).waitFor({ timeout: 5000 });
    // A move shows at once.
    const body = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    const other = body.state.seating.tables.find((t: any) => t.number !== where.table);
    const free = other.seats.find((s: any) => !s.entryId);
    if (free) {
      await server.ok(id, { type: 'seat.move', entryId: where.entryId, tableId: other.id, seat: free.seat });
      await page.locator('riffle-seat .where', { hasText: `Table ${other.number} · Seat ${free.seat}` }).waitFor({ timeout: 5000 });
    }
    await page.locator('riffle-seat input').fill('zzz');
    await page.locator('riffle-seat .hint', { hasText: 'No player found' }).waitFor();
  });
});

describe('venue display', () => {
  it('shows the table-moves board, the halted notice, and the seat-draw list', async () => {
    const { id, names } = await seatedEvent();
    const page = await browser.page({ width: 1920, height: 1080 });
    await page.goto(`${server.url}/display/${id}`);
    await page.locator('riffle-clock-face').waitFor({ timeout: 5000 });
    const body = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    const t2 = playersBeforeButton(body.state.seating.tables[1], 3);
    for (const s of t2) await server.ok(id, { type: 'entry.bust', entryIds: [s.entryId] });
    await page.locator('riffle-halted-notice', { hasText: 'Table 2' }).waitFor({ timeout: 5000 });
    await server.ok(id, { type: 'balance.apply' });
    await page.locator('riffle-table-moves li', { hasText: /Table 1 → Table 2, seat \d/ }).waitFor({ timeout: 5000 });
    assert.equal(await page.locator('riffle-halted-notice .notice').count(), 0, 'play resumes');
    const seats = await browser.page({ width: 1920, height: 1080 });
    await seats.goto(`${server.url}/display/${id}?view=seats&lang=nl`);
    await seats.locator('riffle-seat-draw h2', { hasText: 'Plaatsloting' }).waitFor({ timeout: 5000 });
    const alive = names.filter((n) => !t2.some((s: any) => s.name === n));
    assert.equal(await seats.locator('riffle-seat-draw li').count(), alive.length);
    if (process.env.RIFFLE_SHOTS) {
      await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/display.png` });
      await seats.screenshot({ path: `${process.env.RIFFLE_SHOTS}/seats.png` });
    }
  });
});

describe('control panel room view', () => {
  it('busts a player from the room view and applies the balance move with one tap', async () => {
    const { id } = await seatedEvent();
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, id);
    await page.locator('riffle-tab-bar button[data-tab="tables"]').click();
    await page.locator('riffle-room-view .table').first().waitFor({ timeout: 5000 });
    const body = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    const victims = playersBeforeButton(body.state.seating.tables[1] as TableView, 2);
    for (const v of victims) {
      await page.locator('riffle-room-view .seat', { hasText: v.name! }).click();
      await page.locator('riffle-room-view .sheet button', { hasText: 'Bust' }).click();
      await page.locator('riffle-room-view .sheet button.danger').click();
      await page.locator('riffle-room-view .seat', { hasText: v.name! }).waitFor({ state: 'detached', timeout: 5000 });
    }
    await page.locator('riffle-floor-call button.primary', { hasText: 'Apply' }).click();
    await page.locator('riffle-floor-call .ok', { hasText: 'balanced' }).waitFor({ timeout: 5000 });
    const after = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    assert.deepEqual(after.state.seating.tables.map((t: any) => t.players), [8, 8]);
    await page.locator('riffle-floor-call button', { hasText: /^Undo/ }).click();
    await page.locator('riffle-floor-call button.primary', { hasText: 'Apply' }).waitFor({ timeout: 5000 });
    if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/control.png`, fullPage: true });
    assert.deepEqual(browser.errors, [], 'no page or console errors');
  });

  it('keeps what is scrolled into view, and the end of every tab, clear of the sticky bars', async () => {
    const { id } = await seatedEvent();
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, id);
    for (const size of [PHONE, { width: 360, height: 640 }]) {
      await page.setViewportSize(size);
      const at = `at ${size.width}x${size.height}`;
      const bottomOf = async (selector: string | Locator) => {
        const b = (await (typeof selector === 'string' ? page.locator(selector) : selector).boundingBox())!;
        return b.y + b.height;
      };
      const tabBarTop = async () => (await page.locator('riffle-tab-bar').boundingBox())!.y;
      // "Open table" brought up from below (as focus, find-in-page or scrollIntoView do) stops above the tab bar.
      await page.locator('riffle-tab-bar button[data-tab="tables"]').click();
      const open = page.locator('riffle-room-view button', { hasText: 'Open table' });
      await open.waitFor({ timeout: 5000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await open.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
      const openBottom = await bottomOf(open);
      assert.ok(openBottom <= (await tabBarTop()) + 0.5, `"Open table" ends at ${openBottom}, under the tab bar (top ${await tabBarTop()}) ${at}`);
      // And the first clock key, brought down from above, stops below the app bar.
      await page.locator('riffle-tab-bar button[data-tab="clock"]').click();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const key = page.locator('riffle-clock-panel button').first();
      await key.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
      const keyTop = (await key.boundingBox())!.y;
      const appBarBottom = await bottomOf('riffle-control header.bar');
      assert.ok(keyTop >= appBarBottom - 0.5, `the first clock key starts at ${keyTop}, under the app bar (bottom ${appBarBottom}) ${at}`);
      // Scrolled to the end, each tab's last card ends above the tab bar.
      for (const [tab, panel] of [['tables', 'riffle-room-view'], ['players', 'riffle-players-panel'], ['money', 'riffle-money-panel']] as const) {
        await page.locator(`riffle-tab-bar button[data-tab="${tab}"]`).click();
        await page.locator(panel).waitFor();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const end = await bottomOf(panel);
        assert.ok(end <= (await tabBarTop()) + 0.5, `the ${tab} tab ends at ${end}, under the tab bar (top ${await tabBarTop()}) ${at}`);
      }
      await page.locator('riffle-tab-bar button[data-tab="clock"]').click();
    }
    await page.close();
  });
});
