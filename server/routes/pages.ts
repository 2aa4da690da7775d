/**
 * HTML shells for the browser apps. Each page loads one bundle built from overlays/ or
 * control/; the component reads the tournament id from the URL, so nothing from the request
 * is ever written into the HTML.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { compress } from 'hono/compress';
import type { Deps, Env } from './context.js';
import { OVERLAY_KINDS, type OverlayKind } from '../protocol/stream.js';

function shell(title: string, bundle: string, tag: string, background: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="dark">
<title>${title}</title>
<link rel="icon" href="data:,">
<style>html,body{margin:0;height:100%;background:${background};}</style>
<script type="module" src="/assets/${bundle}.js"></script>
</head>
<body><${tag}></${tag}></body>
</html>`;
}

/**
 * A stream overlay's page: transparent (OBS composites it over the video), no colour scheme of
 * its own, and nothing but the overlay's element. Bundle `overlay-<kind>.js`, tag
 * `<riffle-overlay-<kind>>` (overlays/stream/<kind>/).
 */
function overlayShell(kind: OverlayKind, fontFaces: string | null): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Riffle · ${kind} overlay</title>
<link rel="icon" href="data:,">
<style>html,body{margin:0;width:100%;height:100%;overflow:hidden;background:transparent;}</style>
${fontFaces === null ? '<link rel="stylesheet" href="/assets/fonts/fonts.css">' : `<style>${fontFaces}</style>`}
<script type="module" src="/assets/overlay-${kind}.js"></script>
</head>
<body><riffle-overlay-${kind}></riffle-overlay-${kind}></body>
</html>`;
}

/**
 * The bundled font's @font-face rules (3 KB, made by scripts/build-web.mjs), written into each
 * overlay page: a stylesheet link held the overlay's script back by one more request (content on
 * air 165-234 ms before the font, up to 430 ms with the link; bench/overlays.ts paint). The link
 * stays as the fallback when the build has not made the file.
 */
function fontFaces(webRoot: string): string | null {
  try {
    const css = readFileSync(join(webRoot, 'fonts', 'fonts.css'), 'utf8');
    return css.includes('</') ? null : css;
  } catch {
    return null;
  }
}

/** An unknown overlay kind: a plain page that names the kinds there are (a set-up mistake, not on air). */
function unknownOverlay(kind: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Riffle · unknown overlay</title><link rel="icon" href="data:,">
<style>body{font:16px system-ui,sans-serif;margin:2rem;background:#fff;color:#111}code{background:#eee;padding:0 .3em}</style></head>
<body><h1>No overlay “${escape(kind.slice(0, 40))}”</h1>
<p>Overlays: ${OVERLAY_KINDS.map((k) => `<code>${k}</code>`).join(', ')}.</p>
<p>Use <code>/overlay/&lt;tournament id&gt;/&lt;kind&gt;</code>, e.g. <code>/overlay/abc123/clock</code>. See docs/OVERLAYS.md.</p></body></html>`;
}

const PAGES = {
  display: shell('Riffle · Clock', 'display', 'riffle-display', '#05070d'),
  control: shell('Riffle · Control', 'control', 'riffle-control', '#0b0f17'),
  seat: shell('Riffle · Find your seat', 'seat', 'riffle-seat', '#05070d'),
  lobby: shell('Riffle · Lobby', 'lobby', 'riffle-lobby', '#05070d'),
};

/**
 * The pages. `registry` says which tournaments are served (an unknown one still gets its page,
 * with 404); an edge, which cannot tell without asking a host, says every one is.
 */
export function pageRoutes({ registry, webRoot }: Pick<Deps, 'webRoot'> & { registry: { get(id: string): unknown } }) {
  const faces = fontFaces(webRoot);
  const OVERLAY_PAGES = Object.fromEntries(OVERLAY_KINDS.map((k) => [k, overlayShell(k, faces)])) as Record<OverlayKind, string>;
  return new Hono<Env>()
    .get('/', (c) => c.redirect('/control'))
    .get('/display/:id', (c) => (registry.get(c.req.param('id')) ? c.html(PAGES.display) : c.html(PAGES.display, 404)))
    .get('/control', (c) => c.html(PAGES.control))
    // A venue TV for several tournaments at once: each one's level, clock and players left.
    .get('/lobby', (c) => c.html(PAGES.lobby))
    // Stream overlays (OBS browser sources). An unknown tournament still gets the overlay's
    // transparent page (404): on air it shows nothing, says why in the console and retries.
    .get('/overlay/:id/:kind', (c) => {
      const kind = c.req.param('kind');
      if (!(OVERLAY_KINDS as readonly string[]).includes(kind)) return c.html(unknownOverlay(kind), 404);
      const page = OVERLAY_PAGES[kind as OverlayKind];
      return registry.get(c.req.param('id')) ? c.html(page) : c.html(page, 404);
    })
    // Public seat lookup for players: search by name, shows table and seat only.
    .get('/seat/:id', (c) => (registry.get(c.req.param('id')) ? c.html(PAGES.seat) : c.html(PAGES.seat, 404)))
    // Served like a broadcast asset: JavaScript, CSS and maps compressed on the wire (gzip); a
    // chunk's name carries its content's hash, so it is cached for good; an entry keeps its name
    // and is asked again each time (no-cache: a 304 when it did not change).
    .use('/assets/*', compress())
    .use(
      '/assets/*',
      serveStatic({
        root: webRoot,
        rewriteRequestPath: (path) => path.replace(/^\/assets/, ''),
        onFound: (path, c) => {
          c.header('Cache-Control', /\/chunks\/[^/]+-[A-Z0-9]{8}\.js$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      }),
    );
}
