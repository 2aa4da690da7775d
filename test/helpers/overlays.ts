/**
 * Fixtures of the stream-overlay browser tests: a played-in evening, opening an overlay page,
 * its boxes (the elements marked `data-box`, measured inside the shadow roots) and waiting
 * until its entrances have finished.
 */
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import type { TestBrowser } from './browser.js';
import type { TestServer } from './server.js';

export const SIZES = [
  { name: '720p', width: 1280, height: 720 },
  { name: '1080p', width: 1920, height: 1080 },
  { name: '4K', width: 3840, height: 2160 },
] as const;

const COUNTRIES = ['NL', 'DK', 'HR', 'DE', 'GB', 'BE'];

export interface Evening {
  id: string;
  /** The featured table's id. */
  featured: string;
  /** Entry ids in play that do not sit at the featured table. */
  elsewhere(): string[];
}

/**
 * 24 entries at 3 tables, seats drawn, button drawn, clock running, chip counts, 10 busted
 * (away from the featured table), table 1 featured, ticker messages, a lower third and a player
 * on the clock: every overlay has something to show.
 */
export async function playEvening(server: TestServer): Promise<Evening> {
  const id = await server.createTournament();
  const ok = (command: Record<string, unknown>) => server.ok(id, command);
  for (let t = 0; t < 3; t++) await ok({ type: 'table.add' });
  for (let i = 0; i < 24; i++) await ok({ type: 'entry.add', name: `Player ${String.fromCharCode(65 + i)} Example`, country: COUNTRIES[i % COUNTRIES.length] });
  await ok({ type: 'seating.draw' });
  await ok({ type: 'button.draw' });
  await ok({ type: 'clock.start' });
  for (let i = 0; i < 24; i++) await ok({ type: 'chips.set', entryId: `e${i + 1}`, chips: 8_000 + ((i * 7919) % 52_000) });
  const featured = server.riffle.registry.get(id)!.view('seating').tables[0]!;
  const atFeatured = () => new Set(server.riffle.registry.get(id)!.view('seating').tables.find((t) => t.id === featured.id)!.seats.map((s) => s.entryId));
  const elsewhere = () =>
    server.riffle.registry
      .get(id)!
      .view('players')
      .entries.filter((e) => e.status === 'active' && !atFeatured().has(e.id))
      .map((e) => e.id);
  for (let i = 0; i < 10; i++) await ok({ type: 'entry.bust', entryIds: [elsewhere().at(-1)!] });
  await ok({ type: 'stream.feature', tableId: featured.id });
  await ok({ type: 'stream.ticker', messages: ['Welcome to the Riffle Sunday Deepstack', 'Next event: Sunday 14:00'] });
  await ok({ type: 'stream.lowerThird', title: 'Player A Example', subtitle: 'Amsterdam · chip leader at the featured table' });
  const seat = featured.seats.find((s) => s.entryId)!.seat;
  await ok({ type: 'playerClock.start', tableId: featured.id, seat });
  return { id, featured: featured.id, elsewhere };
}

export interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The overlay's boxes, in viewport pixels (what the screenshot shows). */
export function boxes(page: Page, kind: string): Promise<Box[]> {
  // A string, not a function: tsx would wrap the inner function with a helper the page lacks.
  return page.evaluate(`(() => {
    const found = [];
    const visit = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el instanceof HTMLElement && el.dataset.box) {
          const r = el.getBoundingClientRect();
          found.push({ name: el.dataset.box, x: r.x, y: r.y, width: r.width, height: r.height });
        }
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    const host = document.querySelector(${JSON.stringify(`riffle-overlay-${kind}`)});
    if (host && host.shadowRoot) visit(host.shadowRoot);
    return found;
  })()`);
}

/** Whether the overlay is on air (its stage layer's state). */
export function onAir(page: Page, kind: string): Promise<boolean> {
  return page.evaluate((tag) => document.querySelector(tag)?.shadowRoot?.querySelector('[part="air"]')?.getAttribute('data-on-air') === 'true', `riffle-overlay-${kind}`);
}

/**
 * Waits until the overlay follows the tournament (its first state has come). Alerts come from the
 * events of changes after that: a command sent before it is already in the page's first state
 * and announces nothing.
 */
export async function following(page: Page, kind: string): Promise<void> {
  await page.waitForFunction((tag) => document.querySelector(tag)?.shadowRoot?.querySelector('[part="air"]')?.getAttribute('data-feed') === 'ready', `riffle-overlay-${kind}`);
}

/** Running animations and transitions of the page, shadow trees included, the ticker's scroll excepted. */
export function runningAnimations(page: Page): Promise<number> {
  // document.getAnimations() does not look into shadow trees: each shadow root answers for its own.
  return page.evaluate(`(() => {
    const all = [...document.getAnimations()];
    const visit = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) {
          all.push(...el.shadowRoot.getAnimations());
          visit(el.shadowRoot);
        }
      }
    };
    visit(document);
    return all.filter((a) => a.id !== 'ticker-scroll' && a.playState === 'running').length;
  })()`);
}

/** Whether the 1920×1080 stage is scaled to the viewport as it is now (a resize re-renders it a moment later). */
export function stageFits(page: Page, kind: string): Promise<boolean> {
  return page.evaluate((tag) => {
    const stage = document.querySelector(tag)?.shadowRoot?.querySelector('.stage');
    if (!stage) return false;
    const scale = Math.min(innerWidth / 1920, innerHeight / 1080);
    return Math.abs(stage.getBoundingClientRect().width - 1920 * scale) < 1;
  }, `riffle-overlay-${kind}`);
}

/** Waits until the overlay is on air, scaled to the viewport, with every entrance finished. */
export async function settled(page: Page, kind: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await onAir(page, kind)) && (await stageFits(page, kind)) && (await runningAnimations(page)) === 0) return;
    if (Date.now() > deadline) throw new Error(`${kind}: not settled on air in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function openOverlay(browser: TestBrowser, server: TestServer, id: string, kind: string, query = '', size: { width: number; height: number } = SIZES[1]): Promise<Page> {
  const page = await browser.page(size);
  await page.goto(`${server.url}/overlay/${id}/${kind}${query}`);
  await page.waitForFunction((tag) => Boolean(customElements.get(tag)), `riffle-overlay-${kind}`);
  return page;
}

export interface PixelReport {
  width: number;
  height: number;
  /** Pixels with alpha > 0. */
  opaque: number;
  /** Pixels with alpha > 0 outside every box (grown by `margin`). */
  outside: number;
  firstOutside: [number, number] | null;
}

/** Decodes a screenshot (pngjs) and counts what is drawn outside the boxes. */
export function pixelsOutside(png: Buffer, list: readonly Box[], margin = 2): PixelReport {
  const image = PNG.sync.read(png);
  const { width, height, data } = image;
  let opaque = 0;
  let outside = 0;
  let firstOutside: [number, number] | null = null;
  const grown = list.map((b) => ({ x0: b.x - margin, y0: b.y - margin, x1: b.x + b.width + margin, y1: b.y + b.height + margin }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] === 0) continue;
      opaque++;
      const cx = x + 0.5;
      const cy = y + 0.5;
      if (!grown.some((b) => cx >= b.x0 && cx <= b.x1 && cy >= b.y0 && cy <= b.y1)) {
        outside++;
        firstOutside ??= [x, y];
      }
    }
  }
  return { width, height, opaque, outside, firstOutside };
}

/** Pairs of boxes that overlap (by more than half a pixel each way). */
export function overlaps(list: readonly Box[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const a = list[i]!;
      const b = list[j]!;
      const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (w > 0.5 && h > 0.5) found.push(`${a.name}#${i} overlaps ${b.name}#${j}`);
    }
  }
  return found;
}

/** Collects every text an overlay's alert shows, in order (installed in the page). */
export async function recordAlerts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { alertLog: string[] };
    w.alertLog = [];
    const root = document.querySelector('riffle-overlay-alerts')!.shadowRoot!;
    let last = '';
    new MutationObserver(() => {
      const alert = root.querySelector('[part="alert"]');
      // The elimination graphic shows the name above "6th · €237": read as "Name, 6th, €237".
      const name = alert?.querySelector('[part="name"]')?.textContent ?? '';
      const line = (alert?.querySelector('[part="text"]')?.textContent ?? '').split(' · ').join(', ');
      const text = alert ? `${alert.querySelector('[part="title"]')?.textContent ?? ''}|${name ? `${name}, ${line}` : line}|${alert.getAttribute('data-n')}` : '';
      if (text && text !== last) w.alertLog.push(text);
      last = text;
    }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

export function alertLog(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { alertLog: string[] }).alertLog.map((s) => s.split('|').slice(0, 2).join('|')));
}
