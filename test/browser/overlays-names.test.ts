/**
 * Names never cut and never misspelled (docs/OVERLAYS.md "Names"): the ten longest names of the
 * test set on the plates of a full table of 10, the leaderboard, the player clock and the
 * elimination graphic, at 1080p (English) and 720p (German), in one page:
 *
 * - every box inside title-safe;
 * - every name drawn at 28 stage px or more, and in full, or as its on-air name only when the
 *   full name does not fit at 28 px, or cut only when neither does (each checked in the page
 *   against a copy of the box at 28 px);
 * - no clipped glyph: each line's ink (the face's measured ascent and descent of the text)
 *   inside the name's box and the graphic's box ("Castiglione" on a plate's second line, "Å");
 * - "Anne-Sophie Van Der Berghe-Hoogenboom" is cut on a plate of 10 with the rule's on-air name,
 *   and shown whole as "A-S Hoogenboom" once the producer sets that on-air name.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { boxes, runningAnimations } from '../helpers/overlays.js';
import { CUT_AT_TEN, LONG_NAMES } from '../helpers/overlay-layout.js';
import { shot } from '../helpers/geometry.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const KINDS = ['table', 'leaderboard', 'player-clock', 'alerts'] as const;

interface NameReport {
  kind: string;
  full: string;
  short: string;
  shown: string;
  fit: string;
  fontPx: number;
  lines: number;
  /** Why this name breaks the rules; empty: it keeps them. */
  problems: string[];
}

/** Every fitted name of the page, checked in the page (a string: tsx would wrap a function with helpers the page lacks). */
function names(page: Page): Promise<NameReport[]> {
  return page.evaluate(`(() => {
    const out = [];
    const ctx = document.createElement('canvas').getContext('2d');
    // Does \`text\` fit a copy of \`el\` drawn at 28 px?
    const fitsAtFloor = (el, text) => {
      const copy = el.cloneNode(false);
      copy.removeAttribute('data-fit');
      copy.textContent = text;
      copy.style.fontSize = '28px';
      el.parentNode.insertBefore(copy, el);
      const ok = copy.scrollWidth <= copy.clientWidth + 0.5 && copy.scrollHeight <= copy.clientHeight + 0.5;
      copy.remove();
      return ok;
    };
    for (const host of document.querySelectorAll('body > *')) {
      const root = host.shadowRoot;
      if (!root) continue;
      const kind = host.localName.replace('riffle-overlay-', '');
      for (const el of root.querySelectorAll('[data-full]')) {
        if (el.getClientRects().length === 0) continue;
        const cs = getComputedStyle(el);
        const problems = [];
        const fontPx = parseFloat(cs.fontSize);
        if (fontPx < 27.99) problems.push('drawn at ' + fontPx + ' px');
        const fit = el.dataset.fit, full = el.dataset.full, short = el.dataset.short;
        if (fit !== 'full' && fitsAtFloor(el, full)) problems.push('the full name fits at 28 px but ' + fit + ' is shown');
        if (fit === 'cut' && fitsAtFloor(el, short)) problems.push('cut, though the on-air name fits at 28 px');
        if (fit !== 'cut' && (el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5)) problems.push('overflows its box uncut');
        // The clip: the name's own box, within the graphic's box (both hide what overflows).
        const scale = el.getBoundingClientRect().width / el.offsetWidth;
        let clip = el.getBoundingClientRect();
        const box = el.closest('.box');
        if (box) {
          const b = box.getBoundingClientRect();
          clip = { top: Math.max(clip.top, b.top), bottom: Math.min(clip.bottom, b.bottom), left: Math.max(clip.left, b.left), right: Math.min(clip.right, b.right) };
        }
        ctx.font = cs.fontWeight + ' ' + cs.fontSize + ' ' + cs.fontFamily;
        const m = ctx.measureText(el.textContent);
        const range = document.createRange();
        range.selectNodeContents(el);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const tops = new Set(rects.map((r) => Math.round(r.top)));
        const visibleLines = fit === 'cut' && el.dataset.lines === '2' ? 2 : tops.size;
        rects.slice(0, fit === 'cut' ? 0 : rects.length).forEach((r) => {
          // A text fragment's rect is the face's content area: its baseline is the font's ascent below its top.
          const baseline = r.top + m.fontBoundingBoxAscent * scale;
          const inkTop = baseline - m.actualBoundingBoxAscent * scale;
          const inkBottom = baseline + m.actualBoundingBoxDescent * scale;
          if (inkTop < clip.top - 0.5 || inkBottom > clip.bottom + 0.5) problems.push('glyphs clipped: ink ' + inkTop.toFixed(1) + '-' + inkBottom.toFixed(1) + ' outside ' + clip.top.toFixed(1) + '-' + clip.bottom.toFixed(1));
          if (r.left < clip.left - 0.5 || r.right > clip.right + 0.5) problems.push('a line runs outside its box');
        });
        out.push({ kind, full, short, shown: el.textContent, fit, fontPx, lines: visibleLines, problems });
      }
    }
    return out;
  })()`);
}

async function openAll(id: string, lang: string, size: { width: number; height: number }): Promise<Page> {
  const page = await browser.page(size);
  await page.goto(`${server.url}/overlay/${id}/${KINDS[0]}?lang=${lang}&seconds=60`);
  for (const kind of KINDS.slice(1)) {
    await page.addScriptTag({ url: `/assets/overlay-${kind}.js`, type: 'module' });
    await page.evaluate((tag) => document.body.append(document.createElement(tag)), `riffle-overlay-${kind}`);
  }
  return page;
}

async function settledOnAir(page: Page, kinds: readonly string[]): Promise<void> {
  await eventually(
    async () => {
      const states = await page.evaluate((tags) => tags.map((t) => document.querySelector(t)?.shadowRoot?.querySelector('[part="air"]')?.getAttribute('data-on-air')), kinds.map((k) => `riffle-overlay-${k}`));
      return states.every((s) => s === 'true') && (await page.evaluate(() => document.fonts.status)) === 'loaded' && (await runningAnimations(page)) === 0;
    },
    (ok) => ok,
    10_000,
    `${kinds.join(', ')} on air and settled`,
  );
}

function byName(reports: NameReport[], kind: string, full: string): NameReport {
  const r = reports.find((x) => x.kind === kind && x.full === full);
  assert.ok(r, `${kind}: ${full} is drawn`);
  return r;
}

describe('stream overlays: names and figures fit their boxes, never clipped', () => {
  it('10 long names at a featured table of 10, on the leaderboard, the player clock and the elimination graphic; the on-air name set from the producer', async () => {
    const sample = sampleTournament();
    // Deep stacks: 8-digit chip counts (14,250,000) beside the names.
    const id = await server.createTournament({ ...sample, settings: { ...sample.settings, startingStack: 15_000_000 } });
    const ok = (command: Record<string, unknown>) => server.ok(id, command);
    await ok({ type: 'table.add', seats: 10 });
    for (let i = 0; i < LONG_NAMES.length; i++) await ok({ type: 'entry.add', name: LONG_NAMES[i], country: ['NL', 'FR', 'AT', 'HR', 'RS', 'DK', 'NL', 'IT', 'SE', 'NO'][i] });
    await ok({ type: 'seating.draw' });
    // Two more at a second table, to bust there: the elimination graphic of a 40-character name.
    await ok({ type: 'table.add', seats: 10 });
    const seating = () => server.riffle.registry.get(id)!.view('seating').tables;
    const t2 = seating()[1]!;
    for (const [i, name] of ['Maximiliane Schönberger-Großmann Weißbau', 'Christoffer Bødtcher-Hansen Lindqvistsen'].entries()) {
      await ok({ type: 'entry.add', name, country: 'DE' });
      if (!seating().some((t) => t.seats.some((s) => s.entryId === `e${11 + i}`))) await ok({ type: 'seat.assign', entryId: `e${11 + i}`, tableId: t2.id, seat: i + 1 });
    }
    const t1 = seating()[0]!;
    assert.equal(t1.seats.filter((s) => s.entryId).length, 10, 'the ten long names at the featured table');
    await ok({ type: 'button.draw' });
    await ok({ type: 'clock.start' });
    for (let i = 0; i < 10; i++) await ok({ type: 'chips.set', entryId: `e${i + 1}`, chips: 14_250_000 - i * 1_000_000 });
    for (const e of ['e11', 'e12']) await ok({ type: 'chips.set', entryId: e, chips: 1_000_000 });
    await ok({ type: 'stream.feature', tableId: t1.id });
    const hoogenboom = seating()[0]!.seats.find((s) => s.entryId === 'e1')!.seat;
    await ok({ type: 'playerClock.start', tableId: t1.id, seat: hoogenboom });

    for (const [lang, size] of [['en', { width: 1920, height: 1080 }], ['de', { width: 1280, height: 720 }]] as const) {
      const label = `${lang} ${size.height}p`;
      const page = await openAll(id, lang, size);
      await settledOnAir(page, ['table', 'leaderboard', 'player-clock']);
      let reports = await names(page);
      assert.deepEqual(reports.filter((r) => r.problems.length > 0), [], `${label}: names keep the rules`);
      assert.equal(reports.filter((r) => r.kind === 'table').length, 10, `${label}: 10 plates`);
      // From hand: short names fit whole; "Castiglione" and "Häggström" make a plate's second line.
      for (const full of ['Åsa Øvergård', 'Fredrik Häggström', 'Giancarlo Castiglione']) assert.equal(byName(reports, 'table', full).fit, 'full', `${label}: ${full} whole on its plate`);
      assert.equal(byName(reports, 'table', 'Giancarlo Castiglione').lines, 2, `${label}: Castiglione on the second line`);
      // The leaderboard's 8 rows (its slot): every name whole.
      const rows = reports.filter((r) => r.kind === 'leaderboard');
      assert.equal(rows.length, 8, `${label}: 8 rows`);
      for (const r of rows) assert.equal(r.fit, 'full', `${label}: ${r.full} whole on the leaderboard`);
      // The rule's on-air names of hyphenated surnames ("A-S Van Der Berghe-Hoogenboom") take three lines of a plate of 10: cut, flagged for the producer (stream-panel.test finds the same five).
      assert.deepEqual(reports.filter((r) => r.kind === 'table' && r.fit === 'cut').map((r) => r.full).sort(), [...CUT_AT_TEN].sort(), `${label}: the names cut on a plate of 10`);
      await shot(page, `names-${label.replace(' ', '-')}-before`);

      // The producer sets a shorter on-air name: whole on the plate, no ellipsis.
      await ok({ type: 'player.onAirName', playerId: 'p1', onAirName: 'A-S Hoogenboom' });
      reports = await eventually(() => names(page), (list) => list.some((r) => r.kind === 'table' && r.full === LONG_NAMES[0] && r.fit === 'short'), 5000, `${label}: A-S Hoogenboom on the plate`);
      assert.equal(byName(reports, 'table', LONG_NAMES[0]).shown, 'A-S Hoogenboom');
      assert.deepEqual(reports.filter((r) => r.problems.length > 0), [], `${label}: names keep the rules with the on-air name`);

      // A 40-character name busts at table 2: the elimination graphic.
      await ok({ type: 'player.onAirName', playerId: 'p1', onAirName: null });
      await page.waitForFunction(() => document.querySelector('riffle-overlay-alerts')?.shadowRoot?.querySelector('[part="air"]')?.getAttribute('data-feed') === 'ready');
      await ok({ type: 'entry.bust', entryIds: [lang === 'en' ? 'e11' : 'e12'] });
      await settledOnAir(page, ['alerts']);
      reports = await names(page);
      const graphic = reports.find((r) => r.kind === 'alerts');
      assert.ok(graphic, `${label}: the elimination graphic names the player`);
      assert.equal(graphic.fit, 'full', `${label}: ${graphic.full} whole on the elimination graphic`);
      assert.deepEqual(reports.filter((r) => r.problems.length > 0), [], `${label}: names keep the rules with the graphic`);
      const safe = { left: size.width * 0.05, right: size.width * 0.95, top: size.height * 0.05, bottom: size.height * 0.95 };
      for (const kind of KINDS) {
        for (const b of await boxes(page, kind)) {
          assert.ok(b.x >= safe.left - 0.5 && b.y >= safe.top - 0.5 && b.x + b.width <= safe.right + 0.5 && b.y + b.height <= safe.bottom + 0.5, `${label}: ${kind} ${b.name} inside title-safe: ${JSON.stringify(b)}`);
        }
      }
      await shot(page, `names-${label.replace(' ', '-')}-bust`);
      await page.close();
    }
    assert.deepEqual(browser.errors, [], 'no page or console errors');
  });

  it('the clock bug with 7-digit blinds and a big-blind ante, then a break before them: every text whole inside the bug, at 1080p and 720p, in English and Dutch', async () => {
    const sample = sampleTournament();
    const level = (n: number, sb: number) => ({ kind: 'level' as const, smallBlind: sb, bigBlind: sb * 2, ante: sb * 2, anteType: 'bba' as const, minutes: 40 });
    const structure = [level(1, 1_000_000), { kind: 'break' as const, minutes: 40, colorUp: null }, level(2, 1_500_000), level(3, 2_500_000)];
    const id = await server.createTournament({ ...sample, structure, settings: { ...sample.settings, startingStack: 500_000_000 } });
    await server.ok(id, { type: 'clock.start' });
    for (const [lang, size] of [['en', { width: 1920, height: 1080 }], ['nl', { width: 1280, height: 720 }]] as const) {
      const page = await browser.page(size);
      await page.goto(`${server.url}/overlay/${id}/clock?lang=${lang}`);
      for (const stage of ['level', 'break'] as const) {
        if (stage === 'break') await server.ok(id, { type: 'level.next' });
        const label = `${lang} ${size.height}p ${stage}`;
        await settledOnAir(page, ['clock']);
        if (stage === 'break') await page.waitForFunction(() => document.querySelector('riffle-overlay-clock')?.shadowRoot?.querySelector('.bug.break') !== null);
        const report = (await page.evaluate(`(() => {
          const root = document.querySelector('riffle-overlay-clock').shadowRoot;
          const bug = root.querySelector('.bug');
          const b = bug.getBoundingClientRect();
          const cut = [];
          const texts = [];
          for (const el of bug.querySelectorAll('*')) {
            const own = [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim() !== '');
            if (own.length === 0 || el.getClientRects().length === 0) continue;
            const r = el.getBoundingClientRect();
            texts.push(el.textContent.trim());
            if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) cut.push(el.textContent.trim() + ' outside the bug');
            if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline') cut.push(el.textContent.trim() + ' wider than its box');
            if (parseFloat(getComputedStyle(el).fontSize) < 27.99) cut.push(el.textContent.trim() + ' under 28 px');
          }
          if (bug.scrollWidth > bug.clientWidth + 0.5) cut.push('the bug overflows: ' + bug.scrollWidth + ' > ' + bug.clientWidth);
          return { cut, texts, box: { x: b.x, y: b.y, width: b.width, height: b.height }, step: bug.dataset.compact };
        })()`)) as { cut: string[]; texts: string[]; box: { x: number; y: number; width: number; height: number }; step: string };
        assert.deepEqual(report.cut, [], `${label}: ${report.texts.join(' | ')}`);
        const scale = size.width / 1920;
        assert.ok(report.box.x >= 96 * scale - 0.5 && report.box.y >= 54 * scale - 0.5 && report.box.x + report.box.width <= 1824 * scale + 0.5, `${label}: inside title-safe`);
        // From hand: the level's blinds and ante, whole or the poker way; the break names the level that comes back.
        const joined = report.texts.join(' | ');
        if (stage === 'level') assert.match(joined, lang === 'en' ? /1,000,000 \/ 2,000,000|1M \/ 2M/ : /1\.000\.000 \/ 2\.000\.000|1M \/ 2M/, `${label}: the blinds (${joined})`);
        else assert.match(joined, lang === 'en' ? /1,500,000 \/ 3,000,000|1\.5M \/ 3M/ : /1\.500\.000 \/ 3\.000\.000|1,5M \/ 3M/, `${label}: the next level (${joined})`);
        await shot(page, `clock-${label.replaceAll(' ', '-')}`);
      }
      await server.ok(id, { type: 'level.previous' });
      await page.close();
    }
    assert.deepEqual(browser.errors, [], 'no page or console errors');
  });
});
