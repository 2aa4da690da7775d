/**
 * Entries in a real Chromium against a real server: a floor phone registers a player and busts
 * one from the control panel's Players tab; the venue display's players-left tile follows.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, pairedPhone, PHONE, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let browser: TestBrowser;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));

async function floorPhone(id: string): Promise<Page> {
  const page = await pairedPhone(browser, server.url, TEST_PINS.floor, id);
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
    const input = phone.locator('riffle-players-panel form.register input[name="name"]');
    await input.fill('Cees');
    await input.press('Enter');
    await phone.locator('riffle-players-panel li[data-entry="e3"]', { hasText: 'Cees' }).waitFor({ timeout: 5000 });
    // The toast says what happened, not "Done" (no tables yet: no seat to name).
    await phone.locator('riffle-control .toast.ok', { hasText: 'Cees registered' }).waitFor({ timeout: 5000 });
    await eventually(() => playersTile(display), (t) => t?.trim() === '3', 5000, 'display shows 3 players');

    await phone.locator('riffle-players-panel input.search').fill('bra');
    await phone.locator('riffle-players-panel li[data-entry="e2"] button[data-action="bust"]').click();
    // A bust from the list asks first, as the room view does.
    await phone.locator('riffle-players-panel li[data-entry="e2"] button[data-action="confirm-bust"]', { hasText: 'Bust Bram?' }).click();
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

describe('entries: honest chip counts on the Players tab (issue 23)', () => {
  for (const [lang, notCounted, counted, tableWord, seatWord] of [
    ['en', 'not counted', 'counted', 'Table', 'Seat'],
    ['nl', 'niet geteld', 'geteld', 'Tafel', 'Stoel'],
  ] as const) {
    it(`${lang}: a stack never counted reads "${notCounted}", a count shows with its time, each seated row its table and seat`, async () => {
      const id = await server.createTournament();
      const long = 'Bartholomeus Vandenberghe-Oosterhuizen 4'; // 40 characters, the most a name may have
      await server.ok(id, { type: 'table.add' });
      for (const name of ['Anna', long]) await server.ok(id, { type: 'entry.add', name });
      await server.ok(id, { type: 'seating.draw' });
      await server.ok(id, { type: 'chips.set', entryId: 'e1', chips: 31_250 });
      const state = ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as { state: any }).state;
      const seatOf = (entryId: string) => state.seating.tables[0].seats.find((x: { entryId: string | null }) => x.entryId === entryId).seat as number;
      const countedAt = state.players.entries[0].counted as number;
      const phone = await pairedPhone(browser, server.url, TEST_PINS.floor, id, `?lang=${lang}`);
      await phone.locator('riffle-tab-bar button[data-tab="players"]').click();
      const row = (entryId: string) => phone.locator(`riffle-players-panel li[data-entry="${entryId}"]`);
      await row('e2').waitFor();
      // Bartholomeus was given 20,000 and never counted: no number, the words.
      assert.equal((await row('e2').locator('.status').textContent())?.trim(), notCounted);
      assert.doesNotMatch((await row('e2').textContent())!, /20[,.]000/);
      // Anna was counted at 31,250: the count and when (the phone's time of day for the server's time).
      const time = new Date(countedAt).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
      const anna = (await row('e1').locator('.status').textContent())!.replace(/\s+/g, ' ').trim();
      assert.equal(anna, `${lang === 'en' ? '31,250' : '31.250'} ${counted} ${time}`);
      assert.equal((await row('e1').locator('[data-where]').textContent())?.trim(), `${tableWord} 1 · ${seatWord} ${seatOf('e1')}`);
      assert.equal((await row('e2').locator('[data-where]').textContent())?.trim(), `${tableWord} 1 · ${seatWord} ${seatOf('e2')}`);
      assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth), PHONE.width, 'no sideways scroll with a 40-character name');
      if (process.env.RIFFLE_SHOTS) await phone.screenshot({ path: `${process.env.RIFFLE_SHOTS}/phone-players-${lang}.png` });
      assert.deepEqual(browser.errors, []);
      await phone.close();
    });
  }
});

describe('entries: phone layout and deals on the display', () => {
  it('an opened player row fits a 390 px phone (the penalty form does not push the page wider)', async () => {
    const id = await server.createTournament();
    await server.command(id, { type: 'entry.add', name: 'Dirk' });
    const phone = await pairedPhone(browser, server.url, TEST_PINS.td, id);
    await phone.locator('riffle-tab-bar button[data-tab="players"]').click();
    await phone.locator('riffle-players-panel li', { hasText: 'Dirk' }).locator('button.who').click();
    await phone.locator('riffle-players-panel form.penalty-form').waitFor();
    const right = await phone.locator('riffle-players-panel form.penalty-form button').evaluate((b) => b.getBoundingClientRect().right);
    assert.ok(right <= PHONE.width, `penalty button ends at ${right}px`);
    assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
  });

  it('after a deal the payout ladder shows the agreed amounts, not the old unpaid places', async () => {
    const id = await server.createTournament();
    for (let i = 1; i <= 12; i++) await server.command(id, { type: 'entry.add', name: `P${i}` });
    for (let i = 12; i > 2; i--) assert.equal((await server.command(id, { type: 'entry.bust', entryIds: [`e${i}`] })).status, 200);
    const state = ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as { state: any }).state;
    const left: number = state.payouts.places.filter((p: { paid: boolean }) => !p.paid).reduce((s: number, p: { amount: number }) => s + p.amount, 0);
    const half = Math.floor(left / 2);
    const applied = await server.command(id, { type: 'deal.apply', amounts: { e1: left - half, e2: half }, confirmed: true });
    assert.equal(applied.status, 200, JSON.stringify(applied.body));

    const display = await browser.page({ width: 1920, height: 1080 });
    await display.goto(`${server.url}/display/${id}`);
    const rows = display.locator('riffle-payout-ladder li[data-deal]');
    await eventually(() => rows.count(), (n) => n === 2, 5000, 'two deal rows');
    assert.equal(await display.locator('riffle-payout-ladder li:not(.paid):not([data-deal])').count(), 0);
  });
});
