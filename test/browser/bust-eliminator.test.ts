/**
 * Who eliminated whom, from the TD's phone (issue 25), in a real Chromium at 390x844 against a
 * real server: in a PKO tournament a bust asks for its eliminator (one tap on a player at that
 * table; the confirm waits for it), the server pays half the bounty, and the players list
 * corrects the eliminator afterwards. Names of 40 characters must not push the sheet off screen.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { pairedPhone, PHONE, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const stateOf = async (id: string): Promise<any> => ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).state;
const LONG = 'Maximiliaan Alexander van den Broekhoven'; // 40 characters

/** A PKO of 18 at 10.00 a head, drawn to two tables; the first player has a 40-character name. */
async function pkoEvent(): Promise<string> {
  const sample = sampleTournament();
  const id = await server.createTournament({
    ...sample,
    settings: { ...sample.settings, bounty: { format: 'progressive', amount: 1_000, share: 50, finalTwo: 'whole', rebuy: 0, addon: 0, mysteryFrom: 'money', unclaimed: 'players' } },
  });
  await server.ok(id, { type: 'table.add' });
  await server.ok(id, { type: 'table.add' });
  for (let i = 0; i < 18; i++) await server.ok(id, { type: 'entry.add', name: i === 0 ? LONG : `Speler ${String.fromCharCode(65 + i)} ${'x'.repeat(30)}` });
  await server.ok(id, { type: 'seating.draw' });
  return id;
}

const seatedAt = (state: any, n: number): Array<{ entryId: string; name: string }> => state.seating.tables[n].seats.filter((s: any) => s.entryId);
const tableOf = (state: any, entryId: string) => state.seating.tables.findIndex((t: any) => t.seats.some((s: any) => s.entryId === entryId));

/** Nothing wider than the phone, and the box inside the viewport. */
async function fits(page: Page, selector: string): Promise<void> {
  // A string, not a function: tsx would wrap a named inner function in a helper the page has not.
  const wide = (await page.evaluate(`(() => {
    const out = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.right > ${PHONE.width} + 0.5 || el.scrollWidth > el.clientWidth + 1) out.push(el.tagName + '.' + el.className + ' ' + Math.round(r.right) + '/' + el.scrollWidth + '/' + el.clientWidth);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return out.slice(-5);
  })()`)) as string[];
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, `no sideways scroll: ${wide.join(', ')}`);
  for (const box of await page.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))) {
    assert.ok(box.left >= 0 && box.right <= PHONE.width + 0.5, `${selector} inside the phone: ${JSON.stringify(box)}`);
  }
}

describe('bust with an eliminator on the phone (PKO)', () => {
  for (const lang of ['en', 'nl'] as const) {
    it(`${lang}: the bust asks who eliminated him (tablemates only), pays half the bounty, and is corrected afterwards`, async () => {
      const id = await pkoEvent();
      const before = await stateOf(id);
      const t = tableOf(before, 'e1');
      const mates = seatedAt(before, t).filter((s) => s.entryId !== 'e1');
      const stranger = seatedAt(before, 1 - t)[0]!;
      const page = await pairedPhone(browser, server.url, TEST_PINS.td, id, lang === 'nl' ? '?lang=nl' : '');
      await page.locator('riffle-tab-bar button[data-tab="tables"]').click();
      await page.locator('riffle-room-view .table').first().waitFor({ timeout: 5000 });

      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, 'the room view alone fits');
      // Seat, Bust, confirm: with a bounty the bust sheet opens and asks for the eliminator.
      await page.locator('riffle-room-view .seat[data-entry="e1"]').click();
      await page.locator('riffle-room-view .sheet h3 + button').click();
      await page.locator('riffle-room-view .sheet h3 + button.danger').click();
      const picker = page.locator('riffle-bust-hand [data-eliminators="e1"]');
      await picker.waitFor({ timeout: 5000 });
      await picker.getByText(lang === 'nl' ? 'Uitgeschakeld door' : 'Eliminated by').waitFor();
      // Only his tablemates are offered; the other table's players are not.
      assert.equal(await picker.locator('button.choice').count(), mates.length);
      assert.equal(await picker.locator(`button[data-eliminator="${stranger.entryId}"]`).count(), 0);
      assert.equal(await page.locator('riffle-bust-hand button.confirm').isDisabled(), true, 'a bounty is in play: the eliminator is required');
      if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/bust-eliminator-open-${lang}.png` });
      await fits(page, 'riffle-bust-hand .sheet');
      await fits(page, 'riffle-bust-hand button.choice');
      const by = mates[0]!;
      await picker.locator(`button[data-eliminator="${by.entryId}"]`).click();
      await picker.locator(`button[data-eliminator="${by.entryId}"][aria-pressed="true"]`).waitFor();
      if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/bust-eliminator-${lang}.png` });
      await page.locator('riffle-bust-hand button.confirm').click();
      await page.locator('riffle-room-view .seat[data-entry="e1"]').waitFor({ state: 'detached', timeout: 5000 });

      // The server: e1 out, eliminated by the one tapped, who won 5.00 and carries 15.00.
      let after = await stateOf(id);
      const line = (s: any, e: string) => s.players.entries.find((x: any) => x.id === e);
      assert.deepEqual(line(after, 'e1').eliminatedBy, [by.entryId]);
      assert.deepEqual(line(after, by.entryId).knockouts, { count: 1, amount: 500 });
      assert.equal(line(after, by.entryId).bounty, 1_500);
      assert.deepEqual({ pool: after.field.bounty.pool, paid: after.field.bounty.paid, onHeads: after.field.bounty.onHeads }, { pool: 18_000, paid: 500, onHeads: 17_500 });

      // Corrected afterwards in the players list: another player took his chips.
      const other = mates[1]!;
      await page.locator('riffle-tab-bar button[data-tab="players"]').click();
      await page.locator('riffle-players-panel li[data-entry="e1"] button.who').click();
      const form = page.locator('riffle-players-panel form[data-correct="e1"]');
      await form.locator('select').selectOption(other.entryId);
      await form.locator('button[type="submit"]').click();
      await page.locator('riffle-players-panel [data-eliminated-by]', { hasText: other.name.slice(0, 10) }).waitFor({ timeout: 5000 });
      await fits(page, 'riffle-players-panel form[data-correct="e1"]');
      if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/bust-eliminator-correct-${lang}.png` });
      after = await stateOf(id);
      assert.deepEqual(line(after, 'e1').eliminatedBy, [other.entryId]);
      assert.equal(line(after, by.entryId).knockouts, undefined);
      assert.equal(line(after, other.entryId).bounty, 1_500);
      assert.deepEqual(browser.errors, [], 'no page or console errors');
      await page.close();
    });
  }
});

describe('the venue display under bounties (1920x1080)', () => {
  for (const [lang, text] of [
    ['en', 'bounties'],
    ['nl', "bounty's"],
  ] as const) {
    it(`${lang}: the prize pool tile says the bounties still on heads, inside the screen`, async () => {
      const id = await pkoEvent();
      await server.ok(id, { type: 'entry.bust', entryIds: ['e1'], eliminators: { e1: [(await stateOf(id)).seating.tables[tableOf(await stateOf(id), 'e1')].seats.find((s: any) => s.entryId && s.entryId !== 'e1').entryId] } });
      const page = await browser.page({ width: 1920, height: 1080 });
      await page.goto(`${server.url}/display/${id}?lang=${lang}`);
      const tile = page.locator('[data-tile="prizePool"]');
      // 18 heads of 10.00, 5.00 paid: 175.00 still on heads.
      await tile.getByText(text).waitFor({ timeout: 5000 });
      assert.match((await tile.innerText()).replace(/\s+/g, ' '), /175/);
      const box = (await tile.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 1920 && box.y + box.height <= 1080, `inside the screen: ${JSON.stringify(box)}`);
      if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/display-bounty-${lang}.png` });
      const overflow = await tile.evaluate((el) => [...el.querySelectorAll('*')].filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => `${c.className} ${c.scrollWidth}/${c.clientWidth}`));
      assert.deepEqual(overflow, [], 'nothing in the tile overflows');
      await page.close();
    });
  }
});
