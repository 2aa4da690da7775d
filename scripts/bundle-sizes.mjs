// The JavaScript each browser page loads before its first paint, gzipped: its entry and every
// chunk the entry imports statically (a language loaded on demand by import() is not counted).
// Reads dist/web/meta.json, which scripts/build-web.mjs writes (esbuild's metafile).
// Usage: node scripts/build-web.mjs && node scripts/bundle-sizes.mjs [--json]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Budgets in bytes, gzipped (issue 22; docs/BENCHMARKS.md): pages without one must not grow. */
export const BUDGETS = { display: 60 * 1024, seat: 30 * 1024, overlay: 30 * 1024 };

/** `{page: {files, gzip, minified}}` for every entry of the build. */
export function firstLoad(dir = `${root}dist/web/`) {
  const { outputs } = JSON.parse(readFileSync(`${dir}meta.json`, 'utf8'));
  const rel = (path) => path.replace(/^dist\/web\//, '');
  const pages = {};
  for (const [path, out] of Object.entries(outputs)) {
    if (!out.entryPoint || !path.endsWith('.js')) continue;
    const seen = new Set();
    const visit = (p) => {
      if (seen.has(p)) return;
      seen.add(p);
      for (const i of outputs[p]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path);
    };
    visit(path);
    const files = [...seen].map(rel);
    const texts = files.map((f) => readFileSync(`${dir}${f}`));
    pages[rel(path).replace(/\.js$/, '')] = {
      files,
      minified: texts.reduce((sum, t) => sum + t.length, 0),
      gzip: texts.reduce((sum, t) => sum + gzipSync(t).length, 0),
    };
  }
  return pages;
}

export function budgetOf(page) {
  return page.startsWith('overlay-') ? BUDGETS.overlay : BUDGETS[page];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = firstLoad();
  if (process.argv.includes('--json')) console.log(JSON.stringify(pages, null, 2));
  else {
    const kb = (n) => (n / 1024).toFixed(1).padStart(6);
    console.log('page                        first-load JS  gzip KB  minified KB  budget KB');
    for (const [page, p] of Object.entries(pages).sort()) {
      const budget = budgetOf(page);
      console.log(`${page.padEnd(28)}${String(p.files.length).padStart(6)} files ${kb(p.gzip)}   ${kb(p.minified)}     ${budget ? kb(budget) : '     -'}${budget && p.gzip > budget ? '  OVER' : ''}`);
    }
  }
}
