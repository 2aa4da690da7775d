/**
 * A real haproxy (Debian's `haproxy` package, installed by scripts/test-packages.mjs) started
 * with a configuration the test gives (docs/cluster/haproxy.cfg with its addresses replaced by
 * loopback ports), in the foreground, with a stats socket added so the test can read what its
 * health checks say (`servers()`). `stop()` kills it and deletes its folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listening } from './nats.js';

export interface TestHaproxy {
  /** What haproxy printed (its alerts and warnings). */
  output(): string;
  /** Each server of each backend: its status (UP, DOWN, ...) and its last check's result (L7OK ...). */
  servers(): Promise<Array<{ backend: string; server: string; status: string; check: string }>>;
  stop(): Promise<void>;
}

export async function startHaproxy(config: string, port: number): Promise<TestHaproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'riffle-haproxy-'));
  const socket = join(dir, 'admin.sock');
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, `global\n  stats socket ${socket} mode 600 level admin\n\n${config}`);
  let out = '';
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  try {
    await listening(port);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`haproxy did not start: ${String(err)}\n${out}`);
  }
  const ask = (command: string) =>
    new Promise<string>((resolve, reject) => {
      let text = '';
      const s = connect(socket, () => s.end(`${command}\n`));
      s.on('data', (d) => (text += String(d)));
      s.on('end', () => resolve(text));
      s.on('error', reject);
    });
  return {
    output: () => out,
    async servers() {
      const lines = (await ask('show stat')).split('\n').filter((l) => l && !l.startsWith('#'));
      const header = (await ask('show stat')).split('\n')[0]!.replace(/^# /, '').split(',');
      const col = (name: string) => header.indexOf(name);
      return lines
        .map((l) => l.split(','))
        .filter((f) => f[col('svname')] !== 'FRONTEND' && f[col('svname')] !== 'BACKEND')
        .map((f) => ({ backend: f[col('pxname')]!, server: f[col('svname')]!, status: f[col('status')]!, check: f[col('check_status')]! }));
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
