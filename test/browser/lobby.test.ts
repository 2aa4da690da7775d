/**
 * The lobby screen (/lobby, issue 14): several tournaments on one venue TV, each with its level,
 * clock and players left, inside the screen at 720p, 1080p and 4K, in the screen's language.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clockSeconds, eventually, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

describe('lobby', () => {
  it('lists every tournament with its level, running clock and players left', async () => {
    const running = await server.createTournament({ ...sampleTournament(), name: 'Monday Turbo' });
    const idle = await server.createTournament({ ...sampleTournament(), name: 'Deepstack Main Event' });
    for (const name of ['Anna', 'Bram', 'Cees']) await server.ok(running, { type: 'entry.add', name });
    await server.ok(running, { type: 'clock.start' });

    const page = await browser.page({ width: 1920, height: 1080 });
    const res = await page.goto(`${server.url}/lobby`);
    assert.equal(res?.status(), 200);
    const row = (id: string) => page.locator(`riffle-lobby li[data-tournament="${id}"]`);
    await row(running).locator('.name', { hasText: 'Monday Turbo' }).waitFor({ timeout: 5000 });
    await row(running).locator('.left', { hasText: '3 of 3 left' }).waitFor({ timeout: 5000 });
    await row(idle).locator('.pill', { hasText: 'Not started' }).waitFor();
    await row(running).locator('.item', { hasText: 'Level 1' }).waitFor();
    // The countdown runs.
    const first = clockSeconds(await row(running).locator('[role="timer"]').textContent());
    await eventually(async () => clockSeconds(await row(running).locator('[role="timer"]').textContent()), (s) => s < first, 3000, 'the countdown to tick');

    for (const [width, height] of [[1280, 720], [1920, 1080], [3840, 2160]] as const) {
      await page.setViewportSize({ width, height });
      const boxes = await page.locator('riffle-lobby li').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      assert.ok(boxes.length >= 2);
      assert.deepEqual(boxes.filter((b) => b.bottom > height || b.right > width), [], `${width}x${height}: rows run off the screen`);
    }
    await page.goto(`${server.url}/lobby?lang=de`);
    await page.locator('riffle-lobby h1', { hasText: 'Turniere' }).waitFor({ timeout: 5000 });
    await row(running).locator('.left', { hasText: '3 von 3 übrig' }).waitFor({ timeout: 5000 });
    assert.deepEqual(browser.errors, []);
    await page.context().close();
  });
});
