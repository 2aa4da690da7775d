/**
 * The seat-draw screen for a big field (issue 14): 500 players in columns that fill a TV at
 * 720p, 1080p and 4K without running off it, pages that turn by themselves, and the tournament
 * name and clock in the header.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { seatDrawLayout } from '../../overlays/display/seat-draw/riffle-seat-draw.component.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const SURNAMES = ['Jansen', 'de Vries', 'Horvat', 'Nielsen', 'Weber', 'Kovačević', 'Bakker', 'Christensen', 'Schneider', 'Van den Berg'];

describe('seat-draw screen', () => {
  it('lays out by field size: one page up to 125 names, then pages of 125', () => {
    assert.deepEqual([10, 36, 37, 88, 89, 125, 126, 500].map((n) => [seatDrawLayout(n).columns, seatDrawLayout(n).pages]), [
      [2, 1],
      [2, 1],
      [4, 1],
      [4, 1],
      [5, 1],
      [5, 1],
      [5, 2],
      [5, 4],
    ]);
  });

  it('shows 500 players in four pages that turn by themselves, inside the screen at 720p, 1080p and 4K', async () => {
    const id = await server.createTournament();
    const info = ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).state.info;
    for (let t = 0; t < Math.ceil(500 / info.seatsPerTable); t++) await server.ok(id, { type: 'table.add' });
    for (let i = 0; i < 500; i++) await server.ok(id, { type: 'entry.add', name: `${['Anna', 'Bram', 'Iva', 'Lars', 'Mette'][i % 5]} ${SURNAMES[i % 10]} ${String(i).padStart(3, '0')}` });
    await server.ok(id, { type: 'seating.draw' });
    await server.ok(id, { type: 'clock.start' });

    const page = await browser.page({ width: 1920, height: 1080 });
    await page.goto(`${server.url}/display/${id}?view=seats&pageSeconds=2`);
    const draw = page.locator('riffle-seat-draw');
    await draw.locator('li').first().waitFor({ timeout: 10000 });
    await draw.locator('header .name', { hasText: info.name }).waitFor();
    await draw.locator('header [role="timer"]').waitFor();
    for (const [width, height] of [[1280, 720], [1920, 1080], [3840, 2160]] as const) {
      await page.setViewportSize({ width, height });
      const boxes = await draw.locator('li').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      assert.equal(boxes.length, 125, `${width}x${height}: a page of 125`);
      const outside = boxes.filter((b) => b.bottom > height + 0.5 || b.right > width + 0.5 || b.left < -0.5);
      assert.deepEqual(outside, [], `${width}x${height}: names run off the screen`);
    }
    const first = await draw.locator('[part="page"]').textContent();
    assert.match(first ?? '', /^\d \/ 4$/);
    // The page turns by itself.
    await eventually(() => draw.locator('[part="page"]').textContent(), (t) => t !== first, 6000, 'the next page');
    assert.deepEqual(browser.errors, []);
    await page.context().close();
  });
});
