/**
 * Branding from the phone to the air (issue 24): the TD opens the tournament's settings, a
 * refused image says why in the phone's language and changes nothing, a PNG logo and a colour
 * are saved, and the clock overlay shows the logo in its bug and the accent colour.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import { eventually, pairedPhone, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { TEST_PINS, type TestServer } from '../helpers/server.js';
import { openOverlay, settled } from '../helpers/overlays.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

function logo(): Buffer {
  const image = new PNG({ width: 320, height: 120 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([225, 29, 72, 255], i);
  return PNG.sync.write(image);
}

it('the TD sets a logo and a colour from the phone (an SVG refused in Dutch, nothing changed); the clock overlay shows both', async () => {
  const id = await server.createTournament();
  await server.ok(id, { type: 'clock.start' });
  const phone = await pairedPhone(browser, server.url, TEST_PINS.td, id, '?lang=nl');
  await phone.locator('button[data-action="setup"]').click();
  await phone.locator('riffle-tournament-list button[data-action="structure"]').first().click();
  const panel = phone.locator('riffle-branding-panel');
  await panel.locator('fieldset[data-role="branding"]').waitFor();

  await panel.locator('input[data-field="logo"]').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
  const refusal = panel.locator('[data-role="branding-message"]');
  await eventually(() => refusal.textContent(), (t) => (t ?? '').includes('SVG-afbeeldingen worden geweigerd'), 5000, 'the refusal in Dutch');
  assert.equal(await panel.locator('[data-slot="logo"] img').count(), 0, 'no logo after the refusal');
  const stored = await (await fetch(`${server.url}/api/tournaments/${id}/branding`)).json();
  assert.equal(stored.logo, undefined, 'nothing stored');

  await panel.locator('input[data-field="logo"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo() });
  await panel.locator('[data-slot="logo"] img').waitFor();
  await panel.locator('input[data-field="accent"]').evaluate((input: HTMLInputElement) => {
    input.value = '#e11d48';
    input.dispatchEvent(new Event('change'));
  });
  await panel.locator('button[data-action="branding-colors"]').click();
  await eventually(async () => (await (await fetch(`${server.url}/api/tournaments/${id}/branding`)).json()).colors.accent, (a) => a === '#e11d48', 5000, 'the accent saved');
  if (process.env.RIFFLE_SHOTS) await phone.screenshot({ path: `${process.env.RIFFLE_SHOTS}/branding-phone.png`, fullPage: true });

  const page = await openOverlay(browser, server, id, 'clock');
  await settled(page, 'clock');
  const seen = await eventually(
    () =>
      page.evaluate(() => {
        const root = document.querySelector('riffle-overlay-clock')!.shadowRoot!;
        const img = root.querySelector('img[part="logo"]') as HTMLImageElement | null;
        const level = root.querySelector('[part="level"]')!;
        return { logo: img ? img.naturalWidth : 0, levelBackground: getComputedStyle(level).backgroundColor };
      }),
    (s) => s.logo === 320 && s.levelBackground === 'rgb(225, 29, 72)',
    5000,
    'the logo and the accent on air',
  );
  assert.equal(seen.logo, 320);
  if (process.env.RIFFLE_SHOTS) await page.screenshot({ path: `${process.env.RIFFLE_SHOTS}/branding-clock.png` });
  // The one refusal asked for above is logged by Chromium as a failed resource: nothing else.
  assert.deepEqual(browser.errors.filter((e) => !e.includes('status of 415')), []);
});
