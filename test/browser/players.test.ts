/**
 * Registration from the venue's players on a 390x844 phone (issue 27), in English and Dutch,
 * with 40-character names: a few letters (a typo among them) show the returning players with
 * their flag and "Returning"; one tap registers him with his record's id and country; a new name
 * registers in one step and gets its record; a player already in play is marked and cannot be
 * tapped; a pasted list registers the one-player and no-player names and asks about a name a
 * letter off. Asserts what a person sees: texts, and boxes inside the screen, nothing cut.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { eventually, pairedPhone, PHONE, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { openOverlay, settled } from '../helpers/overlays.js';
import { PNG } from 'pngjs';
import { TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const SHOTS = process.env.RIFFLE_SHOTS;
const TD = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
/** 40 characters each. */
const MAX = 'Maximiliaan van der Heijden-Kluivert Sr.';
const GRETA = 'Greta Schwarzenberger-Hohenlohe-Ingelfin';
const IVA = 'Iva Đurđević-Kovačević Petrović-Babić II';
const NEW = 'Wilhelmina Oosterhuizen-Vandenberghe Jr.';

async function record(name: string, country: string, nickname?: string): Promise<string> {
  const res = await fetch(`${server.url}/api/players`, { method: 'POST', headers: TD, body: JSON.stringify({ name, country, ...(nickname ? { nickname } : {}) }) });
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { player: { id: string } }).player.id;
}

async function entries(id: string): Promise<any[]> {
  return ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).state.players.entries;
}

/** Nothing wider than the phone; each box inside the screen and not cut (its text fits its box). */
async function fits(page: Page, boxes: Locator): Promise<void> {
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, 'no sideways scroll');
  const seen = await boxes.evaluateAll((els) => els.map((el) => ({ box: el.getBoundingClientRect().toJSON() as DOMRect, cut: el.scrollWidth > el.clientWidth + 0.5, text: el.textContent })));
  assert.ok(seen.length > 0);
  for (const { box, cut, text } of seen) {
    assert.ok(box.left >= -0.5 && box.right <= PHONE.width + 0.5, `${text} inside the screen's width`);
    assert.ok(!cut, `${text} is cut`);
  }
}

const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

describe('registration from the player database on the phone', () => {
  it('en: a few letters with a typo find him, marked returning with his flag; one tap registers; a new name registers and gets its record', async () => {
    const max = await record(MAX, 'NL', 'Max');
    await record(GRETA, 'DE');
    const id = await server.createTournament();
    const page = await pairedPhone(browser, server.url, TEST_PINS.floor, id);
    await page.locator('riffle-tab-bar button[data-tab="players"]').click();
    const name = page.locator('riffle-player-register form.register input[name="name"]');
    // "heijdn": a letter left out of Heijden.
    await name.fill('heijdn');
    const matches = page.locator('riffle-player-register ul.matches');
    const maxButton = matches.locator(`button[data-player="${max}"]`);
    await maxButton.waitFor({ timeout: 5000 });
    assert.equal((await maxButton.locator('.name').textContent())?.trim(), MAX, 'the name in full');
    assert.equal((await maxButton.locator('.nick').textContent())?.trim(), '“Max”');
    assert.equal((await maxButton.locator('[data-badge]').textContent())?.trim(), 'Returning');
    assert.equal(await maxButton.locator('.flag img').getAttribute('alt'), 'NL');
    // The flag's file loads after the row is drawn: wait for it to load (or fail), then it must be drawn.
    const flagDrawn = await maxButton.locator('.flag img').evaluate(
      (el) =>
        new Promise<boolean>((resolve) => {
          // No named functions in here: the test's transpiler would wrap them in a helper the page lacks.
          const img = el as HTMLImageElement;
          if (img.complete) return resolve(img.naturalWidth > 0);
          img.addEventListener('load', () => resolve(img.naturalWidth > 0), { once: true });
          img.addEventListener('error', () => resolve(img.naturalWidth > 0), { once: true });
        }),
    );
    assert.ok(flagDrawn, 'the flag is drawn');
    await fits(page, matches.locator('button, .name, [data-badge]'));
    const nameBox = (await maxButton.locator('.who').boundingBox())!;
    const badgeBox = (await maxButton.locator('[data-badge]').boundingBox())!;
    assert.ok(!overlap(nameBox as DOMRect, { ...badgeBox, left: badgeBox.x, right: badgeBox.x + badgeBox.width, top: badgeBox.y, bottom: badgeBox.y + badgeBox.height } as DOMRect) || badgeBox.x >= nameBox.x + nameBox.width - 0.5, 'the badge beside the name, not over it');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-player-search-en.png` });

    await maxButton.click();
    await page.locator('riffle-players-panel li[data-entry="e1"]', { hasText: MAX }).waitFor({ timeout: 5000 });
    await page.locator('riffle-control .toast.ok', { hasText: `${MAX} registered` }).waitFor({ timeout: 5000 });
    assert.equal(await name.inputValue(), '', 'the field is free for the next name');
    const [e1] = await entries(id);
    assert.deepEqual([e1.name, e1.venuePlayerId, e1.country], [MAX, max, 'NL']);

    // He is in play now: marked, and no second tap registers him again.
    await name.fill('maximil');
    await maxButton.waitFor({ timeout: 5000 });
    assert.equal((await maxButton.locator('[data-badge]').textContent())?.trim(), 'In play');
    assert.equal(await maxButton.isDisabled(), true);

    // A new name: Enter, one step; his record is made with it.
    await name.fill(NEW);
    await name.press('Enter');
    await page.locator('riffle-players-panel li[data-entry="e2"]', { hasText: NEW }).waitFor({ timeout: 5000 });
    const found = (await (await fetch(`${server.url}/api/players?q=oosterh`, { headers: TD })).json()) as any;
    assert.deepEqual(found.matches.map((m: any) => m.name), [NEW]);
    assert.equal((await entries(id))[1].venuePlayerId, found.matches[0].id);
    await page.context().close();
  });

  it('nl: a returning player by a few letters, and a pasted list that asks about a name a letter off', async () => {
    const iva = await record(IVA, 'HR');
    const id = await server.createTournament();
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, id, '?lang=nl');
    await page.locator('riffle-tab-bar button[data-tab="players"]').click();
    const name = page.locator('riffle-player-register form.register input[name="name"]');
    await name.fill('durdev');
    const ivaButton = page.locator(`riffle-player-register ul.matches button[data-player="${iva}"]`);
    await ivaButton.waitFor({ timeout: 5000 });
    assert.equal((await ivaButton.locator('[data-badge]').textContent())?.trim(), 'Bekende speler');
    assert.equal((await ivaButton.locator('.name').textContent())?.trim(), IVA);
    await fits(page, page.locator('riffle-player-register ul.matches').locator('button, .name, [data-badge]'));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-player-search-nl.png` });
    await ivaButton.click();
    await page.locator('riffle-players-panel li[data-entry="e1"]', { hasText: IVA }).waitFor({ timeout: 5000 });

    // The list: Greta exactly (returning), Max a letter off (asked), a name nobody has (new).
    const paste = page.locator('riffle-player-register details.paste');
    await paste.locator('summary').click();
    const offByOne = MAX.replace('Kluivert', 'Kluivrt');
    await paste.locator('textarea').fill([GRETA, offByOne, 'Nieuwe Speler Van Vanavond'].join('\n'));
    await paste.locator('form:not(.ask) button[type="submit"]').click();
    await paste.locator('.list-report').waitFor({ timeout: 5000 });
    await eventually(() => paste.locator('.list-report').textContent(), (t) => t === '2 ingeschreven · 1 bekende speler', 5000, 'the list report');
    const question = paste.locator('form.ask fieldset[data-line="2"]');
    assert.equal((await question.locator('legend').textContent())?.trim(), `Regel 2: ${offByOne}`);
    assert.deepEqual((await question.locator('label').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim()), [`${MAX} “Max”`, 'Een nieuwe speler', 'Overslaan']);
    await fits(page, paste.locator('form.ask legend, form.ask label, form.ask button'));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-player-list-nl.png`, fullPage: true });
    await question.locator('label', { hasText: MAX }).click();
    await paste.locator('form.ask button[type="submit"]').click();
    await eventually(() => paste.locator('.list-report').textContent(), (t) => t === '1 ingeschreven · 1 bekende speler', 5000, 'the answer report');
    const names = (await entries(id)).map((e) => [e.name, e.venuePlayerId !== undefined]);
    assert.deepEqual(names, [[IVA, true], [GRETA, true], ['Nieuwe Speler Van Vanavond', true], [MAX, true]]);
    assert.deepEqual(browser.errors, []);
    await page.context().close();
  });
});

describe('his photo and flag reach the stream', () => {
  it("the featured table's plates: the photo of a player registered from his record, the flag of the other", async () => {
    const image = new PNG({ width: 120, height: 150 });
    image.data.fill(180);
    const withPhoto = await record('Photographed Player Van Der Plaat-Beeld', 'BE');
    const put = await fetch(`${server.url}/api/players/${withPhoto}/photo`, { method: 'PUT', headers: { authorization: TD.authorization, 'content-type': 'image/png' }, body: PNG.sync.write(image) as unknown as BodyInit });
    assert.equal(put.status, 200);
    const card = ((await put.json()) as any).player;
    const id = await server.createTournament();
    await server.ok(id, { type: 'table.add' });
    await server.ok(id, { type: 'entry.add', name: card.name, venuePlayerId: withPhoto, country: 'BE', photo: card.photo });
    await server.ok(id, { type: 'entry.add', name: 'Flag Only Player', country: 'DK' });
    await server.ok(id, { type: 'seating.draw' });
    await server.ok(id, { type: 'stream.feature', tableId: 't1' });
    const page = await openOverlay(browser, server, id, 'table');
    await settled(page, 'table');
    // The photo's and flag's files load after the plates are drawn: wait until each has loaded or failed.
    await page.waitForFunction(() => [...document.querySelector('riffle-overlay-table')!.shadowRoot!.querySelectorAll('img')].every((i) => i.complete), undefined, { timeout: 5000 });
    const images = await page.evaluate(() =>
      [...document.querySelector('riffle-overlay-table')!.shadowRoot!.querySelectorAll('img[part="photo"], img[part="flag"]')].map((i) => ({ part: i.getAttribute('part'), src: i.getAttribute('src'), drawn: (i as HTMLImageElement).naturalWidth > 0 })),
    );
    assert.deepEqual(
      images.sort((a, b) => String(a.part).localeCompare(String(b.part))),
      [
        { part: 'flag', src: '/assets/flags/dk.svg', drawn: true },
        { part: 'photo', src: card.photo, drawn: true },
      ],
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/overlay-table-photo.png` });
    assert.deepEqual(browser.errors, []);
    await page.close();
  });
});
