/**
 * The JavaScript each browser page loads before its first paint, gzipped: its entry and every
 * chunk the entry imports statically (a language loaded by import() when chosen is not
 * counted: web/lib/i18n.ts). Reads dist/web/meta.json, esbuild's metafile, which
 * scripts/build-web.mjs writes. test/web/bundle-budget.test.ts holds every page to its budget.
 *
 *   node scripts/build-web.mjs && npx tsx scripts/bundle-sizes.ts [--json]
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/web/', import.meta.url));
const KB = 1024;

/**
 * Budgets, gzipped (issue 22): the venue display 60 KB, the seat lookup on a player's phone and
 * every stream overlay 30 KB. The phone and the lobby have none of their own but must not grow
 * past what they weighed before the locales were split (control 128.7 KB, lobby 79.7 KB).
 */
export function budgetOf(page: string): number {
  if (page.startsWith('overlay-')) return 30 * KB;
  const budgets: Record<string, number> = { display: 60 * KB, seat: 30 * KB, control: 128 * KB, lobby: 79 * KB };
  const budget = budgets[page];
  if (budget === undefined) throw new Error(`no budget for the page ${page}: add one to scripts/bundle-sizes.ts`);
  return budget;
}

export interface FirstLoad {
  files: string[];
  minified: number;
  gzip: number;
}

interface Meta {
  outputs: Record<string, { entryPoint?: string; imports: { path: string; kind: string }[] }>;
}

/** Every page of the build (display, seat, lobby, control, overlay-<kind>) and what it loads first. */
export function firstLoad(dir = DIST): Record<string, FirstLoad> {
  const { outputs } = JSON.parse(readFileSync(`${dir}meta.json`, 'utf8')) as Meta;
  const rel = (path: string) => path.replace(/^dist\/web\//, '');
  const pages: Record<string, FirstLoad> = {};
  for (const [path, out] of Object.entries(outputs)) {
    // Entries only: a chunk loaded by import() (a language) has an entryPoint too.
    if (!out.entryPoint || !path.endsWith('.js') || path.startsWith('dist/web/chunks/')) continue;
    const seen = new Set<string>();
    const visit = (p: string) => {
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = firstLoad();
  if (process.argv.includes('--json')) console.log(JSON.stringify(pages, null, 2));
  else {
    const kb = (n: number) => (n / KB).toFixed(1).padStart(7);
    console.log('page                  files  gzip KB  minified KB  budget KB');
    for (const [page, p] of Object.entries(pages).sort()) {
      const budget = budgetOf(page);
      console.log(`${page.padEnd(22)}${String(p.files.length).padStart(5)}  ${kb(p.gzip)}  ${kb(p.minified)}     ${kb(budget)}${p.gzip > budget ? '  OVER' : ''}`);
    }
  }
}
