/**
 * The seat-draw screen for a big field (issue 14): 500 players in columns that fill a TV at
 * 720p, 1080p and 4K without running off it or cutting a name (issue 23), pages that turn by
 * themselves, and the tournament name and clock in the header.
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
  it('lays out by the names: the fewest pages, then the largest type, a name on two lines where it needs them', () => {
    // Worked by hand from the frame (169.78u wide, 80u high, columns 3u apart, at most 100u wide),
    // a name character 0.58 of the type size, a table-and-seat character 0.66, a row of n lines
    // n x 1.3 x size + 0.5u. Ten seats a table.
    const where = (l: { table: number; seat: number }, short: boolean) => (short ? `${l.table} · ${l.seat}` : `Table ${l.table} · Seat ${l.seat}`);
    const room = (count: number, name: (i: number) => string) =>
      Array.from({ length: count }, (_, i) => ({ name: name(i), table: Math.floor(i / 10) + 1, seat: (i % 10) + 1 }));
    const shape = (l: ReturnType<typeof seatDrawLayout>) => ({ size: l.size, columns: l.columns, short: l.short, pages: l.pages.map((p) => p.map((c) => c.length)) });
    const eleven = (i: number) => `Anna Jan ${String(i).padStart(2, '0')}`;
    const forty = (i: number) => `Anna-Maria van der Heijden-Kluivert ${String(i).padStart(4, '0')}`;
    assert.equal(forty(7).length, 40);
    // 9 of 11 letters at 4u in one 100u column: "Table 1 · Seat 9" (16) takes 42.2u, the name 25.5u
    // of the 56.8u left, one line (5.7u): 14 rows fit.
    assert.deepEqual(shape(seatDrawLayout(room(9, eleven), where)), { size: 4, columns: 1, short: false, pages: [[9]] });
    // 40 of 11 letters (the night): at 4u two columns of 83.4u hold 14 rows each (28); three
    // of 54.6u leave 8.7u beside "Table 4 · Seat 10" but 37.8u beside "4 · 10": 42 rows, balanced.
    assert.deepEqual(shape(seatDrawLayout(room(40, eleven), where)), { size: 4, columns: 3, short: true, pages: [[14, 14, 12]] });
    // 9 of 40 letters: at 4u one column leaves 54.1u for 92.8u of name, two lines of 10.9u: 7 rows,
    // not 9; two columns of 83.4u with "1 · 10" leave 66.6u, two lines, 7 rows each: 5 + 4.
    assert.deepEqual(shape(seatDrawLayout(room(9, forty), where)), { size: 4, columns: 2, short: true, pages: [[5, 4]] });
    // 300 of 40 letters: at 2u two columns of 83.4u leave 58.6u beside "Table 30 · Seat 10" for the
    // 46.4u of a name, one line of 3.1u: 25 rows, 50 a page, six pages (four columns of two-line
    // names make six too, with more columns; five leave 21.3u beside "30 · 10": three lines; at
    // 2.2u two columns hold 23 rows: seven pages).
    assert.deepEqual(shape(seatDrawLayout(room(300, forty), where)), { size: 2, columns: 2, short: false, pages: Array(6).fill([25, 25]) });
  });

  it('shows 500 players in five pages that turn by themselves, inside the screen at 720p, 1080p and 4K', async () => {
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
      // Four columns of 25: in five, 'Mette Van den Berg 009' (22 letters) would need two lines.
      assert.equal(boxes.length, 100, `${width}x${height}: a page of 100`);
      const outside = boxes.filter((b) => b.bottom > height + 0.5 || b.right > width + 0.5 || b.left < -0.5);
      assert.deepEqual(outside, [], `${width}x${height}: names run off the screen`);
      const cut = await draw.locator('li .who').evaluateAll((els) => els.filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
      assert.deepEqual(cut, [], `${width}x${height}: names cut`);
    }
    const first = await draw.locator('[part="page"]').textContent();
    assert.match(first ?? '', /^\d \/ 5$/);
    // The page turns by itself.
    await eventually(() => draw.locator('[part="page"]').textContent(), (t) => t !== first, 6000, 'the next page');
    assert.deepEqual(browser.errors, []);
    await page.context().close();
  });
});
