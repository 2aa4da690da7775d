/**
 * The phone's one way to send a command (control/command-event.ts, control/command-reporter.ts),
 * as the TD sees it: a command the server refuses ends in exactly one toast, in the phone's
 * language and naming the player rather than an id; an undo made offline says it waits, then
 * sends its steps in order when the connection is back and reports them in one toast.
 *
 * The network is Playwright's WebSocket routing between the page and the real server.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, WebSocketRoute } from 'playwright-core';
import { clockSeconds, eventually, PHONE, type TestBrowser, typePin, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

/**
 * Between the page and the server. `holdPatches`: the server's patches do not reach the page (a
 * phone that has not yet heard of another phone's change). `down`: every socket is closed.
 */
class Link {
  holdPatches = false;
  down = false;
  private readonly open: Array<() => void> = [];

  cut(): void {
    for (const close of this.open.splice(0)) close();
  }

  handle(ws: WebSocketRoute): void {
    if (this.down) {
      void ws.close({ code: 4000, reason: 'link down' });
      return;
    }
    const upstream = ws.connectToServer();
    this.open.push(() => {
      void ws.close({ code: 4000, reason: 'link cut' }).catch(() => {});
      void upstream.close().catch(() => {});
    });
    ws.onMessage((data) => upstream.send(data));
    upstream.onMessage((data) => {
      if (this.holdPatches && (JSON.parse(String(data)) as { type: string }).type === 'patch') return;
      ws.send(data);
    });
  }
}

async function phone(id: string, link: Link, query = ''): Promise<Page> {
  const page = await browser.page(PHONE);
  await page.routeWebSocket(/\/ws$/, (ws) => link.handle(ws));
  await page.goto(`${server.url}/control${query}`);
  await typePin(page, TEST_PINS.td);
  await page.locator('riffle-clock-panel').waitFor({ timeout: 5000 });
  await page.locator('riffle-control select').first().selectOption(id);
  return page;
}

async function state(id: string): Promise<any> {
  return ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).state;
}

async function logTypes(id: string): Promise<string[]> {
  const res = await fetch(`${server.url}/api/tournaments/${id}/log`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
  return ((await res.json()) as { entries: Array<{ type: string }> }).entries.map((e) => e.type);
}

const toasts = (page: Page) => page.locator('riffle-control .toast').allTextContents();

describe('command reporter', () => {
  it('a refused command shows one toast, in the phone’s language, with the player’s name and no id', async () => {
    // en keeps the server's own words, made readable; nl has the text of the error's code (locales/errors/nl.ts).
    for (const [query, expected] of [
      ['', 'Anna Jansen is not in play.'],
      ['?lang=nl', 'Deze inschrijving is niet meer in het spel.'],
    ] as const) {
      const id = await server.createTournament();
      await server.ok(id, { type: 'entry.add', name: 'Anna Jansen' });
      // Three players: with two, her bust would end the tournament, a refusal of its own.
      for (const name of ['Bram de Vries', 'Cees Bakker']) await server.ok(id, { type: 'entry.add', name });
      const link = new Link();
      const page = await phone(id, link, query);
      await page.locator('riffle-tab-bar button[data-tab="players"]').click();
      const row = page.locator('riffle-players-panel li', { hasText: 'Anna Jansen' });
      await row.locator('button.who').click();
      await row.locator('button[data-action="bust"]').click();
      // Another phone busts her first; this one has not heard yet.
      link.holdPatches = true;
      await server.ok(id, { type: 'entry.bust', entryIds: [(await state(id)).players.entries.find((e: any) => e.name === 'Anna Jansen').id] });
      await row.locator('button[data-action="confirm-bust"]').click();
      await page.locator('riffle-control .toast.error').waitFor({ timeout: 5000 });
      assert.deepEqual(await toasts(page), [expected]);
      assert.equal(await page.locator('riffle-control .toast.error').getAttribute('role'), 'alert');
      await page.context().close();
    }
    assert.deepEqual(browser.errors, []);
  });

  it('an undo made offline says it waits, then sends its steps in order and reports them in one toast', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'clock.start' });
    const startedAt = Date.now();
    // Level 1 runs with a minute less than its full time: the undo must bring that back.
    await server.ok(id, { type: 'clock.adjust', seconds: -60 });
    const full = (await state(id)).structure.items[0].ms as number;
    const link = new Link();
    const page = await phone(id, link);

    await page.locator('riffle-clock-panel button[data-action="next"]').click();
    await page.locator('riffle-control .toast.ok', { hasText: 'On to Level 2' }).waitFor({ timeout: 5000 });
    const undo = page.locator('riffle-clock-panel button[data-action="undo"]');
    assert.equal(await undo.textContent().then((t) => t?.trim()), 'Undo: Next level');

    link.down = true;
    link.cut();
    await page.locator('riffle-control .conn.offline').waitFor({ timeout: 5000 });
    await undo.click();
    await page.locator('riffle-control .toast.info', { hasText: 'Offline: the action will be sent when the connection is back.' }).waitFor({ timeout: 5000 });
    await page.locator('riffle-control .banner', { hasText: '1 action waiting for the connection' }).waitFor({ timeout: 5000 });
    await undo.waitFor({ state: 'detached', timeout: 5000 });

    link.down = false;
    await page.locator('riffle-control .toast.ok', { hasText: 'Undone: Next level' }).waitFor({ timeout: 15_000 });
    await page.locator('riffle-control .banner').waitFor({ state: 'detached' });
    assert.equal(await page.locator('riffle-control .toast.error').count(), 0);
    // Two steps after the level change: level 1 again, then its time (the minute less and the seconds it ran).
    assert.deepEqual((await logTypes(id)).slice(-3), ['level.next', 'level.set', 'clock.adjust']);
    await page.locator('riffle-clock-panel .level', { hasText: 'Level 1' }).waitFor({ timeout: 5000 });
    const shown = await eventually(
      async () => clockSeconds(await page.locator('riffle-clock-panel [part="countdown"]').textContent()),
      (s) => s < full / 1000 - 60,
      5000,
      'level 1 with the time it had',
    );
    const ran = Math.ceil((Date.now() - startedAt) / 1000);
    assert.ok(shown >= full / 1000 - 60 - ran - 1, `${shown} s left, level 1 had ${full / 1000 - 60} s less the ${ran} s it ran`);
    assert.deepEqual(browser.errors, []);
    await page.context().close();
  });
});
