/**
 * Issue 26's phone actions, in a real Chromium (390x844) against a real server:
 * - a misdeal on the table's card (TDA 2017 r35, PPN r35C: the re-deal is the same hand), floor;
 * - "place a registered player's stack" after late registration (ONK MEC r1B), the TD's alone.
 * What a person sees is asserted: the texts, the hand count, boxes inside the viewport.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { pairedPhone, PHONE, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const stateOf = async (id: string): Promise<any> => ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).state;
/** 40-character names, the longest a floor types in practice. */
const longName = (i: number) => `Speler ${String.fromCharCode(65 + i)} `.padEnd(40, 'x');

async function inViewport(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width && box.y >= 0, `${selector} inside the phone: ${JSON.stringify(box)}`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, 'no sideways scroll');
}

describe('misdeal on the table card', () => {
  it('TDA 2017 r35: hand 1 dealt, "next hand" tapped for its re-deal (hand 2); Misdeal, confirmed, takes it back to hand 1 with the button where hand 1 put it', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'table.add' });
    for (let i = 0; i < 6; i++) await server.ok(id, { type: 'entry.add', name: longName(i) });
    await server.ok(id, { type: 'seating.draw' });
    await server.ok(id, { type: 'button.draw' });
    await server.ok(id, { type: 'hand.next', tableId: 't1' });
    const afterHand1 = (await stateOf(id)).seating.tables[0];
    await server.ok(id, { type: 'hand.next', tableId: 't1' });

    const page = await pairedPhone(browser, server.url, TEST_PINS.floor, id);
    await page.locator('riffle-tab-bar button[data-tab="tables"]').click();
    const row = page.locator('riffle-room-view .table .hand-row');
    await row.locator('span', { hasText: 'Hand 2' }).waitFor({ timeout: 5000 });
    const misdeal = row.locator('button[data-action="misdeal"]');
    assert.equal((await misdeal.textContent())?.trim(), 'Misdeal');
    await inViewport(page, 'riffle-room-view .table .hand-row button[data-action="misdeal"]');
    if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/misdeal-en.png` });

    await misdeal.click();
    assert.equal((await misdeal.textContent())?.trim(), 'Misdeal: re-deal hand 2?', 'a second tap confirms');
    await inViewport(page, 'riffle-room-view .table .hand-row button[data-action="misdeal"]');
    await misdeal.click();
    await row.locator('span', { hasText: 'Hand 1' }).waitFor({ timeout: 5000 });

    const t = (await stateOf(id)).seating.tables[0];
    assert.equal(t.handsPlayed, 1, 'misdeal + re-deal = one hand');
    assert.deepEqual([t.button, t.smallBlind, t.bigBlind], [afterHand1.button, afterHand1.smallBlind, afterHand1.bigBlind], '"the button does not move"');
    assert.deepEqual(browser.errors, [], 'no page or console errors');
    await page.close();
  });
});

describe('misdeal in Croatian (the HR book: "misdeal", "ponovno dijeljenje")', () => {
  it('the confirm text fits the card at 390 px with 40-character names', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'table.add' });
    for (let i = 0; i < 9; i++) await server.ok(id, { type: 'entry.add', name: longName(i) });
    await server.ok(id, { type: 'seating.draw' });
    await server.ok(id, { type: 'button.draw' });
    await server.ok(id, { type: 'hand.next', tableId: 't1' });
    const page = await pairedPhone(browser, server.url, TEST_PINS.floor, id, '?lang=hr');
    await page.locator('riffle-tab-bar button[data-tab="tables"]').click();
    await page.locator('riffle-room-view .table .hand-row span', { hasText: 'Ruka 1' }).waitFor({ timeout: 5000 });
    const misdeal = page.locator('riffle-room-view .table .hand-row button[data-action="misdeal"]');
    await misdeal.click();
    assert.equal((await misdeal.textContent())?.trim(), 'Misdeal: ponovno dijeljenje ruke 1?');
    await inViewport(page, 'riffle-room-view .table .hand-row button[data-action="misdeal"]');
    const [label, button] = await Promise.all([page.locator('riffle-room-view .table .hand-row span').boundingBox(), misdeal.boundingBox()]);
    assert.ok(label && button && label.x + label.width <= button.x, `the hand number and the button do not overlap: ${JSON.stringify({ label, button })}`);
    if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/misdeal-hr.png` });
    assert.deepEqual(browser.errors, [], 'no page or console errors');
    await page.close();
  });
});

describe('a registered player\'s stack after the close (ONK MEC r1B)', () => {
  /** ONK, registration closing when the clock starts; 3 players; the clock started. */
  async function closedEvent(): Promise<string> {
    const input = sampleTournament();
    const id = await server.createTournament({ ...input, settings: { ...input.settings, lateRegistrationLevel: null } });
    for (let i = 0; i < 3; i++) await server.ok(id, { type: 'entry.add', name: longName(i) });
    await server.ok(id, { type: 'clock.start' });
    return id;
  }

  it('the TD sees the button after the close and places the stack: the player is in, blinded (absent) until he arrives; in Dutch with the book\'s words', async () => {
    const id = await closedEvent();
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, id, '?lang=nl');
    await page.locator('riffle-tab-bar button[data-tab="players"]').click();
    const button = page.locator('riffle-players-panel button[data-action="after-close"]');
    await button.waitFor({ timeout: 5000 });
    assert.equal((await button.textContent())?.trim(), 'Stack van geregistreerde speler plaatsen');
    await inViewport(page, 'riffle-players-panel button[data-action="after-close"]');
    await inViewport(page, 'riffle-players-panel form.register button[type="submit"]');
    if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/after-close-nl.png` });

    const name = longName(9);
    await page.locator('riffle-players-panel form.register input[name="name"]').fill(name);
    await button.click();
    await page.locator('riffle-players-panel li[data-entry="e4"]').waitFor({ timeout: 5000 });
    const e4 = (await stateOf(id)).players.entries.find((e: any) => e.id === 'e4');
    assert.equal(e4.name, name);
    assert.equal(typeof e4.absentSince, "number", `"afgeblind totdat de speler aanwezig is": ${JSON.stringify(e4)}`);
    assert.deepEqual(browser.errors, [], 'no page or console errors');
    await page.close();
  });

  it('the floor sees no such button (the TD\'s approval, MEC r1B); before the close nobody does', async () => {
    const id = await closedEvent();
    const page = await pairedPhone(browser, server.url, TEST_PINS.floor, id);
    await page.locator('riffle-tab-bar button[data-tab="players"]').click();
    await page.locator('riffle-players-panel form.register').waitFor({ timeout: 5000 });
    assert.equal(await page.locator('riffle-players-panel button[data-action="after-close"]').count(), 0);
    await page.close();
    const open = await server.createTournament();
    const td = await pairedPhone(browser, server.url, TEST_PINS.td, open);
    await td.locator('riffle-tab-bar button[data-tab="players"]').click();
    await td.locator('riffle-players-panel form.register').waitFor({ timeout: 5000 });
    assert.equal(await td.locator('riffle-players-panel button[data-action="after-close"]').count(), 0);
    await td.close();
  });
});

describe('set-up: rebuys under the ONK preset (TDA REGEL 27 "N.V.T voor het ONK Poker")', () => {
  it('ticking "Allow rebuys" on ONK shows the warning under the rebuy fields (the form still creates); on PPN it does not', async () => {
    const sample = await server.createTournament();
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, sample);
    await page.locator('riffle-control button[data-action="setup"]').click();
    await page.locator('riffle-tournament-list button[data-action="new"]').click();
    await page.locator('riffle-setup-panel select[data-field="preset"]').selectOption('tda-2024-onk');
    const warning = page.locator('riffle-setup-panel [data-warning="rebuys-not-in-preset"]');
    assert.equal(await warning.count(), 0, 'no rebuys, no warning');
    await page.locator('riffle-setup-panel input[data-field="rebuy.on"]').check();
    await warning.waitFor({ timeout: 5000 });
    assert.match((await warning.textContent()) ?? '', /TDA rule 27: "N\.V\.T voor het ONK Poker"/);
    await warning.scrollIntoViewIfNeeded();
    const box = await warning.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `inside the phone: ${JSON.stringify(box)}`);
    if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/rebuy-warning-en.png` });
    await page.locator('riffle-setup-panel select[data-field="preset"]').selectOption('ppn-2024');
    await warning.waitFor({ state: 'detached', timeout: 5000 });
    assert.deepEqual(browser.errors, [], 'no page or console errors');
    await page.close();
  });
});
