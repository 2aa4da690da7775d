/**
 * The stream under bounties and satellites (issue 25), in a real Chromium at 1920x1080 against
 * a real server: the leaderboard shows each player's bounty after his stack in a PKO (and leaves
 * it off with ?bounty=0), the payouts overlay a satellite's seats left and the seat bubble.
 * 40-character names; nothing in a panel wider than its box. Amounts worked by hand below.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { type TestServer } from '../helpers/server.js';
import { openOverlay, settled } from '../helpers/overlays.js';
import { shot } from '../helpers/geometry.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const LONG = 'Maximiliaan Alexander van den Broekhoven'; // 40 characters

async function event(settings: Record<string, unknown>, players: number): Promise<string> {
  const sample = sampleTournament();
  const id = await server.createTournament({ ...sample, settings: { ...sample.settings, ...settings } });
  for (let i = 1; i <= players; i++) await server.ok(id, { type: 'entry.add', name: i === 1 ? LONG : `Speler ${String.fromCharCode(64 + i)} ${'x'.repeat(30)}`.slice(0, 40) });
  return id;
}

const shadowTexts = (page: Page, kind: string, selector: string) =>
  page.evaluate(([k, s]) => [...document.querySelector(`riffle-overlay-${k}`)!.shadowRoot!.querySelectorAll(s!)].map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim()), [kind, selector] as const);

/** Boxes wider than they show; a name the board ends with an ellipsis by design (its own style) is not counted. */
const overflowing = (page: Page, kind: string) =>
  page.evaluate(
    (k) =>
      [...document.querySelector(`riffle-overlay-${k}`)!.shadowRoot!.querySelectorAll('*')]
        .filter((c) => c.scrollWidth > c.clientWidth + 1 && getComputedStyle(c).overflow !== 'visible' && getComputedStyle(c).textOverflow !== 'ellipsis')
        .map((c) => `${c.className} ${c.scrollWidth}/${c.clientWidth}`),
    kind,
  );

/** Each bounty lies inside its row (whole, not cut). */
const bountiesInside = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelector('riffle-overlay-leaderboard')!.shadowRoot!.querySelectorAll('[part="bounty"]')].every((b) => {
      const r = b.getBoundingClientRect();
      const row = b.closest('li')!.getBoundingClientRect();
      return r.width > 0 && r.left >= row.left && r.right <= row.right + 0.5;
    }),
  );

describe('stream overlays under bounties and satellites (1920x1080)', () => {
  for (const lang of ['en', 'de'] as const) {
    it(`${lang}: the leaderboard shows each player's bounty in a PKO; ?bounty=0 leaves it off`, async () => {
      // 6 heads of 10.00; player 1 busts player 2: 5.00 paid, 5.00 onto his head: 15.00.
      const id = await event({ bounty: { format: 'progressive', amount: 1_000 } }, 6);
      await server.ok(id, { type: 'entry.bust', entryIds: ['e2'], eliminators: { e2: ['e1'] } });
      const page = await openOverlay(browser, server, id, 'leaderboard', `?lang=${lang}`);
      await settled(page, 'leaderboard');
      const bounties = await shadowTexts(page, 'leaderboard', '[part="bounty"]');
      assert.equal(bounties.length, 5, 'one per player in play');
      const row = await shadowTexts(page, 'leaderboard', '[data-entry="e1"]');
      assert.match(row[0]!, /15/);
      assert.deepEqual(await overflowing(page, 'leaderboard'), []);
      assert.ok(await bountiesInside(page), 'every bounty whole inside its row');
      await shot(page, `overlay-leaderboard-bounty-${lang}`);
      await page.close();
      const off = await openOverlay(browser, server, id, 'leaderboard', `?lang=${lang}&bounty=0`);
      await settled(off, 'leaderboard');
      assert.deepEqual(await shadowTexts(off, 'leaderboard', '[part="bounty"]'), []);
      await off.close();
    });
  }

  for (const [lang, bubble] of [
    ['en', 'SEAT BUBBLE'],
    ['hr', 'MJEHUR ZA MJESTA'],
  ] as const) {
    it(`${lang}: the payouts overlay shows a satellite's seats left and the seat bubble`, async () => {
      // 10 buy-ins of 90.00 = 900.00, seats of 200.00: 4 seats (100.00 to 5th); 5 left: the seat bubble.
      const id = await event({ satellite: { seatValue: 20_000 } }, 10);
      for (let i = 10; i >= 6; i--) await server.ok(id, { type: 'entry.bust', entryIds: [`e${i}`] });
      const page = await openOverlay(browser, server, id, 'payouts', `?lang=${lang}`);
      await settled(page, 'payouts');
      const [seats] = await shadowTexts(page, 'payouts', '[part="seats"]');
      assert.match(seats!, /4 \/ 4/);
      assert.ok(seats!.includes(bubble), `${seats} says the seat bubble`);
      assert.deepEqual(await overflowing(page, 'payouts'), []);
      await shot(page, `overlay-payouts-satellite-${lang}`);
      await page.close();
    });
  }
});
