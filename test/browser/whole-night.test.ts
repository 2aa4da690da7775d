/**
 * A whole night on every screen (issue 23): a tournament of 9 and one of 300, every name 40
 * characters long, from registration (seated, clock running) through busts (3 and 10 left) to
 * the finished state, driven by the engine's own commands over HTTP (entry.add, seating.draw,
 * clock.start, payouts.set, entry.bust: the last bust ends it, as test/server/end.test.ts). Checked
 * on the phone (390x844: the tables tab, the clock's result), the venue TV (1920x1080: the clock,
 * the seat draw, the results) and the lobby: the text a person reads (players left, the winner,
 * the places and prizes) and the geometry (inside the screen, no sideways scroll, no two boxes
 * of a screen overlapping, no player's name cut).
 *
 * Languages: all five on the finished state; English and Croatian (the longest words of the
 * night's screens after German, and the language of "preostalo 9 od 9") on the states before,
 * to keep the file near half a minute on a shared machine.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PHONE, typePin, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { assertNoOverlap, assertNoSidewaysScroll, shot, type Box } from '../helpers/geometry.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const TV = { width: 1920, height: 1080 };
const ALL = ['en', 'nl', 'da', 'hr', 'de'] as const;
type Lang = (typeof ALL)[number];
const TWO: readonly Lang[] = ['en', 'hr'];

/** 35 characters each, a 4-digit number after: 40. */
const PREFIXES = [
  'Anna-Maria van der Heijden-Kluivert',
  'Bartholomeus Oosterhuis-Dekkermanns',
  'Đurđica Kovačević-Horvatinović Peri',
  'Mette-Louise Christensen-Møllerupgå',
  'Friedrich-Wilhelm Schwarzenegger-Ba',
  'Søren Kierkegaard Østergaard-Nielse',
  'Ivana Marija Božičević-Radoslavović',
  'Maximiliaan Johannes van Oldenbarne',
  'Wilhelmina Zoë Vanderbilt-Roosevelt',
  'Kristijana Đorđević Šimunović-Jurić',
];
const nameOf = (i: number) => `${PREFIXES[i % PREFIXES.length]} ${String(i + 1).padStart(4, '0')}`;

/** The words of each language a person reads, written out here (not read from the locales). */
const WORDS: Record<Lang, { left: (left: number, of: number) => string; winner: string; over: string; finished: string; place: (n: number) => string }> = {
  en: { left: (l, o) => `${l} of ${o} left`, winner: 'Winner', over: 'Tournament over', finished: 'Finished', place: (n) => `${n}${n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}` },
  nl: { left: (l, o) => `${l} van ${o} over`, winner: 'Winnaar', over: 'Toernooi afgelopen', finished: 'Afgelopen', place: (n) => `${n}e` },
  da: { left: (l, o) => `${l} af ${o} tilbage`, winner: 'Vinder', over: 'Turneringen er slut', finished: 'Afsluttet', place: (n) => `${n}.` },
  hr: { left: (l, o) => `preostalo ${l} od ${o}`, winner: 'Pobjednik', over: 'Turnir je završen', finished: 'Završen', place: (n) => `${n}.` },
  de: { left: (l, o) => `${l} von ${o} übrig`, winner: 'Sieger', over: 'Turnier beendet', finished: 'Beendet', place: (n) => `${n}.` },
};
/** Whole euros as each language writes them (the screens leave off ",00"). */
const euros = (lang: Lang, n: number) => {
  const digits = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'en' ? ',' : '.');
  return lang === 'en' ? `€${digits}` : lang === 'nl' ? `€ ${digits}` : `${digits} €`;
};
const flat = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

interface Night {
  id: string;
  players: number;
  /** Prizes in whole euros, 1st first: what payouts.set was given. */
  prizes: number[];
}

/** Creates a tournament of `players` at tables of ten, registers, seats and starts it. */
async function open(name: string, players: number, prizes: number[]): Promise<Night> {
  const base = sampleTournament();
  const id = await server.createTournament({ ...base, name, tables: Math.ceil(players / 10), settings: { ...base.settings, rules: { seatsPerTable: 10 } } });
  for (let i = 0; i < players; i++) await server.ok(id, { type: 'entry.add', name: nameOf(i) });
  await server.ok(id, { type: 'seating.draw' });
  await server.ok(id, { type: 'clock.start' });
  // The sample's buy-in is €90 to the pool: 9 x 90 = 810, 300 x 90 = 27,000.
  assert.equal(prizes.reduce((a, b) => a + b, 0), players * 90);
  await server.ok(id, { type: 'payouts.set', amounts: prizes.map((p) => p * 100) });
  return { id, players, prizes };
}

/**
 * Busts e`from` onwards in entry order until `left` are in play: out of the money (above 11 left)
 * a hundred in one hand, each with his chips at the start of it (MEC r7: several at one table),
 * one by one from 11 left, so every final-table place is a place of its own.
 */
async function bustTo(night: Night, left: number, from: number): Promise<void> {
  for (let next = from; night.players - (next - 1) > left; ) {
    const remaining = night.players - (next - 1);
    const inHand = remaining > 11 ? Math.min(100, remaining - Math.max(left, 11)) : 1;
    const ids = Array.from({ length: inHand }, (_, k) => `e${next + k}`);
    const startChips = inHand > 1 ? { startChips: Object.fromEntries(ids.map((id, k) => [id, 1000 + k])) } : {};
    await server.ok(night.id, { type: 'entry.bust', entryIds: ids, ...startChips });
    next += inHand;
  }
}

/**
 * What a screen shows, read in the page (as a string: the test runner's transform would name the
 * inner arrows in the page): every element with text through the shadow roots, the boxes of the
 * `panels` (selectors inside the shadow tree), and the player names that are cut.
 */
async function look(page: Page, panels: readonly string[], names: readonly string[]): Promise<{ outside: string[]; cut: string[]; shown: string[]; boxes: Record<string, Box> }> {
  return (await page.evaluate(`(() => {
    const panels = ${JSON.stringify(panels)};
    const names = new Set(${JSON.stringify(names)});
    const all = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        all.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    const view = { w: document.documentElement.clientWidth, h: window.innerHeight };
    const outside = [];
    const cut = [];
    const shown = [];
    const boxes = {};
    for (const el of all) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
      if (text && (r.left < -0.5 || r.right > view.w + 0.5 || (${page.viewportSize()!.height === 1080} && (r.top < -0.5 || r.bottom > view.h + 0.5)))) outside.push(text + ' ' + JSON.stringify(r));
      const full = el.textContent.trim();
      if (names.has(full) && el.children.length === 0) {
        shown.push(full);
        if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2) cut.push(full);
        // Or hidden by a box around it that clips (a list cut at its foot).
        else for (let up = el.assignedSlot || el.parentElement || el.parentNode.host; up; up = up.assignedSlot || up.parentElement || (up.parentNode && up.parentNode.host)) {
          const style = getComputedStyle(up);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const b = up.getBoundingClientRect();
          if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) {
            cut.push(full + ' (clipped)');
            break;
          }
        }
      }
      for (const p of panels) if (el.matches(p)) boxes[p + ' #' + Object.keys(boxes).filter((k) => k.startsWith(p + ' #')).length] = { x: r.x, y: r.y, width: r.width, height: r.height };
    }
    return { outside, cut, shown, boxes };
  })()`)) as { outside: string[]; cut: string[]; shown: string[]; boxes: Record<string, Box> };
}

/** Inside the screen, nothing sideways, no name cut, the panels apart; returns what it saw. */
async function checkScreen(page: Page, what: string, panels: readonly string[], names: readonly string[], optional: readonly string[] = []): Promise<string[]> {
  await shot(page, what);
  await assertNoSidewaysScroll(page);
  const seen = await look(page, [...panels, ...optional], names);
  assert.deepEqual(seen.outside, [], `${what}: text outside the screen`);
  assert.deepEqual(seen.cut, [], `${what}: names cut`);
  for (const p of panels) assert.ok(seen.boxes[`${p} #0`], `${what}: ${p} shown`);
  assertNoOverlap(seen.boxes);
  return seen.shown;
}

let phone: Page | null = null;
/** The phone paired once as the TD; each language is a fresh load of the panel. */
async function phoneOn(id: string, lang: Lang, tab: 'clock' | 'tables'): Promise<Page> {
  if (!phone) {
    phone = await browser.page(PHONE);
    await phone.goto(`${server.url}/control?lang=${lang}`);
    await typePin(phone, TEST_PINS.td);
  } else await phone.goto(`${server.url}/control?lang=${lang}`);
  await phone.locator('riffle-clock-panel').waitFor({ timeout: 5000 });
  await phone.locator('riffle-control select').first().selectOption(id);
  if (tab === 'tables') await phone.locator('riffle-tab-bar button[data-tab="tables"]').click();
  return phone;
}

/** The clock face's panels: the name's header, the countdown, the tiles (and the ladder when shown). */
const CLOCK = ['.frame > header', '.countdown', '.tile'];

const small: { night: Night | null } = { night: null };
const big: { night: Night | null } = { night: null };
const names = (n: number) => Array.from({ length: n }, (_, i) => nameOf(i));

/** The lobby: both rows, each row's players-left on one line, the rows apart and inside. */
async function lobbyShows(page: Page, lang: Lang, what: string, left: [number, number]): Promise<void> {
  await page.goto(`${server.url}/lobby?lang=${lang}`);
  for (const [night, l] of [[small.night!, left[0]], [big.night!, left[1]]] as const) {
    const row = page.locator(`riffle-lobby li[data-tournament="${night.id}"]`);
    const text = WORDS[lang].left(l, night.players);
    await row.locator('.left', { hasText: text }).waitFor({ timeout: 5000 });
    // One line: the box is no taller than its line.
    const lines = await row.locator('.left').evaluate((el) => el.getClientRects().length);
    assert.equal(lines, 1, `${what}: "${text}" on one line`);
  }
  await checkScreen(page, what, [`li[data-tournament="${small.night!.id}"]`, `li[data-tournament="${big.night!.id}"]`, 'header'], []);
}

describe('a whole night, 9 and 300 players with 40-character names', () => {
  it('registration: seated and running on the phone, the TV and the lobby', async () => {
    small.night = await open('Thursday Night Deepstack Championship 26', 9, [450, 240, 120]);
    big.night = await open('Grand Festival Main Event Day One Flight', 300, [9000, 5400, 3600, 2500, 1800, 1400, 1100, 900, 700, 600]);
    const tv = await browser.page(TV);
    for (const lang of TWO) {
      for (const night of [small.night, big.night]) {
        // The seat draw: every name of the first page in full.
        await tv.goto(`${server.url}/display/${night.id}?view=seats&lang=${lang}`);
        await tv.locator('riffle-seat-draw li').first().waitFor({ timeout: 5000 });
        const shown = await checkScreen(tv, `tv-seats-${night.players}-${lang}`, ['header', '.columns'], names(night.players));
        assert.ok(shown.length >= Math.min(night.players, 50), `${lang}: the first page shows ${shown.length} names`);
        await tv.goto(`${server.url}/display/${night.id}?lang=${lang}`);
        await tv.locator('riffle-clock-face [role="timer"]').first().waitFor({ timeout: 5000 });
        await checkScreen(tv, `tv-clock-${night.players}-${lang}`, CLOCK, [], ['.notice']);
      }
      await lobbyShows(tv, lang, `lobby-start-${lang}`, [9, 300]);
      const page = await phoneOn(small.night.id, lang, 'tables');
      await page.locator('riffle-room-view .seat .who', { hasText: nameOf(8) }).waitFor({ timeout: 5000 });
      const shown = await checkScreen(page, `phone-tables-9-${lang}`, [], names(9));
      assert.equal(shown.length, 9, `${lang}: nine names on the tables tab`);
      // The seat draw's undo in the phone's language, not the server's "Seat draw (9)".
      const undo = flat(await page.locator('riffle-floor-call button.undo').textContent());
      assert.equal(undo, lang === 'en' ? 'Undo: Seat draw' : 'Poništi: Izvlačenje mjesta');
    }
    await tv.context().close();
  });

  it('busts: 3 of 9 and 10 of 300 left', async () => {
    await bustTo(small.night!, 3, 1);
    await bustTo(big.night!, 10, 1);
    const tv = await browser.page(TV);
    for (const lang of TWO) {
      await lobbyShows(tv, lang, `lobby-busts-${lang}`, [3, 10]);
      await tv.goto(`${server.url}/display/${big.night!.id}?lang=${lang}`);
      await tv.locator('riffle-clock-face [role="timer"]').first().waitFor({ timeout: 5000 });
      // Busts leave tables short or empty: the halted notice, when shown, stays off the clock and the tiles.
      await checkScreen(tv, `tv-clock-10-${lang}`, CLOCK, [], ['.notice']);
      const page = await phoneOn(big.night!.id, lang, 'tables');
      await page.locator('riffle-room-view .seat .who', { hasText: nameOf(299) }).waitFor({ timeout: 5000 });
      const shown = await checkScreen(page, `phone-tables-10-${lang}`, [], names(300));
      assert.equal(shown.length, 10, `${lang}: the ten left on the tables tab`);
    }
    await tv.context().close();
  });

  it('the end: the winner, the places and prizes on the TV, the lobby and the phone, in five languages', async () => {
    await bustTo(small.night!, 1, 7);
    await bustTo(big.night!, 1, 291);
    const tv = await browser.page(TV);
    for (const lang of ALL) {
      const w = WORDS[lang];
      for (const night of [small.night!, big.night!]) {
        // e1 .. e(n-1) went out in that order: the last one in (e_n) won, e_(n-1) was 2nd.
        const place = (p: number) => nameOf(night.players - p);
        await tv.goto(`${server.url}/display/${night.id}?lang=${lang}`);
        const results = tv.locator('riffle-results');
        await results.locator('.over', { hasText: w.over }).waitFor({ timeout: 5000 });
        assert.equal(flat(await results.locator('.winner .label').textContent()), w.winner);
        assert.equal(flat(await results.locator('.winner .name').textContent()), place(1));
        assert.equal(flat(await results.locator('.winner .prize').textContent()), euros(lang, night.prizes[0]!));
        const rows = await results.locator('.places li').evaluateAll((els) => els.map((li) => [...li.querySelectorAll('span')].map((s) => s.textContent)));
        const table = Math.min(night.players, 10);
        assert.deepEqual(
          rows.map((r) => r.map(flat)),
          Array.from({ length: table - 1 }, (_, k) => [w.place(k + 2), place(k + 2), euros(lang, night.prizes[k + 1] ?? 0)]),
          `${lang}: 2nd .. ${table}th`,
        );
        await checkScreen(tv, `tv-results-${night.players}-${lang}`, ['header', '.winner', '.places', 'footer'], names(night.players));
      }
      await tv.goto(`${server.url}/lobby?lang=${lang}`);
      for (const night of [small.night!, big.night!]) {
        const row = tv.locator(`riffle-lobby li[data-tournament="${night.id}"]`);
        await row.locator('.pill', { hasText: w.finished }).waitFor({ timeout: 5000 });
        assert.equal(flat(await row.locator('.winner .item').textContent()), w.winner);
        assert.equal(flat(await row.locator('.winner .who').textContent()), nameOf(night.players - 1));
        assert.equal(flat(await row.locator('.winner .prize').textContent()), euros(lang, night.prizes[0]!));
        const places = await row.locator('.places li').evaluateAll((els) => els.map((li) => [...li.querySelectorAll('span')].map((s) => s.textContent)));
        const table = Math.min(night.players, 10);
        assert.deepEqual(
          places.map((r) => r.map(flat)),
          Array.from({ length: table - 1 }, (_, k) => [w.place(k + 2), nameOf(night.players - k - 2), euros(lang, night.prizes[k + 1] ?? 0)]),
          `${lang}: the lobby's places`,
        );
      }
      await checkScreen(tv, `lobby-end-${lang}`, [`li[data-tournament="${small.night!.id}"]`, `li[data-tournament="${big.night!.id}"]`, 'header'], names(300));
      const page = await phoneOn(big.night!.id, lang, 'clock');
      await page.locator('riffle-clock-panel .result .winner', { hasText: nameOf(299) }).waitFor({ timeout: 5000 });
      assert.equal(await page.locator('riffle-clock-panel [role="timer"]').count(), 0, `${lang}: no countdown`);
      await checkScreen(page, `phone-end-${lang}`, [], names(300));
    }
    assert.deepEqual(browser.errors, []);
    await tv.context().close();
    await phone?.context().close();
  });
});
