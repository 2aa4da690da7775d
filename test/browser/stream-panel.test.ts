/**
 * The producer's Stream tab on a phone (issue: stream overlays), in Debian's Chromium against a
 * real server: the stream PIN shows the Stream tab alone; the producer features a table, counts
 * its chips in one command, pushes a lower third, sets the ticker and the delay; floor staff
 * have no Stream tab; the TD sees how far behind the stream runs. Expected values by hand.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, pairedPhone, PHONE, typePin, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';
import { CUT_AT_TEN, LONG_NAMES as AIR_NAMES } from '../helpers/overlay-layout.js';

const SHOTS = process.env.RIFFLE_SHOTS;

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

async function state(id: string): Promise<any> {
  return ((await (await fetch(`${server.url}/api/tournaments/${id}`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).json()) as { state: any }).state;
}

/** A tournament with one table of six seated players. */
async function seated(): Promise<{ id: string; tableId: string }> {
  const id = await server.createTournament();
  await server.ok(id, { type: 'table.add' });
  for (const name of ['Anna Jansen', 'Bo Berg', 'Cas de Wit', 'Dirk Vos', 'Eva Smit', 'Fleur Bos']) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'seating.draw' });
  return { id, tableId: (await state(id)).seating.tables[0].id };
}

const panel = (page: Page) => page.locator('riffle-stream-panel');

describe('the Stream tab', () => {
  it('the producer PIN shows the Stream tab alone: no clock controls, no players or money', async () => {
    const { id } = await seated();
    const page = await pairedPhoneTo(id, TEST_PINS.stream);
    await panel(page).waitFor({ timeout: 5000 });
    assert.equal(await page.locator('riffle-clock-panel').count(), 0);
    assert.equal(await page.locator('riffle-tab-bar').count(), 0, 'one tab: no tab bar');
    assert.equal(await page.locator('riffle-players-panel, riffle-money-panel, riffle-room-view').count(), 0);
    await page.context().close();
  });

  it('features a table, saves its chip counts in one command, pushes a lower third, ticker and delay', async () => {
    const { id, tableId } = await seated();
    const page = await pairedPhoneTo(id, TEST_PINS.stream);
    await panel(page).locator('select[data-field="featured"]').selectOption(tableId);
    await eventually(async () => (await state(id)).stream.featuredTableId, (v) => v === tableId, 5000, 'featured');
    await page.locator('.toast', { hasText: 'Table 1 featured' }).waitFor({ timeout: 5000 });

    // Every occupied seat, prefilled with the starting stack (20,000).
    const inputs = panel(page).locator('input[data-entry]');
    await eventually(async () => inputs.count(), (n) => n === 6, 5000, 'six seats');
    assert.deepEqual(await inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)), Array(6).fill('20,000'));
    const entries = await inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).dataset.entry!));
    const logBefore = await log(id);
    await inputs.nth(0).fill('31500');
    await inputs.nth(0).press('Enter'); // moves to the next seat
    assert.equal(await panel(page).evaluate((el) => (el.shadowRoot!.activeElement as HTMLInputElement | null)?.dataset.entry), entries[1]);
    await inputs.nth(2).fill('8500');
    await panel(page).locator('button[data-action="counts"]').click();
    await page.locator('.toast', { hasText: 'Chip counts of table 1 saved (2 players)' }).waitFor({ timeout: 5000 });
    const logAfter = await log(id);
    assert.equal(logAfter.length, logBefore.length + 1, 'one command for the table');
    assert.equal(logAfter.at(-1).type, 'chips.count');
    const players = (await state(id)).players.entries;
    assert.equal(players.find((p: any) => p.id === entries[0]).chips, 31_500);
    assert.equal(players.find((p: any) => p.id === entries[2]).chips, 8_500);
    assert.equal(players.find((p: any) => p.id === entries[1]).chips, 20_000);

    // Cue, then take: the cue is not on air; Take airs it in one tap.
    const form = panel(page).locator('form', { has: page.locator('input[name="title"]') });
    await form.locator('input[name="title"]').fill('Anna Jansen');
    await form.locator('input[name="subtitle"]').fill('Chip leader');
    await form.locator('button[data-action="cue"]').click();
    await panel(page).locator('[data-cued]', { hasText: 'Cued: Anna Jansen' }).waitFor({ timeout: 5000 });
    assert.equal((await state(id)).stream.lowerThird, null, 'cued, not on air');
    await panel(page).locator('button[data-action="take"]').click();
    await eventually(async () => (await state(id)).stream.lowerThird?.title, (v) => v === 'Anna Jansen', 5000, 'lower third');
    assert.equal((await state(id)).stream.lowerThird.subtitle, 'Chip leader');
    assert.equal((await state(id)).stream.cued, null);
    await panel(page).locator('[data-status="lower-third"]', { hasText: 'On air: Anna Jansen' }).waitFor({ timeout: 5000 });

    await panel(page).locator('textarea[name="messages"]').fill('Welcome to the Sunday Deepstack\n\nNext event: Sunday 14:00');
    await panel(page).locator('button[data-action="ticker"]').click();
    await eventually(async () => (await state(id)).stream.ticker, (v) => v.length === 2, 5000, 'ticker');
    assert.deepEqual((await state(id)).stream.ticker, ['Welcome to the Sunday Deepstack', 'Next event: Sunday 14:00']);

    await panel(page).locator('input[data-field="delay"]').fill('45');
    await panel(page).locator('button[data-action="delay"]').click();
    await eventually(async () => (await state(id)).stream.delaySeconds, (v) => v === 45, 5000, 'delay');
    await panel(page).locator('[data-status="delay"]', { hasText: 'Stream runs 45 s behind' }).waitFor({ timeout: 5000 });
    // Back to 0 airs the room live: asked once more, with why; nothing is sent until confirmed.
    const logBeforeZero = (await log(id)).length;
    await panel(page).locator('input[data-field="delay"]').fill('0');
    await panel(page).locator('button[data-action="delay"]').click();
    await panel(page).locator('[data-warning="live"]', { hasText: 'The stream runs 45 s behind the room' }).waitFor({ timeout: 5000 });
    assert.equal((await panel(page).locator('button[data-action="delay"]').textContent())?.trim(), 'Air live: confirm');
    assert.equal((await log(id)).length, logBeforeZero, 'nothing sent on the first tap');
    await panel(page).locator('button[data-action="delay"]').click();
    await eventually(async () => (await state(id)).stream.delaySeconds, (v) => v === 0, 5000, 'delay 0 once confirmed');
    assert.equal(await panel(page).locator('[data-warning="live"]').count(), 0);

    await panel(page).locator('button[data-overlay="leaderboard"]').click();
    await eventually(async () => (await state(id)).stream.hidden, (v) => v.includes('leaderboard'), 5000, 'leaderboard off air');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'nothing scrolls sideways');
    await page.context().close();
  });

  it('floor staff have no Stream tab; the TD sees that the stream runs behind', async () => {
    const { id } = await seated();
    await server.ok(id, { type: 'stream.delay', seconds: 30 });
    const floor = await pairedPhone(browser, server.url, TEST_PINS.floor, id);
    assert.equal(await floor.locator('riffle-tab-bar button[data-tab="stream"]').count(), 0);
    await floor.context().close();
    const td = await pairedPhone(browser, server.url, TEST_PINS.td, id);
    await td.locator('.stream-behind', { hasText: 'Stream runs 30 s behind' }).waitFor({ timeout: 5000 });
    await td.locator('riffle-tab-bar button[data-tab="stream"]').click();
    await panel(td).waitFor({ timeout: 5000 });
    await td.context().close();
  });
});

/** Nine names of 40 characters, as a real field has them. */
const LONG_NAMES = Array.from({ length: 9 }, (_, i) => `${String(i + 1)} Anna-Katharina Wilhelmina van der Bergh`.slice(0, 40).padEnd(40, 'e'));

/** A 9-handed featured table of 40-character names, a delay, a lower third on air (it airs later), a cue and a library. */
async function producerNight(lang: string): Promise<{ id: string; tableId: string }> {
  const id = await server.createTournament({ ...sampleTournament(), name: 'Riffle Sunday Deepstack Championship 202', settings: { ...sampleTournament().settings, locale: lang } });
  await server.ok(id, { type: 'table.add' });
  for (const name of LONG_NAMES) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'seating.draw' });
  const tableId = (await state(id)).seating.tables[0].id;
  await server.ok(id, { type: 'stream.feature', tableId });
  await server.ok(id, { type: 'stream.delay', seconds: 600 });
  await server.ok(id, { type: 'stream.lowerThird', title: LONG_NAMES[0]!, subtitle: 'Three-time Sunday champion from Amsterdam' });
  await server.ok(id, { type: 'stream.show', overlay: 'leaderboard', visible: false });
  await server.ok(id, { type: 'stream.cue', lowerThird: { title: LONG_NAMES[1]!, subtitle: 'Chip leader at the featured table, Utrecht' } });
  for (const name of LONG_NAMES.slice(2, 5)) await server.ok(id, { type: 'stream.library.save', title: name, subtitle: 'Runner-up of the 2025 Main Event, Rotterdam' });
  return { id, tableId };
}

/** Elements of the Stream tab whose text overflows its box (scrollWidth beyond clientWidth). */
async function overflowing(page: Page): Promise<string[]> {
  return panel(page).evaluate((el) =>
    [...el.shadowRoot!.querySelectorAll<HTMLElement>('button, h2, p, span, label, li, select, summary')]
      .filter((e) => e.clientWidth > 0 && !e.classList.contains('visually-hidden') && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${e.textContent?.trim().slice(0, 40)}`),
  );
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the Stream tab on a phone (issue 24)', () => {
  for (const lang of ['en', 'de'] as const) {
    it(`${lang}: compact at 390x844: the ten on-air switches in the first screen, no overflow, no overlap, with 40-character names`, async () => {
      const { id } = await producerNight(lang);
      const page = await pairedPhoneTo(id, TEST_PINS.stream, lang);
      const switches = panel(page).locator('button[data-overlay]');
      await eventually(async () => switches.count(), (n) => n === 10, 5000, 'ten switches');
      await panel(page).locator('[data-cued]').waitFor({ timeout: 5000 });
      await panel(page).locator('li[data-saved]').nth(2).waitFor({ timeout: 5000 });
      const boxes: Box[] = [];
      for (let i = 0; i < 10; i++) {
        const box = (await switches.nth(i).boundingBox())!;
        assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height, `switch ${i} in the first screen (bottom ${box.y + box.height})`);
        assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `switch ${i} inside the width`);
        assert.ok(box.height >= 44, 'a thumb-sized target');
        boxes.push(box);
      }
      for (let i = 0; i < 10; i++) for (let j = i + 1; j < 10; j++) assert.ok(!overlap(boxes[i]!, boxes[j]!), `switches ${i} and ${j} overlap`);
      // The leaderboard was taken off air and the lower third put on under a 600 s delay: both
      // say when the stream airs them (HH:MM:SS, worked out here from the command's time).
      const changedAt = (await state(id)).stream.changedAt;
      const hhmmss = (t: number) => page.evaluate((ms) => { const d = new Date(ms); return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':'); }, t);
      const offAt = await hhmmss(changedAt.leaderboard + 600_000);
      const onAt = await hhmmss(changedAt['lower-third'] + 600_000);
      const words = lang === 'en' ? { off: `Off air at ${offAt}`, on: `On air at ${onAt}: ${LONG_NAMES[0]}` } : { off: `Aus der Sendung um ${offAt}`, on: `Auf Sendung um ${onAt}: ${LONG_NAMES[0]}` };
      assert.equal((await switches.nth(1).locator('[data-state]').textContent())?.trim(), words.off);
      assert.equal((await panel(page).locator('[data-status="lower-third"]').textContent())?.trim(), words.on);
      assert.deepEqual(await overflowing(page), [], 'no text overflows its box');
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'nothing scrolls sideways');
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/stream-tab-${lang}.png` });
        await page.screenshot({ path: `${SHOTS}/stream-tab-${lang}-full.png`, fullPage: true });
      }
      await page.context().close();
    });
  }

  it('the preview: one overlay page in a 16:9 frame, as it will air (the room, with the producer\'s text) or as the stream shows it now', async () => {
    const { id } = await seated();
    await server.ok(id, { type: 'stream.lowerThird', title: 'Anna Jansen', subtitle: 'Chip leader' });
    const page = await pairedPhoneTo(id, TEST_PINS.stream);
    assert.equal(await panel(page).locator('iframe').count(), 0, 'no overlay page loaded until one is chosen');
    await panel(page).locator('select[data-field="preview"]').selectOption('lower-third');
    const frame = panel(page).locator('.frame iframe');
    await frame.waitFor({ timeout: 5000 });
    assert.match((await frame.getAttribute('src'))!, new RegExp(`^/overlay/${id}/lower-third\\?live=1$`));
    // The live page signs in with this phone's session, so it reads the producer's text.
    await page.frameLocator('riffle-stream-panel .frame iframe').locator('riffle-overlay-lower-third', { hasText: 'Anna Jansen' }).waitFor({ timeout: 10_000 });
    const box = (await frame.boundingBox())!;
    assert.ok(Math.abs(box.width / box.height - 16 / 9) < 0.02, `16:9 (${box.width}x${box.height})`);
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, 'inside the screen');
    await panel(page).locator('button[data-preview="now"]').click();
    assert.equal(await frame.getAttribute('src'), `/overlay/${id}/lower-third`, 'the delayed feed, as OBS airs it');
    await page.context().close();
  });

  it('the library: save a bio, cue it in one tap, take it to air, remove it', async () => {
    const { id } = await seated();
    const page = await pairedPhoneTo(id, TEST_PINS.stream);
    const form = panel(page).locator('form', { has: page.locator('input[name="title"]') });
    await form.locator('input[name="title"]').fill('Cas de Wit');
    await form.locator('input[name="subtitle"]').fill('Two-time champion');
    await form.locator('button[data-action="save-bio"]').click();
    const saved = panel(page).locator('li[data-saved]', { hasText: 'Cas de Wit' });
    await saved.waitFor({ timeout: 5000 });
    assert.deepEqual((await state(id)).stream.library, [{ id: 'lt1', title: 'Cas de Wit', subtitle: 'Two-time champion' }]);
    assert.equal((await state(id)).stream.lowerThird, null, 'saving airs nothing');
    await saved.locator('button[data-action="cue-saved"]').click();
    await panel(page).locator('[data-cued]', { hasText: 'Cas de Wit' }).waitFor({ timeout: 5000 });
    await panel(page).locator('button[data-action="take"]').click();
    await eventually(async () => (await state(id)).stream.lowerThird?.title, (v) => v === 'Cas de Wit', 5000, 'taken to air');
    await saved.locator('button[data-action="remove-saved"]').click();
    await eventually(async () => (await state(id)).stream.library.length, (n) => n === 0, 5000, 'removed');
    await saved.waitFor({ state: 'detached', timeout: 5000 });
    await page.context().close();
  });

  it('a lower third of 10,000 characters: a clear error in the phone\'s language, nothing sent, nothing on air', async () => {
    const { id } = await seated();
    const page = await pairedPhoneTo(id, TEST_PINS.stream, 'nl');
    const form = panel(page).locator('form', { has: page.locator('input[name="title"]') });
    await form.locator('input[name="title"]').waitFor({ timeout: 5000 });
    const before = (await log(id)).length;
    await form.locator('input[name="title"]').fill('x'.repeat(10_000));
    await form.locator('button[data-action="cue"]').click();
    const error = panel(page).locator('[data-error="lower-third"]');
    await error.waitFor({ timeout: 5000 });
    assert.equal((await error.textContent())?.trim(), 'Titel is 10.000 tekens lang: er passen er hoogstens 200 in een onderschrift.');
    await form.locator('button[data-action="save-bio"]').click();
    assert.equal((await log(id)).length, before, 'nothing sent');
    const stream = (await state(id)).stream;
    assert.equal(stream.lowerThird, null);
    assert.equal(stream.cued, null);
    assert.deepEqual(stream.library, []);
    assert.deepEqual(await overflowing(page), [], 'the error fits its box');
    await page.context().close();
  });

  it('an expired player clock on the producer\'s phone: laid out in lines, leaves by itself a few seconds after zero, or at once when dismissed', async () => {
    const id = await server.createTournament({ ...sampleTournament(), settings: { ...sampleTournament().settings, rules: { playerClock: { totalSeconds: 5, countdownSeconds: 2 } } } });
    await server.ok(id, { type: 'table.add' });
    for (const name of LONG_NAMES.slice(0, 4)) await server.ok(id, { type: 'entry.add', name });
    await server.ok(id, { type: 'seating.draw' });
    const table = (await state(id)).seating.tables[0];
    const seat = table.seats.findIndex((s: any) => s.entryId) + 1;
    const page = await pairedPhoneTo(id, TEST_PINS.stream);
    await panel(page).waitFor({ timeout: 5000 });
    const banner = page.locator('riffle-player-clocks .banner');
    await server.ok(id, { type: 'playerClock.start', tableId: table.id, seat });
    await page.locator('riffle-player-clocks .banner.up').waitFor({ timeout: 10_000 });
    // The name on one or two lines at full width, not one letter per line.
    const name = (await page.locator('riffle-player-clocks .banner.up .name').boundingBox())!;
    const bannerBox = (await banner.boundingBox())!;
    assert.ok(name.width > bannerBox.width * 0.6, `the name has the banner's width (${name.width} of ${bannerBox.width})`);
    assert.ok(name.height < 3 * 24, `the name takes at most two lines (${name.height} px)`);
    assert.ok(bannerBox.x >= 0 && bannerBox.x + bannerBox.width <= PHONE.width, 'inside the screen');
    // It leaves by itself at leavesAt (endsAt + 5 s), the clock still running on the server.
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
    assert.ok((await state(id)).seating.tables[0].playerClock, 'the floor has not stopped it: it left the phone by itself');
    // A new clock: dismissed at once.
    await server.ok(id, { type: 'playerClock.start', tableId: table.id, seat });
    await page.locator('riffle-player-clocks .banner.up').waitFor({ timeout: 10_000 });
    await page.locator('riffle-player-clocks button[data-action="dismiss-clock"]').click();
    assert.equal(await banner.count(), 0, 'dismissed');
    await page.context().close();
  });
});

async function log(id: string): Promise<any[]> {
  const res = await fetch(`${server.url}/api/tournaments/${id}/log?limit=1000`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
  return ((await res.json()) as { entries: any[] }).entries;
}

/** The producer's phone has no clock panel to wait for: pair, then choose the tournament. */
describe('names on air and deep stacks on the phone', () => {
  it('de: the plates\' names predicted (five cut at a table of 10, flagged), a shorter on-air name set; a count of 14.250.000 typed with separators', async () => {
    const sample = sampleTournament();
    const id = await server.createTournament({ ...sample, settings: { ...sample.settings, locale: 'de', startingStack: 15_000_000 } });
    await server.ok(id, { type: 'table.add', seats: 10 });
    for (const name of AIR_NAMES) await server.ok(id, { type: 'entry.add', name });
    await server.ok(id, { type: 'seating.draw' });
    const table = (await state(id)).seating.tables[0];
    await server.ok(id, { type: 'stream.feature', tableId: table.id });
    const page = await pairedPhoneTo(id, TEST_PINS.stream, 'de');
    const card = panel(page).locator('[data-card="names"]');
    // The five names the overlay test finds cut on a plate of 10 (CUT_AT_TEN), flagged here beforehand.
    const row = (entryId: string) => card.locator(`li[data-entry="${entryId}"]`);
    await eventually(() => row('e1').getAttribute('data-fit'), (fit) => fit === 'cut', 5000, 'Hoogenboom flagged cut');
    const flagged = await card.locator('li[data-fit="cut"] .name').allTextContents();
    assert.deepEqual(flagged.map((t) => t.replace(/^\d+ · /, '')).sort(), [...CUT_AT_TEN].sort());
    assert.equal(await card.locator('[data-cut]').textContent(), '5 Namen abgeschnitten');
    assert.equal(await row('e10').getAttribute('data-fit'), 'full', 'Åsa Øvergård in full');
    assert.equal(await row('e8').getAttribute('data-fit'), 'full', 'Giancarlo Castiglione in full');
    await row('e1').locator('input[name="onAirName"]').fill('A-S Hoogenboom');
    await row('e1').locator('button[data-action="on-air-name"]').click();
    await page.locator('.toast', { hasText: 'Name im Bild: A-S Hoogenboom' }).waitFor({ timeout: 5000 });
    assert.equal((await state(id)).players.entries[0].onAirName, 'A-S Hoogenboom');
    await eventually(() => row('e1').getAttribute('data-fit'), (fit) => fit === 'short', 5000, 'Hoogenboom airs as his on-air name');
    assert.equal((await row('e1').locator('[data-airs]').textContent())?.trim(), 'Als A-S Hoogenboom');
    assert.equal(await card.locator('[data-cut]').textContent(), '4 Namen abgeschnitten');

    // The counts: 15.000.000 shown with separators in German; 14.250.000 typed with them.
    const input = panel(page).locator('input[data-entry="e1"]');
    assert.equal(await input.inputValue(), '15.000.000');
    await input.fill('14.250.000');
    await panel(page).locator('button[data-action="counts"]').click();
    await eventually(async () => (await state(id)).players.entries[0].chips, (chips) => chips === 14_250_000, 5000, 'the count saved');
    const box = (await input.boundingBox())!;
    assert.equal(await input.evaluate((el) => el.scrollWidth <= el.clientWidth), true, '14.250.000 fits its input');
    assert.ok(box.x + box.width <= PHONE.width, 'the input inside the phone');
    await input.fill('14,25 M');
    await panel(page).locator('button[data-action="counts"]').click();
    await panel(page).locator('.counts [role="status"]', { hasText: 'Platz' }).waitFor({ timeout: 5000 });
    assert.equal((await state(id)).players.entries[0].chips, 14_250_000, 'nothing sent');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/stream-names-de.png`, fullPage: true });
    await page.context().close();
  });
});

async function pairedPhoneTo(id: string, pin: string, lang?: string): Promise<Page> {
  const page = await browser.page(PHONE);
  await page.goto(`${server.url}/control${lang ? `?lang=${lang}` : ''}`);
  await typePin(page, pin);
  await page.locator('riffle-control select').first().waitFor({ timeout: 5000 });
  await page.locator('riffle-control select').first().selectOption(id);
  return page;
}
