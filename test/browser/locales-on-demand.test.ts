/**
 * A page loads its language when it shows it (web/lib/i18n.ts): the seat lookup on a player's
 * phone and the venue display, in Croatian chosen by the address and by the tournament's
 * locale. Every frame from the first paint is read (requestAnimationFrame, through the shadow
 * roots): a frame shows English words or Croatian ones, never a bare key ("seating.findSeat");
 * the page fetches Croatian and no other language; an English page fetches no language at all.
 * With RIFFLE_SHOTS=<dir>: screenshots of both pages in en and hr (390x844, 1920x1080).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PHONE, eventually, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const TV = { width: 1920, height: 1080 };
const LONG = 'Aleksandra Katarina Horvat-Kovačević Jr.'; // 40 characters
/** A text made of a translation key: "seating.findSeat", "common.connection.connecting". */
const KEY = /^(common|display|control|seating|entries|errors|flights|cues|commands|setup|stream|overlay)\.[\w.-]+$/;

/** Records, from before the first paint, every distinct text the page's elements show, once a frame. */
async function recordFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as any).__texts = seen;
    const read = (root: ParentNode) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) read(el.shadowRoot);
        for (const node of el.childNodes) if (node.nodeType === 3 && node.textContent!.trim()) seen.add(node.textContent!.trim());
        const placeholder = el.getAttribute('placeholder');
        if (placeholder) seen.add(placeholder);
      }
    };
    const frame = () => {
      read(document);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const texts = (page: Page) => page.evaluate(() => [...((window as any).__texts as Set<string>)]);

function languageChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (req) => {
    const m = /\/assets\/chunks\/(en|nl|da|hr|de)-[\w-]+\.js$/.exec(new URL(req.url()).pathname);
    if (m) chunks.push(m[1]!);
  });
  return chunks;
}

async function seated(locale: 'en' | 'hr'): Promise<string> {
  const sample = sampleTournament();
  const id = await server.createTournament({ ...sample, settings: { ...sample.settings, locale } });
  await server.ok(id, { type: 'table.add' });
  for (const name of [LONG, 'Ivana Perić', 'Marko Babić', 'Ana Jurić']) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'seating.draw' });
  await server.ok(id, { type: 'clock.start' });
  return id;
}

async function shot(page: Page, name: string) {
  const dir = process.env.RIFFLE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

describe('languages loaded on demand', () => {
  it('seat lookup: ?lang=hr paints English or Croatian, never a key, and fetches Croatian only', async () => {
    const id = await seated('en');
    const page = await browser.page(PHONE);
    const chunks = languageChunks(page);
    await recordFrames(page);
    await page.goto(`${server.url}/seat/${id}?lang=hr`);
    await eventually(() => page.locator('riffle-seat h1').textContent(), (t) => t === 'Pronađite svoje mjesto', 5000, 'the Croatian heading');
    await page.locator('riffle-seat input').fill('Aleks');
    await eventually(() => page.locator('riffle-seat li').first().textContent(), (t) => (t ?? '').includes(LONG) && /Stol 1/.test(t ?? ''), 5000, 'the player at his table, in Croatian');
    await shot(page, 'seat-hr');
    const seen = await texts(page);
    assert.deepEqual(seen.filter((t) => KEY.test(t)), [], 'no frame shows a key');
    assert.deepEqual([...new Set(chunks)], ['hr']);
    await page.context().close();
  });

  it('seat lookup in English fetches no language', async () => {
    const id = await seated('en');
    const page = await browser.page(PHONE);
    const chunks = languageChunks(page);
    await recordFrames(page);
    await page.goto(`${server.url}/seat/${id}`);
    await page.locator('riffle-seat input').fill('Aleks');
    await eventually(() => page.locator('riffle-seat li').first().textContent(), (t) => (t ?? '').includes(LONG) && /Table 1/.test(t ?? ''), 5000, 'the player at his table');
    await shot(page, 'seat-en');
    assert.equal((await page.locator('riffle-seat h1').textContent())?.trim(), 'Find your seat');
    assert.deepEqual(chunks, []);
    assert.deepEqual((await texts(page)).filter((t) => KEY.test(t)), []);
    await page.context().close();
  });

  it('venue display: a Croatian tournament paints English or Croatian, never a key, and fetches Croatian only', async () => {
    const id = await seated('hr');
    const page = await browser.page(TV);
    const chunks = languageChunks(page);
    await recordFrames(page);
    await page.goto(`${server.url}/display/${id}`);
    await page.locator('riffle-clock-face .countdown').waitFor({ timeout: 5000 });
    // "Next level" in English, "Sljedeći level" in Croatian: the tournament's language arrived.
    await eventually(() => page.locator('riffle-clock-face').evaluate((el) => el.shadowRoot!.textContent ?? ''), (t) => t.includes('Sljedeći level'), 5000, 'Croatian on the clock');
    await shot(page, 'display-hr');
    assert.deepEqual((await texts(page)).filter((t) => KEY.test(t)), [], 'no frame shows a key');
    assert.deepEqual([...new Set(chunks)], ['hr']);
    const english = await browser.page(TV);
    const englishChunks = languageChunks(english);
    await english.goto(`${server.url}/display/${id}?lang=en`);
    await eventually(() => english.locator('riffle-clock-face').evaluate((el) => el.shadowRoot!.textContent ?? ''), (t) => t.includes('Next level'), 5000, 'English on the clock');
    await shot(english, 'display-en');
    assert.deepEqual(englishChunks, []);
    await page.context().close();
    await english.context().close();
  });
});
