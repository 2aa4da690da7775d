/**
 * The lobby's geometry with 1, 5 and 12 tournaments, running and finished (with their final
 * tables), at 1920x1080 and 1280x720: every card inside the screen, none over another or under
 * the header, no text cut, and no text below a size the room reads (the players left at least
 * 2.5 % of the screen's height). More than a page holds goes on pages (`?page=N` pins one), and
 * every tournament is on one of them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const LONG = 'Maximiliaan Alexander van den Broekhoven';
let made = 0;

/** A running tournament of 3, or one finished with a final table of 6 (a 40-character name among them). */
async function tournament(finished: boolean): Promise<string> {
  made++;
  const id = await server.createTournament({ ...sampleTournament(), name: `${finished ? 'Finished' : 'Running'} Deepstack Championship Night ${made}` });
  const players = finished ? 6 : 3;
  for (let i = 0; i < players; i++) await server.ok(id, { type: 'entry.add', name: i === 0 ? LONG : `Speler ${made}-${i} Jansen-Van Oosterhout` });
  await server.ok(id, { type: 'clock.start' });
  if (finished) for (let i = players; i > 1; i--) await server.ok(id, { type: 'entry.bust', entryIds: [`e${i}`] });
  return id;
}

interface Seen {
  ids: string[];
  page: number | null;
}

/** Checks the page shown and returns the tournaments on it and the page number it says. */
async function checkPage(page: Page, width: number, height: number, what: string): Promise<Seen> {
  const report = (await page.evaluate(`(() => {
    const root = document.querySelector('riffle-lobby').shadowRoot;
    const box = (el) => el.getBoundingClientRect().toJSON();
    const cards = [...root.querySelectorAll('.board > li')];
    const cut = [];
    for (const card of cards) {
      for (const el of [card, ...card.querySelectorAll('*')]) {
        const style = getComputedStyle(el);
        if (style.overflow === 'visible' && style.textOverflow !== 'ellipsis') continue;
        if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) cut.push(card.dataset.tournament + ' ' + el.className + ' ' + el.scrollWidth + '/' + el.clientWidth + ' ' + el.scrollHeight + '/' + el.clientHeight);
      }
    }
    const left = root.querySelector('.board > li .left');
    return {
      header: box(root.querySelector('header')),
      cards: cards.map((c) => ({ id: c.dataset.tournament, box: box(c) })),
      cut,
      leftPx: left ? parseFloat(getComputedStyle(left).fontSize) : null,
      page: root.querySelector('.page') ? Number(root.querySelector('.page').dataset.page) : null,
    };
  })()`)) as { header: DOMRect; cards: { id: string; box: DOMRect }[]; cut: string[]; leftPx: number | null; page: number | null };
  assert.ok(report.cards.length > 0, `${what}: cards shown`);
  for (const { id, box } of report.cards) {
    assert.ok(box.left >= 0 && box.top >= report.header.bottom && box.right <= width + 0.5 && box.bottom <= height + 0.5, `${what}: ${id} inside the screen, under the header: ${JSON.stringify(box)}`);
  }
  for (let i = 0; i < report.cards.length; i++) {
    for (let j = i + 1; j < report.cards.length; j++) {
      const a = report.cards[i]!.box;
      const b = report.cards[j]!.box;
      assert.ok(a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5, `${what}: ${report.cards[i]!.id} and ${report.cards[j]!.id} overlap`);
    }
  }
  assert.deepEqual(report.cut, [], `${what}: text cut`);
  assert.ok(report.leftPx !== null && report.leftPx >= 0.025 * height, `${what}: the players left at ${report.leftPx}px, under 2.5% of ${height}px`);
  return { ids: report.cards.map((c) => c.id), page: report.page };
}

/** Every page of the lobby at one size: all tournaments shown once, each page checked. */
async function checkLobby(page: Page, ids: string[], width: number, height: number): Promise<number> {
  await page.setViewportSize({ width, height });
  const seen: string[] = [];
  let pages = 1;
  for (let n = 1; n <= pages; n++) {
    await page.goto(`${server.url}/lobby?page=${n}`);
    await page.locator('riffle-lobby .board > li .left').first().waitFor({ timeout: 5000 });
    // Every shown tournament has its feed (its players left) before the geometry is read.
    await page.waitForFunction(`(() => { const r = document.querySelector('riffle-lobby').shadowRoot; const cards = r.querySelectorAll('.board > li'); return cards.length > 0 && [...cards].every((c) => c.querySelector('.left')); })()`, undefined, { timeout: 5000 });
    const shown = await checkPage(page, width, height, `${ids.length} tournaments at ${width}x${height}, page ${n}`);
    if (n === 1 && shown.page !== null) pages = Number((await page.locator('riffle-lobby .page').textContent())!.split('/')[1]!.trim());
    if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/lobby-${ids.length}-${width}-p${n}.png` });
    seen.push(...shown.ids);
  }
  assert.deepEqual([...seen].sort(), [...ids].sort(), `${ids.length} tournaments at ${width}x${height}: each on one page`);
  return pages;
}

describe('lobby geometry', () => {
  it('1, 5 and 12 tournaments, running and finished, at 1920x1080 and 1280x720: inside, apart, uncut, readable, paged', async () => {
    const page = await browser.page({ width: 1920, height: 1080 });
    const ids = [await tournament(false)];
    for (const [w, h] of [[1920, 1080], [1280, 720]] as const) assert.equal(await checkLobby(page, ids, w, h), 1);
    ids.push(await tournament(true), await tournament(false), await tournament(true), await tournament(false));
    for (const [w, h] of [[1920, 1080], [1280, 720]] as const) await checkLobby(page, ids, w, h);
    for (const finished of [true, false, true, false, false, true, false]) ids.push(await tournament(finished));
    for (const [w, h] of [[1920, 1080], [1280, 720]] as const) assert.ok((await checkLobby(page, ids, w, h)) >= 2, '12 tournaments take more than a page');
    assert.deepEqual(browser.errors, []);
    await page.context().close();
  });
});
