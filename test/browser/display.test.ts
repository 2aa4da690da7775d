/**
 * The venue display in a real Chromium against a real server: the countdown runs, stops on a
 * pause sent through the HTTP API, flips at the same instant on two screens, speaks Dutch with
 * ?lang=nl, and says so when the tournament does not exist.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clockSeconds, eventually, launchBrowser, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { type TestServer } from '../helpers/server.js';
import { assertInsideViewport, assertNoOverlap, assertNoSidewaysScroll, shot } from '../helpers/geometry.js';

let server: TestServer;
let browser: TestBrowser;

  // Chromium's default autoplay policy: sound needs a user gesture, as on a TV without the kiosk flag.
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const countdown = (page: Page) => page.locator('riffle-clock-face [part="countdown"]');
const statusPill = (page: Page) => page.locator('riffle-clock-face .pill');

async function openDisplay(id: string, query = '', size = { width: 1920, height: 1080 }, fakeClock = false): Promise<Page> {
  const page = await browser.page(size);
  // The page's own clock, moved on by the test (page.clock.runFor) instead of waiting for it.
  if (fakeClock) await page.clock.install();
  await page.goto(`${server.url}/display/${id}${query}`);
  await countdown(page).waitFor({ timeout: 5000 });
  return page;
}

async function serverClock(id: string) {
  const res = await fetch(`${server.url}/api/tournaments/${id}`);
  const body = (await res.json()) as { serverTime: number; state: { clock: { status: string; endsAt?: number; remainingMs?: number } } };
  return { ...body.state.clock, serverTime: body.serverTime };
}

describe('venue display', () => {
  it('counts down while running, then shows a pause sent through the HTTP API and stops', async () => {
    const id = await server.createTournament();
    assert.equal((await server.command(id, { type: 'clock.start' })).status, 200);
    const page = await openDisplay(id, '', undefined, true);

    const first = clockSeconds(await countdown(page).textContent());
    assert.ok(first <= 20 * 60 && first >= 20 * 60 - 10, `a 20-minute level that just started shows about 20:00, not ${first}`);
    assert.equal(await statusPill(page).count(), 0, 'no status notice while running');
    await page.clock.runFor(1500);
    const later = clockSeconds(await countdown(page).textContent());
    assert.ok(first - later >= 1 && first - later <= 2, `the countdown went down by 1-2 s in 1.5 s (${first} -> ${later})`);

    assert.equal((await server.command(id, { type: 'clock.pause' })).status, 200);
    await statusPill(page).filter({ hasText: /paused/i }).waitFor({ timeout: 3000 });
    const { remainingMs, status } = await serverClock(id);
    assert.equal(status, 'paused');
    const shown = clockSeconds(await countdown(page).textContent());
    assert.equal(shown, Math.ceil(remainingMs! / 1000), 'shows exactly the time the server kept');
    // Five seconds of the page's time pass at once: a running clock would show 5 s less.
    await page.clock.runFor(5000);
    assert.equal(clockSeconds(await countdown(page).textContent()), shown, 'a paused clock does not move');
    assert.deepEqual(browser.errors, []);
    await page.close();
  });

  it('flips the second at the same instant on two screens, on the server’s whole seconds', async () => {
    const id = await server.createTournament();
    await server.command(id, { type: 'clock.start' });
    const pages = [await openDisplay(id), await openDisplay(id)];
    // Let each page take its time samples, then record when the shown text changes.
    await page0Ready(pages);
    for (const page of pages) {
      await countdown(page).evaluate((el) => {
        const w = window as unknown as { flips: Array<[number, string]> };
        w.flips = [];
        new MutationObserver(() => w.flips.push([performance.timeOrigin + performance.now(), el.textContent ?? ''])).observe(el, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
    }
    // Until each screen has shown three new seconds (about 2.5 s of real time: the instants are what is measured).
    const flipsOf = () => Promise.all(pages.map((p) => p.evaluate(() => (window as unknown as { flips: Array<[number, string]> }).flips)));
    const flips = await eventually(flipsOf, (f) => f.every((list) => new Set(list.map(([, text]) => text)).size >= 3), 6000, 'three flips on each screen');
    const [a, b] = flips as [Array<[number, string]>, Array<[number, string]>];
    const common = a.filter(([, text]) => b.some(([, t]) => t === text));
    assert.ok(common.length >= 2, `both screens showed the same seconds (${JSON.stringify(flips)})`);
    const { endsAt } = await serverClock(id);
    for (const [at, text] of common) {
      const other = b.find(([, t]) => t === text)![0];
      assert.ok(Math.abs(at - other) < 100, `"${text}" appeared ${Math.round(Math.abs(at - other))} ms apart on the two screens: ${JSON.stringify(flips)}`);
      // Same machine, so page time is server time: the flip is on a whole second of time left.
      const left = endsAt! - at;
      const offBoundary = Math.abs(left - Math.round(left / 1000) * 1000);
      assert.ok(offBoundary < 100, `"${text}" flipped ${Math.round(offBoundary)} ms away from a whole second before endsAt`);
      assert.equal(clockSeconds(text), Math.round(left / 1000), 'the shown seconds are the seconds left');
    }
    for (const page of pages) await page.close();
  });

  it('speaks Dutch with ?lang=nl, numbers included', async () => {
    const id = await server.createTournament();
    await server.command(id, { type: 'level.set', index: 13 }); // level 12: 800 / 1,600, BBA 1,600
    const nl = await openDisplay(id, '?lang=nl');
    assert.equal(await nl.evaluate(() => document.documentElement.lang), 'nl');
    assert.equal(await nl.locator('riffle-clock-face [part="blinds"]').textContent(), '800 / 1.600');
    assert.equal(await nl.locator('riffle-clock-face [part="ante"]').textContent(), 'BBA 1.600');
    assert.match((await statusPill(nl).textContent()) ?? '', /Nog niet gestart/);
    assert.match((await nl.locator('riffle-clock-face .tile.next .label').textContent()) ?? '', /Volgend level/);
    const en = await openDisplay(id);
    assert.equal(await en.locator('riffle-clock-face [part="blinds"]').textContent(), '800 / 1,600');
    assert.match((await statusPill(en).textContent()) ?? '', /Not started/);
    await nl.close();
    await en.close();
  });

  it('shows the break, what follows it and its colour-up', async () => {
    const id = await server.createTournament();
    await server.command(id, { type: 'level.set', index: 9 }); // the second break: colour-up of the 25s
    const page = await openDisplay(id);
    assert.equal(await page.locator('riffle-clock-face [part="level"]').textContent(), 'Break');
    assert.match((await page.locator('riffle-clock-face main .color-up').textContent()) ?? '', /25 chips leave play/);
    assert.match((await page.locator('riffle-clock-face .after-break').textContent()) ?? '', /Level 9 · 400 \/ 800/);
    assert.equal(clockSeconds(await countdown(page).textContent()), 15 * 60);
    // The clock's own box says it; the notices under the clock do not repeat it in this break.
    assert.equal(await page.locator('riffle-field-banner .color-up').count(), 0, 'no second colour-up notice');
    await page.close();
  });

  it('asks for a click to enable sound, and the click removes the badge', async () => {
    const id = await server.createTournament();
    const page = await openDisplay(id);
    const badge = page.locator('riffle-display [part="sound"]');
    await badge.waitFor({ timeout: 3000 });
    await page.mouse.click(960, 540);
    await badge.waitFor({ state: 'detached', timeout: 3000 });
    await page.close();
  });

  it('needs no click on a kiosk started with --autoplay-policy=no-user-gesture-required', async () => {
    const id = await server.createTournament();
    const kiosk = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
    try {
      const page = await kiosk.page({ width: 1280, height: 720 });
      await page.goto(`${server.url}/display/${id}`);
      await countdown(page).waitFor({ timeout: 5000 });
      assert.equal(await page.locator('riffle-display [part="sound"]').count(), 0);
    } finally {
      await kiosk.close();
    }
  });

  it('says clearly when the tournament does not exist', async () => {
    const page = await browser.page({ width: 1280, height: 720 });
    const res = await page.goto(`${server.url}/display/no-such-event`);
    assert.equal(res?.status(), 404);
    const alert = page.locator('riffle-display [role="alert"]');
    await alert.waitFor({ timeout: 5000 });
    assert.match((await alert.textContent()) ?? '', /Unknown tournament.*no-such-event/s);
    await page.close();
  });

  it('keeps the payout ladder and the notices clear of the clock, at 1920x1080 and 1280x720', async () => {
    // 90 entries: 12 paid places, a ladder tall enough to reach the progress bar and the blinds.
    // Level 4 has an ante line, and late registration is open: a notice under the stage.
    const id = await server.createTournament();
    for (let i = 1; i <= 90; i++) await server.ok(id, { type: 'entry.add', name: `Player ${i}` });
    await server.ok(id, { type: 'level.set', index: 3 });
    await server.ok(id, { type: 'clock.start' });
    for (const size of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }]) {
      const page = await openDisplay(id, '?ladder', size);
      await page.locator('riffle-payout-ladder li[data-place="12"]').waitFor({ timeout: 3000 });
      await page.locator('riffle-field-banner .notice').first().waitFor({ timeout: 3000 });
      const box = async (selector: string) => {
        const b = await page.locator(selector).boundingBox();
        assert.ok(b, `${selector} is shown at ${size.width}x${size.height}`);
        return b;
      };
      const ladder = await box('riffle-payout-ladder .ladder');
      const stage = {
        countdown: await box('riffle-clock-face [part="countdown"]'),
        progress: await box('riffle-clock-face .progress'),
        blinds: await box('riffle-clock-face [part="blinds"]'),
        ante: await box('riffle-clock-face [part="ante"]'),
      };
      const notices = await page.locator('riffle-field-banner .notice').all();
      for (const [name, b] of Object.entries(stage)) {
        assert.ok(!overlaps(ladder, b), `the ladder ${JSON.stringify(ladder)} covers the ${name} ${JSON.stringify(b)} at ${size.width}x${size.height}`);
        for (const notice of notices) {
          const n = (await notice.boundingBox())!;
          assert.ok(!overlaps(n, b), `a notice ${JSON.stringify(n)} covers the ${name} ${JSON.stringify(b)} at ${size.width}x${size.height}`);
        }
      }
      // Its right edge lines up with the tiles', inside the screen.
      const tiles = await box('riffle-clock-face footer');
      assert.ok(Math.abs(ladder.x + ladder.width - (tiles.x + tiles.width)) <= 1, `the ladder's right edge (${ladder.x + ladder.width}) is the tiles' (${tiles.x + tiles.width})`);
      await page.close();
    }
  });

  it('shows a running level as a person reads it at 1920x1080: level, blinds, ante, time, inside the screen and clear of one another', async () => {
    const id = await server.createTournament();
    await server.command(id, { type: 'level.set', index: 3 }); // level 4 of the sample: 100 / 200, BBA 200, 20 minutes
    await server.command(id, { type: 'clock.start' });
    const page = await openDisplay(id);
    await page.mouse.click(5, 5); // enable sound: the badge goes away
    await page.locator('riffle-display [part="sound"]').waitFor({ state: 'detached' });
    assert.match((await page.locator('riffle-clock-face [part="level"]').textContent()) ?? '', /Level 4/);
    assert.equal(await page.locator('riffle-clock-face [part="blinds"]').textContent(), '100 / 200');
    assert.equal(await page.locator('riffle-clock-face [part="ante"]').textContent(), 'BBA 200');
    const seconds = clockSeconds(await countdown(page).textContent());
    assert.ok(seconds <= 20 * 60 && seconds >= 20 * 60 - 60, `about 20:00 left, not ${seconds} s`);
    const parts = ['level', 'countdown', 'blinds', 'ante'].map((part) => `riffle-clock-face [part="${part}"]`);
    assertNoOverlap(await assertInsideViewport(page, [...parts]));
    await assertInsideViewport(page, ['riffle-clock-face footer']);
    await assertNoSidewaysScroll(page);
    await shot(page, 'display-1920x1080');
    await page.close();
  });
});

/** Whether two boxes share any area (touching edges do not count). */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Waits until both pages have shown at least one tick (their time estimates are in). */
async function page0Ready(pages: Page[]): Promise<void> {
  for (const page of pages) {
    const start = await countdown(page).textContent();
    await eventually(() => countdown(page).textContent(), (t) => t !== start, 3000, 'a tick');
  }
}
