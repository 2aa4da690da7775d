/**
 * The shared connection (web/lib) under a bad network, simulated with Playwright's
 * WebSocket routing between the page and the real server: a command whose answer is lost is
 * re-sent with the same id and applied once; a command made offline waits and is sent when the
 * socket is back, even after the page was reloaded meanwhile (but not once it is too old); the
 * display shows an offline badge and keeps counting meanwhile.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, WebSocketRoute } from 'playwright-core';
import { clockSeconds, eventually, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { PENDING_KEY_PREFIX, PENDING_MAX_AGE_MS, type StoredCommand } from '../../client/pending-store.js';

let server: TestServer;
let browser: TestBrowser;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));

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

/** The tournament as the server has it (clock and players). */
async function serverState(id: string) {
  const res = await fetch(`${server.url}/api/tournaments/${id}`);
  return ((await res.json()) as { state: { clock: { status: string }; players: { entries: Array<{ id: string; name: string; status: string }> } } }).state;
}

/** The commands the page keeps in localStorage, oldest first. */
async function keptCommands(page: Page): Promise<StoredCommand[]> {
  const kept = await page.evaluate((prefix) => {
    const out: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith(prefix)) out.push(localStorage.getItem(key)!);
    }
    return out;
  }, PENDING_KEY_PREFIX);
  return kept.map((json) => JSON.parse(json) as StoredCommand).sort((a, b) => a.createdAt - b.createdAt);
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

  it('keeps an action made offline across a reload of the page, and the server applies it once with its first id', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'clock.start' });
    const link = new Link();
    const page = await pairedPhone(id, link);
    await page.locator('riffle-clock-panel button[data-action="toggle"]', { hasText: 'Pause' }).waitFor();

    link.mode = 'down';
    link.cut();
    await page.locator('riffle-control .conn.offline').waitFor({ timeout: 5000 });
    await page.locator('riffle-clock-panel button[data-action="toggle"]').click();
    await page.locator('riffle-control .banner', { hasText: '1 action waiting for the connection' }).waitFor();
    const [kept, ...more] = await keptCommands(page);
    assert.equal(more.length, 0);
    assert.equal(kept!.type, 'clock.pause');
    assert.equal(kept!.tournament, id);
    assert.equal(kept!.sent, false);
    assert.match(kept!.id, /^ui-[0-9a-f]{32}$/);

    // Still offline, the TD pulls to refresh (or the browser discarded the tab): the page itself
    // loads over HTTP, the WebSocket cannot connect.
    await page.reload();
    await page.locator('riffle-control .banner', { hasText: '1 action waiting for the connection' }).waitFor({ timeout: 5000 });
    assert.equal(link.sentIds.length, 0);
    assert.equal((await serverState(id)).clock.status, 'running');

    link.mode = 'up';
    await page.locator('riffle-control .toast.ok', { hasText: 'Done (kept while offline): Pause clock' }).waitFor({ timeout: 15_000 });
    await page.locator('riffle-control .banner').waitFor({ state: 'detached' });
    assert.ok(link.sentIds.length >= 1 && link.sentIds.every((sent) => sent === kept!.id), `sent with its first id: ${JSON.stringify(link.sentIds)}`);
    const pauses = (await auditLog(id)).filter((e) => e.type === 'clock.pause');
    assert.equal(pauses.length, 1, 'applied exactly once');
    assert.equal(pauses[0]!.commandId, kept!.id);
    assert.equal((await serverState(id)).clock.status, 'paused');
    assert.deepEqual(await keptCommands(page), [], 'answered: no longer kept');
    await page.close();
  });

  it("keeps the stream producer's action made offline across a reload too, and the server applies it once (issue 22)", async () => {
    // The pending store once read back only td, floor and viewer: a producer's command was thrown
    // away as unreadable at the next page. Roles now come from the one ROLES list.
    const id = await server.createTournament();
    const link = new Link();
    const page = await browser.page({ width: 390, height: 844 });
    await link.attach(page);
    await page.goto(`${server.url}/control#pin=${TEST_PINS.stream}`);
    await page.locator('riffle-control select').first().waitFor({ timeout: 5000 });
    await page.locator('riffle-control select').first().selectOption(id);
    const ticker = page.locator('riffle-stream-panel textarea[name="messages"]');
    await ticker.waitFor({ timeout: 5000 });

    link.mode = 'down';
    link.cut();
    await page.locator('riffle-control .conn.offline').waitFor({ timeout: 5000 });
    await ticker.fill('Final table at 21:00');
    await page.locator('riffle-stream-panel button[data-action="ticker"]').click();
    await page.locator('riffle-control .banner', { hasText: '1 action waiting for the connection' }).waitFor();
    const [kept, ...more] = await keptCommands(page);
    assert.equal(more.length, 0);
    assert.equal(kept!.type, 'stream.ticker');
    assert.equal(kept!.role, 'stream');

    await page.reload();
    await page.locator('riffle-control .banner', { hasText: '1 action waiting for the connection' }).waitFor({ timeout: 5000 });
    assert.deepEqual((await keptCommands(page)).map((c) => c.id), [kept!.id], 'still kept after the reload');
    assert.equal(link.sentIds.length, 0);

    link.mode = 'up';
    await page.locator('riffle-control .banner').waitFor({ state: 'detached', timeout: 15_000 });
    // The banner goes as soon as the connection is back (riffle-control's banner), before the kept
    // action is sent and answered: wait for the log.
    const audit = await eventually(() => auditLog(id), (log) => log.some((e) => e.type === 'stream.ticker'), 10_000, 'the ticker in the log');
    const tickers = audit.filter((e) => e.type === 'stream.ticker');
    assert.equal(tickers.length, 1, 'applied exactly once');
    assert.equal(tickers[0]!.commandId, kept!.id);
    // Read as the TD: producer text is not shown to anonymous readers before it airs (issue 24).
    const state = (await (await fetch(`${server.url}/api/tournaments/${id}`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).json()) as { state: { stream: { ticker: string[] } } };
    assert.deepEqual(state.state.stream.ticker, ['Final table at 21:00']);
    // The server applies the command before its answer reaches the page: the page forgets it then.
    await page.locator('riffle-control .toast.ok', { hasText: 'Done (kept while offline)' }).waitFor({ timeout: 5000 });
    assert.deepEqual(await keptCommands(page), [], 'answered: no longer kept');
    await page.close();
  });

  it('does not send a kept action older than the limit, names it in a toast, and sends the young one', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'clock.start' });
    await server.ok(id, { type: 'entry.add', name: 'Anna' });
    const anna = (await serverState(id)).players.entries.find((e) => e.name === 'Anna')!;
    const link = new Link();
    const page = await pairedPhone(id, link);
    const before = (await auditLog(id)).length;

    // What an earlier page left unanswered: a bust made 16 minutes ago, a minute added 1 minute ago.
    const kept = (commandId: string, command: { type: string }, ageMs: number, subject?: string): StoredCommand => ({
      id: commandId,
      tournament: id,
      type: command.type,
      message: JSON.stringify({ type: 'command', ref: commandId, tournament: id, command: { ...command, id: commandId } }),
      createdAt: Date.now() - ageMs,
      role: 'td',
      ...(subject ? { subject } : {}),
      sent: false,
    });
    const records = [
      kept('ui-old-bust', { type: 'entry.bust', entryIds: [anna.id] } as { type: string }, PENDING_MAX_AGE_MS + 60_000, 'Anna'),
      kept('ui-young-adjust', { type: 'clock.adjust', seconds: 60 } as { type: string }, 60_000),
    ];
    await page.evaluate(
      ({ prefix, records }) => {
        for (const record of records) localStorage.setItem(prefix + record.id, JSON.stringify(record));
      },
      { prefix: PENDING_KEY_PREFIX, records },
    );
    await page.reload();

    await page.locator('riffle-control .toast.error', { hasText: 'Not sent (older than 15 min): Bust — Anna' }).waitFor({ timeout: 5000 });
    await page.locator('riffle-control .toast.ok', { hasText: 'Done (kept while offline): Change time' }).waitFor({ timeout: 10_000 });
    assert.deepEqual(await keptCommands(page), []);
    assert.ok(!link.sentIds.includes('ui-old-bust'), `never sent: ${JSON.stringify(link.sentIds)}`);
    const log = (await auditLog(id)).slice(before);
    assert.deepEqual(
      log.map((e) => [e.type, e.commandId]),
      [['clock.adjust', 'ui-young-adjust']],
    );
    assert.equal((await serverState(id)).players.entries.find((e) => e.id === anna.id)?.status, 'active', 'Anna is still in');
    // The report stays until the TD taps it away.
    await page.locator('riffle-control .toast.error').click();
    await page.locator('riffle-control .toast.error').waitFor({ state: 'detached' });
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
