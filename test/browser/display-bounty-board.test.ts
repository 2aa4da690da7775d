/**
 * The venue display's bounty and satellite card (issue 25) in a real Chromium at 1920x1080
 * against a real server: a PKO shows the bounty pool and the biggest heads, a mystery bounty
 * the prizes left, a satellite the seats left and the seat bubble; in English and one more
 * language, with 40-character names, inside the screen, nothing overflowing its box and no
 * overlap with the clock, the tiles or the payout ladder. Amounts worked by hand below.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { type TestServer } from '../helpers/server.js';
import { assertInsideViewport, assertNoOverlap, assertNoSidewaysScroll, shot } from '../helpers/geometry.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const LONG = 'Maximiliaan Alexander van den Broekhoven'; // 40 characters
const name = (i: number) => (i === 1 ? LONG : `Speler ${String.fromCharCode(64 + i)} ${'x'.repeat(30)}`.slice(0, 40));
const CARD = 'riffle-bounty-board [part="card"]';

async function event(settings: Record<string, unknown>, players: number): Promise<string> {
  const sample = sampleTournament();
  const id = await server.createTournament({ ...sample, settings: { ...sample.settings, ...settings } });
  for (let i = 1; i <= players; i++) await server.ok(id, { type: 'entry.add', name: name(i) });
  return id;
}

/** The card inside the screen, nothing in it wider than its box, and clear of the clock, tiles and ladder. */
async function fitsBeside(page: Page, withLadder: boolean): Promise<void> {
  const selectors = [CARD, 'riffle-clock-face [part="countdown"]', '[data-tile="players"]', '[data-tile="prizePool"]', ...(withLadder ? ['riffle-payout-ladder .ladder'] : [])];
  assertNoOverlap(await assertInsideViewport(page, selectors));
  await assertNoSidewaysScroll(page);
  const overflow = await page.locator(CARD).evaluate((el) => [el, ...el.querySelectorAll('*')].filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => `${c.className} ${c.scrollWidth}/${c.clientWidth}`));
  assert.deepEqual(overflow, [], 'nothing in the card overflows');
}

const text = async (page: Page, selector: string) => (await page.locator(selector).innerText()).replace(/\s+/g, ' ');

describe('the venue display: bounty card (1920x1080)', () => {
  for (const [lang, title] of [
    ['en', /biggest bounties/i],
    ['hr', /najveći bountyji/i],
  ] as const) {
    it(`${lang}: PKO, the bounty pool and the biggest heads, 40-character names`, async () => {
      // 12 heads of 10.00: pool 120.00. Player 1 (40 letters) busts 2 and 3: 5.00 paid each,
      // 5.00 onto his head each: 20.00 on his head, the biggest; the others 10.00.
      const id = await event({ bounty: { format: 'progressive', amount: 1_000 } }, 12);
      await server.ok(id, { type: 'entry.bust', entryIds: ['e2'], eliminators: { e2: ['e1'] } });
      await server.ok(id, { type: 'entry.bust', entryIds: ['e3'], eliminators: { e3: ['e1'] } });
      const page = await browser.page({ width: 1920, height: 1080 });
      await page.goto(`${server.url}/display/${id}?lang=${lang}&ladder`);
      await page.locator(CARD).getByText(title).waitFor({ timeout: 5000 });
      assert.match(await text(page, `${CARD} [data-bounty-pool]`), /120/);
      const first = page.locator(`${CARD} li[data-head]`).first();
      assert.equal(await first.getAttribute('data-head'), 'e1');
      assert.match((await first.innerText()).replace(/\s+/g, ' '), new RegExp(`${LONG}.*20`));
      assert.equal(await page.locator(`${CARD} li[data-head]`).count(), 5, 'the five biggest');
      await fitsBeside(page, true);
      await shot(page, `display-bounty-board-pko-${lang}`);
      await page.close();
    });
  }

  it('de: mystery, the prizes left by envelope', async () => {
    // 6 heads of 10.00 = 60.00, posted as 1 x 30.00 + 3 x 10.00.
    const id = await event({ bounty: { format: 'mystery', amount: 1_000 } }, 6);
    await server.ok(id, { type: 'bounty.post', prizes: [{ amount: 3_000, count: 1 }, { amount: 1_000, count: 3 }] });
    const page = await browser.page({ width: 1920, height: 1080 });
    await page.goto(`${server.url}/display/${id}?lang=de`);
    await page.locator(CARD).getByText(/Mystery-Bounties/).waitFor({ timeout: 5000 });
    const lines = await page.locator(`${CARD} li[data-prize]`).allInnerTexts();
    assert.equal(lines.length, 2);
    assert.match(lines[0]!.replace(/\s+/g, ' '), /^1 × 30 €$/);
    assert.match(lines[1]!.replace(/\s+/g, ' '), /^3 × 10 €$/);
    await fitsBeside(page, false);
    await shot(page, 'display-bounty-board-mystery-de');
    await page.close();
  });

  for (const [lang, bubble] of [
    ['en', /seat bubble/i],
    ['nl', /seatbubble/i],
  ] as const) {
    it(`${lang}: satellite, the seats left and the seat bubble`, async () => {
      // 10 buy-ins of 90.00 = 900.00; a seat of 200.00: 4 seats, 100.00 to 5th. The seat bubble:
      // 5 players left for 4 seats.
      const id = await event({ satellite: { seatValue: 20_000 } }, 10);
      for (let i = 10; i >= 6; i--) await server.ok(id, { type: 'entry.bust', entryIds: [`e${i}`] });
      const page = await browser.page({ width: 1920, height: 1080 });
      await page.goto(`${server.url}/display/${id}?lang=${lang}`);
      await page.locator(`${CARD} [data-seat-bubble]`).getByText(bubble).waitFor({ timeout: 5000 });
      assert.match(await text(page, `${CARD} [data-seats-left]`), /^4 /);
      assert.match(await text(page, `${CARD} [data-seat-value]`), /200/);
      await fitsBeside(page, true);
      await shot(page, `display-bounty-board-satellite-${lang}`);
      await page.close();
    });
  }
});

describe('the results screen under bounties (1920x1080)', () => {
  for (const [lang, by] of [
    ['en', 'eliminated by'],
    ['da', 'slået ud af'],
  ] as const) {
    it(`${lang}: each place with his knockouts, the bounty won and who eliminated him`, async () => {
      // A KO of 9 at 10.00 a head; player 1 (40 letters) busts all 8 others: 80.00 and his own
      // 10.00 when he wins, 8 knockouts and 90.00.
      const id = await event({ bounty: { format: 'knockout', amount: 1_000 } }, 9);
      for (let i = 9; i >= 2; i--) await server.ok(id, { type: 'entry.bust', entryIds: [`e${i}`], eliminators: { [`e${i}`]: ['e1'] } });
      const page = await browser.page({ width: 1920, height: 1080 });
      await page.goto(`${server.url}/display/${id}?lang=${lang}`);
      const winner = page.locator('riffle-results [part="winner"]');
      await winner.locator('[data-ko]').waitFor({ timeout: 5000 });
      assert.match((await winner.locator('[data-ko]').innerText()).replace(/\s+/g, ' '), /^8 KO · \D*90\D*$/);
      const second = page.locator('riffle-results li[data-place="2"] [data-ko]');
      assert.match((await second.innerText()).replace(/\s+/g, ' '), new RegExp(`^0 KO · \\D*0\\D* · ${by} ${LONG}$`));
      const rows = (await page.locator('riffle-results li[data-place]').count());
      assert.equal(rows, 8);
      assertNoOverlap(await assertInsideViewport(page, ['riffle-results [part="winner"]', 'riffle-results li[data-place="2"]', 'riffle-results li[data-place="9"]', 'riffle-results footer']));
      await assertNoSidewaysScroll(page);
      const overflow = await page.locator('riffle-results .results').evaluate((el) => [el, ...el.querySelectorAll('*')].filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1 && c.tagName === 'OL').map((c) => `${c.className} ${c.scrollWidth}/${c.clientWidth}`));
      assert.deepEqual(overflow, [], 'nothing on the results screen overflows');
      await shot(page, `display-results-bounties-${lang}`);
      await page.close();
    });
  }
});
