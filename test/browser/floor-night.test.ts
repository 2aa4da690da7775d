/**
 * The floor of a night on the phone and the TV (issue 23, items 4 and 5), in Chromium, with
 * 40-character names: a balance shows every move it needs and applies them all with one tap,
 * each move undoable; a pasted list registers, naming the lines left out; the TV's table-moves
 * board stays inside its row at the final table in all five languages, lists only players still
 * in, and no two panels overlap. Expected figures are worked by hand in the test.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { pairedPhone, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const SHOTS = process.env.RIFFLE_SHOTS;
const TV = { width: 1920, height: 1080 };
/** 40 characters each, told apart by the number up front. */
const longName = (i: number) => `${String(i).padStart(2, '0')} Maximiliaan van der Heijden-Kluivert`.padEnd(40, 'x').slice(0, 40);

async function state(id: string): Promise<any> {
  return ((await (await fetch(`${server.url}/api/tournaments/${id}`, { headers: { authorization: 'Bearer test-admin-token-0123456789' } })).json()) as any).state;
}

async function field(players: number, tables: number): Promise<string> {
  const id = await server.createTournament({ ...sampleTournament(), name: 'Thursday Night Deepstack Championship 2026' });
  for (let i = 0; i < tables; i++) await server.ok(id, { type: 'table.add' });
  for (let i = 1; i <= players; i++) await server.ok(id, { type: 'entry.add', name: longName(i) });
  await server.ok(id, { type: 'seating.draw' });
  await server.ok(id, { type: 'button.draw' });
  await server.ok(id, { type: 'clock.start' });
  return id;
}

/** Nothing of the page wider than the screen, and the boxes named inside the viewport. */
async function fits(page: Page, selector: string, width: number, height: number): Promise<void> {
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(sideways <= 0, `no sideways scroll (${sideways}px)`);
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  assert.ok(boxes.length > 0, `${selector} shown`);
  assert.deepEqual(boxes.filter((b) => b.left < -0.5 || b.right > width + 0.5 || b.top < -0.5 || b.bottom > height + 0.5), [], `${selector} inside ${width}x${height}`);
}

const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

describe('the floor on the phone', () => {
  it('a balance lists every move it needs, "apply all" makes them, each can be undone', async () => {
    // Three tables of 9; four players of table 1 out: 5, 9, 9. By hand (TDA 2017 r10, counts
    // within 1): one from a 9 to the 5 (6, 8, 9), one from the other 9 to the 6 (7, 8, 8): two moves.
    // One hand is dealt at each table first: players bust in hands. (Before any hand, with the
    // button only placed, seats 1-4 of table 1 are all between the button and the small blind,
    // so the only seat left for a newcomer would be the small blind, which a balance never uses.)
    const id = await field(27, 3);
    for (const tableId of ['t1', 't2', 't3']) await server.ok(id, { type: 'hand.next', tableId });
    const t1 = (await state(id)).seating.tables[0];
    for (const s of t1.seats.slice(0, 4)) await server.ok(id, { type: 'entry.bust', entryIds: [s.entryId] });
    const moves = (await state(id)).moves;
    assert.ok(moves.suggestion?.exact, 'a balance move is due');
    assert.equal(1 + (moves.plan?.length ?? 0), 2, 'two moves by hand');
    const names = [moves.suggestion.name, ...moves.plan.map((p: any) => p.name)];

    const page = await pairedPhone(browser, server.url, TEST_PINS.td, id);
    await page.locator('riffle-tab-bar button[data-tab="tables"]').click();
    const card = page.locator('riffle-floor-call [data-call="balance"]');
    await card.waitFor({ timeout: 5000 });
    assert.deepEqual(await card.locator('ol.plan li .name').allTextContents(), names, 'both moves, by name, in order');
    await fits(page, 'riffle-floor-call section, riffle-floor-call ol.plan li, riffle-floor-call button', 390, 100_000);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-balance-en.png`, fullPage: true });
    await card.locator('button[data-action="apply-all"]', { hasText: 'Apply all 2' }).click();
    await page.locator('riffle-floor-call .ok', { hasText: 'balanced' }).waitFor({ timeout: 5000 });
    const after = await state(id);
    assert.deepEqual(after.seating.tables.map((t: any) => t.players).sort(), [7, 8, 8]);
    // The last action was one move: it shows with an undo; undone, the player is back.
    const recent = page.locator('riffle-floor-call ol.recent li');
    assert.ok((await recent.count()) >= 2, 'both moves listed');
    const last = after.moves.recent[after.moves.recent.length - 1];
    await recent.first().locator('button[data-action="undo-move"]').click();
    await page.waitForFunction(
      async ([url, entryId, tableId, seat]) => {
        const body = await (await fetch(url)).json();
        return body.state.seating.tables.some((t: any) => t.id === tableId && t.seats.some((s: any) => s.seat === seat && s.entryId === entryId));
      },
      [`${server.url}/api/tournaments/${id}`, last.entryId, last.from.tableId, last.from.seat] as const,
      { timeout: 5000 },
    );
    await page.context().close();
  });

  it('a pasted list registers every name once and names the lines left out (en, nl)', async () => {
    const id = await server.createTournament({ ...sampleTournament(), name: 'Paste night' });
    await server.ok(id, { type: 'entry.add', name: 'Already Here' });
    const x40 = 'x'.repeat(40);
    for (const [lang, suffix, report] of [
      ['en', '', ['2 registered', 'line 3: anna jansen is in the list twice', 'line 5: Already Here is registered already', `line 6 is not a name: ${x40}`]],
      ['nl', ' NL', ['2 ingeschreven', 'regel 3: anna jansen NL staat twee keer in de lijst', 'regel 5: Already Here is al ingeschreven', `regel 6 is geen naam: ${x40}`]],
    ] as const) {
      const page = await pairedPhone(browser, server.url, TEST_PINS.td, id, `?lang=${lang}`);
      await page.locator('riffle-tab-bar button[data-tab="players"]').click();
      const paste = page.locator('riffle-players-panel details.paste');
      await paste.locator('summary').click();
      // Line 3 is line 1 again in other letters; line 4 is blank (skipped); line 6 is too long.
      const list = [`Anna Jansen${suffix}`, longName(1) + suffix.trim(), `anna jansen${suffix}`, '', 'Already Here', 'x'.repeat(61)].join('\n');
      await paste.locator('textarea').fill(list);
      await paste.locator('button[type="submit"]').click();
      await paste.locator('.list-report').waitFor({ timeout: 5000 });
      assert.equal(await paste.locator('.list-report').textContent(), report.join(' · '));
      await fits(page, 'riffle-players-panel details.paste, riffle-players-panel .list-report', 390, 100_000);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-paste-${lang}.png`, fullPage: true });
      await page.context().close();
    }
    const names = (await state(id)).players.entries.map((e: any) => e.name);
    assert.deepEqual(names.sort(), ['Already Here', 'Anna Jansen', 'Anna Jansen NL', longName(1), `${longName(1)}NL`].sort());
  });
});

describe('the TV at the final table', () => {
  it('the table-moves board stays in its row, pages its lines, only players still in, in five languages', async () => {
    // 12 players at two tables; busts and the floor's calls until the final table is formed:
    // 9 players redrawn with 40-character names (a board taller than the screen's middle row).
    const id = await field(12, 2);
    const busted: string[] = [];
    for (let step = 0; step < 60; step++) {
      const s = await state(id);
      if (s.moves.finalTable) break;
      if (s.moves.finalTableCall) await server.ok(id, { type: 'finalTable.form' });
      else if (s.moves.tableBreak) await server.ok(id, { type: 'table.break', tableId: s.moves.tableBreak.tableId });
      else if (s.moves.suggestion) await server.ok(id, { type: 'balance.apply' });
      else {
        const e = s.players.entries.find((x: any) => x.status === 'active');
        await server.ok(id, { type: 'entry.bust', entryIds: [e.id] });
        busted.push(e.name);
      }
    }
    const s = await state(id);
    assert.ok(s.moves.finalTable, 'final table formed');
    // One more out after the redraw: his move must leave the board.
    const gone = s.seating.tables.flatMap((t: any) => t.seats).find((x: any) => x.entryId);
    await server.ok(id, { type: 'entry.bust', entryIds: [gone.entryId] });
    busted.push(gone.name);
    for (const lang of ['en', 'nl', 'da', 'hr', 'de']) {
      const page = await browser.page(TV);
      await page.goto(`${server.url}/display/${id}?lang=${lang}`);
      const board = page.locator('riffle-table-moves .board');
      await board.waitFor({ timeout: 5000 });
      // As a string: the test runner's transform would name the inner arrows (__name) in the page.
      const geometry = (await page.evaluate(`(() => {
        const display = document.querySelector('riffle-display').shadowRoot;
        const root = display.querySelector('riffle-clock-face').shadowRoot;
        const moves = display.querySelector('riffle-table-moves').shadowRoot;
        const box = (el) => (el ? el.getBoundingClientRect().toJSON() : null);
        const shown = [...moves.querySelectorAll('li')].filter((li) => getComputedStyle(li).display !== 'none');
        return {
          board: box(moves.querySelector('.board')),
          heading: box(moves.querySelector('h2')),
          header: box(root.querySelector('header')),
          title: box(root.querySelector('header .name')),
          cutLabels: [...root.querySelectorAll('.tile .label')].filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
          tiles: [...root.querySelectorAll('.tile')].map((t) => box(t)),
          sound: box(display.querySelector('.sound')),
          lines: shown.map((li) => box(li)),
          overflowing: shown.filter((li) => li.scrollWidth > li.clientWidth + 1).length,
          names: shown.map((li) => (li.querySelector('.name') || {}).textContent || ''),
          page: (moves.querySelector('.page') || {}).textContent || '',
        };
      })()`)) as { board: DOMRect; heading: DOMRect; header: DOMRect; title: DOMRect; cutLabels: string[]; tiles: DOMRect[]; sound: DOMRect | null; lines: DOMRect[]; overflowing: number; names: string[]; page: string };
      assert.ok(geometry.board.top >= geometry.header.bottom - 0.5, `${lang}: the board starts below the header`);
      for (const t of geometry.tiles) assert.ok(!overlap(geometry.board, t), `${lang}: the board does not run into a tile`);
      if (geometry.sound) assert.ok(!overlap(geometry.heading, geometry.sound), `${lang}: the heading is not under the sound badge`);
      if (geometry.sound) assert.ok(!overlap(geometry.title, geometry.sound), `${lang}: the sound badge leaves the name free`);
      assert.deepEqual(geometry.cutLabels, [], `${lang}: no tile label cut ("TILMELDIN…")`);
      assert.ok(geometry.lines.length > 0, `${lang}: some moves shown`);
      for (const l of geometry.lines) assert.ok(l.top >= geometry.board.top && l.bottom <= geometry.board.bottom + 0.5, `${lang}: every line shown inside the board`);
      assert.equal(geometry.overflowing, 0, `${lang}: no line wider than the board`);
      assert.ok(geometry.board.bottom <= TV.height && geometry.board.left >= 0, `${lang}: inside the screen`);
      for (const name of busted) assert.ok(!geometry.names.includes(name), `${lang}: ${name} is out and not on the board`);
      // Nine redraw moves of 40-character names do not fit one page: they page.
      assert.match(geometry.page, /^1 \/ [2-9]$/, `${lang}: paged`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tv-final-table-${lang}.png` });
      await page.context().close();
    }
  });
});

describe('the TV after a deal', () => {
  it('marks the share the TD confirmed below a player\'s guarantee, by name (en, de)', async () => {
    const t = sampleTournament();
    // 4 x 440.75 = 1,763.00 to the pool; prizes 760 / 471 / 307 / 225; chips 350k / 250k / 150k / 70k.
    const id = await server.createTournament({ ...t, name: 'Deal night', settings: { ...t.settings, buyIn: 44_075, startingStack: 205_000, lateRegistrationLevel: null } });
    const names = [1, 2, 3, 4].map(longName);
    for (const name of names) await server.ok(id, { type: 'entry.add', name });
    await server.ok(id, { type: 'payouts.set', amounts: [76_000, 47_100, 30_700, 22_500] });
    await server.ok(id, { type: 'chips.count', counts: [{ entryId: 'e1', chips: 350_000 }, { entryId: 'e2', chips: 250_000 }, { entryId: 'e3', chips: 150_000 }, { entryId: 'e4', chips: 70_000 }] });
    // By chips alone, 1,763.00 x 70/820 = 150.50 for the fourth: below the 225.00 he was sure of.
    await server.ok(id, { type: 'deal.apply', amounts: { e1: 75_250, e2: 53_750, e3: 32_250, e4: 15_050 }, confirmed: true, belowGuarantee: true });
    for (const [lang, mark] of [['en', 'below the prize he was sure of'], ['de', 'unter seinem sicheren Preisgeld']] as const) {
      const page = await browser.page(TV);
      await page.goto(`${server.url}/display/${id}?lang=${lang}&ladder`);
      const below = page.locator('riffle-payout-ladder li.below');
      await below.waitFor({ timeout: 5000 });
      assert.equal(await below.count(), 1, 'one share marked');
      assert.equal(await below.locator('[data-below-guarantee]').textContent(), mark);
      assert.match((await below.textContent()) ?? '', new RegExp(names[3]!.slice(0, 20)));
      await fits(page, 'riffle-payout-ladder li', TV.width, TV.height);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/tv-deal-below-${lang}.png` });
      await page.context().close();
    }
  });
});
