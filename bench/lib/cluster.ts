/**
 * A cluster of real processes for the benchmarks of issue 28 (bench/edge-targets.ts): a
 * PostgreSQL and a NATS server (the tests' helpers: Debian's packages on loopback ports,
 * throwaway folders), hosts (`server/main.ts` with RIFFLE_DATABASE_URL and RIFFLE_NATS_URL) and
 * edges (`server/edge/main.ts` with RIFFLE_NATS_URL), each a child process of its own so no two
 * share an event loop, and none shares the clients'. Every address is loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNats, type TestNats } from '../../test/helpers/nats.js';
import { startPostgres, type TestPostgres } from '../../test/helpers/postgres.js';
import { freePort, ROOT, startServerProcess, type ServerProcess } from './server-process.js';

/** Node flags that let bench/lib/heap-probe.mjs answer `heapAfterGc` (with `ipc`). */
export const HEAP_PROBE_ARGS = ['--expose-gc', '--import', join(ROOT, 'bench', 'lib', 'heap-probe.mjs')];

/** Sockets per address a host or edge of the bench accepts (loopback is not counted anyway). */
const PER_ADDRESS = '100000';

export interface Cluster {
  postgres: TestPostgres;
  nats: TestNats;
  databaseUrl: string;
  /** Starts a host on the cluster's database and NATS. */
  host(options?: { heap?: boolean }): Promise<ServerProcess>;
  /** Starts an edge on the cluster's NATS. */
  edge(options?: { heap?: boolean }): Promise<ServerProcess>;
  /** Kills every process started here (kill -9) and deletes their data. */
  stop(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const postgres = await startPostgres();
  const nats = await startNats();
  const databaseUrl = await postgres.database();
  const processes: ServerProcess[] = [];
  const dirs: string[] = [];
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), 'riffle-cluster-'));
    dirs.push(d);
    return d;
  };
  return {
    postgres,
    nats,
    databaseUrl,
    async host(options = {}) {
      const server = await startServerProcess({
        port: await freePort(),
        dataDir: dir(),
        sample: false,
        ...(options.heap ? { ipc: true, nodeArgs: HEAP_PROBE_ARGS } : {}),
        env: { RIFFLE_DATABASE_URL: databaseUrl, RIFFLE_NATS_URL: nats.url, RIFFLE_WS_PER_ADDRESS: PER_ADDRESS },
      });
      processes.push(server);
      return server;
    },
    async edge(options = {}) {
      const server = await startServerProcess({
        port: await freePort(),
        dataDir: dir(),
        script: join('server', 'edge', 'main.ts'),
        // Ready once /healthz answers (an edge prints no PIN banner).
        ready: /(?:)/,
        ...(options.heap ? { ipc: true, nodeArgs: HEAP_PROBE_ARGS } : {}),
        env: { RIFFLE_NATS_URL: nats.url, RIFFLE_WS_PER_ADDRESS: PER_ADDRESS },
      });
      processes.push(server);
      return server;
    },
    async stop() {
      for (const p of processes) await p.kill('SIGKILL');
      await nats.destroy();
      postgres.destroy();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}
