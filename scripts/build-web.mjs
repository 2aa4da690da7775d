// Bundles the browser apps (Lit) with esbuild into dist/web. Runs before `npm start` and
// `npm test`; the output is never committed. esbuild: fast, well kept, no config files.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entryPoints = {
  display: 'overlays/display/riffle-display.ts',
  control: 'control/riffle-control.ts',
  seat: 'overlays/seat/riffle-seat.ts',
};
await build({
  absWorkingDir: root,
  entryPoints,
  outdir: 'dist/web',
  bundle: true,
  format: 'esm',
  target: ['chrome100', 'safari15', 'firefox100'],
  minify: process.env.NODE_ENV !== 'development',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  tsconfig: 'tsconfig.json',
});
console.log(`built ${Object.keys(entryPoints).join(', ')} into dist/web`);
