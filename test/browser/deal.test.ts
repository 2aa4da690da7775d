/**
 * The deal calculator on the phone (issue 23): the final four (prizes 760/471/307/225,
 * chips 350k/250k/150k/70k) with one stack never counted. The missing count shows as missing (not
 * the starting stack); typed in, the calculator shows chip-chop with the guarantee first (the 70k
 * stack 298.67, guarantee 225.00); applied, the Money tab shows the deal by name with Undo deal.
 * 390x844, 40-character names, English and German.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pairedPhone, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const NAMES = ['Anna-Maria van der Heijden-Kluivert Jr.', 'Bartholomeus Wilhelmina Oosterhuis-Dekker', 'Cornelis Johannes Maximiliaan Vermeulen', 'Dorothea Hendrika Gerarda Schimmelpenninck'];
const SHOTS = process.env.RIFFLE_SHOTS;

async function finalFour(): Promise<string> {
  const t = sampleTournament();
  // 4 x 440.75 = 1,763.00 to the pool; 4 x 205k = 820k chips.
  const id = await server.createTournament({ ...t, settings: { ...t.settings, buyIn: 44_075, startingStack: 205_000, lateRegistrationLevel: null } });
  for (const name of NAMES) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'payouts.set', amounts: [76_000, 47_100, 30_700, 22_500] });
  // Dorothea's chips were never counted.
  await server.ok(id, { type: 'chips.count', counts: [{ entryId: 'e1', chips: 350_000 }, { entryId: 'e2', chips: 250_000 }, { entryId: 'e3', chips: 150_000 }] });
  return id;
}

describe('the deal calculator', () => {
  for (const [lang, missing, undo] of [['en', 'not counted', 'Undo deal'], ['de', 'nicht gezählt', 'Deal rückgängig']] as const) {
    it(`${lang}: a missing count, chip-chop over the guarantee, the deal by name`, async () => {
      const id = await finalFour();
      const page = await pairedPhone(browser, server.url, TEST_PINS.td, id, `?lang=${lang}`);
      await page.locator('riffle-tab-bar button[data-tab="money"]').click();
      const calc = page.locator('riffle-deal-calculator');
      const dora = calc.locator('li[data-entry="e4"]');
      await dora.waitFor({ timeout: 5000 });
      // Never counted: empty, marked missing, not the 205,000 starting stack.
      assert.equal(await dora.locator('input[name="chips"]').inputValue(), '');
      assert.equal(await dora.locator('input[name="chips"]').getAttribute('placeholder'), missing);
      assert.match((await dora.getAttribute('class')) ?? '', /missing/);
      assert.equal(await calc.locator('li[data-entry="e1"] input[name="chips"]').inputValue(), '350000', 'a count is prefilled');
      await dora.locator('input[name="chips"]').fill('70000');
      await calc.locator('button[data-action="propose"]').click();
      // 22,500 + 86,300 x 70/820 = 22,500 + 7,367 = 29,867 cents (money/icm.test.ts).
      await dora.locator('.figures').waitFor({ timeout: 5000 });
      const figures = await dora.locator('.figures').textContent();
      assert.match(figures!, /298[.,]67/);
      assert.match(figures!, /225(?![.,]?\d)/, 'the guarantee, 225');
      assert.equal(await dora.locator('input[name="amount"]').inputValue(), '298.67', 'chip-chop filled in');
      await calc.locator('input[data-confirm="agreed"]').check();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-deal-${lang}.png`, fullPage: true });
      await calc.locator('button[data-action="apply"]').click();
      const made = page.locator('riffle-money-panel [data-deal-made]');
      await made.waitFor({ timeout: 5000 });
      assert.equal(await made.locator('li[data-entry="e4"] .who').textContent(), NAMES[3]);
      await made.locator('button[data-action="undo-deal"]', { hasText: undo }).waitFor();
      const boxes = await made.locator('li').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
      assert.ok(boxes.every((r) => r <= 390), 'the deal fits the phone');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-deal-made-${lang}.png`, fullPage: true });
      // The venue's ladder and the stream's payouts overlay name the deal's players.
      const tv = await browser.page({ width: 1920, height: 1080 });
      await tv.goto(`${server.url}/display/${id}?ladder&lang=${lang}`);
      await tv.locator('riffle-payout-ladder li[data-deal="e4"] .name', { hasText: NAMES[3] }).waitFor({ timeout: 5000 });
      if (SHOTS) await tv.screenshot({ path: `${SHOTS}/display-deal-${lang}.png` });
      await tv.goto(`${server.url}/overlay/${id}/payouts?live=1&lang=${lang}`);
      await tv.locator('riffle-overlay-payouts li .who', { hasText: NAMES[3] }).waitFor({ timeout: 5000 });
      if (SHOTS) await tv.screenshot({ path: `${SHOTS}/overlay-payouts-deal-${lang}.png` });
      await tv.context().close();
      await made.locator('button[data-action="undo-deal"]').click();
      await calc.locator('li[data-entry="e4"]').waitFor({ timeout: 5000 });
      assert.equal(await made.count(), 0, 'the deal is gone');
      assert.deepEqual(browser.errors, []);
      await page.context().close();
    });
  }
});
