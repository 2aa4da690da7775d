/**
 * The protocol is a leaf module (issue 11): every file under server/protocol/ imports only other
 * files under server/protocol/ - no zod, no package at all, no `node:` module, nothing of the
 * engine or the rest of the server - type-only imports included, since a type import still
 * ties the wire contract to what it names. The browser bundles (client/, overlays/, control/)
 * import the protocol; test/browser/imports.test.ts checks what they bundle.
 *
 * The import graph is read with the TypeScript compiler itself, not a regex: each file's syntax
 * tree (import and export declarations, `import x = require()`, `import()` calls and types,
 * `require()` calls, triple-slash references), and then a program over the protocol's files
 * whose every loaded source file must lie under server/protocol/.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PROTOCOL = join(root, 'server', 'protocol');

function tsFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return tsFiles(path);
      return /\.(c|m)?tsx?$/.test(name) ? [path] : [];
    });
}

/** The compiler options of the project (tsconfig.json), for module resolution. */
function projectOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
}

interface ImportRef {
  specifier: string;
  line: number;
}

/** Every module a file refers to, as the parser sees it. A non-literal `import(x)` is listed as `<dynamic>`. */
function importsOf(file: string): ImportRef[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const refs: ImportRef[] = [];
  const add = (specifier: string, pos: number) => refs.push({ specifier, line: source.getLineAndCharacterOfPosition(pos).line + 1 });
  const literal = (node: ts.Node | undefined, at: number) => {
    if (node && ts.isStringLiteralLike(node)) add(node.text, at);
    else add('<dynamic>', at);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || (ts.isExportDeclaration(node) && node.moduleSpecifier)) {
      literal(node.moduleSpecifier, node.getStart());
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      literal(node.moduleReference.expression, node.getStart());
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      literal(ts.isLiteralTypeNode(arg) ? arg.literal : undefined, node.getStart());
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) {
        literal(node.arguments[0], node.getStart());
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const ref of [...source.referencedFiles, ...source.typeReferenceDirectives, ...source.libReferenceDirectives]) {
    add(`/// <reference ${ref.fileName}>`, ref.pos);
  }
  return refs;
}

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel);
}

/**
 * What breaks the leaf rule in the files under `dir`, as `file:line specifier (why)`: a package
 * or `node:` module, a path outside `dir`, a reference, or an import that does not resolve to a
 * file under `dir`.
 */
function offences(dir: string, options: ts.CompilerOptions): string[] {
  const found: string[] = [];
  for (const file of tsFiles(dir)) {
    for (const { specifier, line } of importsOf(file)) {
      const where = `${relative(dir, file)}:${line} ${specifier}`;
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) {
        found.push(`${where} (not a relative path: a package, node: module or reference)`);
        continue;
      }
      if (!inside(dir, resolve(dirname(file), specifier))) {
        found.push(`${where} (outside the protocol)`);
        continue;
      }
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
      if (!resolved) found.push(`${where} (does not resolve)`);
      else if (resolved.isExternalLibraryImport || !inside(dir, resolved.resolvedFileName)) found.push(`${where} (resolves outside the protocol)`);
    }
  }
  return found;
}

/** The source files (default libraries aside) a program over the files under `dir` loads that are not under `dir`. */
function loadedOutside(dir: string, options: ts.CompilerOptions): string[] {
  const program = ts.createProgram(tsFiles(dir), { ...options, types: [], noEmit: true });
  return program
    .getSourceFiles()
    .filter((sf) => !program.isSourceFileDefaultLibrary(sf) && !inside(dir, resolve(sf.fileName)))
    .map((sf) => relative(root, sf.fileName));
}

describe('server/protocol is a leaf module', () => {
  const options = projectOptions();

  it('no file under server/protocol imports zod, a package, a node: module or anything outside server/protocol', () => {
    assert.ok(tsFiles(PROTOCOL).length > 10, 'it reads the protocol');
    assert.deepEqual(offences(PROTOCOL, options), []);
  });

  it('the compiler, given the protocol alone, loads nothing else', () => {
    assert.deepEqual(loadedOutside(PROTOCOL, options), []);
  });

  describe('the check sees each kind of bad import', () => {
    // Inside the repository, so that `zod` and `lit` resolve through its node_modules as they would for real.
    const scratch = join(root, '.tmp', `leaf-test-${process.pid}`);
    const copy = join(scratch, 'server', 'protocol');
    before(() => {
      rmSync(scratch, { recursive: true, force: true });
      mkdirSync(dirname(copy), { recursive: true });
      cpSync(PROTOCOL, copy, { recursive: true });
      // The engine next to the copy, as in the repository, so '../engine/...' resolves.
      cpSync(join(root, 'server', 'engine'), join(scratch, 'server', 'engine'), { recursive: true });
    });
    after(() => rmSync(scratch, { recursive: true, force: true }));

    it('the copy is clean before anything is added', () => {
      assert.deepEqual(offences(copy, options), []);
    });

    it('a zod import, a type-only engine import, a node: module, a re-export of a package, an import type, a dynamic import, require and a reference', () => {
      writeFileSync(
        join(copy, 'bad.ts'),
        [
          `/// <reference types="node" />`,
          `import { z } from 'zod';`,
          `import type { TournamentState } from '../engine/state.js';`,
          `import { readFileSync } from 'node:fs';`,
          `export { html } from 'lit';`,
          `export type Schema = import('zod').ZodType;`,
          `export const later = () => import('../engine/apply.js');`,
          `export const old = require('zod');`,
          `import type { Topic } from './views.js';`,
          `export type T = [Topic, TournamentState, typeof readFileSync, typeof z];`,
        ].join('\n'),
      );
      try {
        assert.deepEqual(offences(copy, options), [
          'bad.ts:2 zod (not a relative path: a package, node: module or reference)',
          "bad.ts:3 ../engine/state.js (outside the protocol)",
          'bad.ts:4 node:fs (not a relative path: a package, node: module or reference)',
          'bad.ts:5 lit (not a relative path: a package, node: module or reference)',
          'bad.ts:6 zod (not a relative path: a package, node: module or reference)',
          'bad.ts:7 ../engine/apply.js (outside the protocol)',
          'bad.ts:8 zod (not a relative path: a package, node: module or reference)',
          'bad.ts:1 /// <reference node> (not a relative path: a package, node: module or reference)',
        ]);
        const outside = loadedOutside(copy, options);
        assert.ok(outside.some((f) => f.includes('node_modules/zod/')), `the program loads zod: ${outside.join(', ')}`);
        assert.ok(outside.some((f) => f.endsWith('engine/state.ts')), 'the program loads the engine');
      } finally {
        rmSync(join(copy, 'bad.ts'));
      }
    });

    it('a path that climbs out and back in is fine; one that does not resolve is not', () => {
      writeFileSync(join(copy, 'rules', 'climb.ts'), `import type { Topic } from '../../protocol/views.js';\nexport type T = Topic;\n`);
      writeFileSync(join(copy, 'missing.ts'), `import type { X } from './nowhere.js';\nexport type T = X;\n`);
      try {
        assert.deepEqual(offences(copy, options), ['missing.ts:1 ./nowhere.js (does not resolve)']);
      } finally {
        rmSync(join(copy, 'rules', 'climb.ts'));
        rmSync(join(copy, 'missing.ts'));
      }
    });
  });
});
