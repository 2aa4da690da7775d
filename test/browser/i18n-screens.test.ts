/**
 * No English on a German, Croatian or Danish screen: the venue display (clock and seat-draw
 * view), the seat lookup and the phone (clock, players and money tabs) are rendered in real
 * Chromium in English and in each language (and the lobby, and the phone's tables and stream tabs), and every visible text (text nodes, placeholders,
 * labels, titles, through every shadow root) of the foreign page that the English page shows
 * too must be a proper name, a number, or a text the language's file deliberately keeps as in
 * English ("Level {{n}}", "BBA {{amount}}"; locales.test.ts accepts such copies only for poker
 * and broadcast terms). A hard-coded English string, or a key that falls back to English, fails.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { pairedPhone, PHONE, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';
import type { Language } from '../../web/lib/i18n.js';
import { textsIn } from '../helpers/texts.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const NAMES = ['Anna Jansen', 'Bram de Vries', 'Chiara Rossi', 'Dario Horvat', 'Eva Nielsen', 'Finn Weber', 'Gita Rao', 'Hugo Bakker', 'Iva Kovač', 'Jonas Berg', 'Karin Lund', 'Lars Holm'];

/** Texts a language keeps as in English on purpose, as patterns ("Level {{n}}" -> /^Level .+$/). */
function keptAsEnglish(lang: Language): RegExp[] {
  const en = textsIn('en');
  const other = textsIn(lang);
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...other].filter(([k, v]) => en.get(k) === v).map(([, v]) => new RegExp(`^${v.split(/\{\{\w+\}\}/).map(escape).join('.+')}$`));
}

/** Every visible text of the page, through shadow roots; texts joined by " · " are split. */
async function visibleTexts(page: Page): Promise<string[]> {
  // A string, not a function: tsx would wrap inner functions in a helper the page lacks.
  const texts = (await page.evaluate(`(() => {
    const out = [];
    function walk(root) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let n = walker.currentNode; n; n = walker.nextNode()) {
        if (n.nodeType === Node.TEXT_NODE) {
          const parent = n.parentElement;
          const text = n.textContent.trim();
          if (text && parent && !['STYLE', 'SCRIPT'].includes(parent.tagName) && parent.getClientRects().length > 0) out.push(text);
        } else if (n instanceof Element) {
          for (const a of ['placeholder', 'aria-label', 'title']) {
            const v = (n.getAttribute(a) || '').trim();
            if (v) out.push(v);
          }
          if (n.shadowRoot) walk(n.shadowRoot);
        }
      }
    }
    walk(document.body);
    return out;
  })()`)) as string[];
  return texts.flatMap((t) => t.split(' · ')).map((t) => t.trim());
}

/**
 * The screens to compare: each opens the page in `lang` and waits until it shows its content.
 * `langOnRoot`: the page sets <html lang> once it renders with its language's texts (the display,
 * the lobby and the control panel), which paint English until those arrive: the test waits for that.
 */
type Screen = { name: string; langOnRoot?: boolean; open: (lang: Language) => Promise<Page> };

async function tournament(): Promise<string> {
  const id = await server.createTournament();
  await server.ok(id, { type: 'table.add' });
  await server.ok(id, { type: 'table.add' });
  for (const name of NAMES) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'seating.draw' });
  await server.ok(id, { type: 'button.draw' });
  await server.ok(id, { type: 'clock.start' });
  const body = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
  const out = body.state.players.entries.find((e: any) => e.name === 'Lars Holm');
  await server.ok(id, { type: 'entry.bust', entryIds: [out.id] });
  return id;
}

function screens(id: string, breakId: string): Screen[] {
  const tv = { width: 1920, height: 1080 };
  return [
    {
      name: 'venue display',
      langOnRoot: true,
      open: async (lang) => {
        const page = await browser.page(tv);
        await page.goto(`${server.url}/display/${id}?lang=${lang}&ladder`);
        await page.locator('riffle-clock-face .countdown').waitFor({ timeout: 5000 });
        await page.locator('riffle-payout-ladder li').first().waitFor({ timeout: 5000 });
        return page;
      },
    },
    {
      name: 'seat-draw view',
      langOnRoot: true,
      open: async (lang) => {
        const page = await browser.page(tv);
        await page.goto(`${server.url}/display/${id}?lang=${lang}&view=seats`);
        await page.locator('riffle-seat-draw li').first().waitFor({ timeout: 5000 });
        return page;
      },
    },
    {
      name: 'seat lookup',
      open: async (lang) => {
        const page = await browser.page(PHONE);
        await page.goto(`${server.url}/seat/${id}?lang=${lang}`);
        await page.locator('riffle-seat input').fill('an');
        await page.locator('riffle-seat li').first().waitFor({ timeout: 5000 });
        return page;
      },
    },
    {
      name: 'lobby',
      langOnRoot: true,
      open: async (lang) => {
        const page = await browser.page(tv);
        await page.goto(`${server.url}/lobby?lang=${lang}`);
        await page.locator(`riffle-lobby li[data-tournament="${id}"] .left`).waitFor({ timeout: 5000 });
        return page;
      },
    },
    {
      name: 'phone, PIN pairing',
      langOnRoot: true,
      open: async (lang) => {
        const page = await browser.page(PHONE);
        await page.goto(`${server.url}/control?lang=${lang}`);
        await page.locator('riffle-pin-login button[data-digit="1"]').waitFor({ timeout: 5000 });
        return page;
      },
    },
    {
      name: 'venue display in a break',
      langOnRoot: true,
      open: async (lang) => {
        const page = await browser.page(tv);
        await page.goto(`${server.url}/display/${breakId}?lang=${lang}`);
        await page.locator('riffle-clock-face .after-break').waitFor({ timeout: 5000 });
        return page;
      },
    },
    ...(['clock', 'tables', 'players', 'money', 'stream'] as const).map((tab) => ({
      name: `phone, ${tab} tab`,
      langOnRoot: true,
      open: async (lang: Language) => {
        const page = await pairedPhone(browser, server.url, TEST_PINS.td, id, `?lang=${lang}`);
        await page.locator(`riffle-tab-bar button[data-tab="${tab}"]`).click();
        await page.locator({ clock: 'riffle-clock-panel .countdown', tables: 'riffle-room-view .table', players: 'riffle-players-panel li', money: 'riffle-money-panel', stream: 'riffle-stream-panel' }[tab]).first().waitFor({ timeout: 5000 });
        return page;
      },
    })),
  ];
}

/** Numbers as "#": the English page is read once, a minute or two before a language's (clocks run). */
const numbersAs = (text: string) => text.replace(/\d+/g, '#');

describe('no English on a foreign screen', () => {
  let id: string;
  let breakId: string;
  let names: Set<string>;
  /** Each screen's texts in English (numbers as "#"), read once for the three languages. */
  const english = new Map<string, Set<string>>();
  before(async () => {
    id = await tournament();
    // A second tournament in its first break (colour-up and the level after it on screen).
    breakId = await server.createTournament();
    const items = ((await (await fetch(`${server.url}/api/tournaments/${breakId}`)).json()) as any).state.structure.items as any[];
    await server.ok(breakId, { type: 'level.set', index: items.findIndex((i) => i.break) });
    const info = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    names = new Set([...NAMES, info.state.info.name, 'RIFFLE', 'NL']);
    for (const screen of screens(id, breakId)) {
      const page = await screen.open('en');
      english.set(screen.name, new Set((await visibleTexts(page)).map(numbersAs)));
      await page.context().close();
    }
  });

  for (const lang of ['de', 'hr', 'da'] as const) {
    it(`${lang}: display, seat-draw view, seat lookup and phone show no English text`, async () => {
      const kept = keptAsEnglish(lang);
      const problems: string[] = [];
      for (const screen of screens(id, breakId)) {
        const englishTexts = english.get(screen.name)!;
        const page = await screen.open(lang);
        if (screen.langOnRoot) await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 5000 });
        for (const text of await visibleTexts(page)) {
          const proper = !/\p{L}/u.test(text) || names.has(text) || [...names].some((n) => text.startsWith(n)) || text.includes(id);
          if (!proper && englishTexts.has(numbersAs(text)) && !kept.some((re) => re.test(text))) problems.push(`${screen.name}: "${text}"`);
        }
        await page.context().close();
      }
      assert.deepEqual([...new Set(problems)], [], `English texts on ${lang} screens`);
    });
  }
});
