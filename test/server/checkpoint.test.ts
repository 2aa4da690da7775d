/**
 * Checkpoints in their own tables, written in slices between commands (issue 11, storage):
 * - a database of the old layout (migration 0002: the state in `tournaments.state`) is migrated
 *   and its checkpoint used as it was, not rebuilt;
 * - JsonSlices makes exactly what JSON.stringify makes, for random values and for real states;
 * - a checkpoint in progress while commands keep coming ends as the checkpoint of the state at
 *   its seq, and a restart from it plus the log after it equals the live state and a replay
 *   (on SQLite and on PostgreSQL: test/helpers/dialects.ts);
 * - a checkpoint is never moved back; one with a part missing is ignored and the log replayed;
 * - the stream's delayed feed rebuilt from a checkpoint plus the tail equals a whole replay.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fc from 'fast-check';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, type Db } from '../../db/client.js';
import { applyCommand, parseCommand } from '../../server/engine/apply.js';
import { EngineError } from '../../server/engine/errors.js';
import { PlayerBook, withPlayer } from '../../server/engine/entries/players.js';
import type { Player } from '../../server/engine/entries/model.js';
import { lazyRng } from '../../server/engine/random.js';
import { replay, type Origin } from '../../server/engine/replay.js';
import { createTournamentState, type TournamentState } from '../../server/engine/state.js';
import { ENGINE_VERSION } from '../../server/engine/version.js';
import { JsonSlices } from '../../server/host/json-slices.js';
import { fromStored, stateToJson, toStored } from '../../server/host/state-json.js';
import type { DelayedStart } from '../../server/host/delay-line.js';
import { rebuildDelayed, rebuildDelayedFrom } from '../../server/host/delay-rebuild.js';
import { ManualTime } from '../helpers/server.js';
import { rebuilt } from '../helpers/eventually.js';
import { Registry } from '../../server/host/registry.js';
import { CHECKPOINT_EVERY, CHECKPOINT_PACE_MS, CheckpointWriter, stateHash, Store } from '../../server/host/store.js';
import type { HostListener } from '../../server/host/tournament-host.js';
import { sampleTournament } from '../../server/sample.js';
import { osSeeds, systemTime } from '../../server/time.js';
import { snapshotRoom } from '../../server/engine/seating/index.js';
import { pino } from 'pino';
import { pgStore } from '../../server/host/pg/start.js';
import { DIALECTS, dialects, stored, type Storage } from '../helpers/dialects.js';

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'db', 'migrations');
const TD = { role: 'td' as const, id: 'admin' };
const json = (v: unknown) => JSON.parse(JSON.stringify(v));
/** A state as the store writes it (plain JSON data: server/host/state-json.ts). */
const stateJson = (state: TournamentState) => JSON.parse(stateToJson(state));

/** A listener that keeps what the server logged (a rebuild from the log is logged as an error). */
function listener(): HostListener & { errors: string[] } {
  const errors: string[] = [];
  return { errors, change() {}, delayChanged() {}, error: (err) => void errors.push(err instanceof Error ? err.message : String(err)) };
}

function tempDir(t: string): string {
  return mkdtempSync(join(tmpdir(), `riffle-${t}-`));
}

/** Commands applied by the engine alone, as a log (what a server of any version wrote). */
function played(origin: Origin, commands: Array<Record<string, unknown>>) {
  let state = createTournamentState(origin.id, origin.input, origin.createdAt);
  const states = [state];
  const log = commands.map((command, i) => {
    const parsed = parseCommand(command);
    const at = origin.createdAt + (i + 1) * 1000;
    const seed = `seed-${i}`;
    state = applyCommand(state, parsed, { now: at, rng: lazyRng(seed) }).state;
    states.push(state);
    return { seq: i + 1, commandId: `c${i + 1}`, type: parsed.type, args: parsed.args, at, seed, actor: 'admin', answer: { ok: true as const, seq: i + 1 } };
  });
  return { log, states };
}

describe('migration 0003: checkpoints move out of the tournaments row', () => {
  it('a database of the old layout keeps its checkpoint (seq and hash) and loads without a rebuild', () => {
    const dir = tempDir('migrate');
    try {
      // The migrations up to 0002 only: the layout a Riffle of before wrote.
      const old = join(dir, 'migrations-0002');
      mkdirSync(join(old, 'meta'), { recursive: true });
      const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'));
      journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= 2);
      writeFileSync(join(old, 'meta', '_journal.json'), JSON.stringify(journal));
      for (const e of journal.entries as Array<{ tag: string }>) copyFileSync(join(MIGRATIONS, `${e.tag}.sql`), join(old, `${e.tag}.sql`));
      const file = join(dir, 'riffle.db');
      const sqlite = new Database(file);
      migrate(drizzle(sqlite), { migrationsFolder: old });

      // One tournament checkpointed after command 3 of 6 (with its hash), one from before hashes (state at its seq).
      const a: Origin = { id: 'oldcheckpt', createdAt: Date.UTC(2026, 5, 1), input: sampleTournament() };
      const b: Origin = { id: 'oldnohash0', createdAt: Date.UTC(2026, 5, 2), input: { ...sampleTournament(), name: 'Old Monday' } };
      const adds = ['Anna Jansen', 'Bo Berg', 'Cas de Wit', 'Dirk Bakker'].map((name) => ({ type: 'entry.add', name }));
      const runA = played(a, [...adds, { type: 'chips.set', entryId: 'e1', chips: 31_000 }, { type: 'entry.bust', entryIds: ['e3'] }]);
      const runB = played(b, adds.slice(0, 2));
      const insertT = sqlite.prepare('INSERT INTO tournaments (id, name, created_at, updated_at, seq, state, origin, state_hash, state_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
      const insertC = sqlite.prepare('INSERT INTO commands (tournament_id, seq, command_id, type, args, at, seed, actor, answer, engine) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      const checkpointA = stateToJson(runA.states[3]!);
      insertT.run(a.id, 'Sunday', a.createdAt, a.createdAt, 6, checkpointA, JSON.stringify(a), stateHash(checkpointA), 3);
      insertT.run(b.id, 'Old Monday', b.createdAt, b.createdAt, 2, stateToJson(runB.states[2]!), JSON.stringify(b), null, 2);
      for (const [id, log] of [[a.id, runA.log], [b.id, runB.log]] as const) {
        for (const c of log) insertC.run(id, c.seq, c.commandId, c.type, JSON.stringify(c.args), c.at, c.seed, c.actor, JSON.stringify(c.answer), ENGINE_VERSION);
      }
      sqlite.close();

      const db = openDb(file);
      try {
        const columns = (db.$client.prepare('PRAGMA table_info(tournaments)').all() as Array<{ name: string }>).map((c) => c.name);
        assert.deepEqual(columns.sort(), ['created_at', 'id', 'name', 'origin', 'seq', 'updated_at']);
        assert.deepEqual(db.$client.prepare('SELECT tournament_id, seq, parts, hash FROM checkpoints ORDER BY tournament_id').all(), [
          { tournament_id: a.id, seq: 3, parts: 1, hash: stateHash(checkpointA) },
          { tournament_id: b.id, seq: 2, parts: 1, hash: null },
        ]);
        assert.equal(db.$client.prepare('SELECT json FROM checkpoint_parts WHERE tournament_id = ? AND seq = 3 AND part = 0').pluck().get(a.id), checkpointA);

        const log = listener();
        const registry = new Registry(new Store(db), systemTime(), log, osSeeds);
        assert.deepEqual(log.errors, [], 'the checkpoints were used as they are: no rebuild');
        const hostA = registry.get(a.id)!;
        assert.equal(hostA.seq, 6);
        assert.deepEqual(hostA.checkpointState, { seq: 3, writing: false });
        assert.deepEqual(stateJson(hostA.state), stateJson(runA.states[6]!), 'checkpoint 3 + commands 4..6 = the state after 6');
        assert.equal(hostA.state.entries.entries[0]!.chips, 31_000);
        assert.deepEqual(stateJson(registry.get(b.id)!.state), stateJson(runB.states[2]!));
        // It goes on: a command, a checkpoint at close, and a start from that checkpoint.
        assert.equal(hostA.dispatch({ type: 'chips.set', entryId: 'e2', chips: 12_000 }, TD).status, 200);
        registry.close();
        assert.deepEqual(db.$client.prepare('SELECT seq, parts FROM checkpoints WHERE tournament_id = ?').get(a.id), { seq: 7, parts: 1 });
        assert.equal(db.$client.prepare('SELECT COUNT(*) FROM checkpoint_parts WHERE tournament_id = ?').pluck().get(a.id), 1, 'the old checkpoint is deleted');
        const again = new Registry(new Store(db), systemTime(), log, osSeeds);
        assert.deepEqual(log.errors, []);
        assert.equal(again.get(a.id)!.state.entries.entries[1]!.chips, 12_000);
        again.close();
      } finally {
        db.$client.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** JsonSlices a slice at a time: `budgetMs` 0 pauses at every pause point it has. */
function sliced(value: unknown, maxPending = 7): string | undefined {
  const slices = new JsonSlices(value);
  let out = '';
  while (!slices.step(0, maxPending)) out += slices.take();
  out += slices.take();
  return slices.isUndefined ? undefined : out;
}

/** What a serialiser gives: its text, undefined, or the kind of error it throws. */
function outcome(f: () => string | undefined): string | undefined {
  try {
    return f();
  } catch (err) {
    return `throws ${(err as Error).constructor.name}`;
  }
}

describe('JsonSlices', () => {
  const anything = fc.anything({ maxDepth: 4, withBoxedValues: true, withNullPrototype: true, withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withUnicodeString: true });
  const large = fc.oneof(
    fc.array(anything, { minLength: 32, maxLength: 70 }),
    fc.dictionary(fc.string(), anything, { minKeys: 32, maxKeys: 70 }),
    fc.array(fc.array(fc.nat(), { minLength: 0, maxLength: 40 }), { minLength: 32, maxLength: 50 }),
  );
  const values = fc.oneof(anything, large, fc.record({ spine: large, also: anything, nested: fc.record({ big: large }) }));

  it('makes exactly what JSON.stringify makes, for random values, in any slices', () => {
    fc.assert(
      fc.property(values, fc.nat(40), (value, maxPending) => {
        const expected = outcome(() => JSON.stringify(value));
        assert.equal(outcome(() => sliced(value, 1 + maxPending)), expected);
        assert.equal(outcome(() => JsonSlices.stringify(value)), expected);
      }),
      { numRuns: 400, seed: 3 },
    );
  });

  it('toJSON with its key, values left out or null, non-finite numbers, -0, boxes, a cycle', () => {
    const withKey = { toJSON: (key: string) => `key:${key}` };
    const list: unknown[] = Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? withKey : i % 5 === 1 ? undefined : i % 5 === 2 ? () => 1 : i % 5 === 3 ? NaN : -0));
    const value = { a: withKey, b: undefined, c: Symbol('x'), d: [withKey, undefined, Infinity], list, e: new Date(0), f: new Date(NaN), g: Object(3), h: Object('s'), i: Object(false) };
    assert.equal(sliced(value), JSON.stringify(value));
    assert.equal(sliced(undefined), undefined);
    assert.equal(sliced(withKey), JSON.stringify(withKey));
    const cycle: Record<string, unknown> = { list: Array.from({ length: 40 }, () => ({})) };
    (cycle.list as object[])[39] = cycle;
    assert.throws(() => sliced(cycle), TypeError);
    assert.throws(() => JSON.stringify(cycle), TypeError);
  });

  it('the players book comes out as the plain record it stands for, and back', () => {
    let players = PlayerBook.EMPTY;
    const order = Array.from({ length: 1200 }, (_, i) => (i * 7) % 1200);
    for (const n of order) players = withPlayer(players, { id: n % 3 ? `p${n + 1}` : `x${n}`, name: `Player ${n}`, country: null } as unknown as Player);
    const empty = createTournamentState('t', sampleTournament(), 0);
    const value = toStored({ ...empty, entries: { ...empty.entries, players } });
    assert.equal(sliced(value), JSON.stringify(value));
    assert.equal(sliced(value, 1), JSON.stringify(value));
    const record = JSON.parse(sliced(value)!).entries.players as Record<string, Player>;
    assert.equal(Object.keys(record).length, 1200);
    assert.equal(record.p2!.name, 'Player 1');
    assert.equal(record.x0!.name, 'Player 0');
    const back = fromStored(JSON.parse(sliced(value)!)).entries.players;
    assert.equal(back.size, 1200);
    for (const player of players.values()) assert.deepEqual(back.get(player.id), player);
  });

  it('real states from random commands equal JSON.stringify', () => {
    const kinds = ['add', 'add', 'chips', 'chips', 'bust', 'undo', 'hand', 'balance', 'pause', 'table', 'country'];
    fc.assert(
      fc.property(fc.array(fc.record({ kind: fc.constantFrom(...kinds), a: fc.nat(1000) }), { minLength: 5, maxLength: 60 }), (steps) => {
        let state = createTournamentState('t', sampleTournament(), 1_000_000);
        let now = 1_000_000;
        const apply = (command: Record<string, unknown>) => {
          now += 9_000;
          try {
            state = applyCommand(state, parseCommand(command), { now, rng: lazyRng(`s${now}`) }).state;
          } catch (err) {
            if (!(err instanceof EngineError)) throw err;
          }
        };
        for (let i = 0; i < 8; i++) apply({ type: 'table.add' });
        for (let i = 0; i < 60; i++) apply({ type: 'entry.add', name: `Player ${i}` });
        apply({ type: 'seating.draw' });
        apply({ type: 'clock.start' });
        assert.equal(sliced(toStored(state), 200), stateToJson(state));
        for (const step of steps) {
          const entries = state.entries.entries;
          const active = entries.filter((e) => e.status === 'active');
          const pick = <T>(list: readonly T[]) => list[step.a % Math.max(1, list.length)];
          const tables = snapshotRoom(state.seating.room).tables;
          apply(
            step.kind === 'add' ? { type: 'entry.add', name: `Late ${step.a}` }
            : step.kind === 'chips' ? { type: 'chips.set', entryId: pick(active)?.id ?? 'e1', chips: 1000 + step.a }
            : step.kind === 'bust' ? { type: 'entry.bust', entryIds: [pick(active)?.id ?? 'e1'] }
            : step.kind === 'undo' ? { type: 'entry.undoBust', entryId: entries.at(-1 - (step.a % 3))?.id ?? 'e1' }
            : step.kind === 'hand' ? { type: 'hand.next', ...(tables.length ? { tableId: pick(tables)!.id } : {}) }
            : step.kind === 'balance' ? { type: 'balance.apply' }
            : step.kind === 'pause' ? { type: step.a % 2 ? 'clock.pause' : 'clock.resume' }
            : step.kind === 'table' ? { type: 'table.add' }
            : { type: 'player.country', playerId: pick(entries)?.playerId ?? 'p1', country: 'NL' },
          );
          assert.equal(sliced(toStored(state), 200), stateToJson(state));
        }
      }),
      { numRuns: 25, seed: 5 },
    );
  });
});

/** A tournament of `entries` entries on a real database (parts of `partChars` characters). */
function tournament(dir: string, entries: number, partChars: number) {
  const db = openDb(join(dir, 'riffle.db'));
  const log = listener();
  const registry = new Registry(new Store(db, partChars), systemTime(), log, osSeeds);
  const host = registry.create(sampleTournament());
  const ok = (command: Record<string, unknown>) => assert.equal(host.dispatch(command, TD).status, 200, JSON.stringify(command));
  for (let i = 0; i < Math.ceil(entries / 9); i++) ok({ type: 'table.add' });
  for (let i = 0; i < entries; i++) ok({ type: 'entry.add', name: `Player ${i + 1}` });
  ok({ type: 'seating.draw' });
  return { db, log, registry, host, ok };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const storage = dialects();

/**
 * `tournament` on either dialect: on PostgreSQL the store of a process that owns it (pgStore,
 * its lease taken). `restart` loads it anew as a process that starts after a kill would: on
 * SQLite from the same file, on PostgreSQL by a new process once the old one is gone.
 */
async function tournamentOn(at: Storage, entries: number, partChars: number) {
  if (!at.databaseUrl) {
    const t = tournament(at.dataDir, entries, partChars);
    return {
      ...t,
      restart: async () => new Registry(new Store(t.db), systemTime(), t.log, osSeeds),
      durable: async () => {},
      close: async () => t.db.$client.close(),
    };
  }
  const url = at.databaseUrl;
  const log = listener();
  const quiet = pino({ level: 'silent' });
  const open = async () => {
    const pg = pgStore(url, quiet, partChars);
    const registry = new Registry(pg.store, systemTime(), log, osSeeds);
    const runtime = pg.start(registry);
    await runtime.ready;
    return { registry, runtime, store: pg.store };
  };
  const first = await open();
  let runtimes = [first.runtime];
  const host = first.registry.create(sampleTournament());
  const ok = (command: Record<string, unknown>) => assert.equal(host.dispatch(command, TD).status, 200, JSON.stringify(command));
  for (let i = 0; i < Math.ceil(entries / 9); i++) ok({ type: 'table.add' });
  for (let i = 0; i < entries; i++) ok({ type: 'entry.add', name: `Player ${i + 1}` });
  ok({ type: 'seating.draw' });
  return {
    db: null,
    log,
    registry: first.registry,
    host,
    ok,
    durable: () => first.store.durable(),
    async restart() {
      // The first process stops without a checkpoint at close; its lease is given up.
      host.abandon();
      await first.runtime.close();
      const next = await open();
      runtimes.push(next.runtime);
      return next.registry;
    },
    async close() {
      for (const r of runtimes) await r.close();
      runtimes = [];
    },
  };
}

/** Polls `read` until it returns something (10 s at most). */
async function settled<T>(read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const got = await read();
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error('not within 10 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function current(db: Db, id: string) {
  return db.$client.prepare('SELECT seq, parts, hash FROM checkpoints WHERE tournament_id = ?').get(id) as { seq: number; parts: number; hash: string };
}

function storedJson(db: Db, id: string, seq: number): string {
  return (db.$client.prepare('SELECT json FROM checkpoint_parts WHERE tournament_id = ? AND seq = ? ORDER BY part').pluck().all(id, seq) as string[]).join('');
}

describe('a checkpoint written between commands', () => {
  for (const dialect of DIALECTS) {
    it(`ends as the checkpoint of the state at its seq while commands go on; a restart from it plus the tail equals the live state (${dialect})`, async () => {
      const at = await storage(dialect);
      const { db, log, registry, host, ok, restart, close, durable } = await tournamentOn(at, 120, 2048);
      try {
        // The commands up to the next CHECKPOINT_EVERY in one go (no turn in between: no checkpoint yet).
        let i = 0;
        while (host.seq % CHECKPOINT_EVERY !== 0) ok({ type: 'chips.set', entryId: `e${1 + (i++ % 120)}`, chips: 20_000 + i });
        const due = host.seq;
        // On PostgreSQL the burst's writes first (they go before the checkpoint's, one after another).
        await durable();
        // Then a command every turn: the checkpoint is written meanwhile, a step per turn. On SQLite
        // it starts right after the answer of command `due`; on PostgreSQL once that command is
        // committed there, at the seq the tournament has then (and a command every 4 ms, which
        // PostgreSQL keeps up with: its writes and the checkpoint's go one after another).
        let seq = 0;
        let state = host.state;
        let during = 0;
        for (let turns = 0; turns < 10_000; turns++) {
          await (db ? turn() : new Promise((r) => setTimeout(r, 4)));
          const { writing } = host.checkpointState;
          if (writing && seq === 0) {
            // No command since it started: the state it writes is the state now.
            seq = host.seq;
            state = host.state;
          }
          if (!writing && seq > 0 && host.checkpointState.seq >= seq) break;
          if (writing) during++;
          if (db) assert.equal(db.$client.pragma('synchronous', { simple: true }), 2, 'every command is committed with synchronous=FULL');
          ok(i % 3 ? { type: 'chips.set', entryId: `e${1 + (i % 120)}`, chips: 30_000 + i } : { type: 'entry.add', name: `Late ${i}` });
          i++;
        }
        if (db) assert.equal(seq, due, 'on SQLite the checkpoint is of the CHECKPOINT_EVERY-th command');
        else assert.ok(seq >= due);
        assert.deepEqual(log.errors, []);
        assert.equal(host.checkpointState.seq, seq);
        assert.ok(during >= 5, `commands went on while it was written (${during})`);
        assert.ok(host.seq > seq + 5);
        // On PostgreSQL the older parts are deleted by a last write behind the flip.
        const written = await settled(async () => {
          const t = await stored(at, host.id);
          return t.checkpoint?.olderParts === 0 ? t.checkpoint : undefined;
        });
        assert.equal(written.seq, seq, 'the checkpoint is of the seq it started at, not of a later one');
        assert.ok(written.parts > 3, `written in parts (${written.parts})`);
        assert.equal(written.json, stateToJson(state), 'exactly the state at its seq');
        assert.equal(written.hash, stateHash(written.json));
        assert.equal(written.olderParts, 0, 'the previous checkpoint is deleted');

        // A restart without a clean shutdown (as after kill -9): the checkpoint and the log after it.
        const live = stateJson(host.state);
        const liveSeq = host.seq;
        const again = await restart();
        assert.deepEqual(log.errors, [], 'the checkpoint is used (a rebuild is logged)');
        const restarted = again.get(host.id)!;
        assert.deepEqual(restarted.checkpointState, { seq, writing: false });
        assert.equal(restarted.seq, liveSeq);
        assert.deepEqual(stateJson(restarted.state), live);
        const t = await stored(at, host.id);
        assert.deepEqual(stateJson(replay(t.origin, t.log)), live, 'and a replay of the whole log');
        again.close();
      } finally {
        registry.close();
        await close();
        at.done();
      }
    });
  }

  it('takes a step every CHECKPOINT_PACE_MS, not one per turn, and commands are answered between steps', async () => {
    const dir = tempDir('ckpt-pace');
    const { db, registry, host, ok } = tournament(dir, 120, 2048);
    const steps: number[] = [];
    const commands: number[] = [];
    const step = CheckpointWriter.prototype.step;
    CheckpointWriter.prototype.step = function (this: CheckpointWriter, budgetMs?: number) {
      steps.push(performance.now());
      return step.call(this, budgetMs);
    };
    try {
      let i = 0;
      while (host.seq % CHECKPOINT_EVERY !== 0) ok({ type: 'chips.set', entryId: `e${1 + (i++ % 120)}`, chips: 20_000 + i });
      const seq = host.seq;
      for (let turns = 0; turns < 100_000; turns++) {
        await turn();
        if (!host.checkpointState.writing && host.checkpointState.seq >= seq) break;
        ok({ type: 'chips.set', entryId: `e${1 + (i++ % 120)}`, chips: 30_000 + i });
        commands.push(performance.now());
      }
      assert.equal(host.checkpointState.seq, seq);
      assert.ok(steps.length >= 5, `written in steps (${steps.length})`);
      for (let k = 1; k < steps.length; k++) {
        const gap = steps[k]! - steps[k - 1]!;
        // Timers count whole milliseconds: a step may come up to one early by performance.now().
        assert.ok(gap >= CHECKPOINT_PACE_MS - 1, `step ${k} came ${gap.toFixed(2)} ms after the one before`);
        const between = commands.filter((t) => t > steps[k - 1]! && t < steps[k]!).length;
        assert.ok(between >= 1, `commands were answered between steps ${k - 1} and ${k}`);
      }
    } finally {
      CheckpointWriter.prototype.step = step;
      registry.close();
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never moves a checkpoint back: one finished after a newer one leaves the newer current', () => {
    const dir = tempDir('ckpt-back');
    const { db, registry, host, ok } = tournament(dir, 60, 1024);
    try {
      const store = new Store(db, 1024);
      const older = { seq: host.seq, state: host.state };
      const writer = store.beginCheckpoint(host.id, older.seq, older.state);
      for (let k = 0; k < 3; k++) writer.step(0);
      ok({ type: 'chips.set', entryId: 'e1', chips: 40_000 });
      assert.equal(store.checkpoint(host.id, host.seq, host.state), true, 'the newer one, at once (as at close)');
      while (!writer.step(0));
      assert.equal(writer.written, false);
      assert.equal(current(db, host.id).seq, host.seq);
      assert.equal(storedJson(db, host.id, host.seq), stateToJson(host.state));
      assert.equal(db.$client.prepare('SELECT COUNT(*) FROM checkpoint_parts WHERE tournament_id = ? AND seq <> ?').pluck().get(host.id, host.seq), 0, 'the parts of the older one are deleted');
      assert.equal(store.checkpoint(host.id, older.seq, older.state), false, 'nor back at once');
      assert.equal(store.checkpoint(host.id, host.seq + 1, host.state), false, 'nor past the log');
      assert.equal(current(db, host.id).seq, host.seq);
    } finally {
      registry.close();
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a checkpoint with a part missing is ignored and the log replayed (logged)', () => {
    const dir = tempDir('ckpt-part');
    const { db, registry, host, ok } = tournament(dir, 60, 1024);
    try {
      ok({ type: 'chips.set', entryId: 'e7', chips: 77_000 });
      registry.close();
      const { seq, parts } = current(db, host.id);
      assert.ok(parts > 2);
      db.$client.prepare('DELETE FROM checkpoint_parts WHERE tournament_id = ? AND seq = ? AND part = 1').run(host.id, seq);
      const log = listener();
      const again = new Registry(new Store(db), systemTime(), log, osSeeds);
      assert.equal(log.errors.length, 1);
      assert.match(log.errors[0]!, /rebuilt from its command log .*checkpoint is missing or incomplete/);
      assert.equal(again.get(host.id)!.state.entries.entries[6]!.chips, 77_000);
      assert.equal(storedJson(db, host.id, seq), stateToJson(again.get(host.id)!.state), 'written anew, whole');
      again.close();
    } finally {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a checkpoint ahead of its log', () => {
  it('is ignored and the log replayed (logged), then written anew at the seq of the log', () => {
    const dir = tempDir('ckpt-ahead');
    const { db, registry, host, ok } = tournament(dir, 20, 1024);
    try {
      ok({ type: 'chips.set', entryId: 'e3', chips: 33_000 });
      registry.close();
      const { seq } = current(db, host.id);
      // As if the log had lost its last commands (a restored backup of the log, not of the checkpoint).
      db.$client.prepare('UPDATE checkpoints SET seq = seq + 5 WHERE tournament_id = ?').run(host.id);
      db.$client.prepare('UPDATE checkpoint_parts SET seq = seq + 5 WHERE tournament_id = ?').run(host.id);
      const log = listener();
      const again = new Registry(new Store(db), systemTime(), log, osSeeds);
      assert.equal(log.errors.length, 1);
      assert.match(log.errors[0]!, new RegExp(`rebuilt from its command log .*checkpoint \\(command ${seq + 5}\\) is ahead of its log \\(command ${seq}\\)`));
      assert.equal(again.get(host.id)!.state.entries.entries[2]!.chips, 33_000);
      assert.equal(current(db, host.id).seq, seq, 'written anew at the seq of the log');
      assert.equal(db.$client.prepare('SELECT COUNT(*) FROM checkpoint_parts WHERE tournament_id = ? AND seq <> ?').pluck().get(host.id, seq), 0);
      again.close();
    } finally {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});


describe('the stream delayed feed from a checkpoint', () => {
  /** A delayed start as plain data, to compare two of them. */
  const plain = (d: DelayedStart) => ({
    seq: d.seq,
    views: json(Object.fromEntries(d.views)),
    pending: d.pending.map((c) => ({ seq: c.seq, at: c.at, ops: c.ops.map((o) => o.json), events: json(c.events), lastChanged: c.lastChanged })),
  });

  it('a checkpoint committed before the cut-off plus the log after it gives the feed a whole replay gives', () => {
    const origin: Origin = { id: 'delayed', createdAt: 1_000_000, input: sampleTournament() };
    const commands: Array<Record<string, unknown>> = [{ type: 'table.add' }, { type: 'table.add' }];
    for (let i = 0; i < 14; i++) commands.push({ type: 'entry.add', name: `Player ${i + 1}` });
    commands.push({ type: 'seating.draw' }, { type: 'clock.start' });
    for (let i = 0; i < 20; i++) commands.push(i % 4 === 3 ? { type: 'entry.bust', entryIds: [`e${8 + Math.floor(i / 4)}`] } : { type: 'chips.set', entryId: `e${1 + (i % 7)}`, chips: 10_000 + i * 500 });
    const { log, states } = played(origin, commands);
    const store = { log: (_: string, after: number) => log.filter((c) => c.seq > after), lastAt: (_: string, seq: number) => Math.max(0, ...log.filter((c) => c.seq <= seq).map((c) => c.at)) };
    let fromCheckpoint = 0;
    for (let checkpoint = 1; checkpoint <= log.length; checkpoint += 3) {
      for (const delaySeconds of [1, 4, 9, 15, 60]) {
        const now = log.at(-1)!.at + 500;
        const whole = rebuildDelayed(origin.id, origin, log, now, delaySeconds * 1000);
        const from = rebuildDelayedFrom(store, origin.id, origin, now, delaySeconds * 1000, { seq: checkpoint, state: states[checkpoint]! });
        assert.deepEqual(plain(from), plain(whole), `checkpoint ${checkpoint}, delay ${delaySeconds} s`);
        if (log[checkpoint - 1]!.at <= now - delaySeconds * 1000) fromCheckpoint++;
      }
    }
    assert.ok(fromCheckpoint > 10, 'many of them started from the checkpoint');
  });

  it('a longer delay replays from the last checkpoint, not from the origin', async () => {
    const dir = tempDir('ckpt-delay');
    const time = new ManualTime();
    const db = openDb(join(dir, 'riffle.db'));
    const store = new Store(db);
    const from: number[] = [];
    const log = store.log.bind(store);
    store.log = (id, after, limit) => (from.push(after ?? 0), log(id, after, limit));
    const registry = new Registry(store, time, listener(), osSeeds);
    try {
      const host = registry.create(sampleTournament());
      const ok = (command: Record<string, unknown>) => assert.equal(host.dispatch(command, TD).status, 200);
      for (let i = 0; i < 6; i++) ok({ type: 'entry.add', name: `Player ${i + 1}` });
      ok({ type: 'stream.delay', seconds: 30 });
      time.advance(40_000);
      host.checkpoint();
      const checkpointed = host.seq;
      time.advance(1_000);
      ok({ type: 'chips.set', entryId: 'e1', chips: 42_000 });
      time.advance(1_000);
      from.length = 0;
      ok({ type: 'stream.delay', seconds: 20 * 60 }); // longer: rebuilt, the checkpoint is 42 s old
      await rebuilt(host);
      assert.deepEqual(from.slice(0, 1), [0], '20 minutes back is before the checkpoint: from the origin');
      time.advance(25 * 60_000);
      from.length = 0;
      ok({ type: 'stream.delay', seconds: 0, confirmed: true });
      ok({ type: 'stream.delay', seconds: 60 });
      await rebuilt(host);
      assert.deepEqual(from.slice(0, 1), [checkpointed], 'a minute back is after the checkpoint: from it');
      assert.equal(JSON.parse(host.delayed.topicJsonFor('players')).entries[0].chips, 42_000, 'the feed a minute back has the chip count of 25 minutes ago');
    } finally {
      registry.close();
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
