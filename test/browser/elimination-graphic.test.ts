/**
 * The stream's elimination graphic with a real eliminator and bounty (issues 24 and 25), in a
 * real Chromium at OBS's 1920x1080 against a real server: a knockout of 10.00 a head, a bust
 * sent as the floor's phone sends it (the busted player and who took his last chips), and the
 * alerts overlay on its own delayed feed (no delay set: it airs at once). What a viewer reads:
 * "Eliminated by <the eliminator>" and "Bounty €10" (a knockout pays the whole head, by hand),
 * inside title-safe (5 % a side), nothing cut, with 40-character names.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const NAMES = ['Maximiliaan Alexander van den Broekhoven', 'Dragomir Stanislavović-Radovanović Peter'];
for (const n of NAMES) assert.equal([...n].length, 40, n);

const stateOf = async (id: string): Promise<any> =>
  ((await (await fetch(`${server.url}/api/tournaments/${id}`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).json()) as any).state;

describe('the elimination graphic on the stream', () => {
  for (const lang of ['en', 'de'] as const) {
    it(`${lang}: says who eliminated him and the bounty he won, inside title-safe, nothing cut`, async () => {
      const sample = sampleTournament();
      const id = await server.createTournament({
        ...sample,
        settings: { ...sample.settings, bounty: { format: 'knockout', amount: 1_000, share: 50, finalTwo: 'whole', rebuy: 0, addon: 0, mysteryFrom: 'money', unclaimed: 'players' } },
      });
      await server.ok(id, { type: 'table.add' });
      for (let i = 0; i < 6; i++) await server.ok(id, { type: 'entry.add', name: NAMES[i] ?? `Player ${i + 1}` });
      await server.ok(id, { type: 'seating.draw' });
      const seats = (await stateOf(id)).seating.tables[0].seats.filter((s: any) => s.entryId);
      const busted = seats.find((s: any) => s.name === NAMES[0]);
      const eliminator = seats.find((s: any) => s.name === NAMES[1]);
      assert.ok(busted && eliminator, 'both long names are at the one table');

      const page = await browser.page({ width: 1920, height: 1080 });
      await page.goto(`${server.url}/overlay/${id}/alerts?lang=${lang}&seconds=30`);
      // The overlay has its state before the bust, so the bust arrives as an event it shows.
      await page.locator('riffle-overlay-alerts [part="air"][data-feed="ready"]').waitFor({ state: 'attached', timeout: 10_000 });
      // Its language's texts are a chunk of their own: loaded before the bust (it paints English until then).
      await page.waitForLoadState('networkidle');
      await server.ok(id, { type: 'entry.bust', entryIds: [busted.entryId], eliminators: { [busted.entryId]: [eliminator.entryId] } });

      const by = page.locator('riffle-overlay-alerts [part="by"]');
      await by.waitFor({ timeout: 10_000 });
      const eliminatedBy = lang === 'de' ? 'Ausgeschieden durch' : 'Eliminated by';
      // The overlay paints English until its language's texts arrive, then again in them.
      const text = await eventually(async () => (await by.innerText()).replace(/\s+/g, ' '), (t) => t.includes(`${eliminatedBy} ${NAMES[1]}`), 5000, `"${eliminatedBy} ${NAMES[1]}"`);
      // A knockout pays the whole head to the eliminator: 10.00, written as money is on air
      // (whole amounts without cents: "€10" in English, "10 €" in German).
      const bounty = lang === 'de' ? 'Bounty 10 €' : 'Bounty €10';
      assert.ok(text.replace(/\u00a0/g, ' ').includes(bounty), `${text} has ${bounty}`);

      const alert = page.locator('riffle-overlay-alerts [part="alert"]');
      // Where it rests once its entrance has played (it slides in from the right).
      await alert.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      const box = (await alert.boundingBox())!;
      assert.ok(box.x >= 96 && box.y >= 54 && box.x + box.width <= 1920 - 96 && box.y + box.height <= 1080 - 54, `inside title-safe: ${JSON.stringify(box)}`);
      const cut = await page.evaluate(() => {
        const root = document.querySelector('riffle-overlay-alerts')!.shadowRoot!;
        return [...root.querySelectorAll('[data-text], [part="name"], [part="by"]')]
          .filter((el) => (el as HTMLElement).scrollWidth > (el as HTMLElement).clientWidth + 1)
          .map((el) => el.getAttribute('part') ?? el.className);
      });
      assert.deepEqual(cut, [], 'no text runs out of its box');
      await page.context().close();
    });
  }
});
