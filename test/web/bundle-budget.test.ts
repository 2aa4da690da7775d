/**
 * Every browser page within its budget of JavaScript on first load, gzipped: its entry and the
 * chunks it imports statically (scripts/bundle-sizes.ts; the budgets are issue 22's: the venue
 * display 60 KB, the seat lookup 30 KB, every stream overlay 30 KB; the phone and the lobby no
 * more than before). A language other than English loads on demand and is not counted, but it
 * must exist as a chunk of its own. Reads the build `npm test` makes first.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { budgetOf, firstLoad } from '../../scripts/bundle-sizes.js';
import { OVERLAY_KINDS } from '../../server/protocol/stream.js';

const pages = firstLoad();

describe('first-load JavaScript per page', () => {
  it('covers every page the server serves', () => {
    assert.deepEqual(Object.keys(pages).sort(), ['control', 'display', 'lobby', 'seat', ...OVERLAY_KINDS.map((k) => `overlay-${k}`)].sort());
  });

  for (const [page, load] of Object.entries(pages)) {
    it(`${page}: ${(budgetOf(page) / 1024).toFixed(0)} KB gzipped at most`, () => {
      assert.ok(load.gzip <= budgetOf(page), `${page}: ${load.gzip} bytes gzipped in ${load.files.join(', ')}`);
    });
  }

  it('the seat lookup and the display carry no other language than English, and none of the phone’s texts', () => {
    const read = (f: string) => readFileSync(new URL(`../../dist/web/${f}`, import.meta.url), 'utf8');
    const firstLoadText = (page: string) => pages[page]!.files.map(read).join('\n');
    // The check reads what the page loads: its English is there.
    assert.ok(firstLoadText('seat').includes('Find your seat'));
    // Words only the Croatian or German seating texts or the phone's set-up texts have (ASCII:
    // esbuild writes other letters as \u escapes).
    const foreign = ['svoje mjesto', 'Platz finden', 'Nieuw toernooi', 'New tournament'];
    for (const page of ['seat', 'display', 'lobby']) {
      for (const words of foreign) assert.ok(!firstLoadText(page).includes(words), `${page} carries "${words}"`);
    }
    // Croatian is still there, in a chunk of its own.
    const chunks = Object.keys(JSON.parse(read('meta.json')).outputs as object).filter((p) => p.startsWith('dist/web/chunks/') && p.endsWith('.js'));
    assert.equal(chunks.filter((p) => read(p.slice('dist/web/'.length)).includes('svoje mjesto')).length, 1);
  });
});
