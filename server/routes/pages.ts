/**
 * HTML shells for the browser apps. Each page loads one bundle built from overlays/ or
 * control/; the component reads the tournament id from the URL, so nothing from the request
 * is ever written into the HTML.
 */
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Deps, Env } from './context.js';

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

const PAGES = {
  display: shell('Riffle · Clock', 'display', 'riffle-display', '#05070d'),
  control: shell('Riffle · Control', 'control', 'riffle-control', '#0b0f17'),
  seat: shell('Riffle · Find your seat', 'seat', 'riffle-seat', '#05070d'),
};

export function pageRoutes({ registry, webRoot }: Deps) {
  return new Hono<Env>()
    .get('/', (c) => c.redirect('/control'))
    .get('/display/:id', (c) => (registry.get(c.req.param('id')) ? c.html(PAGES.display) : c.html(PAGES.display, 404)))
    .get('/control', (c) => c.html(PAGES.control))
    // Public seat lookup for players: search by name, shows table and seat only.
    .get('/seat/:id', (c) => (registry.get(c.req.param('id')) ? c.html(PAGES.seat) : c.html(PAGES.seat, 404)))
    .use(
      '/assets/*',
      serveStatic({
        root: webRoot,
        rewriteRequestPath: (path) => path.replace(/^\/assets/, ''),
        onFound: (_path, c) => {
          c.header('Cache-Control', 'no-cache');
        },
      }),
    );
}
