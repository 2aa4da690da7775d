/**
 * Several busts in one hand from the TD's phone, in a real Chromium against a real server: in
 * the room view the TD marks the players who went out in one hand and confirms once; one
 * `entry.bust` records them (IP r47-5: different tables share the place; MEC r7: at one table
 * fewer chips at the start of the hand finish lower). Players are picked from the seating
 * topic (the seat draw is random). The players list does the same for players without a seat.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { pairedPhone, PHONE, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let browser: TestBrowser;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const stateOf = async (id: string): Promise<any> => ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).state;

/** 18 players drawn to two tables, with the button drawn. */
async function seatedEvent(): Promise<string> {
  const id = await server.createTournament();
  await server.ok(id, { type: 'table.add' });
  await server.ok(id, { type: 'table.add' });
  for (let i = 0; i < 18; i++) await server.ok(id, { type: 'entry.add', name: `Speler ${String.fromCharCode(65 + i)}` });
  await server.ok(id, { type: 'seating.draw' });
  await server.ok(id, { type: 'button.draw' });
  return id;
}

/** The seated players of the n-th table, from the seating topic. */
const seatedAt = (state: any, n: number): Array<{ entryId: string; name: string }> => state.seating.tables[n].seats.filter((s: any) => s.entryId);

async function tdPhone(id: string): Promise<Page> {
  const page = await pairedPhone(browser, server.url, TEST_PINS.td, id);
  await page.locator('riffle-tab-bar button[data-tab="tables"]').click();
  await page.locator('riffle-room-view .table').first().waitFor({ timeout: 5000 });
  return page;
}

/** Seat A, "More players out in this hand", then a tap on each other seat: the hand's busts marked. */
async function markInRoom(page: Page, entryIds: string[]): Promise<void> {
  const [first, ...rest] = entryIds;
  await page.locator(`riffle-room-view .seat[data-entry="${first}"]`).click();
  await page.locator('riffle-room-view .sheet button.several').click();
  for (const e of rest) await page.locator(`riffle-room-view .seat[data-entry="${e}"]`).click();
  for (const e of entryIds) await page.locator(`riffle-room-view .seat[data-entry="${e}"][aria-pressed="true"]`).waitFor();
}

const row = (page: Page, entryId: string) => page.locator(`riffle-bust-hand li[data-entry="${entryId}"]`);

async function bustCommands(id: string): Promise<number> {
  const res = await fetch(`${server.url}/api/tournaments/${id}/log`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
  const log = (await res.json()) as { entries: Array<{ type: string }> };
  return log.entries.filter((e) => e.type === 'entry.bust').length;
}

describe('several busts in one hand: room view', () => {
  it('IP r47-5: two players at different tables, marked and confirmed once, share the place', async () => {
    const id = await seatedEvent();
    const before = await stateOf(id);
    const a = seatedAt(before, 0)[0]!;
    const b = seatedAt(before, 1)[0]!;
    const page = await tdPhone(id);

    await markInRoom(page, [a.entryId, b.entryId]);
    // The outcome before confirming: 18 left, both share 17th-18th.
    for (const e of [a, b]) await row(page, e.entryId).locator('.place', { hasText: 'Shares places 17–18' }).waitFor();
    assert.equal(await page.locator('riffle-bust-hand input.chips').count(), 0, 'different tables: no chips asked');
    const sheet = await page.locator('riffle-bust-hand .sheet').boundingBox();
    assert.ok(sheet && sheet.x >= 0 && sheet.x + sheet.width <= PHONE.width, `the sheet fits the phone: ${JSON.stringify(sheet)}`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);

    await page.locator('riffle-bust-hand button.confirm').click();
    for (const e of [a, b]) await page.locator(`riffle-room-view .seat[data-entry="${e.entryId}"]`).waitFor({ state: 'detached', timeout: 5000 });
    await page.locator('riffle-control .toast.ok', { hasText: `${a.name} (Shares places 17–18)` }).waitFor({ timeout: 5000 });
    assert.equal(await page.locator('riffle-bust-hand').count(), 0, 'the sheet closes once recorded');

    const after = await stateOf(id);
    const out = [a, b].map((e) => after.players.entries.find((x: any) => x.id === e.entryId));
    for (const e of out) assert.deepEqual([e.status, e.place, e.placeTo], ['busted', 17, 18], e.id);
    assert.deepEqual([...after.players.lastBust].sort(), [a.entryId, b.entryId].sort(), 'both in the latest hand');
    assert.equal(await bustCommands(id), 1, 'exactly one bust hand recorded');
    assert.equal(after.field.playersLeft, 16);
    assert.deepEqual(browser.errors, [], 'no page or console errors');
    await page.close();
  });

  it('MEC r7: at one table the player with fewer chips at the start of the hand finishes lower', async () => {
    const id = await seatedEvent();
    const before = await stateOf(id);
    const [big, small] = seatedAt(before, 1);
    const page = await tdPhone(id);

    await markInRoom(page, [big!.entryId, small!.entryId]);
    // Prefilled with the last count (20,000 each: they would share), corrected by the TD.
    assert.equal(await row(page, big!.entryId).locator('input.chips').inputValue(), '20000');
    await row(page, big!.entryId).locator('.place', { hasText: 'Shares places 17–18' }).waitFor();
    await row(page, big!.entryId).locator('input.chips').fill('31000');
    await row(page, small!.entryId).locator('input.chips').fill('9000');
    await row(page, big!.entryId).locator('.place', { hasText: 'Place 17' }).waitFor();
    await row(page, small!.entryId).locator('.place', { hasText: 'Place 18' }).waitFor();
    // A wrong field holds the hand back until it is a whole number again.
    await row(page, small!.entryId).locator('input.chips').fill('0');
    assert.equal(await page.locator('riffle-bust-hand button.confirm').isDisabled(), true);
    await row(page, small!.entryId).locator('input.chips').fill('9000');
    if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/bust-hand.png` });

    await page.locator('riffle-bust-hand button.confirm').click();
    await page.locator(`riffle-room-view .seat[data-entry="${small!.entryId}"]`).waitFor({ state: 'detached', timeout: 5000 });

    const after = await stateOf(id);
    const place = (e: string) => after.players.entries.find((x: any) => x.id === e);
    assert.deepEqual([place(big!.entryId).place, place(big!.entryId).placeTo], [17, 17]);
    assert.deepEqual([place(small!.entryId).place, place(small!.entryId).placeTo], [18, 18]);
    assert.equal(await bustCommands(id), 1, 'exactly one bust hand recorded');
    assert.deepEqual(browser.errors, [], 'no page or console errors');
    await page.close();
  });

  it('a single bust stays seat, Bust, confirm; Cancel leaves the marks unsent', async () => {
    const id = await seatedEvent();
    const before = await stateOf(id);
    const [a, b] = seatedAt(before, 0);
    const page = await tdPhone(id);

    await markInRoom(page, [a!.entryId, b!.entryId]);
    await page.locator('riffle-bust-hand button', { hasText: 'Cancel' }).click();
    await page.locator(`riffle-room-view .seat[data-entry="${a!.entryId}"]:not([aria-pressed])`).waitFor();
    assert.equal(await bustCommands(id), 0);

    await page.locator(`riffle-room-view .seat[data-entry="${a!.entryId}"]`).click();
    await page.locator('riffle-room-view .sheet button', { hasText: 'Bust' }).first().click();
    await page.locator('riffle-room-view .sheet button.danger').click();
    await page.locator(`riffle-room-view .seat[data-entry="${a!.entryId}"]`).waitFor({ state: 'detached', timeout: 5000 });
    await page.locator('riffle-control .toast.ok', { hasText: `${a!.name} (Place 18)` }).waitFor({ timeout: 5000 });
    await page.close();
  });
});

describe('several busts in one hand: players list', () => {
  it('players without a seat each count as their own table and share the place', async () => {
    const id = await server.createTournament();
    for (const name of ['Anna', 'Bram', 'Cees', 'Dirk', 'Eva']) await server.ok(id, { type: 'entry.add', name });
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, id, '?lang=nl');
    await page.locator('riffle-tab-bar button[data-tab="players"]').click();

    await page.locator('riffle-players-panel button[data-action="bust-hand"]').click();
    for (const e of ['e2', 'e4']) await page.locator(`riffle-players-panel li[data-entry="${e}"] button[data-action="mark"]`).click();
    for (const e of ['e2', 'e4']) await row(page, e).locator('.place', { hasText: 'Deelt plaats 4–5' }).waitFor();
    await page.locator('riffle-bust-hand button.confirm').click();
    await page.locator('riffle-bust-hand').waitFor({ state: 'detached', timeout: 5000 });

    const after = await stateOf(id);
    for (const e of ['e2', 'e4']) {
      const x = after.players.entries.find((p: any) => p.id === e);
      assert.deepEqual([x.place, x.placeTo], [4, 5], e);
    }
    assert.equal(await bustCommands(id), 1);
    assert.deepEqual(browser.errors, [], 'no page or console errors');
    await page.close();
  });
});
