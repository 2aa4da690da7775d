/**
 * The producer's Stream tab on a phone (issue: stream overlays), in Debian's Chromium against a
 * real server: the stream PIN shows the Stream tab alone; the producer features a table, counts
 * its chips in one command, pushes a lower third, sets the ticker and the delay; floor staff
 * have no Stream tab; the TD sees how far behind the stream runs. Expected values by hand.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, pairedPhone, PHONE, typePin, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function state(id: string): Promise<any> {
  return ((await (await fetch(`${server.url}/api/tournaments/${id}`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).json()) as { state: any }).state;
}

/** A tournament with one table of six seated players. */
async function seated(): Promise<{ id: string; tableId: string }> {
  const id = await server.createTournament();
  await server.ok(id, { type: 'table.add' });
  for (const name of ['Anna Jansen', 'Bo Berg', 'Cas de Wit', 'Dirk Vos', 'Eva Smit', 'Fleur Bos']) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'seating.draw' });
  return { id, tableId: (await state(id)).seating.tables[0].id };
}

const panel = (page: Page) => page.locator('riffle-stream-panel');

describe('the Stream tab', () => {
  it('the producer PIN shows the Stream tab alone: no clock controls, no players or money', async () => {
    const { id } = await seated();
    const page = await pairedPhoneTo(id, TEST_PINS.stream);
    await panel(page).waitFor({ timeout: 5000 });
    assert.equal(await page.locator('riffle-clock-panel').count(), 0);
    assert.equal(await page.locator('riffle-tab-bar').count(), 0, 'one tab: no tab bar');
    assert.equal(await page.locator('riffle-players-panel, riffle-money-panel, riffle-room-view').count(), 0);
    await page.context().close();
  });

  it('features a table, saves its chip counts in one command, pushes a lower third, ticker and delay', async () => {
    const { id, tableId } = await seated();
    const page = await pairedPhoneTo(id, TEST_PINS.stream);
    await panel(page).locator('select[data-field="featured"]').selectOption(tableId);
    await eventually(async () => (await state(id)).stream.featuredTableId, (v) => v === tableId, 5000, 'featured');
    await page.locator('.toast', { hasText: 'Table 1 featured' }).waitFor({ timeout: 5000 });

    // Every occupied seat, prefilled with the starting stack (20,000).
    const inputs = panel(page).locator('input[data-entry]');
    await eventually(async () => inputs.count(), (n) => n === 6, 5000, 'six seats');
    assert.deepEqual(await inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)), Array(6).fill('20000'));
    const entries = await inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).dataset.entry!));
    const logBefore = await log(id);
    await inputs.nth(0).fill('31500');
    await inputs.nth(0).press('Enter'); // moves to the next seat
    assert.equal(await panel(page).evaluate((el) => (el.shadowRoot!.activeElement as HTMLInputElement | null)?.dataset.entry), entries[1]);
    await inputs.nth(2).fill('8500');
    await panel(page).locator('button[data-action="counts"]').click();
    await page.locator('.toast', { hasText: 'Chip counts of table 1 saved (2 players)' }).waitFor({ timeout: 5000 });
    const logAfter = await log(id);
    assert.equal(logAfter.length, logBefore.length + 1, 'one command for the table');
    assert.equal(logAfter.at(-1).type, 'chips.count');
    const players = (await state(id)).players.entries;
    assert.equal(players.find((p: any) => p.id === entries[0]).chips, 31_500);
    assert.equal(players.find((p: any) => p.id === entries[2]).chips, 8_500);
    assert.equal(players.find((p: any) => p.id === entries[1]).chips, 20_000);

    const form = panel(page).locator('form', { has: page.locator('input[name="title"]') });
    await form.locator('input[name="title"]').fill('Anna Jansen');
    await form.locator('input[name="subtitle"]').fill('Chip leader');
    await form.locator('button[data-action="lower-third"]').click();
    await eventually(async () => (await state(id)).stream.lowerThird?.title, (v) => v === 'Anna Jansen', 5000, 'lower third');
    assert.equal((await state(id)).stream.lowerThird.subtitle, 'Chip leader');

    await panel(page).locator('textarea[name="messages"]').fill('Welcome to the Sunday Deepstack\n\nNext event: Sunday 14:00');
    await panel(page).locator('button[data-action="ticker"]').click();
    await eventually(async () => (await state(id)).stream.ticker, (v) => v.length === 2, 5000, 'ticker');
    assert.deepEqual((await state(id)).stream.ticker, ['Welcome to the Sunday Deepstack', 'Next event: Sunday 14:00']);

    await panel(page).locator('input[name="seconds"]').first().fill('45');
    await panel(page).locator('button[data-action="delay"]').click();
    await eventually(async () => (await state(id)).stream.delaySeconds, (v) => v === 45, 5000, 'delay');
    await panel(page).locator('[data-status="delay"]', { hasText: 'Stream runs 45 s behind' }).waitFor({ timeout: 5000 });

    await panel(page).locator('button[data-overlay="leaderboard"]').click();
    await eventually(async () => (await state(id)).stream.hidden, (v) => v.includes('leaderboard'), 5000, 'leaderboard off air');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'nothing scrolls sideways');
    await page.context().close();
  });

  it('floor staff have no Stream tab; the TD sees that the stream runs behind', async () => {
    const { id } = await seated();
    await server.ok(id, { type: 'stream.delay', seconds: 30 });
    const floor = await pairedPhone(browser, server.url, TEST_PINS.floor, id);
    assert.equal(await floor.locator('riffle-tab-bar button[data-tab="stream"]').count(), 0);
    await floor.context().close();
    const td = await pairedPhone(browser, server.url, TEST_PINS.td, id);
    await td.locator('.stream-behind', { hasText: 'Stream runs 30 s behind' }).waitFor({ timeout: 5000 });
    await td.locator('riffle-tab-bar button[data-tab="stream"]').click();
    await panel(td).waitFor({ timeout: 5000 });
    await td.context().close();
  });
});

async function log(id: string): Promise<any[]> {
  const res = await fetch(`${server.url}/api/tournaments/${id}/log?limit=1000`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
  return ((await res.json()) as { entries: any[] }).entries;
}

/** The producer's phone has no clock panel to wait for: pair, then choose the tournament. */
async function pairedPhoneTo(id: string, pin: string): Promise<Page> {
  const page = await browser.page(PHONE);
  await page.goto(`${server.url}/control`);
  await typePin(page, pin);
  await page.locator('riffle-control select').first().waitFor({ timeout: 5000 });
  await page.locator('riffle-control select').first().selectOption(id);
  return page;
}
