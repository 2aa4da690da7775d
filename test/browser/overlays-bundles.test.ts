/**
 * The overlay bundles fit OBS's browser (CEF Chromium 103) and the budget: no `:has()`, no
 * container queries, no CSS nesting, and at most 30 KB of JavaScript per page, gzipped, counting
 * every script the page really loads (its entry and the shared chunks).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { OVERLAY_KINDS } from '../../server/protocol/stream.js';
import { type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { type TestServer } from '../helpers/server.js';

const BUDGET_GZIP = 30 * 1024;
const dist = new URL('../../dist/web/', import.meta.url);

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

describe('overlay bundles', () => {
  it('contain no :has(), no container queries (Chromium 103) and no infinite animation', () => {
    const files = [...OVERLAY_KINDS.map((k) => `overlay-${k}.js`), ...readdirSync(new URL('chunks/', dist)).filter((f) => f.endsWith('.js')).map((f) => `chunks/${f}`)];
    for (const file of files) {
      const text = readFileSync(new URL(file, dist), 'utf8');
      assert.ok(!text.includes(':has('), `${file} uses :has()`);
      assert.ok(!/@container\b/.test(text), `${file} uses a container query`);
      // OBS's browser leaks memory on infinite CSS animations: every animation must end.
      assert.ok(!/animation[^;{}`]*infinite/.test(text) && !/iterations:\s*1\/0|iterations:\s*Infinity/.test(text), `${file} has an infinite animation`);
    }
  });

  for (const kind of OVERLAY_KINDS) {
    it(`${kind}: no nested CSS rules, and all its JavaScript within ${BUDGET_GZIP / 1024} KB gzipped`, async () => {
      const id = await server.createTournament();
      const page = await browser.page({ width: 1280, height: 720 });
      const scripts: string[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
      });
      await page.goto(`${server.url}/overlay/${id}/${kind}`, { waitUntil: 'networkidle' });
      await page.waitForFunction((tag) => document.querySelector(tag)?.shadowRoot?.querySelector('.stage'), `riffle-overlay-${kind}`);

      const loaded = [...new Set(scripts)];
      assert.ok(loaded.includes(`/assets/overlay-${kind}.js`), `loads its bundle: ${loaded.join(', ')}`);
      const gzipped = loaded.reduce((sum, path) => sum + gzipSync(readFileSync(new URL(path.replace(/^\/assets\//, ''), dist))).length, 0);
      assert.ok(gzipped <= BUDGET_GZIP, `${kind}: ${gzipped} bytes of JavaScript gzipped (${loaded.join(', ')})`);

      // The browser running the tests knows CSS nesting and container rules: if the overlay's
      // styles had any, they would show up as nested rules here.
      const found: string[] = await page.evaluate(`(() => {
        const found = [];
        const check = (rules, where) => {
          for (const rule of rules) {
            if (rule instanceof CSSContainerRule) found.push(where + ': @container');
            if (rule instanceof CSSStyleRule && rule.cssRules && rule.cssRules.length > 0) found.push(where + ': nested rules in ' + rule.selectorText);
            if (rule instanceof CSSStyleRule && rule.selectorText.includes(':has(')) found.push(where + ': ' + rule.selectorText);
            if (rule.cssRules && !(rule instanceof CSSStyleRule)) check(rule.cssRules, where);
          }
        };
        const visit = (root, where) => {
          for (const sheet of [...(root.styleSheets || []), ...(root.adoptedStyleSheets || [])]) check(sheet.cssRules, where);
          for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot, el.localName);
        };
        // The check itself is proven on a sheet that has each of them.
        const probe = new CSSStyleSheet();
        probe.replaceSync('.a { .b { color: red } } @container (min-width: 1px) { .c { color: red } } .d:has(.e) { color: red }');
        check(probe.cssRules, 'probe');
        visit(document, 'document');
        return found;
      })()`);
      assert.deepEqual(found.slice(0, 3), ['probe: nested rules in .a', 'probe: @container', 'probe: .d:has(.e)'], 'the check finds what it looks for');
      assert.deepEqual(found.slice(3), []);
      await page.close();
    });
  }
});
