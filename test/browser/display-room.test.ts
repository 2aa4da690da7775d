/**
 * The venue display's room for what it must say (issue 14): the halted-table notice (TDA 2017
 * r10D) takes its own line and never covers the tournament name, the level or the countdown at
 * 720p, 1080p and 4K, and hides during a break; the break screen names the next level's
 * ante / BBA; the seat lookup tells a player who is out his place.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { playersBeforeButton } from '../helpers/seating.js';
import { eventually, PHONE, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

async function state(id: string): Promise<any> {
  return ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).state;
}

/** Two tables of 9, table 2 three players short of table 1: play halts there (TDA 2017 r10D). */
async function haltedEvent(): Promise<{ id: string; busted: Array<{ entryId: string }> }> {
  const id = await server.createTournament();
  await server.ok(id, { type: 'table.add' });
  await server.ok(id, { type: 'table.add' });
  for (let i = 0; i < 18; i++) await server.ok(id, { type: 'entry.add', name: `Player ${String.fromCharCode(65 + i)}` });
  await server.ok(id, { type: 'seating.draw' });
  await server.ok(id, { type: 'button.draw' });
  await server.ok(id, { type: 'clock.start' });
  const busted = playersBeforeButton((await state(id)).seating.tables[1], 3) as Array<{ entryId: string }>;
  for (const s of busted) await server.ok(id, { type: 'entry.bust', entryIds: [s.entryId] });
  return { id, busted };
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  assert.ok(box, `${selector} is shown`);
  return box;
}

describe('venue display: room for the halted notice', () => {
  it('the notice never covers the name, the level or the countdown at 720p, 1080p and 4K, and hides during a break', async () => {
    const { id } = await haltedEvent();
    const page = await browser.page({ width: 1280, height: 720 });
    await page.goto(`${server.url}/display/${id}`);
    for (const [width, height] of [[1280, 720], [1920, 1080], [3840, 2160]] as const) {
      await page.setViewportSize({ width, height });
      await page.locator('riffle-halted-notice .notice', { hasText: 'Table 2' }).waitFor({ timeout: 5000 });
      const notice = await boxOf(page, 'riffle-halted-notice .notice');
      for (const part of ['riffle-clock-face h1.name', 'riffle-clock-face .level', 'riffle-clock-face .countdown', 'riffle-clock-face .blinds']) {
        const other = await boxOf(page, part);
        assert.ok(!overlap(notice, other), `${width}x${height}: the notice ${JSON.stringify(notice)} covers ${part} ${JSON.stringify(other)}`);
      }
      assert.ok(notice.y + notice.height <= height && notice.x >= 0 && notice.x + notice.width <= width, `${width}x${height}: the notice is on screen`);
    }
    // A break: no hands are dealt, the notice goes (and comes back after it).
    const items = (await state(id)).structure.items as any[];
    const breakIndex = items.findIndex((i) => i.break);
    await server.ok(id, { type: 'level.set', index: breakIndex });
    await page.locator('riffle-clock-face .after-break').waitFor({ timeout: 5000 });
    await page.locator('riffle-halted-notice .notice').waitFor({ state: 'detached', timeout: 5000 });
    await page.context().close();
  });

  it('the break screen names the next level’s blinds and its ante / BBA', async () => {
    const id = await server.createTournament();
    const items = (await state(id)).structure.items as any[];
    const breakIndex = items.findIndex((i, n) => i.break && items[n + 1] && (items[n + 1].bba || items[n + 1].ante));
    assert.ok(breakIndex > 0, 'the sample structure has a break before a level with an ante');
    const next = items[breakIndex + 1];
    await server.ok(id, { type: 'level.set', index: breakIndex });
    const page = await browser.page({ width: 1920, height: 1080 });
    await page.goto(`${server.url}/display/${id}`);
    const fmt = (n: number) => n.toLocaleString('en');
    const ante = next.bba ? `BBA ${fmt(next.bba)}` : `Ante ${fmt(next.ante)}`;
    await page.locator('riffle-clock-face .after-break', { hasText: `After the break: Level ${next.n} · ${fmt(next.sb)} / ${fmt(next.bb)} · ${ante}` }).waitFor({ timeout: 5000 });
    await page.context().close();
  });
});

describe('venue display: ?rotate=', () => {
  it('cycles one TV through the clock, the payouts and the seat draw', async () => {
    const { id } = await haltedEvent();
    const page = await browser.page({ width: 1280, height: 720 });
    await page.goto(`${server.url}/display/${id}?rotate=2`);
    const seen = new Set<string>();
    const shows = () =>
      page.evaluate(`(() => { const root = document.querySelector('riffle-display').shadowRoot;
        return root.querySelector('riffle-seat-draw') ? 'seats' : root.querySelector('riffle-payout-ladder') ? 'payouts' : root.querySelector('riffle-clock-face') ? 'clock' : 'none'; })()`) as Promise<string>;
    // Clock, payouts, seats, and back to the clock: each in turn within a few rotations.
    // ('none' while the page is still loading its first snapshot is not a view.)
    const look = async () => {
      const view = await shows();
      if (view !== 'none') seen.add(view);
      return [...seen].sort().join();
    };
    await eventually(look, (v) => v === 'clock,payouts,seats', 12_000, 'all three views');
    await page.context().close();
  });
});

describe('seat lookup', () => {
  it('tells a player who is out his place instead of "no player found"', async () => {
    const { id, busted } = await haltedEvent();
    const out = (await state(id)).players.entries.find((e: any) => e.id === busted[0]!.entryId);
    const page = await browser.page(PHONE);
    await page.goto(`${server.url}/seat/${id}`);
    await page.locator('riffle-seat input').fill(out.name);
    const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;
    await page.locator('riffle-seat .where.out', { hasText: `Not in play: ${ordinal(out.place)}` }).waitFor({ timeout: 5000 });
    assert.equal(await page.locator('riffle-seat .hint', { hasText: 'No player found' }).count(), 0);
    await page.context().close();
  });
});
