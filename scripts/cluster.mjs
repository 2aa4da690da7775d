#!/usr/bin/env node
/**
 * `npm run cluster`: a whole Riffle cluster on this machine, for a demo (docs/SCALING.md):
 * a throwaway PostgreSQL 15 and NATS (Debian's `postgresql` and `nats-server` packages), host A
 * and host B (server/main.ts on both, A owns what it creates, B is the standby), two edges
 * (server/edge/main.ts) and a small front on port 8080 that spreads connections over the edges
 * that answer. Kill a host (`kill -9 <pid>`) to watch the other take its tournaments over; it
 * is started again 10 s later as the standby. Ctrl-C stops everything and deletes the data.
 *
 * The front is a demo's TCP balancer (node:net): production puts haproxy or nginx there
 * (docs/SCALING.md has a sample configuration).
 *
 * Ports: the front on CLUSTER_PORT_BASE (8080), hosts on the next two (8081/8082), edges on
 * base + 11 and + 12 (8091/8092), PostgreSQL on PG_PORT (5433), NATS on NATS_PORT (4222); all on 127.0.0.1 but the front and the edges (every interface, so phones on
 * the LAN reach them).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PG_BIN = '/usr/lib/postgresql/15/bin';
const NATS = existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server';
const BASE = Number(process.env.CLUSTER_PORT_BASE ?? 8080);
const FRONT_PORT = BASE;
const PG_PORT = Number(process.env.PG_PORT ?? 5433);
const NATS_PORT = Number(process.env.NATS_PORT ?? 4222);
const HOSTS = [
  { name: 'host A', port: BASE + 1, data: 'a' },
  { name: 'host B', port: BASE + 2, data: 'b' },
];
const EDGES = [
  { name: 'edge 1', port: BASE + 11 },
  { name: 'edge 2', port: BASE + 12 },
];
/** A killed or crashed process is started again after this long (a host as the new standby). */
const RESTART_MS = 10_000;

let root = null;
let pgDir = null;
const children = new Map(); // name -> child process
let stopping = false;
const say = (line) => process.stdout.write(`[cluster] ${line}\n`);
const asRoot = userInfo().uid === 0;

if (!existsSync(join(PG_BIN, 'initdb'))) fail(`PostgreSQL 15 is not installed (${PG_BIN}): apt-get install postgresql`);
if (spawnSync(NATS, ['--version']).status !== 0) fail('nats-server is not installed: apt-get install nats-server');

// The pages and bundles the hosts and edges serve.
say('building the web bundles (node scripts/build-web.mjs)');
if (spawnSync(process.execPath, ['scripts/build-web.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) fail('the build failed');

root = mkdtempSync(join(tmpdir(), 'riffle-cluster-'));

// PostgreSQL refuses to run as root: as the `postgres` user then (as test/helpers/postgres.ts does).
function pg(program, args) {
  const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, program), ...args], { encoding: 'utf8' }) : spawnSync(join(PG_BIN, program), args, { encoding: 'utf8' });
  if (r.status !== 0) fail(`${program} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
}
pgDir = join(root, 'pg');
chmodSync(root, 0o755);
if (asRoot) {
  const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  chownSync(root, id('-u'), id('-g'));
}
say(`PostgreSQL: a new database cluster in ${pgDir}, port ${PG_PORT}`);
pg('initdb', ['-D', pgDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
pg('pg_ctl', ['-D', pgDir, '-w', '-l', join(root, 'pg.log'), '-o', `-p ${PG_PORT} -k ${root} -h 127.0.0.1`, 'start']);
pg('createdb', ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', 'riffle']);
const databaseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/riffle`;

// NATS with JetStream; max_payload 8 MB: a snapshot of a 10,000-entry field and a relayed players CSV (2 MiB, base64) each fit one message.
const natsConf = join(root, 'nats.conf');
// Its log goes to a file (its start-up banner would drown the hosts' lines).
writeFileSync(natsConf, `host: 127.0.0.1\nport: ${NATS_PORT}\nmax_payload: 8MB\nlog_file: "${join(root, 'nats.log')}"\njetstream {\n  store_dir: "${join(root, 'nats')}"\n}\n`);
const natsUrl = `nats://127.0.0.1:${NATS_PORT}`;
run('nats', NATS, ['-c', natsConf], {});

const adminToken = randomBytes(24).toString('hex');
const tsx = (script) => [process.execPath, ['--import', 'tsx', script]];
for (const h of HOSTS) {
  const data = join(root, h.data);
  mkdirSync(data);
  run(h.name, ...tsx('server/main.ts'), {
    PORT: String(h.port),
    RIFFLE_DATA: data,
    RIFFLE_DATABASE_URL: databaseUrl,
    RIFFLE_NATS_URL: natsUrl,
    RIFFLE_ADMIN_TOKEN: adminToken,
    RIFFLE_BANNER_FILE: join(data, 'banner.txt'),
  });
  // A first: it creates the sample tournament below and owns it; B is then the standby.
  if (h === HOSTS[0]) await healthy(h.port);
}
for (const e of EDGES) run(e.name, ...tsx('server/edge/main.ts'), { PORT: String(e.port), RIFFLE_NATS_URL: natsUrl });
await Promise.all([...HOSTS, ...EDGES].map((p) => healthy(p.port)));

// A tournament to look at: the sample one, created on host A (which then owns it).
const sample = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "import { sampleTournament } from './server/sample.ts'; process.stdout.write(JSON.stringify(sampleTournament()));"], { cwd: ROOT, encoding: 'utf8' });
let tournament = '';
if (sample.status === 0) {
  const res = await fetch(`http://127.0.0.1:${HOSTS[0].port}/api/tournaments`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` }, body: sample.stdout });
  if (res.ok) tournament = (await res.json()).id;
}

startFront();

const banner = join(root, HOSTS[0].data, 'banner.txt');
const pins = existsSync(banner) ? /TD PIN\s*:\s*(\d{6}).*/.exec(readFileSync(banner, 'utf8'))?.[0]?.trim() : null;
const pid = (name) => children.get(name)?.pid ?? '?';
console.log(`
Riffle cluster running (data in ${root}, deleted at Ctrl-C):

  front         http://localhost:${FRONT_PORT}        <- open this (spreads over the live edges)
  edge 1        http://localhost:${EDGES[0].port}        pid ${pid('edge 1')}
  edge 2        http://localhost:${EDGES[1].port}        pid ${pid('edge 2')}
  host A        http://127.0.0.1:${HOSTS[0].port}        pid ${pid('host A')}  (owns what it created)
  host B        http://127.0.0.1:${HOSTS[1].port}        pid ${pid('host B')}  (standby)
  PostgreSQL    ${databaseUrl}
  NATS          ${natsUrl}

  Admin token   ${adminToken}   (the same on both hosts)
  ${pins ?? 'PINs: see the hosts\' banners in their data folders'}
  ${tournament ? `Tournament    http://localhost:${FRONT_PORT}/display/${tournament}   (TV)   http://localhost:${FRONT_PORT}/control   (phone)` : ''}

Failover: kill -9 ${pid('host A')}   (host A: host B takes its tournaments over within about 3 s;
          the TV resumes by itself; host A comes back ${RESTART_MS / 1000} s later as the standby)
Edge:     kill -9 ${pid('edge 1')}   (its screens reconnect through the front to edge 2)
Owners:   psql ${databaseUrl} -c 'SELECT tournament_id, owner, epoch FROM leases'
Ctrl-C stops everything and deletes the data.
`);

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** Starts a child, its output prefixed with its name; started again RESTART_MS after it dies. */
function run(name, command, args, env) {
  // A process group of its own: Ctrl-C reaches this script only, which stops the hosts and edges
  // before NATS (so they do not log NATS going away) and PostgreSQL.
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.set(name, child);
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (d) => {
      const lines = (rest + String(d)).split('\n');
      rest = lines.pop();
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    say(`${name} (pid ${child.pid}) stopped (${signal ?? `exit ${code}`}); starting it again in ${RESTART_MS / 1000} s`);
    setTimeout(() => {
      if (stopping) return;
      const again = run(name, command, args, env);
      say(`${name} started again: pid ${again.pid}`);
    }, RESTART_MS);
  });
  return child;
}

async function healthy(port) {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) await stop(1, `nothing answers on port ${port} after 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The front: each connection goes to the next edge in turn; an edge that refuses it (killed) is
 * skipped for the next. A TCP relay, so WebSockets pass as they are.
 */
function startFront() {
  let next = 0;
  const front = createServer((client) => {
    client.pause();
    const tryEdge = (left) => {
      const edge = EDGES[next++ % EDGES.length];
      const upstream = createConnection({ port: edge.port, host: '127.0.0.1' });
      upstream.once('connect', () => {
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.once('error', () => {
        if (left > 1) tryEdge(left - 1);
        else client.destroy();
      });
    };
    tryEdge(EDGES.length);
  });
  front.on('error', (err) => void stop(1, `the front cannot listen on port ${FRONT_PORT}: ${err.message}`));
  front.listen(FRONT_PORT, '0.0.0.0');
}

async function stop(code, why) {
  if (why) process.stderr.write(`[cluster] ${why}\n`);
  if (stopping) return;
  stopping = true;
  say('stopping: hosts, edges, NATS, PostgreSQL; deleting the data');
  // Hosts and edges first (their checkpoints written, their leases given up), then NATS.
  const stopAll = (which) => Promise.all(
    which.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const hard = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.once('exit', () => {
            clearTimeout(hard);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  await stopAll([...children].filter(([name]) => name !== 'nats').map(([, child]) => child));
  await stopAll([...children].filter(([name]) => name === 'nats').map(([, child]) => child));
  removeData('fast');
  process.exit(code);
}

/** PostgreSQL stopped (if it runs) and the folder deleted. */
function removeData(mode) {
  if (!root) return;
  if (existsSync(join(pgDir ?? '', 'postmaster.pid'))) {
    const args = ['-D', pgDir, '-w', '-m', mode, 'stop'];
    const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, 'pg_ctl'), ...args]) : spawnSync(join(PG_BIN, 'pg_ctl'), args);
    if (r.status !== 0) process.stderr.write('[cluster] PostgreSQL did not stop cleanly\n');
  }
  rmSync(root, { recursive: true, force: true });
  root = null;
}

/** Start-up failed: everything started so far killed at once, the data deleted. */
function fail(message) {
  process.stderr.write(`[cluster] ${message}\n`);
  stopping = true;
  for (const child of children.values()) child.kill('SIGKILL');
  removeData('immediate');
  process.exit(1);
}
