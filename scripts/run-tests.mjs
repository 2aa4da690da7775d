// Runs every test/**/*.test.ts with Node's own test runner (through tsx for TypeScript).
// Node 20's runner does not expand globs, so the files are listed here.
// Usage: npm test [-- <substring> ...] to run only the files whose path contains a substring;
// arguments that start with -- go to node's runner (e.g. --test-reporter=spec for each test's time).
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const runnerOptions = process.argv.slice(2).filter((a) => a.startsWith('--'));
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.test.ts')) files.push(relative(root, path));
  }
})(join(root, 'test'));
const chosen = filters.length ? files.filter((f) => filters.some((s) => f.includes(s))) : files;
if (chosen.length === 0) {
  console.error('no test files matched', filters);
  process.exit(1);
}
const args = ['--import', 'tsx', '--test', '--test-concurrency=2', ...runnerOptions, ...chosen];
const run = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
