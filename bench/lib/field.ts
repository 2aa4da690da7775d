/**
 * A tournament of `entries` players seated 9 to a table with the clock running, built through
 * the host as the server would build it (in one transaction, synchronous=OFF: building only),
 * for the benches that need a big field in a data folder of their own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../db/client.js';
import { Registry } from '../../server/host/registry.js';
import { Store } from '../../server/host/store.js';
import type { HostListener, TournamentHost } from '../../server/host/tournament-host.js';
import { sampleTournament } from '../../server/sample.js';
import { osSeeds, systemTime } from '../../server/time.js';

export const BENCH_TD = { role: 'td' as const, id: 'admin' };

export interface Field {
  dataDir: string;
  db: Db;
  registry: Registry;
  host: TournamentHost;
  /** Dispatches as the TD; throws on any refusal. */
  run(command: Record<string, unknown>): void;
}

/**
 * `tables` tables (enough for the field by default), `entries` players, the seat draw and the
 * clock's start. The caller closes the registry (which writes the checkpoint) and the database.
 */
export function seatedField(prefix: string, entries: number, options: { tables?: number; listener?: HostListener } = {}): Field {
  const dataDir = mkdtempSync(join(tmpdir(), `riffle-${prefix}-${entries}-`));
  const db = openDb(join(dataDir, 'riffle.db'));
  // Building only: the real server runs with synchronous=FULL.
  db.$client.pragma('synchronous = OFF');
  const listener = options.listener ?? { change() {}, delayChanged() {}, error(err: unknown) { throw err; } };
  const registry = new Registry(new Store(db), systemTime(), listener, osSeeds);
  const host = registry.create({ ...sampleTournament(), settings: { ...sampleTournament().settings, lateRegistrationLevel: 16 } });
  const run = (command: Record<string, unknown>) => {
    const { status, answer } = host.dispatch(command, BENCH_TD);
    if (status !== 200) throw new Error(`${String(command.type)}: ${JSON.stringify(answer)}`);
  };
  db.$client.exec('BEGIN');
  const tables = options.tables ?? Math.ceil(entries / 9);
  for (let i = 0; i < tables; i++) run({ type: 'table.add' });
  for (let i = 0; i < entries; i++) run({ type: 'entry.add', name: `Player ${i + 1}` });
  run({ type: 'seating.draw' });
  run({ type: 'clock.start' });
  db.$client.exec('COMMIT');
  return { dataDir, db, registry, host, run };
}
