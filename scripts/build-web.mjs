// Bundles the browser apps (Lit) with esbuild into dist/web. Runs before `npm start` and
// `npm test`; the output is never committed. esbuild: fast, well kept, no config files.
import { build } from 'esbuild';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
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
await build({ ...common, entryPoints, target: ['chrome100', 'safari15', 'firefox100'] });

// The stream overlays run in OBS's browser source: CEF Chromium 103, so nothing newer (no
// container queries, :has() or CSS nesting; test/browser/overlays-bundles.test.ts checks).
// One bundle per overlay page; what they share (Lit, the connection) is split into chunks the
// browser caches once. Budget: 30 KB of JavaScript per page, gzipped (docs/OVERLAYS.md).
// The kinds come from the protocol (OVERLAY_KINDS), the one list the server's page route uses too.
const protocol = readFileSync(join(root, 'server/protocol/stream.ts'), 'utf8');
const KINDS = [...(/OVERLAY_KINDS = \[([^\]]+)\]/.exec(protocol)?.[1] ?? '').matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
if (KINDS.length === 0) throw new Error('OVERLAY_KINDS not found in server/protocol/stream.ts');
const overlays = Object.fromEntries(KINDS.map((kind) => [`overlay-${kind}`, `overlays/stream/${kind}/riffle-overlay-${kind}.ts`]));
rmSync(join(root, 'dist/web/chunks'), { recursive: true, force: true });
await build({ ...common, entryPoints: overlays, target: ['chrome103'], splitting: true, chunkNames: 'chunks/[name]-[hash]' });

// Flags of the player plates and the leaderboard: flag-icons' 4:3 SVGs (MIT), served at
// /assets/flags/<cc>.svg (the CSP allows images from 'self' only).
const require = createRequire(import.meta.url);
const flags = join(dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');
if (existsSync(flags)) cpSync(flags, join(root, 'dist/web/flags'), { recursive: true });
else console.warn('flag-icons is not installed: overlays show no flags');
console.log(`built ${Object.keys(entryPoints).join(', ')} and ${KINDS.length} overlays into dist/web`);
