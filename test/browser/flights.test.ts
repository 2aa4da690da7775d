/**
 * Alternates (IP r15), the table-size change (MEC r5) and the end of the day (MEC r9) on the
 * screens, in a real Chromium against a real server: the TD's phone adds an alternate and draws
 * the end-of-day card; the venue display shows the alternate list, every table's hands left and
 * the table-size announcement.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, pairedPhone, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));

async function tdPhone(id: string, width = 390): Promise<Page> {
  const page = await pairedPhone(browser, server.url, TEST_PINS.td, id);
  await page.setViewportSize({ width, height: 844 });
  await page.locator('riffle-tab-bar button[data-tab="players"]').click();
  await page.locator('riffle-day-panel').waitFor();
  return page;
}

async function display(id: string): Promise<Page> {
  const page = await browser.page({ width: 1920, height: 1080 });
  await page.goto(`${server.url}/display/${id}`);
  await page.locator('riffle-clock-face [part="countdown"]').waitFor({ timeout: 5000 });
  return page;
}

/** A sold-out table of 6: six players seated, the clock running. */
async function soldOut(): Promise<string> {
  const id = await server.createTournament();
  for (const name of ['Ann', 'Bea', 'Cor', 'Dan', 'Eli', 'Fay']) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'table.add', seats: 6 });
  await server.ok(id, { type: 'seating.draw' });
  await server.ok(id, { type: 'clock.start' });
  return id;
}

const notice = (page: Page) => page.locator('riffle-day-notice');

describe('flights, alternates and 10 to 9 on the screens', () => {
  it('IP r15-1: an alternate added on the phone is listed on the display until a seat frees and he is seated', async () => {
    const id = await soldOut();
    const screen = await display(id);
    const phone = await tdPhone(id);
    await phone.locator('riffle-day-panel form input[name="name"]').fill('Zoe');
    await phone.locator('riffle-day-panel form button[type="submit"]').click();
    await notice(screen).locator('[part="alternates"]', { hasText: '1. Zoe' }).waitFor({ timeout: 5000 });
    await phone.locator('riffle-day-panel .alternates li', { hasText: 'Zoe' }).waitFor({ timeout: 5000 });
    await server.ok(id, { type: 'entry.bust', entryIds: ['e1'] });
    await notice(screen).locator('[part="alternates"]').waitFor({ state: 'detached', timeout: 5000 });
    const state = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    const zoe = state.state.players.entries.find((e: { name: string }) => e.name === 'Zoe');
    // A full starting stack (IP r15-2; TDA 2017 r7 under the sample's preset).
    assert.deepEqual([zoe.status, zoe.alternate, zoe.chips], ['active', true, sampleTournament().settings.startingStack]);
    assert.deepEqual(browser.errors, []);
    await Promise.all([screen.close(), phone.close()]);
  });

  it('MEC r9: the TD draws the card on the phone; the display shows each table its hands left, counting down with hand.next', async () => {
    const id = await soldOut();
    const screen = await display(id);
    const phone = await tdPhone(id);
    await phone.locator('riffle-day-panel section.day button').click();
    const day = notice(screen).locator('[part="day"]');
    await day.waitFor({ timeout: 5000 });
    const state = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    const hands: number = state.state.field.day.endOfDay.hands;
    assert.ok(hands >= 3 && hands <= 7);
    await eventually(() => day.textContent(), (t) => (t ?? '').includes(`Table 1: ${hands} hands left`), 5000, 'hands left on the display');
    await server.ok(id, { type: 'hand.next', tableId: 't1' });
    await eventually(() => day.textContent(), (t) => (t ?? '').includes(`Table 1: ${hands - 1} hand${hands - 1 === 1 ? '' : 's'} left`), 5000, 'one hand fewer');
    await phone.locator('riffle-day-panel .hands li', { hasText: `${hands - 1}` }).waitFor({ timeout: 5000 });
    // 320 px wide: nothing of the panel leaves the screen.
    await phone.setViewportSize({ width: 320, height: 700 });
    const right = await phone.locator('riffle-day-panel').evaluate((el) => Math.max(...[...el.shadowRoot!.querySelectorAll('*')].map((x) => x.getBoundingClientRect().right)));
    assert.ok(right <= 320, `the day panel fits 320 px (right edge ${right})`);
    assert.deepEqual(browser.errors, []);
    await Promise.all([screen.close(), phone.close()]);
  });

  it('MEC r5: going back to 9-handed is announced on the display with the moves', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'table.add', seats: 10 });
    await server.ok(id, { type: 'table.add', seats: 10 });
    for (let i = 1; i <= 19; i++) await server.ok(id, { type: 'entry.add', name: `P${i}` });
    await server.ok(id, { type: 'seating.draw' });
    await server.ok(id, { type: 'clock.start' });
    const screen = await display(id);
    // 19 players at 2 tables of 10 do not fit 9-handed: a third table first.
    assert.equal((await server.command(id, { type: 'tables.resize', seatsPerTable: 9 })).body.error.code, 'resize-not-possible');
    await server.ok(id, { type: 'table.add', seats: 9 });
    const result = await server.ok(id, { type: 'tables.resize', seatsPerTable: 9 });
    await notice(screen).locator('[part="resized"]', { hasText: `Tables now play 9-handed: ${result.moves.length} moves` }).waitFor({ timeout: 5000 });
    assert.deepEqual(browser.errors, []);
    await screen.close();
  });

  it('IP r35-1 and r16-3 on the phone: the TD places the unsold stacks, the floor counts one, a late entrant takes it with what is left', async () => {
    const id = await server.createTournament({ ...sampleTournament(), preset: 'ip-2008' });
    for (const name of ['Ann', 'Bea', 'Cor', 'Dan']) await server.ok(id, { type: 'entry.add', name });
    await server.ok(id, { type: 'table.add', seats: 6 });
    await server.ok(id, { type: 'seating.draw' });
    await server.ok(id, { type: 'clock.start' });
    const phone = await tdPhone(id, 320);
    await phone.locator('riffle-day-panel button[data-action="unsold-place"]').click();
    const rows = phone.locator('riffle-day-panel li.unsold-seat');
    await eventually(() => rows.count(), (n) => n === 2, 5000, 'two unsold seats on the phone');
    const first = rows.first();
    const [tableId, seat] = (await first.getAttribute('data-seat'))!.split(':');
    await first.locator('input[name="chips"]').fill('19000');
    await first.locator('button[value="count"]').click();
    await first.filter({ hasText: '19,000' }).waitFor({ timeout: 5000 });
    await first.locator('input[name="name"]').fill('Late Lou');
    await first.locator('button[value="take"]').click();
    await eventually(() => rows.count(), (n) => n === 1, 5000, 'one unsold seat left');
    const state = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    const lou = state.state.players.entries.find((e: { name: string }) => e.name === 'Late Lou');
    assert.equal(lou.chips, 19_000, 'IP r16-3: what was left on the seat');
    const table = state.state.seating.tables.find((t: { id: string }) => t.id === tableId);
    assert.equal(table.seats[Number(seat) - 1].entryId, lou.id, 'seated at that seat');
    const right = await phone.locator('riffle-day-panel').evaluate((el) => Math.max(...[...el.shadowRoot!.querySelectorAll('*')].map((x) => x.getBoundingClientRect().right)));
    assert.ok(right <= 320, `fits 320 px (right edge ${right})`);
    assert.deepEqual(browser.errors, []);
    await phone.close();
  });
});
