// Bundles the browser apps (Lit) with esbuild into dist/web. Runs before `npm start` and
// `npm test`; the output is never committed. esbuild: fast, well kept, no config files.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entryPoints = {
  display: 'overlays/display/riffle-display.ts',
  control: 'control/riffle-control.ts',
  seat: 'overlays/seat/riffle-seat.ts',
  lobby: 'overlays/lobby/riffle-lobby.ts',
};
const common = {
  absWorkingDir: root,
  outdir: 'dist/web',
  bundle: true,
  format: 'esm',
  minify: process.env.NODE_ENV !== 'development',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
};
// Split (format esm): what the apps share becomes chunks, and every language but English of
// every namespace of texts a chunk of its own, loaded by import() when a page shows that
// language (web/lib/locales.ts). The static route serves dist/web/chunks/ under /assets/chunks/.
rmSync(join(root, 'dist/web/chunks'), { recursive: true, force: true });
const split = { splitting: true, chunkNames: 'chunks/[name]-[hash]', metafile: true };
const apps = await build({ ...common, ...split, entryPoints, target: ['chrome100', 'safari15', 'firefox100'] });

// The stream overlays run in OBS's browser source: CEF Chromium 103, so nothing newer (no
// container queries, :has() or CSS nesting; test/browser/overlays-bundles.test.ts checks).
// One bundle per overlay page; what they share (Lit, the connection) is split into chunks the
// browser caches once. Budget: 30 KB of JavaScript per page, gzipped (docs/OVERLAYS.md).
// The kinds come from the protocol (OVERLAY_KINDS), the one list the server's page route uses too.
const protocol = readFileSync(join(root, 'server/protocol/stream.ts'), 'utf8');
const KINDS = [...(/OVERLAY_KINDS = \[([^\]]+)\]/.exec(protocol)?.[1] ?? '').matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
if (KINDS.length === 0) throw new Error('OVERLAY_KINDS not found in server/protocol/stream.ts');
const overlays = Object.fromEntries(KINDS.map((kind) => [`overlay-${kind}`, `overlays/stream/${kind}/riffle-overlay-${kind}.ts`]));
const streams = await build({ ...common, ...split, entryPoints: overlays, target: ['chrome103'] });
// What each page loads first (scripts/bundle-sizes.ts, test/web/bundle-budget.test.ts read it).
writeFileSync(join(root, 'dist/web/meta.json'), JSON.stringify({ outputs: { ...apps.metafile.outputs, ...streams.metafile.outputs } }));

// Flags of the player plates and the leaderboard: flag-icons' 4:3 SVGs (MIT), served at
// /assets/flags/<cc>.svg (the CSP allows images from 'self' only).
const require = createRequire(import.meta.url);
const flags = join(dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');
if (existsSync(flags)) cpSync(flags, join(root, 'dist/web/flags'), { recursive: true });
else console.warn('flag-icons is not installed: overlays show no flags');
// The overlays' display face: Barlow Condensed (OFL 1.1, @fontsource/barlow-condensed), a
// grotesk drawn after California's highway signs to be read at a distance, with a condensed
// width (a 10-handed table's names) and tabular figures (chip counts that do not dance).
// Latin and Latin Extended (č ć đ š ž of hr, æ ø å of da), weights 500-800, served at
// /assets/fonts/ (the CSP allows fonts from 'self' only); fonts.css is linked by the overlay page.
const fontDir = join(dirname(require.resolve('@fontsource/barlow-condensed/package.json')), 'files');
const FONT_WEIGHTS = [500, 600, 700, 800];
const FONT_SUBSETS = {
  latin: 'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  'latin-ext': 'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF',
};
if (existsSync(fontDir)) {
  mkdirSync(join(root, 'dist/web/fonts'), { recursive: true });
  const faces = [];
  for (const weight of FONT_WEIGHTS) {
    for (const [subset, range] of Object.entries(FONT_SUBSETS)) {
      const file = `barlow-condensed-${subset}-${weight}-normal.woff2`;
      cpSync(join(fontDir, file), join(root, 'dist/web/fonts', file));
      faces.push(`@font-face{font-family:'Riffle Display';font-style:normal;font-display:block;font-weight:${weight};src:url(/assets/fonts/${file}) format('woff2');unicode-range:${range};}`);
    }
  }
  writeFileSync(join(root, 'dist/web/fonts/fonts.css'), faces.join('\n') + '\n');
} else console.warn('@fontsource/barlow-condensed is not installed: overlays use the system font');
console.log(`built ${Object.keys(entryPoints).join(', ')} and ${KINDS.length} overlays into dist/web`);
