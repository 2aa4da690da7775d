/**
 * What each browser bundle is made of (esbuild's own list of its inputs): browser code imports
 * no `node:` module, no zod and nothing of the server but its protocol (server/protocol/), and
 * the screens (venue display, seat lookup, stream overlays) carry none of the control panel's
 * code: no control/, no command queue, no offline store of commands.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SCREENS: Record<string, string> = {
  display: 'overlays/display/riffle-display.ts',
  seat: 'overlays/seat/riffle-seat.ts',
  lobby: 'overlays/lobby/riffle-lobby.ts',
  ...Object.fromEntries(
    readdirSync(`${root}/overlays/stream`, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'lib')
      .map((d) => [`overlay-${d.name}`, `overlays/stream/${d.name}/riffle-overlay-${d.name}.ts`]),
  ),
};
const CONTROL = { control: 'control/riffle-control.ts' };

/** The source files (ours and node_modules') a bundle of `entry` is made of. */
async function inputsOf(entry: string): Promise<string[]> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    logLevel: 'silent',
    tsconfig: 'tsconfig.json',
  });
  return Object.keys(result.metafile.inputs);
}

function offences(inputs: string[]): string[] {
  return inputs.filter(
    (path) => path.startsWith('node:') || /(^|\/)node_modules\/zod\//.test(path) || (path.startsWith('server/') && !path.startsWith('server/protocol/')),
  );
}

describe('browser bundles', () => {
  for (const [name, entry] of Object.entries({ ...SCREENS, ...CONTROL })) {
    it(`${name}: no node: module, no zod, nothing of the server but its protocol`, async () => {
      const inputs = await inputsOf(entry);
      assert.ok(inputs.some((p) => p.startsWith('client/')), 'it is built on client/');
      assert.deepEqual(offences(inputs), []);
    });
  }

  for (const [name, entry] of Object.entries(SCREENS)) {
    it(`${name}: none of the control panel's code`, async () => {
      const inputs = await inputsOf(entry);
      const control = inputs.filter((p) => p.startsWith('control/') || p === 'client/commands.ts' || p === 'client/pending-store.ts');
      assert.deepEqual(control, []);
    });
  }

  it('the check itself sees what it looks for: the control panel has its command queue', async () => {
    const inputs = await inputsOf(CONTROL.control);
    assert.ok(inputs.includes('client/commands.ts'));
    assert.ok(inputs.includes('client/pending-store.ts'));
  });
});
