/**
 * Entries in a real Chromium against a real server: a floor phone registers a player and busts
 * one from the control panel's Players tab; the venue display's players-left tile follows.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { assertBundlesBuilt, eventually, launchBrowser, type TestBrowser } from '../helpers/browser.js';
import { startTestServer, TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let browser: TestBrowser;
const PHONE = { width: 390, height: 844 };

before(async () => {
  await assertBundlesBuilt();
  server = await startTestServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function floorPhone(id: string): Promise<Page> {
  const page = await browser.page(PHONE);
  await page.goto(`${server.url}/control`);
  for (const digit of TEST_PINS.floor) await page.locator(`riffle-pin-login button[data-digit="${digit}"]`).click();
  await page.locator('riffle-clock-panel').waitFor({ timeout: 5000 });
  await page.locator('riffle-control select').selectOption(id);
  await page.locator('riffle-tab-bar button[data-tab="players"]').click();
  await page.locator('riffle-players-panel').waitFor();
  return page;
}

const playersTile = (page: Page) => page.locator('riffle-clock-face [data-tile="players"] .value').textContent();

describe('entries: control panel and venue display', () => {
  it('registers a player and busts one from the phone; the display shows players left', async () => {
    const id = await server.createTournament();
    for (const name of ['Anna', 'Bram']) await server.command(id, { type: 'entry.add', name });

    const display = await browser.page({ width: 1280, height: 720 });
    await display.goto(`${server.url}/display/${id}`);
    await eventually(() => playersTile(display), (t) => t?.trim() === '2', 5000, 'display shows 2 players');

    const phone = await floorPhone(id);
    const input = phone.locator('riffle-players-panel form.register input');
    await input.fill('Cees');
    await input.press('Enter');
    await phone.locator('riffle-players-panel li[data-entry="e3"]', { hasText: 'Cees' }).waitFor({ timeout: 5000 });
    await eventually(() => playersTile(display), (t) => t?.trim() === '3', 5000, 'display shows 3 players');

    await phone.locator('riffle-players-panel input.search').fill('bra');
    await phone.locator('riffle-players-panel li[data-entry="e2"] button[data-action="bust"]').click();
    await eventually(() => playersTile(display), (t) => t?.trim() === '2', 5000, 'display shows 2 players after the bust');

    const res = await fetch(`${server.url}/api/tournaments/${id}`);
    const state = ((await res.json()) as { state: any }).state;
    assert.equal(state.field.playersLeft, 2);
    assert.equal(state.players.entries.find((e: { id: string }) => e.id === 'e2').place, 3);
    assert.deepEqual(browser.errors, []);
    await phone.close();
    await display.close();
  });
});
