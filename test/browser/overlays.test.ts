/**
 * The stream overlays in a real Chromium against a real server: each one on a transparent page,
 * drawing only inside its boxes, boxes apart and on the canvas, at 720p, 1080p and 4K; taken
 * off air and back by the producer and by OBS; bad options, unknown kinds and unknown
 * tournaments never put an error on air.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { seasonWith } from '../helpers/leagues.js';
import { OVERLAY_KINDS } from '../../server/protocol/stream.js';
import { eventually, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { type TestServer } from '../helpers/server.js';
import { boxes, following, onAir, openOverlay, overlaps, pixelsOutside, playEvening, settled, SIZES, type Evening } from '../helpers/overlays.js';

let server: TestServer;
let browser: TestBrowser;
let evening: Evening;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));
let played: Promise<Evening> | null = null;
/** One evening for the whole file, played on first use (after the server started). */
const playOnce = async () => {
  played ??= playEvening(server);
  evening = await played;
};

describe('stream overlays: layout', () => {
  before(playOnce);
  for (const kind of OVERLAY_KINDS) {
    it(`${kind}: transparent outside its boxes, boxes apart and on the canvas at 720p, 1080p and 4K`, async () => {
      // An expired player clock leaves the air by itself 5 s after zero (issue 24): call it anew.
      if (kind === 'player-clock') {
        const table = server.riffle.registry.get(evening.id)!.view('seating').tables.find((t) => t.id === evening.featured)!;
        await server.ok(evening.id, { type: 'playerClock.start', tableId: evening.featured, seat: table.seats.find((s) => s.entryId)!.seat });
      }
      // The standings show the season the evening counts for (issue 27): one finished night before it.
      if (kind === 'standings') await seasonWith(server, evening.id, ['Anna Jansen', 'Bram de Vries', 'Cees Bakker']);
      const page = await openOverlay(browser, server, evening.id, kind, kind === 'alerts' ? '?seconds=60' : '', SIZES[0]);
      if (kind === 'alerts') await server.ok(evening.id, { type: 'entry.bust', entryIds: [evening.elsewhere().at(-1)!] });
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await settled(page, kind);
        const list = await boxes(page, kind);
        assert.ok(list.length > 0, `${kind} ${size.name}: has boxes`);
        for (const b of list) {
          assert.ok(b.x >= -0.5 && b.y >= -0.5 && b.x + b.width <= size.width + 0.5 && b.y + b.height <= size.height + 0.5, `${kind} ${size.name}: ${b.name} leaves the canvas: ${JSON.stringify(b)}`);
        }
        assert.deepEqual(overlaps(list), [], `${kind} ${size.name}: boxes overlap`);
        const png = await page.screenshot({ omitBackground: true });
        const report = pixelsOutside(png, list);
        assert.equal(report.width, size.width);
        assert.ok(report.opaque > 0, `${kind} ${size.name}: draws something`);
        assert.equal(report.outside, 0, `${kind} ${size.name}: ${report.outside} pixels drawn outside the boxes, first at ${JSON.stringify(report.firstOutside)}`);
      }
      assert.deepEqual(browser.errors, [], 'no page or console errors');
      await page.close();
    });
  }
});

describe('stream overlays: on and off air', () => {
  before(playOnce);
  it('the producer takes an overlay off air and back without a reload', async () => {
    const page = await openOverlay(browser, server, evening.id, 'clock');
    await settled(page, 'clock');
    await server.ok(evening.id, { type: 'stream.show', overlay: 'clock', visible: false });
    await eventually(() => onAir(page, 'clock'), (v) => v === false, 3000, 'clock off air');
    // Off air it is fully transparent once the exit has run.
    await eventually(
      async () => pixelsOutside(await page.screenshot({ omitBackground: true }), []).opaque,
      (opaque) => opaque === 0,
      3000,
      'nothing drawn off air',
    );
    await server.ok(evening.id, { type: 'stream.show', overlay: 'clock', visible: true });
    await settled(page, 'clock');
    await page.close();
  });

  it('plays its entrance again when OBS shows the source again', async () => {
    const page = await openOverlay(browser, server, evening.id, 'leaderboard');
    await settled(page, 'leaderboard');
    const obs = (visible: boolean) => page.evaluate((v) => window.dispatchEvent(new CustomEvent('obsSourceVisibleChanged', { detail: { visible: v } })), visible);
    await obs(false);
    await eventually(() => onAir(page, 'leaderboard'), (v) => v === false, 3000, 'hidden by OBS');
    await obs(true);
    // The entrance is a transition of the stage layer, running now.
    await eventually(
      () => page.evaluate(() => document.querySelector('riffle-overlay-leaderboard')!.shadowRoot!.querySelector('[part="air"]')!.getAnimations().length),
      (n) => n > 0,
      3000,
      'entrance transition',
    );
    await settled(page, 'leaderboard');
    // Going on the program output plays it too; going off it (still in the preview) hides nothing.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('obsSourceActiveChanged', { detail: { active: false } })));
    assert.equal(await onAir(page, 'leaderboard'), true);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('obsSourceActiveChanged', { detail: { active: true } })));
    await eventually(
      () => page.evaluate(() => document.querySelector('riffle-overlay-leaderboard')!.shadowRoot!.querySelector('[part="air"]')!.getAnimations().length),
      (n) => n > 0,
      3000,
      'entrance on going live',
    );
    await settled(page, 'leaderboard');
    await page.close();
  });
});

describe('stream overlays: bad input never goes on air', () => {
  before(playOnce);
  it('a bad option falls back to its default and says so in the console', async () => {
    const page = await browser.page(SIZES[1]);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto(`${server.url}/overlay/${evening.id}/leaderboard?top=lots&stack=euros&rotate=1&lang=xx`);
    await settled(page, 'leaderboard');
    const rows = await page.evaluate(() => document.querySelector('riffle-overlay-leaderboard')!.shadowRoot!.querySelectorAll('[part="row"]').length);
    assert.equal(rows, 8, 'the default top 8 (14 players in play): what the middle slot holds');
    const stacks = await page.evaluate(() => [...document.querySelector('riffle-overlay-leaderboard')!.shadowRoot!.querySelectorAll('[part="stack"]')].map((e) => e.textContent!.trim()));
    assert.ok(stacks.every((s) => !s.includes('BB')), `chips only by default: ${stacks.join(', ')}`);
    for (const name of ['top', 'stack', 'rotate', 'lang']) assert.ok(warnings.some((w) => w.includes(`?${name}=`)), `warned about ?${name}: ${warnings.join(' / ')}`);
    assert.deepEqual(browser.errors, []);
    await page.close();
  });

  it('an unknown kind gets the 404 page that lists the kinds', async () => {
    const res = await fetch(`${server.url}/overlay/${evening.id}/scoreboard`);
    assert.equal(res.status, 404);
    const body = await res.text();
    for (const kind of OVERLAY_KINDS) assert.ok(body.includes(`<code>${kind}</code>`), `lists ${kind}`);
  });

  it('an unknown tournament is a fully transparent page that keeps asking, without page errors', async () => {
    const page = await browser.page(SIZES[0]);
    const warnings: string[] = [];
    const pageErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.clock.install();
    const res = await page.goto(`${server.url}/overlay/no-such-tournament/clock`);
    assert.equal(res?.status(), 404);
    // It asks again every 5 s: two refusals prove the retry. The page's clock is moved past those
    // 5 s (in steps shorter than the heartbeat's pong timeout) instead of the test waiting them out.
    const refusals = () => warnings.filter((w) => w.includes('unknown-tournament')).length;
    await eventually(async () => refusals(), (n) => n >= 1, 5000, 'the first refusal');
    for (let s = 0; s < 3; s++) await page.clock.fastForward(2000);
    await eventually(async () => refusals(), (n) => n >= 2, 12_000, 'two refusals');
    const report = pixelsOutside(await page.screenshot({ omitBackground: true }), []);
    assert.equal(report.opaque, 0, 'nothing drawn');
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
});

describe('stream overlays: the delayed feed', () => {
  it('shows the room as it was delaySeconds ago, the clock included; ?live=1 shows it now', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'stream.delay', seconds: 4 });
    // Both pages follow the tournament before the clock starts, so how long a page takes to open
    // (seconds on a loaded CI machine) does not eat into the delay being measured.
    const live = await openOverlay(browser, server, id, 'clock', '?live=1');
    const delayed = await openOverlay(browser, server, id, 'clock');
    await Promise.all([following(live, 'clock'), following(delayed, 'clock')]);
    const time = (page: typeof live) =>
      page.evaluate(() => document.querySelector('riffle-overlay-clock')?.shadowRoot?.querySelector('[part="time"] .value')?.textContent ?? null);
    const status = (page: typeof live) =>
      page.evaluate(() => document.querySelector('riffle-overlay-clock')?.shadowRoot?.querySelector('[part="status"]')?.textContent ?? '');
    await eventually(() => status(delayed), (s) => s === 'Starting soon', 3000, 'delayed: not started yet');
    const started = Date.now();
    await server.ok(id, { type: 'clock.start' });
    await eventually(() => status(live), (s) => s === '', 3000, 'live: running');
    // The live page runs; four seconds ago the clock had not started, so the delayed page still waits.
    assert.equal(await status(delayed), 'Starting soon', 'the delayed overlay does not run with the live one');
    await eventually(() => status(delayed), (s) => s === '', 10_000, 'delayed: running');
    assert.ok(Date.now() - started >= 3500, `the delayed overlay ran ${Date.now() - started} ms after the start, not 4 s`);
    const [a, b] = await Promise.all([time(live), time(delayed)]);
    const seconds = (t: string | null) => t!.split(':').reduce((n, p) => n * 60 + Number(p), 0);
    const behind = seconds(b) - seconds(a);
    assert.ok(behind >= 3 && behind <= 5, `the delayed clock is 4 s behind (live ${a}, delayed ${b})`);
    await live.close();
    await delayed.close();
  });
});
