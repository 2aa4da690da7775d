/**
 * A satellite reads as a satellite on every screen (docs/RULES.md "Satellites"): 10 entries of
 * 100.00 make 1,000.00, seats of 200.00 make 5 seats and nothing over. Before the end the phone's
 * payouts say "1.-5. Seat" (not "1. €200.00") and offer no deal calculator; once 5 are out the 5
 * left each win a seat: the TV, the lobby and the phone name the five seat winners, nobody as
 * "the winner", and show no deal. 40-character names, in two languages, inside 1920x1080 and
 * 390x844.
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

const SHOTS = process.env.RIFFLE_SHOTS;
/** Ten 40-character names; e6..e10 win the seats. */
const NAMES = Array.from({ length: 10 }, (_, i) => `${String.fromCharCode(65 + i)}nna-Maria van der Heijden-Kluivert Jr.`.padEnd(40, 'x').slice(0, 40));
const WINNERS = NAMES.slice(5);

async function satellite(busts: number): Promise<string> {
  const sample = sampleTournament();
  const id = await server.createTournament({ ...sample, name: 'Saturday Main Event Satellite', settings: { ...sample.settings, buyIn: 10_000, fee: 0, satellite: { seatValue: 20_000, remainder: 'next-place', seatsGuaranteed: 0 } } });
  for (const name of NAMES) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'clock.start' });
  for (let i = 1; i <= busts; i++) await server.ok(id, { type: 'entry.bust', entryIds: [`e${i}`] });
  return id;
}

async function inside(page: Page, selector: string, width: number, height: number): Promise<void> {
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  assert.ok(boxes.length > 0, `${selector} shown`);
  assert.deepEqual(boxes.filter((b) => b.left < 0 || b.top < 0 || b.right > width || b.bottom > height), [], `${selector} inside ${width}x${height}`);
}

/** Elements whose text is wider than their box (cut). */
const cut = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));

describe('a satellite on the screens', () => {
  it('before the end the phone says seats and offers no deal calculator (en, de)', async () => {
    const id = await satellite(3);
    for (const [lang, seat] of [['en', 'Seat'], ['de', 'Platz']] as const) {
      const phone = await pairedPhone(browser, server.url, TEST_PINS.td, id, `?lang=${lang}`);
      await phone.locator('riffle-tab-bar button[data-tab="money"]').click();
      const ladder = phone.locator('riffle-money-panel [data-seat-ladder] li');
      await ladder.first().waitFor({ timeout: 5000 });
      if (SHOTS) await phone.screenshot({ path: `${SHOTS}/phone-money-satellite-${lang}.png` });
      // 1,000.00 / 200.00 = 5 seats, nothing over: one line, places 1-5, a seat each.
      assert.equal(await ladder.count(), 1);
      assert.match((await ladder.first().innerText()).replace(/\s+/g, ' '), new RegExp(`^1\\D+5\\D* ${seat}$`));
      assert.equal(await phone.locator('riffle-deal-calculator').count(), 0, 'no deal calculator in a satellite');
      await inside(phone, 'riffle-money-panel [data-seat-ladder] li', 390, 844);
      await phone.context().close();
    }
  });

  it('at the seats the TV, the lobby and the phone name the five seat winners, not a winner (en, nl)', async () => {
    const id = await satellite(5);
    const tv = await browser.page({ width: 1920, height: 1080 });
    for (const [lang, label] of [['en', 'Seat winners'], ['nl', 'Seatwinnaars']] as const) {
      await tv.goto(`${server.url}/display/${id}?lang=${lang}`);
      const results = tv.locator('riffle-results');
      await results.locator('[data-seat-winners] .label', { hasText: label }).waitFor({ timeout: 5000 });
      if (SHOTS) await tv.screenshot({ path: `${SHOTS}/display-satellite-${lang}.png` });
      assert.deepEqual((await results.locator('.seat-names .name').allTextContents()).sort(), [...WINNERS].sort(), 'every seat winner by full name');
      assert.equal(await results.locator('.winner:not(.seats)').count(), 0, 'nobody as "the winner"');
      assert.equal(await results.locator('.deal').count(), 0, 'no deal badge');
      assert.doesNotMatch(await results.innerText(), /\b(entries|display)\.[a-z]/i, 'no raw message key');
      await inside(tv, 'riffle-results .seat-names li, riffle-results footer span', 1920, 1080);
      assert.deepEqual(await cut(tv, 'riffle-results .seat-names .name'), []);
    }
    await tv.context().close();

    const lobby = await browser.page({ width: 1920, height: 1080 });
    await lobby.goto(`${server.url}/lobby`);
    const row = lobby.locator(`riffle-lobby li[data-tournament="${id}"]`);
    await row.locator('[data-seat-winners]', { hasText: 'Seat winners' }).waitFor({ timeout: 5000 });
    if (SHOTS) await lobby.screenshot({ path: `${SHOTS}/lobby-satellite.png` });
    assert.deepEqual((await row.locator('.places li.seat .who').allTextContents()).sort(), [...WINNERS].sort());
    assert.deepEqual(await row.locator('.places li.seat .place').allTextContents(), WINNERS.map(() => 'Seat'));
    assert.deepEqual(await row.locator('.places li.seat .prize').allTextContents(), WINNERS.map(() => '€200'));
    assert.doesNotMatch(await row.innerText(), /\b(entries|display)\.[a-z]/i, 'no raw message key');
    await lobby.context().close();

    for (const [lang, label] of [['en', 'Seat winners'], ['nl', 'Seatwinnaars']] as const) {
      const phone = await pairedPhone(browser, server.url, TEST_PINS.td, id, `?lang=${lang}`);
      await phone.locator('riffle-clock-panel [data-seat-winners] .label', { hasText: label }).waitFor({ timeout: 5000 });
      if (SHOTS) await phone.screenshot({ path: `${SHOTS}/phone-clock-satellite-${lang}.png` });
      assert.deepEqual((await phone.locator('riffle-clock-panel .seat-winners li').allTextContents()).sort(), [...WINNERS].sort());
      await inside(phone, 'riffle-clock-panel .seat-winners li', 390, 844);
      await phone.locator('riffle-tab-bar button[data-tab="players"]').click();
      const finished = phone.locator('riffle-players-panel [data-finished]');
      await finished.waitFor({ timeout: 5000 });
      for (const name of WINNERS) assert.ok((await finished.innerText()).includes(name), `${name} named`);
      assert.equal(await phone.locator('riffle-players-panel button[data-action="bust"]').count(), 0, 'no Bust button');
      await phone.locator('riffle-tab-bar button[data-tab="money"]').click();
      await phone.locator('riffle-money-panel [data-seat-ladder]').waitFor();
      assert.equal(await phone.locator('riffle-money-panel [data-action="undo-deal"]').count(), 0, 'the seats are no deal: no "Undo deal"');
      await phone.context().close();
    }
    assert.deepEqual(browser.errors, []);
  });
});
