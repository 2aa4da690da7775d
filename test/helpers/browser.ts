/**
 * Launches the system Chromium through playwright-core for the browser tests (no browser is
 * ever downloaded). Each launch gets its own throw-away profile.
 */
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from './server.js';

export const CHROMIUM_PATH = process.env.RIFFLE_CHROMIUM ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export interface TestBrowser {
  browser: Browser;
  /** A new isolated context (own cookies) with one page of the given size. */
  page(options?: { width?: number; height?: number; context?: BrowserContext }): Promise<Page>;
  /** Page errors and console errors seen so far, for "no errors" assertions (CSP violations show here). */
  errors: string[];
  close(): Promise<void>;
}

export async function launchBrowser(extraArgs: string[] = []): Promise<TestBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...ARGS, ...extraArgs], headless: true });
  const errors: string[] = [];
  return {
    browser,
    errors,
    async page({ width = 1280, height = 720, context } = {}) {
      const ctx = context ?? (await browser.newContext({ viewport: { width, height } }));
      const page = await ctx.newPage();
      if (context) await page.setViewportSize({ width, height });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
      });
      return page;
    },
    async close() {
      await browser.close().catch(() => {});
    },
  };
}

export { eventually } from './eventually.js';

/** "19:59" or "1:05:00" as seconds. */
export function clockSeconds(text: string | null): number {
  const parts = (text ?? '').trim().split(':').map(Number);
  if (parts.length < 2 || parts.some((n) => !Number.isInteger(n))) throw new Error(`not a countdown: ${JSON.stringify(text)}`);
  return parts.reduce((total, n) => total * 60 + n, 0);
}

/** Fails early with a clear message when the browser bundles were not built. */
export async function assertBundlesBuilt(): Promise<void> {
  const { existsSync } = await import('node:fs');
  const root = new URL('../../dist/web/', import.meta.url);
  for (const file of ['display.js', 'control.js']) {
    if (!existsSync(new URL(file, root))) throw new Error(`dist/web/${file} is missing: run \`npm run build\` first`);
  }
}

/**
 * The set-up of a browser test file: the bundles must be built, then a real server and a real
 * Chromium start before the file's tests and stop after them. `ready` hands both to the file.
 */
export function withServerAndBrowser(ready: (server: TestServer, browser: TestBrowser) => void): void {
  let server: TestServer | undefined;
  let browser: TestBrowser | undefined;
  before(async () => {
    await assertBundlesBuilt();
    server = await startTestServer();
    browser = await launchBrowser();
    ready(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
}

/** The phone the control-panel tests use (an iPhone 12-14 viewport). */
export const PHONE = { width: 390, height: 844 };

/** Types a PIN on the control panel's keypad. */
export async function typePin(page: Page, pin: string): Promise<void> {
  for (const digit of pin) await page.locator(`riffle-pin-login button[data-digit="${digit}"]`).click();
}

/**
 * A fresh phone (own cookies) on the control panel (`query`, e.g. `?lang=nl`), paired through
 * the keypad with `pin` and showing tournament `tournament`.
 */
export async function pairedPhone(browser: TestBrowser, serverUrl: string, pin: string, tournament: string, query = ''): Promise<Page> {
  const page = await browser.page(PHONE);
  await page.goto(`${serverUrl}/control${query}`);
  await typePin(page, pin);
  await page.locator('riffle-clock-panel').waitFor({ timeout: 5000 });
  await page.locator('riffle-control select').first().selectOption(tournament);
  return page;
}
