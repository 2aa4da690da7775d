/**
 * Cost of a command's storage and of the state checkpoints at a large field, in-process (no
 * HTTP): `host.dispatch` of chips.set on a tournament of `entries` entries, with synchronous=FULL
 * as the server runs, while checkpoints are written every CHECKPOINT_EVERY commands.
 *
 * Each command is sent `interval` ms after the previous answer (as from the floor's phones), so
 * a checkpoint that holds the event loop shows as late answers:
 * - `dispatch`: the time inside host.dispatch (validate, apply, commit, views);
 * - `answer`: from the moment the command was due to its answer (waiting for the event loop
 *   included): what a phone would see, minus the network;
 * - the longest event-loop stall (perf_hooks monitorEventLoopDelay) over the run.
 *
 * Usage: npx tsx bench/checkpoint.ts [entries=10000] [commands=1000] [interval=20] [small=100]
 * A small field (`small` entries, 0: none) is measured first in the same run, for the ratio.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDb } from '../db/client.js';
import { Registry } from '../server/host/registry.js';
import { CHECKPOINT_EVERY, Store } from '../server/host/store.js';
import { osSeeds, systemTime } from '../server/time.js';
import { machine, percentile } from './lib/server-process.js';
import { BENCH_TD, seatedField } from './lib/field.js';

const LARGE = Number(process.argv[2] ?? 10_000);
const COMMANDS = Number(process.argv[3] ?? 1_000);
const INTERVAL = Number(process.argv[4] ?? 20);
const SMALL = Number(process.argv[5] ?? 100);
const ADMIN = BENCH_TD;

const quiet = { change() {}, delayChanged() {}, error(err: unknown) { throw err; } };

/** A data folder with one tournament of `entries` entries seated 9 to a table, clock running, checkpointed. */
function buildField(entries: number): { dataDir: string; id: string } {
  const { dataDir, db, registry, host } = seatedField('ckpt', entries);
  registry.close(); // writes the checkpoint
  db.$client.close();
  return { dataDir, id: host.id };
}

interface Result {
  /** Durations of the checkpoint's pieces on the event loop during the run. */
  written: number[];
  /** Durations of Store.commit. */
  committed: number[];
  entries: number;
  dispatch: number[];
  answer: number[];
  stallMs: number;
  checkpointSeq: number;
  seq: number;
}

/**
 * Time spent writing checkpoints on the event loop, in pieces: the synchronous checkpoint of
 * before (Store.checkpoint, one piece) or each step of a CheckpointWriter (when the store has it).
 */
const pieces: number[] = [];
/** Durations of Store.commit (the command row and the seq, one transaction). */
const commits: number[] = [];
function timed<T extends object>(target: T, name: string, into = pieces): void {
  const original = (target as Record<string, unknown>)[name] as ((...args: unknown[]) => unknown) | undefined;
  if (typeof original !== 'function') return;
  (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    const t0 = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      into.push(performance.now() - t0);
    }
  };
}
timed(Store.prototype, 'checkpoint');
timed(Store.prototype, 'commit', commits);
const storeModule = (await import('../server/host/store.js')) as Record<string, unknown>;
const Writer = storeModule.CheckpointWriter as { prototype: object } | undefined;
if (Writer) timed(Writer.prototype, 'step');
/** The same pieces by kind (this tree's CheckpointWriter): serialising, writing a part, the flip, deleting an old part. */
const kinds: Record<string, number[]> = { serialise: [], part: [], flip: [], delete: [] };
const slicesModule = (await import('../server/host/json-slices.js').catch(() => null)) as { JsonSlices?: { prototype: object } } | null;
if (slicesModule?.JsonSlices) timed(slicesModule.JsonSlices.prototype, 'step', kinds.serialise);
timed(Store.prototype, 'writePart', kinds.part);
timed(Store.prototype, 'finishCheckpoint', kinds.flip);
timed(Store.prototype, 'deleteStale', kinds.delete);

async function measure(entries: number): Promise<Result> {
  const { dataDir, id } = buildField(entries);
  const db = openDb(join(dataDir, 'riffle.db'));
  try {
    const registry = new Registry(new Store(db), systemTime(), quiet, osSeeds);
    const host = registry.get(id)!;
    const dispatch: number[] = [];
    const answer: number[] = [];
    // Warm-up (JIT, statement caches), not measured.
    for (let i = 0; i < 50; i++) host.dispatch({ type: 'chips.set', entryId: `e${1 + (i % entries)}`, chips: 10_000 + i }, ADMIN);
    pieces.length = 0;
    commits.length = 0;
    for (const list of Object.values(kinds)) list.length = 0;
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    await new Promise<void>((resolve) => {
      let i = 0;
      // Closed loop: each command is due `interval` ms after the previous answer (no backlog
      // builds up on a loaded machine); `answer` counts from when it was due.
      const next = () => {
        if (i === COMMANDS) return resolve();
        const due = performance.now() + INTERVAL;
        setTimeout(() => {
          const t0 = performance.now();
          const { status } = host.dispatch({ type: 'chips.set', entryId: `e${1 + (i % entries)}`, chips: 20_000 + i }, ADMIN);
          const t1 = performance.now();
          if (status !== 200) throw new Error(`chips.set: ${status}`);
          dispatch.push(t1 - t0);
          answer.push(t1 - due);
          i++;
          next();
        }, INTERVAL);
      };
      next();
    });
    // Let a checkpoint in progress finish before the stall is read.
    await new Promise((r) => setTimeout(r, 500));
    loop.disable();
    const written = [...pieces].sort((a, b) => a - b);
    const committed = [...commits].sort((a, b) => a - b);
    const seq = host.seq;
    registry.close();
    const checkpointSeq = readCheckpointSeq(db, id);
    return { written, committed, entries, dispatch: dispatch.sort((a, b) => a - b), answer: answer.sort((a, b) => a - b), stallMs: loop.max / 1e6, checkpointSeq, seq };
  } finally {
    db.$client.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Seq of the stored checkpoint (after close: the last seq), whichever layout the database has. */
function readCheckpointSeq(db: ReturnType<typeof openDb>, id: string): number {
  try {
    return (db.$client.prepare('SELECT seq FROM checkpoints WHERE tournament_id = ?').get(id) as { seq: number }).seq;
  } catch {
    return (db.$client.prepare('SELECT state_seq AS seq FROM tournaments WHERE id = ?').get(id) as { seq: number }).seq;
  }
}

const ms = (n: number) => n.toFixed(2).padStart(7);

console.log(machine());
console.log(`${COMMANDS} chips.set, one every ${INTERVAL} ms, synchronous=FULL, a checkpoint every ${CHECKPOINT_EVERY} commands`);
console.log('entries | dispatch p50 | p99 | max | answer p50 | p99 | max | longest event-loop stall');
for (const entries of [SMALL, LARGE].filter((n) => n > 0)) {
  const r = await measure(entries);
  const p = (list: number[], q: number) => ms(percentile(list, q));
  console.log(
    `${String(r.entries).padStart(7)} | ${p(r.dispatch, 50)} | ${p(r.dispatch, 99)} | ${ms(r.dispatch.at(-1)!)} | ${p(r.answer, 50)} | ${p(r.answer, 99)} | ${ms(r.answer.at(-1)!)} | ${ms(r.stallMs)}`,
  );
  console.log(`        Store.commit: p50 ${p(r.committed, 50)} ms, p99 ${p(r.committed, 99)} ms, max ${ms(r.committed.at(-1)!)} ms`);
  const total = r.written.reduce((a, b) => a + b, 0);
  console.log(`        checkpoint pieces on the event loop: ${r.written.length}, longest ${ms(r.written.at(-1) ?? 0)} ms, p50 ${ms(percentile(r.written, 50))} ms, p99 ${ms(percentile(r.written, 99))} ms, total ${ms(total)} ms (checkpoint at ${r.checkpointSeq} of ${r.seq} after close)`);
  if (kinds.serialise!.length > 0) {
    const by = Object.entries(kinds).map(([kind, list]) => `${kind} ${list.length}× max ${Math.max(0, ...list).toFixed(1)}`);
    console.log(`        by kind (ms): ${by.join('; ')}`);
  }
  console.log(`        the 5 longest pieces: ${r.written.slice(-5).map((n) => n.toFixed(1)).join(', ')} ms; the 5 longest commits: ${r.committed.slice(-5).map((n) => n.toFixed(1)).join(', ')} ms`);
}
