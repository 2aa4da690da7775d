/**
 * A real NATS server for a test file: Debian's `nats-server` package (scripts/test-packages.mjs
 * installs it) on a loopback port of its own, with JetStream in a throwaway folder. Start it once
 * per file (`before`), stop it at the end (`after`): the folder is deleted. `config` adds to its
 * nats.conf (authorization, TLS: test/server/nats-security.test.ts). `stop()` and `start()`
 * take it away and bring it back on the same port (the tests of "NATS down").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../bench/lib/server-process.js';

export interface TestNats {
  port: number;
  /** nats://127.0.0.1:<port> */
  url: string;
  /** Stops the server (kill -9: what a crash looks like to its clients)... */
  stop(): Promise<void>;
  /** ...and starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it for good and deletes its folder. */
  destroy(): Promise<void>;
}

export const NATS_SERVER = existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server';

/** Resolves once something accepts TCP connections on `port` (at most `ms`). */
export async function listening(port: number, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = netConnect({ port, host: '127.0.0.1' }, () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on port ${port} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface NatsOptions {
  /** The largest message the server takes, in bytes (NATS's max_payload; 1 MB by default). */
  maxPayload?: number;
  /** More of nats.conf (an `authorization {}` or `tls {}` block). */
  config?: string;
}

export async function startNats(options: NatsOptions = {}): Promise<TestNats> {
  const dir = mkdtempSync(join(tmpdir(), 'riffle-nats-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const config = join(dir, 'nats.conf');
  writeFileSync(config, `${options.maxPayload ? `max_payload: ${options.maxPayload}\n` : ''}${options.config ?? ''}\n`);
  const start = async () => {
    child = spawn(NATS_SERVER, ['-c', config, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
    await listening(port);
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  await start();
  return {
    port,
    url: `nats://127.0.0.1:${port}`,
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
