/**
 * The speed layer (caches kept on or beside the engine's values, the tournament's view memory,
 * line notes for the publisher) lives in server/engine/speed/ and nowhere else under
 * server/engine/; a rule file does not import it, so changing a rule never means knowing a cache
 * (issue 22, "What must hold" 1).
 *
 * Only the views and the two collections that record their own history may use it (LAYER_USERS);
 * every other file under server/engine/ is a rule file. A view caches on its declared inputs (the
 * balance declares what it reads: seating/balance.ts balanceReads), never on a check that knows a
 * rule, and keeps what it remembers between commands in the tournament's ViewMemory, passed in by
 * the host, never in a module variable (checked below).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENGINE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'engine');
const SPEED = join(ENGINE, 'speed');

/** The topic views (and their table) and the collections that record their own history. */
const LAYER_USERS = new Set(['views.ts', 'entries/views.ts', 'tables/views.ts', 'entries/totals.ts', 'seating/room.ts']);

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
      if (!LAYER_USERS.has(rel)) offenders.push(`${rel} imports ${spec}`);
    }
  }
  assert.deepEqual(offenders, [], 'rule files must not import the speed layer: pass what they need in through the engine context');
  assert.deepEqual([...LAYER_USERS].filter((f) => !importing.has(f)), [], 'take files that no longer use the speed layer off LAYER_USERS');
});

test('the check sees an import of the speed layer', () => {
  assert.deepEqual(importsOf("import { slot } from '../speed/slots.js';\nexport { x } from \"./y.js\";"), ['../speed/slots.js', './y.js']);
});

test('no module under server/engine/ keeps memory in a module variable (views remember in the ViewMemory)', () => {
  const offenders: string[] = [];
  for (const file of [...files(ENGINE), ...readdirSync(SPEED).map((n) => join(SPEED, n))]) {
    const rel = relative(ENGINE, file).split('\\').join('/');
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/^(export )?(let|var) /.test(line)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
  }
  // The one counter that names objects for the line notes (their numbers must be unique per process).
  assert.deepEqual(offenders, ['speed/object-numbers.ts:7: let next = 1;']);
});

test('the balance declares the chip counts as its input only where a rule reads them', async () => {
  const { balanceReads } = await import('../../server/engine/seating/balance.js');
  assert.deepEqual(balanceReads({ balanceMove: 'utg' }), { chips: true });
  assert.deepEqual(balanceReads({ balanceMove: 'big-blind-next' }), { chips: false });
  // And no view asks the rule itself.
  const views = readFileSync(join(ENGINE, 'tables', 'views.ts'), 'utf8');
  assert.doesNotMatch(views, /balanceMove/);
});
