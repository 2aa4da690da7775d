/**
 * No screen shows a message key instead of its text, in any of the five languages: the venue
 * display (running with bounties, and a finished night's results, standings and rotation), the
 * lobby with its league panel, the seat lookup (where the winner is marked), every tab of the TD's
 * phone and its set-up form with a bounty and a satellite, and every stream overlay. The rendered
 * text (shadow roots included, and the labels a screen reader reads) is scanned for key-shaped
 * tokens: a dotted word whose first part is the root of a namespace of texts ("leagues.allCount",
 * "entries.display.dealShare").
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PHONE, type TestBrowser, typePin, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';
import { ALL_TEXTS } from '../../web/lib/locales/all.js';
import { en as streamEn } from '../../overlays/stream/lib/locales/en.js';
import { OVERLAY_KINDS } from '../../server/protocol/stream.js';
import { LANGUAGES } from '../../web/lib/i18n.js';
import { seasonWith } from '../helpers/leagues.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

/** The first part of every key: each namespace's mount, the core's sections, the stream overlays'. */
const ROOTS = new Set([...ALL_TEXTS.flatMap((ns) => (ns.mount ? [ns.mount] : Object.keys(ns.en))), ...Object.keys(streamEn).map((k) => k.split('.')[0]!)]);
const KEY = /(?<![\w./@:-])([a-z][a-zA-Z0-9]*)((?:\.[a-zA-Z][a-zA-Z0-9_]*)+)(?![\w/-])/g;

/** Every text of the page and its shadow roots, with the labels people are read. */
async function renderedText(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const out = [];
    const walk = (root) => {
      const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = texts.nextNode(); n; n = texts.nextNode()) {
        const p = n.parentElement;
        if (p && (p.tagName === 'STYLE' || p.tagName === 'SCRIPT')) continue;
        if (n.data.trim()) out.push(n.data.trim());
      }
      for (const el of root.querySelectorAll('*')) {
        for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    out.push(document.title);
    return out;
  })()`)) as string[];
}

async function assertNoKeys(page: Page, what: string): Promise<void> {
  const keys = new Set<string>();
  for (const text of await renderedText(page)) {
    for (const m of text.matchAll(KEY)) if (ROOTS.has(m[1]!)) keys.add(m[0]);
  }
  assert.deepEqual([...keys], [], `${what}: message keys on screen`);
}

/** A screen's texts in its language have arrived (the chunk loads after the first paint in English). */
const settled = (page: Page) => page.waitForLoadState('networkidle');

describe('no raw message key on any screen', () => {
  it('every view, in en, nl, da, hr and de', async () => {
    const sample = sampleTournament();
    const pko = await server.createTournament({
      ...sample,
      name: 'Tuesday PKO',
      settings: { ...sample.settings, bounty: { format: 'progressive', amount: 1_000, share: 50, finalTwo: 'whole', rebuy: 0, addon: 0, mysteryFrom: 'money', unclaimed: 'players' } },
    });
    await server.ok(pko, { type: 'table.add' });
    for (const name of ['Anna', 'Bram', 'Cees', 'Dirk']) await server.ok(pko, { type: 'entry.add', name });
    await server.ok(pko, { type: 'seating.draw' });
    await server.ok(pko, { type: 'clock.start' });
    const seats = (await (await fetch(`${server.url}/api/tournaments/${pko}`)).json()) as any;
    const mate = seats.state.seating.tables[0].seats.find((s: any) => s.entryId && s.entryId !== 'e1').entryId;
    await server.ok(pko, { type: 'entry.bust', entryIds: ['e1'], eliminators: { e1: [mate] } });
    const done = await server.createTournament({ ...sampleTournament(), name: 'Monday Deal Night' });
    for (const name of ['Eva', 'Finn', 'Gert']) await server.ok(done, { type: 'entry.add', name });
    await server.ok(done, { type: 'clock.start' });
    await server.ok(done, { type: 'entry.bust', entryIds: ['e3'] });
    // The last two share what is left in a deal that ends play: the results mark it ("Deal").
    const state = ((await (await fetch(`${server.url}/api/tournaments/${done}`)).json()) as any).state;
    const left: number = state.payouts.places.filter((p: any) => !p.paid).reduce((a: number, p: any) => a + p.amount, 0);
    // A deal that ends play places by the chips counted (docs/RULES.md): Eva 1st, Finn 2nd.
    await server.ok(done, { type: 'chips.count', counts: [{ entryId: 'e1', chips: 40_000 }, { entryId: 'e2', chips: 20_000 }] });
    await server.ok(done, { type: 'deal.apply', amounts: { e1: left - Math.floor(left / 2), e2: Math.floor(left / 2) }, confirmed: true, endsPlay: true });
    // A league season counting the finished night: the lobby's panel and the display's standings.
    await seasonWith(server, done, ['Hans', 'Ivo', 'Jan']);
    const winner: string = ((await (await fetch(`${server.url}/api/tournaments/${done}`)).json()) as any).state.field.winner.name;

    for (const lang of LANGUAGES) {
      const tv = await browser.page({ width: 1920, height: 1080 });
      for (const path of [`/display/${pko}`, `/display/${done}`, `/display/${done}?view=standings`, `/display/${done}?rotate=2`, `/lobby?standings=${done}`, `/display/${pko}?view=seats`]) {
        await tv.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
        await settled(tv);
        await assertNoKeys(tv, `${lang} ${path}`);
      }
      for (const kind of OVERLAY_KINDS) {
        await tv.goto(`${server.url}/overlay/${pko}/${kind}?lang=${lang}`);
        await settled(tv);
        await assertNoKeys(tv, `${lang} overlay ${kind}`);
      }
      await tv.context().close();

      // The seat lookup marks the winner of the finished night.
      const seat = await browser.page(PHONE);
      await seat.goto(`${server.url}/seat/${done}?lang=${lang}`);
      await seat.locator('riffle-seat input').fill(winner);
      await seat.locator('riffle-seat [data-role="winner"]').waitFor({ timeout: 5000 });
      await settled(seat);
      await assertNoKeys(seat, `${lang} seat lookup`);
      await seat.context().close();

      const phone = await browser.page(PHONE);
      await phone.goto(`${server.url}/control?lang=${lang}`);
      await typePin(phone, TEST_PINS.td);
      await phone.locator('riffle-clock-panel').waitFor({ timeout: 5000 });
      for (const id of [pko, done]) {
        await phone.locator('riffle-control select').first().selectOption(id);
        for (const tab of ['clock', 'tables', 'players', 'money', 'stream']) {
          await phone.locator(`riffle-tab-bar button[data-tab="${tab}"]`).click();
          await settled(phone);
          await assertNoKeys(phone, `${lang} phone ${id === pko ? 'PKO' : 'finished'} ${tab}`);
        }
      }
      await phone.locator('riffle-control button[data-action="setup"]').click();
      await phone.locator('riffle-tournament-list button[data-action="new"]').click();
      await phone.locator('riffle-format-setup [data-field="bounty"]').selectOption('progressive');
      await phone.locator('riffle-format-setup [data-field="satellite"]').check();
      await settled(phone);
      await assertNoKeys(phone, `${lang} phone set-up`);
      await phone.context().close();
    }
    assert.deepEqual(browser.errors, []);
  });
});
