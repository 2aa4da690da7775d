/**
 * The benches speak the protocol of the tree they measure. A client's `hello` carries its
 * protocol version, and a server answers an old one by telling the screen to reload and closing
 * it: benches that wrote `protocol: 2` by hand kept running after the protocol moved to 3 and 4,
 * with every screen closed while connecting (bench/fanout-targets.ts failed that way). They take
 * PROTOCOL_VERSION from server/protocol/messages.ts instead; this checks that no bench (or bench
 * helper) writes a number there. bench/floor-server.ts is the exception: it is the bare server
 * Riffle is compared with, and its own `hello` imitates one, it does not ask for a version.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(m?ts|m?js)$/.test(name) ? [path] : [];
  });
}

describe('benches and the protocol version', () => {
  it('no bench sends a protocol version written by hand', () => {
    const files = sources(join(root, 'bench')).filter((f) => !f.endsWith('floor-server.ts'));
    assert.ok(files.length > 10, 'the benches were found');
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => /\bprotocol\s*:\s*\d/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    assert.deepEqual(offenders, []);
  });
});
