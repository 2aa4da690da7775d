/**
 * The shared connection (overlays/lib) under a bad network, simulated with Playwright's
 * WebSocket routing between the page and the real server: a command whose answer is lost is
 * re-sent with the same id and applied once; a command made offline waits and is sent when the
 * socket is back; the display shows an offline badge and keeps counting meanwhile.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, WebSocketRoute } from 'playwright-core';
import { assertBundlesBuilt, clockSeconds, eventually, launchBrowser, type TestBrowser } from '../helpers/browser.js';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let browser: TestBrowser;

before(async () => {
  await assertBundlesBuilt();
  server = await startTestServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * A switchable link between the page and the server. `up`: messages pass. `down`: every new
 * socket is closed at once (the server is unreachable). `loseNextResult`: the next command's
 * result is swallowed and the socket cut, as when Wi-Fi drops right after the server acted.
 */
class Link {
  mode: 'up' | 'down' = 'up';
  loseNextResult = false;
  /** Patches from the server are dropped (counted in droppedPatches): a slow server. */
  holdPatches = false;
  droppedPatches = 0;
  /** Command ids as the page sent them, in order. */
  readonly sentIds: string[] = [];
  sockets = 0;

  async attach(page: Page): Promise<void> {
    await page.routeWebSocket(/\/ws$/, (ws) => this.handle(ws));
  }

  cut(): void {
    for (const close of this.open.splice(0)) close();
  }

  private readonly open: Array<() => void> = [];

  private handle(ws: WebSocketRoute): void {
    this.sockets++;
    if (this.mode === 'down') {
      void ws.close({ code: 4000, reason: 'link down' });
      return;
    }
    const upstream = ws.connectToServer();
    const close = () => {
      void ws.close({ code: 4000, reason: 'link cut' }).catch(() => {});
      void upstream.close().catch(() => {});
    };
    this.open.push(close);
    ws.onMessage((data) => {
      const msg = JSON.parse(String(data)) as { type: string; command?: { id?: string } };
      if (msg.type === 'command' && msg.command?.id) this.sentIds.push(msg.command.id);
      upstream.send(data);
    });
    upstream.onMessage((data) => {
      const msg = JSON.parse(String(data)) as { type: string };
      if (msg.type === 'patch' && this.holdPatches) {
        this.droppedPatches++;
        return;
      }
      if (msg.type === 'result' && this.loseNextResult) {
        this.loseNextResult = false;
        close();
        return;
      }
      ws.send(data);
    });
  }
}

async function auditLog(id: string): Promise<Array<{ type: string; commandId: string }>> {
  const res = await fetch(`${server.url}/api/tournaments/${id}/log`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
  const body = (await res.json()) as { entries: Array<{ type: string; commandId: string }> };
  return body.entries;
}

async function pairedPhone(id: string, link: Link): Promise<Page> {
  const page = await browser.page({ width: 390, height: 844 });
  await link.attach(page);
  await page.goto(`${server.url}/control#pin=${TEST_PINS.td}`);
  await page.locator('riffle-clock-panel').waitFor({ timeout: 5000 });
  await page.locator('riffle-control select').selectOption(id);
  await page.locator('riffle-clock-panel [part="countdown"]').waitFor();
  return page;
}

describe('connection', () => {
  it('re-sends a command whose answer was lost with the same id, and the server applies it once', async () => {
    const id = await server.createTournament();
    await server.command(id, { type: 'clock.start' });
    const link = new Link();
    const page = await pairedPhone(id, link);
    await page.locator('riffle-clock-panel button[data-action="toggle"]', { hasText: 'Pause' }).waitFor();
    const socketsBefore = link.sockets;

    link.loseNextResult = true;
    await page.locator('riffle-clock-panel button[data-action="toggle"]').click();
    // The answer never arrives; the page reconnects and sends the same command again.
    await page.locator('riffle-control .toast.ok', { hasText: 'Clock paused' }).waitFor({ timeout: 8000 });
    assert.ok(link.sockets > socketsBefore, 'the page opened a new socket');
    assert.equal(link.sentIds.length, 2, `sent twice: ${JSON.stringify(link.sentIds)}`);
    assert.equal(link.sentIds[0], link.sentIds[1], 'with the same id');
    assert.match(link.sentIds[0]!, /^ui-[0-9a-f]{32}$/);
    const pauses = (await auditLog(id)).filter((e) => e.type === 'clock.pause');
    assert.equal(pauses.length, 1, 'applied exactly once');
    assert.equal(pauses[0]!.commandId, link.sentIds[0]);
    assert.equal(await page.locator('riffle-control .toast.error').count(), 0, 'the repeat was not refused as "not running"');
    await page.close();
  });

  it('keeps an action made offline pending, shows it, and sends it once the server is back', async () => {
    const id = await server.createTournament();
    await server.command(id, { type: 'clock.start' });
    await server.command(id, { type: 'clock.pause' });
    const link = new Link();
    const page = await pairedPhone(id, link);
    const before = clockSeconds(await page.locator('riffle-clock-panel [part="countdown"]').textContent());

    link.mode = 'down';
    link.cut();
    await page.locator('riffle-control .conn.offline').waitFor({ timeout: 5000 });
    await page.locator('riffle-clock-panel button[data-action="add-minute"]').click();
    await page.locator('riffle-control .banner', { hasText: '1 action waiting for the connection' }).waitFor();
    await page.locator('riffle-control .toast.info').waitFor();
    assert.equal(link.sentIds.length, 0);

    link.mode = 'up';
    await page.locator('riffle-control .toast.ok', { hasText: 'One minute added' }).waitFor({ timeout: 15_000 });
    await page.locator('riffle-control .banner').waitFor({ state: 'detached' });
    const after = await eventually(
      async () => clockSeconds(await page.locator('riffle-clock-panel [part="countdown"]').textContent()),
      (s) => s !== before,
      3000,
      'the new time',
    );
    assert.equal(after, before + 60);
    assert.equal((await auditLog(id)).filter((e) => e.type === 'clock.adjust').length, 1);
    await page.close();
  });

  it('moves on to the next level at endsAt by itself when the server’s patch is late', async () => {
    const id = await server.createTournament();
    await server.command(id, { type: 'clock.start' });
    await server.command(id, { type: 'clock.adjust', seconds: -(20 * 60 - 4) }); // level 1 ends in 4 s
    const link = new Link();
    link.holdPatches = true;
    const page = await browser.page({ width: 1280, height: 720 });
    await link.attach(page);
    await page.goto(`${server.url}/display/${id}`);
    const level = page.locator('riffle-clock-face [part="level"]');
    await level.filter({ hasText: 'Level 1' }).waitFor();
    await level.filter({ hasText: 'Level 2' }).waitFor({ timeout: 6000 });
    const seconds = clockSeconds(await page.locator('riffle-clock-face [part="countdown"]').textContent());
    assert.ok(seconds >= 20 * 60 - 1 && seconds <= 20 * 60, `level 2 starts with its 20 minutes (${seconds} s)`);
    assert.equal(await page.locator('riffle-clock-face [part="blinds"]').textContent(), '50 / 100');
    await eventually(async () => link.droppedPatches, (n) => n >= 1, 3000, 'the server’s own patch (held back)');
    await page.close();
  });

  it('shows a discreet offline badge on the display and keeps counting down', async () => {
    const id = await server.createTournament();
    await server.command(id, { type: 'clock.start' });
    const link = new Link();
    const page = await browser.page({ width: 1280, height: 720 });
    await link.attach(page);
    await page.goto(`${server.url}/display/${id}`);
    const countdown = page.locator('riffle-clock-face [part="countdown"]');
    await countdown.waitFor();
    const badge = page.locator('riffle-display [part="offline"]');
    assert.equal(await badge.count(), 0);

    link.mode = 'down';
    link.cut();
    await badge.waitFor({ timeout: 5000 });
    const offlineAt = clockSeconds(await countdown.textContent());
    await eventually(async () => clockSeconds(await countdown.textContent()), (s) => s <= offlineAt - 1, 2500, 'counting while offline');

    link.mode = 'up';
    await badge.waitFor({ state: 'detached', timeout: 15_000 });
    await page.close();
  });
});
