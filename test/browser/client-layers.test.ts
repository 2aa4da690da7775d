/**
 * client/ is layered as home-assistant-js-websocket is (issue 22 item 6): socket (and its
 * handshake) below the connection (one in-flight map), the command queue above it behind an
 * interface (client/sink.ts) that a screen's connection does not carry. Read with the
 * TypeScript compiler's own import scanner: no file of client/ imports itself back through
 * another (type-only imports count: they tie the layers too), the connection never imports the
 * command queue, and nothing casts through `unknown` between the layers.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const CLIENT = fileURLToPath(new URL('../../client', import.meta.url));
const files = readdirSync(CLIENT).filter((f) => f.endsWith('.ts'));

/** The client/ files each client/ file imports (by file name). */
function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(CLIENT, file), 'utf8'), true, true);
    const local = info.importedFiles
      .map((i) => resolve(CLIENT, i.fileName))
      .filter((path) => dirname(path) === CLIENT)
      .map((path) => basename(path).replace(/\.js$/, '.ts'));
    edges.set(file, local);
  }
  return edges;
}

describe('client/ layers', () => {
  it('import one another without a cycle', () => {
    const edges = graph();
    const cycles: string[] = [];
    const walk = (file: string, path: string[]) => {
      if (path.includes(file)) return void cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
      for (const next of edges.get(file) ?? []) walk(next, [...path, file]);
    };
    for (const file of files) walk(file, []);
    assert.deepEqual(cycles, []);
  });

  it('the connection and the socket never import the command queue', () => {
    const edges = graph();
    assert.ok(edges.get('connection.ts')?.includes('sink.ts'), 'the connection knows the sink interface');
    for (const file of ['connection.ts', 'socket.ts']) assert.equal(edges.get(file)?.includes('commands.ts'), false, file);
    assert.equal(edges.get('socket.ts')?.includes('connection.ts'), false);
  });

  it('no cast through unknown between the layers', () => {
    for (const file of files) assert.doesNotMatch(readFileSync(join(CLIENT, file), 'utf8'), /as unknown as/, file);
  });
});
