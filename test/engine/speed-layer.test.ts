/**
 * The speed layer (caches kept on or beside the engine's values, line notes for the publisher)
 * lives in server/engine/speed/ and nowhere else under server/engine/; a rule file does not
 * import it, so changing a rule never means knowing a cache (issue 22, "What must hold" 1).
 *
 * STILL_IMPORTING names the files that did so when the layer was gathered into one folder and
 * whose caches are yet to move into the per-tournament cache object: the list may only shrink.
 * Any other file under server/engine/ that imports the layer fails this test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENGINE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'engine');
const SPEED = join(ENGINE, 'speed');

/** Debt, not permission: each of these still keeps a cache of its own (docs/ARCHITECTURE.md). */
const STILL_IMPORTING = new Set(['entries/totals.ts', 'entries/views.ts', 'seating/room.ts', 'tables/views.ts']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === SPEED ? [] : files(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The module paths a file imports or re-exports (static and dynamic). */
function importsOf(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) out.push(m[1]!);
  return out;
}

test('no rule file under server/engine/ imports the speed layer (server/engine/speed/)', () => {
  const offenders: string[] = [];
  const importing = new Set<string>();
  for (const file of files(ENGINE)) {
    const rel = relative(ENGINE, file).split('\\').join('/');
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = join(dirname(file), spec);
      if (target !== SPEED && !target.startsWith(SPEED + '/')) continue;
      importing.add(rel);
      if (!STILL_IMPORTING.has(rel)) offenders.push(`${rel} imports ${spec}`);
    }
  }
  assert.deepEqual(offenders, [], 'rule files must not import the speed layer: pass what they need in through the engine context');
  // The list only shrinks: a file that stopped importing the layer leaves it.
  assert.deepEqual([...STILL_IMPORTING].filter((f) => !importing.has(f)), [], 'take files that no longer import the speed layer off STILL_IMPORTING');
});

test('the check sees an import of the speed layer', () => {
  assert.deepEqual(importsOf("import { slot } from '../speed/slots.js';\nexport { x } from \"./y.js\";"), ['../speed/slots.js', './y.js']);
});
