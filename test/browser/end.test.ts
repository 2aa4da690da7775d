/**
 * The end of the night on the screens (issue 23): once the last bust leaves one player, the venue
 * display shows the results (the winner, the final table's places with prizes, the time played,
 * the entries) instead of a clock, the lobby row the winner and "Finished" instead of a countdown,
 * the phone no clock button and no Bust; the undo of the last bust brings the clock back. In two
 * languages, with 40-character names, inside a 1920x1080 TV and a 390x844 phone.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { pairedPhone, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const NAMES = ['Anna-Maria van der Heijden-Kluivert Jr.', 'Bartholomeus Wilhelmina Oosterhuis-Dekker', 'Cornelis Johannes Maximiliaan Vermeulen'];
const SHOTS = process.env.RIFFLE_SHOTS;

/** A tournament of three played down to Cornelis (e3): Anna out 3rd, Bartholomeus 2nd. */
async function playedDown(): Promise<string> {
  const id = await server.createTournament({ ...sampleTournament(), name: 'Thursday Night Deepstack Championship 2026' });
  for (const name of NAMES) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'clock.start' });
  await server.ok(id, { type: 'entry.bust', entryIds: ['e1'] });
  await server.ok(id, { type: 'entry.bust', entryIds: ['e2'] });
  return id;
}

async function inside(page: Page, selector: string, width: number, height: number): Promise<void> {
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  assert.ok(boxes.length > 0, `${selector} shown`);
  assert.deepEqual(boxes.filter((b) => b.left < 0 || b.top < 0 || b.right > width || b.bottom > height), [], `${selector} inside ${width}x${height}`);
}

describe('the end on the screens', () => {
  it('the venue display shows the results, not a clock, in English and German', async () => {
    const id = await playedDown();
    const page = await browser.page({ width: 1920, height: 1080 });
    for (const [lang, over, winner] of [['en', 'Tournament over', 'Winner'], ['de', 'Turnier beendet', 'Sieger']] as const) {
      await page.goto(`${server.url}/display/${id}?lang=${lang}`);
      const results = page.locator('riffle-results');
      await results.locator('.over', { hasText: over }).waitFor({ timeout: 5000 });
      assert.equal(await results.locator('.winner .label').textContent(), winner);
      assert.equal(await results.locator('.winner .name').textContent(), NAMES[2]);
      assert.deepEqual(await results.locator('.places li .name').allTextContents(), [NAMES[1], NAMES[0]], '2nd, then 3rd');
      assert.equal(await page.locator('[role="timer"]').count(), 0, 'no countdown');
      await inside(page, 'riffle-results .winner, riffle-results .places li, riffle-results footer span', 1920, 1080);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/display-results-${lang}.png` });
    }
    await page.context().close();
  });

  it('the lobby shows the winner and Finished; the phone no clock button and no Bust; the undo brings the clock back', async () => {
    const id = await playedDown();
    const lobby = await browser.page({ width: 1920, height: 1080 });
    await lobby.goto(`${server.url}/lobby`);
    const row = lobby.locator(`riffle-lobby li[data-tournament="${id}"]`);
    await row.locator('.pill', { hasText: 'Finished' }).waitFor({ timeout: 5000 });
    await row.locator('.who', { hasText: NAMES[2] }).waitFor();
    assert.equal(await row.locator('[role="timer"]').count(), 0, 'no countdown');
    if (SHOTS) await lobby.screenshot({ path: `${SHOTS}/lobby-finished.png` });

    for (const lang of ['en', 'nl']) {
      const phone = await pairedPhone(browser, server.url, TEST_PINS.td, id, `?lang=${lang}`);
      await phone.locator('riffle-clock-panel .result .winner', { hasText: NAMES[2] }).waitFor({ timeout: 5000 });
      assert.equal(await phone.locator('riffle-clock-panel button').count(), 0, 'no clock button');
      assert.equal(await phone.locator('riffle-clock-panel [role="timer"]').count(), 0, 'no countdown');
      await inside(phone, 'riffle-clock-panel .result', 390, 844);
      if (SHOTS) await phone.screenshot({ path: `${SHOTS}/phone-clock-finished-${lang}.png` });
      await phone.locator('riffle-tab-bar button[data-tab="players"]').click();
      await phone.locator('riffle-players-panel [data-finished]').waitFor();
      assert.equal(await phone.locator('riffle-players-panel button[data-action="bust"]').count(), 0, 'no Bust button');
      assert.equal(await phone.locator('riffle-players-panel form.register').count(), 0, 'no registration');
      if (SHOTS) await phone.screenshot({ path: `${SHOTS}/phone-players-finished-${lang}.png` });
      if (lang === 'nl') {
        // The undo of the last bust reopens it: the clock and its buttons come back.
        await phone.locator('riffle-players-panel button.undo').click();
        await phone.locator('riffle-players-panel button[data-action="bust"]').first().waitFor({ timeout: 5000 });
        await phone.locator('riffle-tab-bar button[data-tab="clock"]').click();
        await phone.locator('riffle-clock-panel [role="timer"]').waitFor({ timeout: 5000 });
        await phone.locator('riffle-clock-panel button[data-action="toggle"]').waitFor();
      }
      await phone.context().close();
    }
    // The lobby follows: a countdown again.
    await row.locator('[role="timer"]').waitFor({ timeout: 5000 });
    assert.deepEqual(browser.errors, []);
    await lobby.context().close();
  });
});
