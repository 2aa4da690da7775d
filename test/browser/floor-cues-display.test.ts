/**
 * Floor cues on the venue display in a real Chromium against a real server: the player clock
 * banner (RULES.md "Player clock": the counted-down part, the house's outcome at zero) and the
 * dealer cue at the start (TDA 2024 AP 20), in the tournament's language.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pairedPhone, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';
import type { PresetId } from '../../server/engine/presets.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

async function tournamentWithPlayer(preset: PresetId, rules: Record<string, unknown> = {}, locale = 'en'): Promise<string> {
  const input = sampleTournament();
  const id = await server.createTournament({ ...input, preset, settings: { ...input.settings, locale, rules } } as typeof input);
  await server.command(id, { type: 'table.add', seats: 9 });
  await server.command(id, { type: 'entry.add', name: 'Anna Jansen' });
  await server.command(id, { type: 'seat.assign', entryId: 'e1', tableId: 't1', seat: 4 });
  return id;
}

describe('floor cues on the venue display', () => {
  it('shows the player on the clock, counts the last seconds down, then the house outcome (HR: the hand is dead)', async () => {
    // HR house rules, shortened to 7 s in all with the last 5 counted down for the test.
    const id = await tournamentWithPlayer('tda-2017-hr', { playerClock: { totalSeconds: 7, countdownSeconds: 5 } });
    await server.command(id, { type: 'clock.start', override: true });
    const page = await browser.page({ width: 1920, height: 1080 });
    await page.goto(`${server.url}/display/${id}`);
    assert.equal((await server.command(id, { type: 'playerClock.start', tableId: 't1', seat: 4 })).status, 200);
    const banner = page.locator('riffle-player-clocks .banner');
    await banner.waitFor({ timeout: 5000 });
    assert.match((await banner.textContent()) ?? '', /Anna Jansen[\s\S]*Table 1, seat 4/);
    assert.match((await banner.textContent()) ?? '', /At zero: the hand is dead/);
    await page.locator('riffle-player-clocks .banner.counting').waitFor({ timeout: 5000 });
    const shown = Number((await page.locator('riffle-player-clocks .banner.counting .time').textContent())?.trim());
    assert.ok(shown >= 1 && shown <= 5, `the counted-down part shows whole seconds 5..1, not ${shown}`);
    await page.locator('riffle-player-clocks .banner.up').waitFor({ timeout: 8000 });
    assert.match((await page.locator('riffle-player-clocks .banner.up').textContent()) ?? '', /Time! The hand is dead\./);
    assert.equal((await server.command(id, { type: 'playerClock.stop', tableId: 't1' })).status, 200);
    await banner.waitFor({ state: 'detached', timeout: 5000 });
    assert.deepEqual(browser.errors, []);
    await page.close();
  });

  it('TDA 2024 / ONK in Dutch: dead facing a bet, otherwise checked; AP 20 "delers, maak uw decks gereed" at the start', async () => {
    const id = await tournamentWithPlayer('tda-2024-onk', {}, 'nl');
    await server.command(id, { type: 'clock.start' });
    const page = await browser.page({ width: 1920, height: 1080 });
    await page.goto(`${server.url}/display/${id}`);
    // The page paints English until the Dutch texts arrive; it sets <html lang> once they are on screen.
    await page.waitForFunction(() => document.documentElement.lang === 'nl', undefined, { timeout: 5000 });
    await page.locator('riffle-dealer-cue [data-cue="decks"]').waitFor({ timeout: 5000 });
    assert.match((await page.locator('riffle-dealer-cue [data-cue="decks"]').textContent()) ?? '', /Delers, maak uw decks gereed/);
    await server.command(id, { type: 'playerClock.start', tableId: 't1', seat: 4 });
    await page.locator('riffle-player-clocks .banner').waitFor({ timeout: 5000 });
    assert.match((await page.locator('riffle-player-clocks .banner').textContent()) ?? '', /Bij nul: tegen een bet is de hand dood, anders check/);
    await server.command(id, { type: 'settings.set', rules: { dealerCues: false } });
    await page.locator('riffle-dealer-cue [data-cue]').waitFor({ state: 'detached', timeout: 5000 });
    assert.deepEqual(browser.errors, []);
    await page.close();
  });

  it('the floor calls the clock from the seat sheet on the phone (320 px), sees the countdown and stops it', async () => {
    const id = await tournamentWithPlayer('ppn-2024');
    const page = await pairedPhone(browser, server.url, TEST_PINS.floor, id);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.locator('riffle-tab-bar button[data-tab="tables"]').click();
    await page.locator('riffle-room-view .seat', { hasText: 'Anna Jansen' }).click();
    await page.locator('riffle-room-view .sheet button[data-action="player-clock"]').click();
    const banner = page.locator('riffle-player-clocks .banner');
    await banner.waitFor({ timeout: 5000 });
    // PPN r29: 30 s in all.
    assert.match((await banner.locator('.time').textContent()) ?? '', /^0:(30|29|28)$/);
    const box = (await banner.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 320, `the banner fits a 320 px phone (${box.x}..${box.x + box.width})`);
    await banner.locator('button.stop').click();
    await banner.waitFor({ state: 'detached', timeout: 5000 });
    const after = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as { state: { seating: { tables: Array<{ playerClock?: unknown }> } } };
    assert.equal(after.state.seating.tables[0]!.playerClock, undefined);
    assert.deepEqual(browser.errors, []);
    await page.close();
  });
});
