/**
 * A PKO night, a mystery-bounty night and a satellite, each created and run from the TD's phone
 * only (390x844, in English, Dutch and German): no HTTP call from the test, only the page's own.
 * The set-up form writes the bounty's split out and refuses a bounty over the buy-in and a seat
 * over the pool; the players are registered from a pasted list; busts name their eliminators and
 * the toast says what each won (the envelope drawn, in a mystery); the envelopes are posted from
 * the Money tab (a total unlike the pool refused there, in the TD's language); the pay-out sheet
 * is marked paid; each night ends, and then the Money tab offers no hand-for-hand.
 *
 * Amounts by hand. PKO: 3 players, 110.00 = 50.00 prize + 10.00 fee + 50.00 bounty, half to the
 * eliminator: Bram busts Anna (wins 25.00, carries 75.00), busts Cees (the last elimination pays
 * his whole 50.00) and collects his own 75.00: 150.00, the whole bounty pool. Mystery: 4 players
 * at 20.00 bounty each: pool 80.00, envelopes 1 x 40.00 + 2 x 20.00. Satellite: 5 entries at
 * 100.00 prize part, a seat 250.00: pool 500.00, 2 seats, nothing left over; play ends when 2 are left.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, PHONE, type TestBrowser, typePin, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const SHOTS = process.env.RIFFLE_SHOTS;
const LONG = 'Maximiliaan Alexander van den Broekhoven';
/** Text as a person reads it: the narrow and no-break spaces of money formats as spaces. */
const plain = (t: string | null) => (t ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ').trim();

/** The TD's phone, paired on the keypad; no tournament chosen yet. */
async function tdPhone(lang: string): Promise<Page> {
  const page = await browser.page(PHONE);
  await page.goto(`${server.url}/control?lang=${lang}`);
  await typePin(page, TEST_PINS.td);
  await page.locator('riffle-control button[data-action="setup"]').waitFor({ timeout: 5000 });
  return page;
}

const form = (page: Page, field: string) => page.locator(`riffle-setup-panel [data-field="${field}"]`);
const formatField = (page: Page, field: string) => page.locator(`riffle-format-setup [data-field="${field}"]`);
const toast = (page: Page, text: RegExp) => page.locator('riffle-control .toast.ok').filter({ hasText: text });

/** Opens the new-tournament form and fills the general and money fields. */
async function newTournament(page: Page, name: string, buyIn: string, fee: string): Promise<void> {
  await page.locator('riffle-control button[data-action="setup"]').click();
  await page.locator('riffle-tournament-list button[data-action="new"]').click();
  await form(page, 'name').fill(name);
  await form(page, 'buyIn').fill(buyIn);
  await form(page, 'fee').fill(fee);
  await form(page, 'lateRegistrationLevel').fill('');
}

async function create(page: Page, name: string): Promise<void> {
  await page.locator('riffle-setup-panel button[data-action="create"]').click();
  await page.locator('riffle-control .toast.ok', { hasText: name }).waitFor({ timeout: 10_000 });
  await page.locator('riffle-clock-panel').waitFor({ timeout: 5000 });
}

/** Registers the names from the players tab's pasted list (all new: nobody to ask about). */
async function register(page: Page, names: string[]): Promise<void> {
  await page.locator('riffle-tab-bar button[data-tab="players"]').click();
  const paste = page.locator('riffle-player-register details.paste');
  await paste.locator('summary').click();
  await paste.locator('textarea').fill(names.join('\n'));
  await paste.locator('form:not(.ask) button[type="submit"]').click();
  await eventually(() => page.locator('riffle-players-panel li[data-entry]').count(), (n) => n === names.length, 10_000, `${names.length} registered`);
}

/** Busts an entry from the players list; with a bounty the sheet asks who took his chips. */
async function bust(page: Page, entryId: string, by?: string): Promise<void> {
  await page.locator('riffle-tab-bar button[data-tab="players"]').click();
  await page.locator(`riffle-players-panel li[data-entry="${entryId}"] button[data-action="bust"]`).click();
  await page.locator(`riffle-players-panel li[data-entry="${entryId}"] button[data-action="confirm-bust"]`).click();
  if (by) {
    // Nobody is seated (no tables): the sheet lists everyone in play.
    await page.locator(`riffle-bust-hand [data-eliminators="${entryId}"] select`).selectOption(by);
    await page.locator('riffle-bust-hand button.confirm').click();
  }
  await page.locator(`riffle-players-panel li.out[data-entry="${entryId}"]`).waitFor({ timeout: 5000 });
}

/** Nothing on the page wider than the phone, no text cut (shadow roots included; form fields scroll their own text). */
async function fitsPhone(page: Page): Promise<void> {
  const wide = (await page.evaluate(`(() => {
    const out = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        const clipped = el.scrollWidth > el.clientWidth + 1 && !['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName) && !el.classList.contains('visually-hidden') && getComputedStyle(el).overflowX !== 'auto';
        if (r.width > 0 && (r.right > ${PHONE.width} + 0.5 || clipped)) out.push(el.tagName + '.' + el.className + ' ' + Math.round(r.right) + '/' + el.scrollWidth + '/' + el.clientWidth);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return out.slice(0, 5);
  })()`)) as string[];
  assert.deepEqual(wide, [], 'nothing wider than the phone');
}

async function moneyTab(page: Page): Promise<void> {
  await page.locator('riffle-tab-bar button[data-tab="money"]').click();
  await page.locator('riffle-money-panel').waitFor();
}

/** Every request the page made went to the server it was opened from. */
function sameOrigin(urls: string[]): void {
  for (const u of urls) assert.ok(u.startsWith(server.url) || u.startsWith('ws://127.0.0.1') || u.startsWith('data:'), `a request outside the server: ${u}`);
}

describe('bounty, mystery and satellite nights from the phone only', () => {
  it('en: a PKO night: the split as typed, a bounty over the buy-in refused, busts paid on the toast, the sheet marked paid', async () => {
    const page = await tdPhone('en');
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await newTournament(page, 'Tuesday PKO', '100', '10');
    await formatField(page, 'bounty').selectOption('progressive');
    await formatField(page, 'format.amount').fill('120');
    // Bad input: a bounty larger than the buy-in; nothing is created.
    await page.locator('riffle-format-setup [role="alert"]', { hasText: 'The bounty (€120) is more than the buy-in (€100).' }).waitFor();
    await page.locator('riffle-setup-panel button[data-action="create"]').click();
    await page.locator('riffle-setup-panel [data-role="form-error"]').waitFor();
    await formatField(page, 'format.amount').fill('50');
    const split = page.locator('riffle-format-setup [data-preview="split"]');
    assert.equal(plain(await split.textContent()), 'Entry: €110 = €50 prize pool + €10 fee + €50 bounty');
    await fitsPhone(page);
    if (SHOTS) await page.locator('riffle-format-setup').screenshot({ path: `${SHOTS}/formats-pko-setup-en.png` });
    await create(page, 'Tuesday PKO');
    assert.equal(await page.locator('riffle-control select option', { hasText: 'Tuesday PKO' }).count(), 1, 'created once, after the refusal');

    await register(page, ['Anna', 'Bram', LONG]);
    await bust(page, 'e1', 'e2');
    await toast(page, /Out: Anna \(Place 3\)\. Bram wins €25/).waitFor({ timeout: 5000 });
    // His card: 25.00 won; 75.00 on his head.
    await page.locator('riffle-players-panel li[data-entry="e2"] button.who').click();
    assert.equal(plain(await page.locator('riffle-players-panel li[data-entry="e2"] [data-role="bounty-won"]').textContent()), 'Won €25 in bounties (1 knockout)');
    assert.match(plain(await page.locator('riffle-players-panel li[data-entry="e2"] [data-bounty]').textContent()), /€75/);
    await bust(page, 'e3', 'e2');
    await toast(page, /Bram wins €50/).waitFor({ timeout: 5000 });

    await moneyTab(page);
    const figures = page.locator('riffle-bounty-money [data-section="bounty-money"]');
    assert.equal(plain(await figures.locator('[data-figure="pool"] dd').textContent()), '€150');
    assert.equal(plain(await figures.locator('[data-figure="paid"] dd').textContent()), '€150');
    assert.equal(plain(await figures.locator('[data-figure="on-heads"] dd').textContent()), '€0');
    const line = page.locator('riffle-bounty-money li[data-entry="e2"]');
    assert.equal(plain(await line.locator('[data-role="owed"]').textContent()), 'Owed €150');
    // The night is over: no hand-for-hand offered.
    assert.equal(await page.locator('riffle-money-panel button[data-action="hfh-start"]').count(), 0);
    await line.locator('button[data-action="mark-paid"]').click();
    await line.locator('[data-role="paid"]', { hasText: 'Paid €150' }).waitFor({ timeout: 5000 });
    await fitsPhone(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/formats-pko-money-en.png`, fullPage: true });
    sameOrigin(urls);
    assert.deepEqual(browser.errors, []);
    await page.context().close();
  });

  it('nl: a mystery night: envelopes posted from the Money tab (a total unlike the pool refused), each bust draws one', async () => {
    const page = await tdPhone('nl');
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await newTournament(page, 'Mystery Vrijdag', '50', '5');
    await formatField(page, 'bounty').selectOption('mystery');
    await formatField(page, 'format.amount').fill('20');
    await formatField(page, 'format.mysteryFrom').fill('1');
    assert.equal(plain(await page.locator('riffle-format-setup [data-preview="split"]').textContent()), 'Inschrijving: € 55 = € 30 prijzenpot + € 5 fee + € 20 bounty');
    await create(page, 'Mystery Vrijdag');
    await register(page, ['Anna', 'Bram', 'Cees', LONG]);

    await moneyTab(page);
    const envelopes = page.locator('riffle-mystery-envelopes');
    await envelopes.locator('li[data-line="1"] [data-field="amount"]').fill('40');
    await envelopes.locator('button[data-action="add-line"]').click();
    await envelopes.locator('li[data-line="2"] [data-field="amount"]').fill('20');
    // Bad input: 60.00 is not the pool of 80.00; nothing is posted.
    await envelopes.locator('button[data-action="post-envelopes"]').click();
    await envelopes.locator('[data-role="envelopes-error"]', { hasText: 'De enveloppen tellen op tot € 60; de bountypot is € 80.' }).waitFor();
    assert.equal(await page.locator('riffle-bounty-money [data-figure="envelopes-left"]').count(), 0, 'nothing posted');
    await envelopes.locator('li[data-line="2"] [data-field="count"]').fill('2');
    // 3 envelopes for 4 entries: a warning, not a refusal.
    await envelopes.locator('[data-role="count-warning"]').waitFor();
    await fitsPhone(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/formats-mystery-envelopes-nl.png`, fullPage: true });
    await envelopes.locator('button[data-action="post-envelopes"]').click();
    await page.locator('riffle-control .toast.ok', { hasText: 'Enveloppen gepubliceerd' }).waitFor({ timeout: 5000 });
    assert.equal(plain(await page.locator('riffle-bounty-money [data-figure="envelopes-left"] dd').textContent()), '3 enveloppen');

    await page.locator('riffle-tab-bar button[data-tab="clock"]').click();
    await page.locator('riffle-clock-panel button[data-action="toggle"]').click();
    await bust(page, 'e1', 'e2');
    const first = plain(await toast(page, /Bram trekt de envelop van/).textContent({ timeout: 5000 }));
    assert.match(first, /^Uit: Anna \(Plaats 4\)\. Bram trekt de envelop van € (40|20)$/);
    await bust(page, 'e3', 'e4');
    await bust(page, 'e4', 'e2');
    await moneyTab(page);
    // Over: Bram collected the envelope left; every cent of the 80.00 is paid.
    await eventually(async () => plain(await page.locator('riffle-bounty-money [data-figure="paid"] dd').textContent()), (t) => t === '€ 80', 5000, 'all paid');
    assert.equal(await page.locator('riffle-money-panel button[data-action="hfh-start"]').count(), 0);
    assert.equal(await page.locator('riffle-mystery-envelopes').count(), 0, 'no envelopes to post after the draws');
    await fitsPhone(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/formats-mystery-money-nl.png`, fullPage: true });
    sameOrigin(urls);
    assert.deepEqual(browser.errors, []);
    await page.context().close();
  });

  it('de: a satellite: seats worked out live, a seat over the pool refused, play ends at the seats', async () => {
    const page = await tdPhone('de');
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    await newTournament(page, 'Satellite zum Main Event', '100', '0');
    await formatField(page, 'satellite').check();
    await formatField(page, 'format.expected').fill('5');
    await formatField(page, 'format.seatValue').fill('600');
    await page.locator('riffle-format-setup [role="alert"]', { hasText: 'Ein Sitzplatz (600 €) ist mehr wert als der Preispool von 5 Teilnahmen (500 €)' }).waitFor();
    await formatField(page, 'format.seatValue').fill('250');
    assert.equal(plain(await page.locator('riffle-format-setup [data-preview="seats"]').textContent()), '5 Teilnahmen: Preispool 500 € · 2 Sitzplätze zu 250 € · nichts übrig');
    await formatField(page, 'format.seatValue').fill('200');
    assert.equal(plain(await page.locator('riffle-format-setup [data-preview="seats"]').textContent()), '5 Teilnahmen: Preispool 500 € · 2 Sitzplätze zu 200 € · 100 € an Platz 3');
    await formatField(page, 'format.seatValue').fill('250');
    await fitsPhone(page);
    if (SHOTS) await page.locator('riffle-format-setup').screenshot({ path: `${SHOTS}/formats-satellite-setup-de.png` });
    await create(page, 'Satellite zum Main Event');
    await register(page, ['Anna', 'Bram', 'Cees', 'Dirk', LONG]);
    await bust(page, 'e1');
    await bust(page, 'e2');
    await bust(page, 'e3');
    // Two left for two seats: play is over, nobody can bust.
    await eventually(() => page.locator('riffle-players-panel button[data-action="bust"]').count(), (n) => n === 0, 5000, 'play over');
    await moneyTab(page);
    assert.equal(await page.locator('riffle-money-panel button[data-action="hfh-start"]').count(), 0);
    await fitsPhone(page);
    sameOrigin(urls);
    assert.deepEqual(browser.errors, []);
    await page.context().close();
  });
});
