/**
 * The phone for a whole evening (issue 14): 40-character names fit 320-430 px wide with nothing
 * scrolling sideways, on every tab and in an opened row; a toast never covers the control just
 * used and says what happened; the last clock action can be taken back; the results export is
 * one tap from the Money tab.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { eventually, pairedPhone, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

/** 40 characters each, without spaces to break at in the middle (the hardest case). */
const LONG = ['Maximiliane-Theodora Wolkenstein-Rodenegg', 'Bartholomeus van Oldenbarnevelt-Dijkstra', 'Konstantinos Papadopoulos-Vasilopoulos', 'Anna Jansen'].map((n) =>
  n.length >= 40 ? n.slice(0, 40) : n,
);

async function state(id: string): Promise<any> {
  return ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).state;
}

async function evening(): Promise<string> {
  const id = await server.createTournament();
  await server.ok(id, { type: 'table.add' });
  await server.ok(id, { type: 'table.add' });
  for (const name of [...LONG, ...Array.from({ length: 10 }, (_, i) => `${'Wilhelmina Zuidersee-Vanderbilt'.padEnd(37, 'x')} ${String(i).padStart(2, '0')}`)]) {
    await server.ok(id, { type: 'entry.add', name });
  }
  await server.ok(id, { type: 'seating.draw' });
  await server.ok(id, { type: 'button.draw' });
  const entries = (await state(id)).players.entries;
  await server.ok(id, { type: 'entry.bust', entryIds: [entries.at(-1).id] });
  return id;
}

/** How far the page scrolls sideways (0: not at all). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  assert.ok(b, 'element is shown');
  return b;
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('phone', () => {
  it('fits 40-character names at 320, 390 and 430 px on every tab: nothing scrolls sideways', async () => {
    const id = await evening();
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, id);
    for (const width of [320, 390, 430]) {
      await page.setViewportSize({ width, height: 760 });
      for (const tab of ['clock', 'tables', 'players', 'money', 'stream']) {
        await page.locator(`riffle-tab-bar button[data-tab="${tab}"]`).click();
        if (tab === 'tables') {
          // A seat's sheet with a long name open.
          await page.locator('riffle-room-view .seat', { hasText: LONG[0]!.slice(0, 12) }).click();
        }
        if (tab === 'players') {
          const row = page.locator('riffle-players-panel li', { hasText: LONG[1]!.slice(0, 12) });
          await row.locator('button.who').click();
          await row.locator('button[data-action="bust"]').click();
          await row.locator('button[data-action="confirm-bust"]').waitFor();
          const name = await box(row.locator('.name'));
          assert.ok(name.x + name.width <= width + 0.5, `the name ends at ${name.x + name.width}, past ${width} px`);
        }
        assert.equal(await sideways(page), 0, `the ${tab} tab scrolls sideways at ${width} px`);
        if (tab === 'tables') await page.locator('riffle-room-view .sheet button', { hasText: 'Close' }).click();
        if (tab === 'players') await page.locator('riffle-players-panel button[data-action="cancel-bust"]').click();
      }
    }
    assert.deepEqual(browser.errors, []);
    await page.context().close();
  });

  it('a toast says what happened and never covers the control just used', async () => {
    const id = await evening();
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, id);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.locator('riffle-tab-bar button[data-tab="players"]').click();
    const input = page.locator('riffle-players-panel form.register input[name="name"]');
    await input.fill('Anna Jansen');
    await page.locator('riffle-players-panel form.register button[type="submit"]').click();
    // The evening already has an Anna Jansen: wait for the second one, the one just registered
    // (reading the state at once could find only the first and expect her seat).
    const annas = (s: any) => s.players.entries.filter((e: any) => e.name === 'Anna Jansen');
    const after = await eventually(() => state(id), (s) => annas(s).length === 2, 5000, 'the second Anna Jansen');
    const anna = annas(after).at(-1);
    const table = after.seating.tables.find((t: any) => t.seats.some((s: any) => s.entryId === anna.id));
    const seat = table.seats.find((s: any) => s.entryId === anna.id).seat;
    const toast = page.locator('riffle-control .toast.ok', { hasText: `Anna Jansen registered, table ${table.number} seat ${seat}` });
    await toast.waitFor({ timeout: 5000 });
    assert.ok(!overlap(await box(toast), await box(page.locator('riffle-players-panel form.register'))), 'the toast covers the register form');

    // The clock's big key is at the bottom: its toast shows at the top.
    await page.locator('riffle-tab-bar button[data-tab="clock"]').click();
    const key = page.locator('riffle-clock-panel button[data-action="toggle"]');
    await key.click();
    const started = page.locator('riffle-control .toast.ok', { hasText: 'Clock started' });
    await started.waitFor({ timeout: 5000 });
    assert.ok(!overlap(await box(started), await box(key)), 'the toast covers the start key');
    await page.context().close();
  });

  it('takes back the last clock action: a pause, and a level change with the time it had', async () => {
    const id = await evening();
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, id);
    const clock = () => state(id).then((s) => s.clock);
    await page.locator('riffle-clock-panel button[data-action="toggle"]').click();
    await eventually(clock, (c) => c.status === 'running', 5000, 'running');
    const undo = page.locator('riffle-clock-panel button[data-action="undo"]');
    assert.equal(await undo.count(), 0, 'a start cannot be undone');
    await page.locator('riffle-clock-panel button[data-action="toggle"]').click();
    await eventually(clock, (c) => c.status === 'paused', 5000, 'paused');
    await undo.filter({ hasText: 'Undo: Pause clock' }).click();
    await eventually(clock, (c) => c.status === 'running', 5000, 'running again after the undo');
    await page.locator('riffle-control .toast.ok', { hasText: 'Undone: Pause clock' }).waitFor({ timeout: 5000 });

    const before = await clock();
    await page.locator('riffle-clock-panel button[data-action="next"]').click();
    await eventually(clock, (c) => c.current.index === before.current.index + 1, 5000, 'next level');
    await undo.filter({ hasText: 'Undo: Next level' }).click();
    const back = await eventually(clock, (c) => c.current.index === before.current.index && c.endsAt !== undefined && Math.abs(c.endsAt - before.endsAt) < 1500, 5000, 'the level left, with its deadline');
    assert.equal(back.status, 'running');
    await undo.waitFor({ state: 'detached', timeout: 5000 });
    await page.context().close();
  });

  it('links the results export from the Money tab', async () => {
    const id = await evening();
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, id);
    await page.locator('riffle-tab-bar button[data-tab="money"]').click();
    const link = page.locator('riffle-control a[data-export="results"]');
    const href = await link.getAttribute('href');
    const res = await fetch(new URL(href!, server.url));
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/csv/);
    assert.match(await res.text(), /^place,name/);
    await page.context().close();
  });
});
