/**
 * The broadcast layout (issue 24): every overlay of every documented scene on one 1920×1080 page,
 * as OBS composites them, with 40-character names at a table of 10, then 9, then 2, and the
 * champion at the end, in each of the five languages (one page load per language):
 *
 * - every box inside title-safe (5% of each side: 96 × 54 px at 1080p);
 * - no two overlays of one documented scene (docs/OVERLAYS.md "Layout") cover each other;
 * - no text wider than its box (scrollWidth against clientWidth), no text under 28 px;
 * - a plate shows at least the first 14 characters of every name (issue 24: names never cut
 *   below 14 at a 10-handed table).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { OVERLAY_KINDS } from '../../server/protocol/stream.js';
import { eventually, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { type TestServer } from '../helpers/server.js';
import { boxes, overlaps, runningAnimations, type Box } from '../helpers/overlays.js';
import { seasonWith } from '../helpers/leagues.js';
import { sampleTournament } from '../../server/sample.js';
import { NAMES_40, SCENES, TITLE_SAFE } from '../helpers/overlay-layout.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const NAMES = NAMES_40;

const LANGS = ['en', 'nl', 'da', 'hr', 'de'] as const;

/** All nine overlays in one page: the page of the first, the others' bundles and elements added. */
async function openAll(id: string, lang: string): Promise<Page> {
  const page = await browser.page({ width: 1920, height: 1080 });
  // The page's own clock, moved on by the test (platesGo) where it would only wait.
  await page.clock.install();
  await page.goto(`${server.url}/overlay/${id}/clock?lang=${lang}&seconds=60&stack=both`);
  for (const kind of OVERLAY_KINDS) {
    if (kind === 'clock') continue;
    await page.addScriptTag({ url: `/assets/overlay-${kind}.js`, type: 'module' });
    await page.evaluate((tag) => document.body.append(document.createElement(tag)), `riffle-overlay-${kind}`);
  }
  return page;
}

/** How long a busted player's plate stays, greyed out (the table overlay's BUSTED_PLATE_MS). */
const BUSTED_PLATE_MS = 8000;

/**
 * Waits until the table overlay shows `busted` greyed-out plates, then moves the page's clock on
 * by the time such a plate stays, so that the overlay's own timer takes them away without the
 * test sitting through those seconds (five languages, two waits each: 80 s). In 2 s steps: one
 * jump over the heartbeat's 8 s pong timeout could catch a pong on its way and drop the socket.
 */
async function platesGo(page: Page, busted: number): Promise<void> {
  await eventually(() => page.evaluate(() => document.querySelector('riffle-overlay-table')!.shadowRoot!.querySelectorAll('[part~="busted"]').length), (n) => n === busted, 5000, `${busted} greyed-out plates`);
  for (let ms = 0; ms < BUSTED_PLATE_MS; ms += 2000) await page.clock.fastForward(2000);
}

async function allOnAir(page: Page, kinds: readonly string[]): Promise<void> {
  await eventually(
    async () => {
      const states = await page.evaluate(
        (tags) => tags.map((t) => document.querySelector(t)?.shadowRoot?.querySelector('[part="air"]')?.getAttribute('data-on-air') ?? 'missing'),
        kinds.map((k) => `riffle-overlay-${k}`),
      );
      return states.every((s) => s === 'true') && (await runningAnimations(page)) === 0;
    },
    (ok) => ok,
    10_000,
    `${kinds.join(', ')} on air and settled`,
  );
}

interface TextIssue {
  kind: string;
  text: string;
  why: string;
}

/** Every element that holds text directly: wider than its box, or under 28 px. And each plate's name: its first 14 characters inside its box. */
function textIssues(page: Page): Promise<TextIssue[]> {
  return page.evaluate(`(() => {
    const issues = [];
    for (const host of document.querySelectorAll('body > *')) {
      const kind = host.localName.replace('riffle-overlay-', '');
      const root = host.shadowRoot;
      if (!root) continue;
      for (const el of root.querySelectorAll('*')) {
        const own = [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim() !== '');
        if (own.length === 0 || el.closest('.track')) continue;
        const style = getComputedStyle(el);
        if (style.display === 'none' || el.getClientRects().length === 0) continue;
        const text = el.textContent.trim().slice(0, 50);
        if (el.scrollWidth > el.clientWidth + 1 && style.display !== 'inline') issues.push({ kind, text, why: 'scrollWidth ' + el.scrollWidth + ' > clientWidth ' + el.clientWidth });
        if (parseFloat(style.fontSize) < 27.5) issues.push({ kind, text, why: 'font-size ' + style.fontSize });
      }
      for (const name of root.querySelectorAll('.plate .name')) {
        const node = name.firstChild && name.firstChild.nodeType === 3 ? name.firstChild : name.querySelector('*')?.firstChild;
        if (!node) continue;
        const range = document.createRange();
        const chars = [...node.textContent];
        range.setStart(node, 0);
        range.setEnd(node, chars.slice(0, 14).join('').length);
        const box = name.getBoundingClientRect();
        for (const r of range.getClientRects()) {
          if (r.width === 0) continue;
          if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
            issues.push({ kind, text: node.textContent, why: 'first 14 characters not all inside the name box' });
            break;
          }
        }
      }
    }
    return issues;
  })()`);
}

async function allBoxes(page: Page): Promise<Map<string, Box[]>> {
  const map = new Map<string, Box[]>();
  for (const kind of OVERLAY_KINDS) map.set(kind, await boxes(page, kind));
  return map;
}

function check(label: string, byKind: Map<string, Box[]>, issues: TextIssue[], expectPlates: number): void {
  for (const [kind, list] of byKind) {
    for (const b of list) {
      assert.ok(
        b.x >= TITLE_SAFE.left - 0.5 && b.y >= TITLE_SAFE.top - 0.5 && b.x + b.width <= TITLE_SAFE.right + 0.5 && b.y + b.height <= TITLE_SAFE.bottom + 0.5,
        `${label}: ${kind} ${b.name} outside title-safe: ${JSON.stringify(b)}`,
      );
    }
  }
  assert.equal(byKind.get('table')!.filter((b) => b.name === 'plate').length, expectPlates, `${label}: plates`);
  for (const [scene, kinds] of Object.entries(SCENES)) {
    const list = kinds.flatMap((k) => byKind.get(k)!.map((b) => ({ ...b, name: `${k}:${b.name}` })));
    const across = overlaps(list).filter((o) => {
      const [a, b] = o.split(' overlaps ').map((s) => s.split(':')[0]);
      return a !== b;
    });
    assert.deepEqual(across, [], `${label}: overlays of the ${scene} scene cover each other`);
  }
  assert.deepEqual(issues, [], `${label}: text`);
}

describe('stream overlays: broadcast layout with 40-character names', () => {
  for (const lang of LANGS) {
    it(`${lang}: inside title-safe, scenes apart, no text cut or small at 10, 9 and 2 players, then the champion`, async () => {
      // The player clock's longest allowance (300 s): it stays on air however long a loaded machine takes to open the page.
      const sample = sampleTournament();
      const id = await server.createTournament({ ...sample, settings: { ...sample.settings, rules: { playerClock: { totalSeconds: 300, countdownSeconds: 5 } } } });
      const ok = (command: Record<string, unknown>) => server.ok(id, command);
      await ok({ type: 'table.add', seats: 10 });
      for (let i = 0; i < 10; i++) await ok({ type: 'entry.add', name: NAMES[i], country: ['NL', 'DK', 'HR', 'DE', 'BE'][i % 5] });
      await ok({ type: 'seating.draw' });
      await ok({ type: 'button.draw' });
      await ok({ type: 'clock.start' });
      for (let i = 0; i < 10; i++) await ok({ type: 'chips.set', entryId: `e${i + 1}`, chips: [48_000, 26_000, 24_000, 22_000, 20_000, 18_000, 16_000, 12_000, 8_000, 6_000][i] });
      const table = server.riffle.registry.get(id)!.view('seating').tables[0]!;
      await ok({ type: 'stream.feature', tableId: table.id });
      await ok({ type: 'stream.ticker', messages: ['Welcome to the Riffle Sunday Deepstack'] });
      await ok({ type: 'stream.lowerThird', title: NAMES[0], subtitle: NAMES[1] });
      await ok({ type: 'playerClock.start', tableId: table.id, seat: table.seats.find((s) => s.entryId === 'e1')!.seat });
      // The league standings (issue 27): a finished night of the same ten 40-character names before this one.
      await seasonWith(server, id, NAMES);

      const page = await openAll(id, lang);
      const always = OVERLAY_KINDS.filter((k) => k !== 'alerts');
      await allOnAir(page, always);
      check(`${lang} 10 players`, await allBoxes(page), await textIssues(page), 10);

      // The 10th goes: the elimination graphic, 9 plates (the busted one greyed out a moment, then gone).
      await ok({ type: 'entry.bust', entryIds: ['e10'] });
      await allOnAir(page, OVERLAY_KINDS);
      await platesGo(page, 1);
      await eventually(() => boxes(page, 'table'), (list) => list.length === 9, 15_000, '9 plates');
      check(`${lang} 9 players`, await allBoxes(page), await textIssues(page), 9);

      // The alerts overlay goes while seven more bust (each would hold its graphic 60 s), and comes back for the last bust.
      await page.evaluate(() => document.querySelector('riffle-overlay-alerts')!.remove());
      for (const e of ['e9', 'e8', 'e7', 'e6', 'e5', 'e4', 'e3']) await ok({ type: 'entry.bust', entryIds: [e] });
      await platesGo(page, 7);
      await eventually(() => boxes(page, 'table'), (list) => list.length === 2, 15_000, '2 plates');
      await allOnAir(page, always);
      check(`${lang} 2 players`, await allBoxes(page), await textIssues(page), 2);

      // The last bust, then the alerts overlay again (a page loaded at the end of the night): the champion graphic, from the finished state, stays on air.
      await ok({ type: 'entry.bust', entryIds: ['e2'] });
      await page.evaluate(() => document.body.append(document.createElement('riffle-overlay-alerts')));
      const champion = await eventually(
        () => page.evaluate(() => document.querySelector('riffle-overlay-alerts')?.shadowRoot?.querySelector('.alert.winner.shown [part="name"]')?.textContent ?? null),
        (name) => name !== null,
        10_000,
        'the champion graphic',
      );
      assert.equal(champion, NAMES[0]);
      await allOnAir(page, ['alerts']);
      const byKind = await allBoxes(page);
      for (const b of byKind.get('alerts')!) assert.ok(b.x >= TITLE_SAFE.left && b.x + b.width <= TITLE_SAFE.right + 0.5 && b.y >= TITLE_SAFE.top - 0.5 && b.y + b.height <= TITLE_SAFE.bottom, `${lang} champion inside title-safe`);
      assert.deepEqual((await textIssues(page)).filter((i) => i.kind === 'alerts'), [], `${lang} champion: text`);
      assert.deepEqual(browser.errors, [], 'no page or console errors');
      await page.close();
    });
  }
});
