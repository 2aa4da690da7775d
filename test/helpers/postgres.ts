/**
 * A real PostgreSQL 15 for a test file: Debian's `postgresql` package (scripts/test-packages.mjs
 * installs it), a throwaway data folder, a loopback port of its own, run as the `postgres` user
 * (PostgreSQL refuses to run as root). Start it once per file (`before`), give each test a
 * database of its own (`database()`), stop it at the end (`after`): the folder is deleted.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../bench/lib/server-process.js';

const BIN = '/usr/lib/postgresql/15/bin';

export interface TestPostgres {
  port: number;
  /** A fresh, empty database and its URL. */
  database(): Promise<string>;
  /** Stops the server (the tests of "PostgreSQL unreachable")... */
  stop(): void;
  /** ...and starts it again on the same port and data. */
  start(): void;
  /** Stops it for good and deletes its data. */
  destroy(): void;
}


/** Runs a PostgreSQL program as the `postgres` user when this process is root. */
function run(program: string, args: string[]): void {
  const asRoot = userInfo().uid === 0;
  const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', join(BIN, program), ...args], { encoding: 'utf8' }) : spawnSync(join(BIN, program), args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${program} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
}

export async function startPostgres(): Promise<TestPostgres> {
  const root = mkdtempSync(join(tmpdir(), 'riffle-pg-'));
  const dir = join(root, 'data');
  chmodSync(root, 0o755);
  if (userInfo().uid === 0) {
    const { uid, gid } = pgUser();
    chownSync(root, uid, gid);
  }
  run('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const start = () => run('pg_ctl', ['-D', dir, '-w', '-l', join(root, 'log'), '-o', `-p ${port} -k ${root} -h 127.0.0.1 -c fsync=on`, 'start']);
  start();
  let n = 0;
  return {
    port,
    async database() {
      const name = `riffle_${process.pid}_${++n}`;
      const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      run('pg_ctl', ['-D', dir, '-w', '-m', 'immediate', 'stop']);
    },
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', dir, '-w', '-m', 'immediate', 'stop']);
      } catch {
        // stopped already
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function pgUser(): { uid: number; gid: number } {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error('no `postgres` user: install Debian\'s postgresql package (scripts/test-packages.mjs)');
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}
