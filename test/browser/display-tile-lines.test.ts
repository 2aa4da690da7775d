/**
 * The venue display's tiles keep the line under their value whole in every language (1920x1080):
 * "Keine Pausen mehr" (no breaks left) and "+ 1.084,20 € Bounties" (a knockout of 542.10 a head
 * for two players) were cut with an ellipsis in 266-291 px; they are drawn smaller instead.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

describe('display tiles: the line under the value', () => {
  it('whole in de, en and hr: no more breaks, the bounties beside the pool', async () => {
    const s = sampleTournament();
    const id = await server.createTournament({
      ...s,
      structure: s.structure.filter((i) => i.kind === 'level'),
      settings: { ...s.settings, bounty: { format: 'knockout', amount: 54_210, share: 50, finalTwo: 'whole', rebuy: 0, addon: 0, mysteryFrom: 'money', unclaimed: 'players' } },
    });
    for (const name of ['Anna', 'Bram']) await server.ok(id, { type: 'entry.add', name });
    await server.ok(id, { type: 'clock.start' });
    const page = await browser.page({ width: 1920, height: 1080 });
    for (const [lang, texts] of [
      ['de', ['Keine Pausen mehr', '+ 1.084,20 € Bounties']],
      ['en', ['No more breaks', '+ €1,084.20 bounties']],
      ['hr', ['+ 1.084,20 € bounty']],
    ] as const) {
      await page.goto(`${server.url}/display/${id}?lang=${lang}`);
      await page.waitForLoadState('networkidle');
      for (const text of texts) {
        const sub = page.locator('riffle-clock-face .tile .sub', { hasText: text });
        await sub.waitFor({ timeout: 5000 });
        const { scroll, client } = await sub.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        assert.ok(scroll <= client + 1, `${lang} "${text}" cut: ${scroll} > ${client}`);
      }
    }
    assert.deepEqual(browser.errors, []);
    await page.context().close();
  });
});
