/**
 * Store.commit of this tree against Store.commit of another tree (e.g. the commit before the
 * checkpoint tables), in one process, interleaved command by command, so that a loaded machine
 * slows both alike: a 10,000-entry tournament (the state built by the engine) in a database of
 * each layout, then `commands` chips.set rows committed to each in turn, as the host commits
 * them (the command row and the seq, one transaction).
 *
 * Usage: npx tsx bench/store-commit.ts <other-tree> [entries=10000] [commands=2000] [synchronous=FULL]
 * where <other-tree> is a checkout with node_modules, e.g.
 *   mkdir /tmp/riffle-before && git archive 890e352 | tar -x -C /tmp/riffle-before && ln -s $PWD/node_modules /tmp/riffle-before/
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { applyCommand, parseCommand } from '../server/engine/apply.js';
import { lazyRng } from '../server/engine/random.js';
import { createTournamentState, type TournamentState } from '../server/engine/state.js';
import { sampleTournament } from '../server/sample.js';
import { machine, percentile } from './lib/server-process.js';

const OTHER = resolve(process.argv[2] ?? '');
const ENTRIES = Number(process.argv[3] ?? 10_000);
const COMMANDS = Number(process.argv[4] ?? 2_000);
const SYNC = process.argv[5] ?? 'FULL';

interface StoreLike {
  insertTournament(origin: unknown, state: TournamentState): void;
  commit(tournamentId: string, row: unknown): void;
}

async function open(root: string, dir: string): Promise<StoreLike> {
  const client = await import(pathToFileURL(join(root, 'db', 'client.ts')).href);
  const store = await import(pathToFileURL(join(root, 'server', 'host', 'store.ts')).href);
  const db = client.openDb(join(dir, `${root.replace(/\W/g, '_')}.db`));
  db.$client.pragma(`synchronous = ${SYNC}`);
  return new store.Store(db) as StoreLike;
}

const origin = { id: 'bench', createdAt: 0, input: { ...sampleTournament(), settings: { ...sampleTournament().settings, lateRegistrationLevel: 16 } } };
let state = createTournamentState(origin.id, origin.input, 0);
let now = 0;
const run = (command: Record<string, unknown>) => {
  now += 10;
  state = applyCommand(state, parseCommand(command), { now, rng: lazyRng(`s${now}`) }).state;
};
for (let i = 0; i < Math.ceil(ENTRIES / 9); i++) run({ type: 'table.add' });
for (let i = 0; i < ENTRIES; i++) run({ type: 'entry.add', name: `Player ${i + 1}` });
run({ type: 'seating.draw' });

const dir = mkdtempSync(join(tmpdir(), 'riffle-commit-'));
try {
  const stores = { other: await open(OTHER, dir), this: await open(resolve('.'), dir) };
  for (const s of Object.values(stores)) s.insertTournament(origin, state);
  const times: Record<keyof typeof stores, number[]> = { other: [], this: [] };
  for (let seq = 1; seq <= COMMANDS; seq++) {
    const row = { seq, commandId: `c${seq}`, type: 'chips.set', args: { entryId: `e${1 + (seq % ENTRIES)}`, chips: 20_000 + seq }, at: seq, seed: 'ab'.repeat(32), actor: 'admin', answer: { ok: true, seq } };
    for (const name of seq % 2 ? (['other', 'this'] as const) : (['this', 'other'] as const)) {
      const t0 = performance.now();
      stores[name].commit(origin.id, row);
      times[name].push(performance.now() - t0);
    }
  }
  console.log(machine());
  console.log(`${COMMANDS} commits each, ${ENTRIES} entries, synchronous=${SYNC}, interleaved`);
  for (const [name, list] of Object.entries(times)) {
    list.sort((a, b) => a - b);
    const mean = list.reduce((a, b) => a + b, 0) / list.length;
    console.log(`${(name === 'this' ? 'this tree' : OTHER).padEnd(28)} p50 ${percentile(list, 50).toFixed(3)} ms  p99 ${percentile(list, 99).toFixed(3)} ms  mean ${mean.toFixed(3)} ms  max ${list.at(-1)!.toFixed(2)} ms`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
