// The Debian packages `npm test` needs: Chromium for the browser tests (driven by playwright-core,
// never a downloaded browser), OBS Studio under Xvfb for the OBS bridge's tests, and a font so
// that text has the same metrics on every machine, PostgreSQL for the store's second dialect, NATS for a cluster's edges, and haproxy for the balancer sample. Run by `pretest`: on a machine without them it
// installs them when it can (root with apt-get), saying what it installs, or stops with the one
// command that does. `.ci/run` therefore needs nothing but `npm ci` and `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What each package gives the tests, and how to see that it is there. */
const PACKAGES = [
  { name: 'chromium', present: () => onPath('chromium') },
  { name: 'obs-studio', present: () => onPath('obs') },
  { name: 'xvfb', present: () => onPath('xvfb-run') },
  { name: 'xauth', present: () => onPath('xauth') },
  { name: 'fonts-dejavu-core', present: () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf') },
  // PostgreSQL 15 for the store's tests on its dialect (test/helpers/postgres.ts starts its own).
  { name: 'postgresql', present: () => existsSync('/usr/lib/postgresql/15/bin/pg_ctl') },
  // NATS for the edges of a cluster (test/helpers/nats.ts starts its own, with JetStream).
  { name: 'nats-server', present: () => onPath('nats-server') || existsSync('/usr/sbin/nats-server') },
  // haproxy for the balancer sample's test (test/helpers/haproxy.ts runs docs/cluster/haproxy.cfg).
  { name: 'haproxy', present: () => onPath('haproxy') || existsSync('/usr/sbin/haproxy') },
];

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const missing = PACKAGES.filter((p) => !p.present()).map((p) => p.name);
if (missing.length === 0) process.exit(0);

const install = `apt-get install -y -q ${missing.join(' ')}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !onPath('apt-get')) {
  console.error(`npm test needs these Debian packages: ${missing.join(', ')}.\nInstall them with:\n  sudo apt-get update && sudo ${install}`);
  process.exit(1);
}

console.log(`npm test: installing the Debian packages the tests need: ${missing.join(', ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update', '-q'], ['install', '-y', '-q', ...missing]]) {
  const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (run.status !== 0) {
    console.error(`npm test: 'apt-get ${args.join(' ')}' failed (exit ${run.status}); run it by hand and try again.`);
    process.exit(1);
  }
}
const still = PACKAGES.filter((p) => !p.present()).map((p) => p.name);
if (still.length > 0) {
  console.error(`npm test: installed, but still missing: ${still.join(', ')}`);
  process.exit(1);
}
