/**
 * Persistence of tournaments and their command logs. The command log is the truth: each
 * command row is committed (with the tournament's seq) before the command is acknowledged.
 * The state itself is a checkpoint, written every CHECKPOINT_EVERY commands or
 * CHECKPOINT_AFTER_MS after a change (tournament-host.ts), not with every command: at 10,000
 * entries the state is 2.3 MB of JSON, and writing it per command cost more than the rest of
 * the command. A start loads the last checkpoint and replays the log after it.
 *
 * The per-command path (`commit`, `findAnswer`) runs prepared better-sqlite3 statements: the
 * query builder cost more per command than SQLite itself. The checkpoint lives in tables of its
 * own (`checkpoints`, `checkpoint_parts`), so that moving `tournaments.seq` on rewrites a small
 * row; a checkpoint in progress (`CheckpointWriter`) is written in parts between commands.
 */
import type { Statement } from 'better-sqlite3';
import { createHash, type Hash } from 'node:crypto';
import { closeSync, fdatasync, fstatSync, fsyncSync, openSync, statSync } from 'node:fs';
import type { Db } from '../../db/client.js';
import { JsonSlices } from './json-slices.js';
import { stateFromJson, stateToJson, toStored } from './state-json.js';
import { replayOnto, type Origin, type LoggedCommand } from '../engine/replay.js';
import type { TournamentState } from '../engine/state.js';
import type { CommandAnswer } from '../protocol/messages.js';
import { ENGINE_VERSION } from '../engine/version.js';
import { SAFETY_PAGES, type WalCheckpointer } from './wal-checkpointer.js';

/** SHA-256 of a stored state's JSON (checkpoints.hash). */
export function stateHash(json: string): string {
  return createHash('sha256').update(json).digest('hex');
}

export interface CommandRow extends LoggedCommand {
  seq: number;
  commandId: string;
  actor: string;
  answer: CommandAnswer;
}

export interface StoredTournament {
  id: string;
  seq: number;
  state: TournamentState;
  origin: Origin;
  /** Seq of the checkpoint the state was loaded from (what is written already)... */
  checkpointSeq?: number;
  /** ...and its state (a start for the stream's delayed feed: delay-rebuild.ts). */
  checkpoint?: TournamentState;
}

/** How often a tournament's state is checkpointed: every this many commands... */
export const CHECKPOINT_EVERY = 250;
/** ...or this long after the first change since the last checkpoint, whichever comes first. */
export const CHECKPOINT_AFTER_MS = 30_000;
/** A checkpoint's JSON is stored in parts of about this many characters (one write each)... */
export const CHECKPOINT_PART_CHARS = 256 * 1024;
/** ...and serialised in slices of at most about this many milliseconds, between commands. */
export const CHECKPOINT_SLICE_MS = 2;
/**
 * ...and waits this long before its next step, so that a command's answer (a few event-loop
 * turns) meets at most one step: with a step every turn, an HTTP command at 10,000 entries met
 * three or four of them, 6-12 ms, and those were the slowest answers (docs/BENCHMARKS.md, "Fifth
 * round"). A 2.3 MB checkpoint then takes about 30 steps, a third of a second.
 */
export const CHECKPOINT_PACE_MS = 10;

/** A tournament row as stored, unchecked: the registry checks and, if need be, rebuilds it. */
export interface StoredRow {
  id: string;
  name: string;
  seq: number;
  /**
   * The checkpoint: JSON of the state after command `stateSeq` (not `seq`); null when the
   * tournament has none or some of its parts are missing.
   */
  state: string | null;
  stateSeq: number;
  stateHash: string | null;
  origin: string;
}

/**
 * SQLite failures of the disk rather than of the query: full, read-only, I/O errors. The
 * server keeps running and answers commands `503 storage-unavailable` until storage is back.
 */
export function isStorageError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|PROTOCOL|BUSY|LOCKED)/.test(code);
}

/** The answer when a command was committed but its fsync failed (a group commit, `Store.durable`). */
export const UNSYNCED_MESSAGE =
  'The change was made but the disk did not confirm it was saved. Send the same command again (same id) to check; free disk space on the server or fix its disk.';

export const STORAGE_MESSAGE = 'Storage is full or failing: nothing can be saved, so nothing was changed. Free disk space on the server (or fix its disk); Riffle keeps running and saves again by itself.';

export class Store {
  // The per-command path and the checkpoint's, as prepared statements (see the file comment).
  private insertCommand!: Statement;
  private moveSeq!: Statement;
  private answerOf!: Statement;
  private commitTx!: (tournamentId: string, row: CommandRow) => void;
  private checkpointSeqOf!: Statement;
  private logSeqOf!: Statement;
  private deleteParts!: Statement;
  private insertPart!: Statement;
  private pointTo!: Statement;
  private rename!: Statement;
  private deleteStalePart!: Statement;
  /** The synchronous level, read and set through prepared statements (a group commit does both per command). */
  private syncLevel!: Statement;
  private syncSetters = new Map<number, Statement>();

  /** fsyncs of the WAL made for group commits (`commitSoon`), for tests and benches. */
  syncs = 0;
  private readonly fsyncWal: (fd: number, done: (err: NodeJS.ErrnoException | null) => void) => void;
  /** Where SQLite's WAL checkpoints run instead of inside commits (the server's; null: SQLite's own). */
  private walCheckpoints: WalCheckpointer | null = null;

  /**
   * @param partChars the size of a checkpoint's parts (CHECKPOINT_PART_CHARS; smaller in tests,
   *   to have many parts with a small state)
   */
  constructor(
    private _db: Db,
    readonly partChars = CHECKPOINT_PART_CHARS,
    /**
     * `fsync`: the WAL's sync for group commits: node:fs fdatasync, as SQLite's own on Linux (the
     * data and the size; not the times, whose journal commit made a sync's tail); a test makes
     * it fail.
     */
    options: { fsync?: (fd: number, done: (err: NodeJS.ErrnoException | null) => void) => void } = {},
  ) {
    this.fsyncWal = options.fsync ?? fdatasync;
    this.prepare();
  }

  /** The connection (another one after `reopen`). */
  get db(): Db {
    return this._db;
  }

  /**
   * Goes on with a new connection to the same database: one opened for writing once a database
   * that was read-only at start-up can be written (server/host/reopen.ts). Called between
   * commands, when the old connection has written nothing: the caller closes the old one.
   */
  reopen(db: Db): void {
    this._db = db;
    this.syncSetters = new Map();
    this.prepare();
    if (this.walCheckpoints) this.checkpointWalIn(this.walCheckpoints);
  }

  /** The per-command and checkpoint statements, prepared on the current connection. */
  private prepare(): void {
    const sqlite = this._db.$client;
    this.syncLevel = sqlite.prepare('PRAGMA synchronous').pluck();
    this.insertCommand = sqlite.prepare(
      'INSERT INTO commands (tournament_id, seq, command_id, type, args, at, seed, actor, answer, engine) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.moveSeq = sqlite.prepare('UPDATE tournaments SET seq = ?, updated_at = ? WHERE id = ? AND seq = ?');
    this.answerOf = sqlite.prepare('SELECT answer FROM commands WHERE tournament_id = ? AND command_id = ?').pluck();
    // better-sqlite3 transactions are synchronous: nothing else can run in between.
    this.commitTx = sqlite.transaction((tournamentId: string, row: CommandRow) => {
      this.insertCommand.run(tournamentId, row.seq, row.commandId, row.type, JSON.stringify(row.args), row.at, row.seed, row.actor, JSON.stringify(row.answer), ENGINE_VERSION);
      if (this.moveSeq.run(row.seq, row.at, tournamentId, row.seq - 1).changes !== 1) throw new Error(`tournament ${tournamentId} is not at seq ${row.seq - 1}`);
    });
    this.checkpointSeqOf = sqlite.prepare('SELECT seq FROM checkpoints WHERE tournament_id = ?').pluck();
    this.logSeqOf = sqlite.prepare('SELECT seq FROM tournaments WHERE id = ?').pluck();
    this.deleteParts = sqlite.prepare('DELETE FROM checkpoint_parts WHERE tournament_id = ? AND seq = ?');
    this.insertPart = sqlite.prepare('INSERT INTO checkpoint_parts (tournament_id, seq, part, json) VALUES (?, ?, ?, ?)');
    // The current checkpoint becomes `seq`, unless that moves it back or past the log.
    this.pointTo = sqlite.prepare(
      `INSERT INTO checkpoints (tournament_id, seq, parts, hash)
       SELECT @id, @seq, @parts, @hash WHERE (SELECT seq FROM tournaments WHERE id = @id) >= @seq OR @repair
       ON CONFLICT (tournament_id) DO UPDATE SET seq = excluded.seq, parts = excluded.parts, hash = excluded.hash
       WHERE checkpoints.seq <= excluded.seq OR @repair`,
    );
    this.rename = sqlite.prepare('UPDATE tournaments SET name = ? WHERE id = ?');
    // One part of an older checkpoint (or of one never finished) at a time.
    this.deleteStalePart = sqlite.prepare(
      `DELETE FROM checkpoint_parts WHERE rowid = (
         SELECT rowid FROM checkpoint_parts WHERE tournament_id = @id AND seq <> coalesce((SELECT seq FROM checkpoints WHERE tournament_id = @id), -1) LIMIT 1)`,
    );
  }

  insertTournament(origin: Origin, state: TournamentState): void {
    this.db.$client.transaction(() => {
      this.db.$client
        .prepare('INSERT INTO tournaments (id, name, created_at, updated_at, seq, origin) VALUES (?, ?, ?, ?, 0, ?)')
        .run(origin.id, state.settings.name, origin.createdAt, origin.createdAt, JSON.stringify(origin));
      this.writeCheckpoint(origin.id, 0, state, false);
    })();
  }

  /** Every tournament row with its checkpoint, unparsed and unchecked (the registry checks each on its own). */
  loadRows(): StoredRow[] {
    const sqlite = this.db.$client;
    const parts = sqlite.prepare('SELECT json FROM checkpoint_parts WHERE tournament_id = ? AND seq = ? ORDER BY part').pluck();
    const rows = sqlite
      .prepare(
        `SELECT t.id, t.name, t.seq, t.origin, c.seq AS stateSeq, c.parts, c.hash AS stateHash
         FROM tournaments t LEFT JOIN checkpoints c ON c.tournament_id = t.id ORDER BY t.created_at`,
      )
      .all() as Array<{ id: string; name: string; seq: number; origin: string; stateSeq: number | null; parts: number | null; stateHash: string | null }>;
    return rows.map(({ parts: count, ...row }) => {
      const json = row.stateSeq === null ? [] : (parts.all(row.id, row.stateSeq) as string[]);
      const complete = row.stateSeq !== null && json.length === count;
      return { ...row, stateSeq: row.stateSeq ?? 0, state: complete ? json.join('') : null };
    });
  }

  /**
   * Writes a checkpoint at once: the state after command `seq` (at close, for a new tournament, in
   * tests). Also replaces a damaged one with a state rebuilt from the log (`repair`). Never moves
   * a good checkpoint back, nor past the log. False when there was nothing to write.
   */
  checkpoint(tournamentId: string, seq: number, state: TournamentState, repair = false): boolean {
    return this.db.$client.transaction(() => this.writeCheckpoint(tournamentId, seq, state, repair))();
  }

  private writeCheckpoint(tournamentId: string, seq: number, state: TournamentState, repair: boolean): boolean {
    const current = this.checkpointSeqOf.get(tournamentId) as number | undefined;
    if (!repair && current !== undefined && current >= seq) return false;
    const logSeq = this.logSeqOf.get(tournamentId) as number | undefined;
    if (!repair && (logSeq === undefined || logSeq < seq)) return false;
    const json = stateToJson(state);
    const parts: string[] = [];
    for (let at = 0; at < json.length || parts.length === 0; at += this.partChars) parts.push(json.slice(at, at + this.partChars));
    if (repair) this.db.$client.prepare('DELETE FROM checkpoint_parts WHERE tournament_id = ?').run(tournamentId);
    else this.deleteParts.run(tournamentId, seq);
    parts.forEach((text, i) => this.insertPart.run(tournamentId, seq, i, text));
    this.pointTo.run({ id: tournamentId, seq, parts: parts.length, hash: stateHash(json), repair: repair ? 1 : 0 });
    this.rename.run(state.settings.name, tournamentId);
    if (!repair) this.db.$client.prepare('DELETE FROM checkpoint_parts WHERE tournament_id = ? AND seq <> ?').run(tournamentId, seq);
    return true;
  }

  /**
   * Starts a checkpoint of the state after command `seq` that is written a step at a time
   * (`CheckpointWriter.step`), while commands go on. `state` must never change (engine states
   * do not).
   */
  beginCheckpoint(tournamentId: string, seq: number, state: TournamentState): CheckpointWriter {
    return new CheckpointWriter(this, tournamentId, seq, state);
  }

  /** @internal for CheckpointWriter */
  checkpointSeq(tournamentId: string): number | undefined {
    return this.checkpointSeqOf.get(tournamentId) as number | undefined;
  }

  /**
   * Runs a write of a checkpoint in progress without the fsync synchronous=FULL makes at every
   * commit (synchronous=NORMAL for this one transaction, FULL again before anything else runs):
   * 20 fsyncs per checkpoint held the event loop as long as 20 commits. Nothing is lost by it:
   * the log is the truth, a checkpoint lost in a power cut leaves the previous one current (the
   * WAL keeps a prefix of its frames: parts before the flip that made them current, never a
   * flip without its parts), and the next command's commit syncs all of it anyway.
   */
  private unsynced<T>(write: () => T): T {
    const sqlite = this.db.$client;
    // SQLite refuses the change inside a transaction; below NORMAL (OFF, in benches' set-up) stays.
    const level = sqlite.inTransaction ? 1 : (this.syncLevel.get() as number);
    if (level <= 1) return write();
    this.setSyncLevel(1);
    try {
      return write();
    } finally {
      this.setSyncLevel(level);
    }
  }

  private setSyncLevel(level: number): void {
    let set = this.syncSetters.get(level);
    if (!set) {
      set = this.db.$client.prepare(`PRAGMA synchronous = ${Math.trunc(level)}`);
      this.syncSetters.set(level, set);
    }
    set.run();
  }

  /** @internal for CheckpointWriter: drops parts left by an earlier attempt at the same seq. */
  dropParts(tournamentId: string, seq: number): void {
    if (this.unsynced(() => this.deleteParts.run(tournamentId, seq)).changes > 0) this.syncBehind();
  }

  /** @internal for CheckpointWriter */
  writePart(tournamentId: string, seq: number, part: number, json: string): void {
    this.unsynced(() => this.insertPart.run(tournamentId, seq, part, json));
    this.syncBehind();
  }

  /** @internal for CheckpointWriter: makes a written checkpoint the current one (false: a newer one is). */
  finishCheckpoint(tournamentId: string, seq: number, parts: number, hash: string, name: string): boolean {
    const made = this.unsynced(() =>
      this.db.$client.transaction(() => {
        if (this.pointTo.run({ id: tournamentId, seq, parts, hash, repair: 0 }).changes !== 1) return false;
        this.rename.run(name, tournamentId);
        return true;
      })(),
    );
    this.syncBehind();
    // A state checkpoint is most of what the WAL holds: copied into the database now.
    if (made) void this.walCheckpoints?.request();
    return made;
  }

  /** @internal for CheckpointWriter: deletes one part of a checkpoint that is not the current one; false when none is left. */
  deleteStale(tournamentId: string): boolean {
    const deleted = this.unsynced(() => this.deleteStalePart.run({ id: tournamentId }).changes > 0);
    if (deleted) this.syncBehind();
    return deleted;
  }

  /**
   * Starts an fsync of a checkpoint's step just written (a step that wrote nothing needs none),
   * in the background (libuv's pool), so that the group commit of the next command does not
   * have to flush the whole checkpoint (2.3 MB at 10,000 entries: 20-30 ms on this disk) before
   * it can answer; a command waits at most for one step's. A failure is left to that next
   * fsync, which tries again and answers for it.
   */
  private syncBehind(): void {
    if (!this.walSync()) return;
    this.syncNeeded = true;
    this.durable().catch(() => {});
  }

  /** The newest engine version that applied a command of this tournament (null: none recorded). */
  newestEngine(tournamentId: string): number | null {
    const row = this.db.$client.prepare('SELECT MAX(engine) AS v FROM commands WHERE tournament_id = ?').get(tournamentId) as { v: number | null } | undefined;
    return row?.v ?? null;
  }

  /** Every tournament at its last seq: the checkpoint with the log after it replayed onto it (unchecked). */
  loadTournaments(): StoredTournament[] {
    return this.loadRows().map((row) => ({
      id: row.id,
      seq: row.seq,
      state: replayOnto(stateFromJson(row.state!), this.log(row.id, row.stateSeq, Number.MAX_SAFE_INTEGER)),
      origin: JSON.parse(row.origin),
      checkpointSeq: row.stateSeq,
    }));
  }

  /** The latest server time of the commands up to `seq` (0: none). */
  lastAt(tournamentId: string, seq: number): number {
    return (this.db.$client.prepare('SELECT MAX(at) FROM commands WHERE tournament_id = ? AND seq <= ?').pluck().get(tournamentId, seq) as number | null) ?? 0;
  }

  /** How a tournament was created (the start of its replay). */
  origin(tournamentId: string): Origin {
    const json = this.db.$client.prepare('SELECT origin FROM tournaments WHERE id = ?').pluck().get(tournamentId) as string | undefined;
    if (json === undefined) throw new Error(`no tournament ${tournamentId}`);
    return JSON.parse(json) as Origin;
  }

  /** The answer given to an earlier command with this id, if there was one. */
  findAnswer(tournamentId: string, commandId: string): CommandAnswer | undefined {
    const json = this.answerOf.get(tournamentId, commandId) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as CommandAnswer);
  }

  /**
   * Appends a command and moves the tournament's seq on, atomically. The state it produced is
   * not written here: see `checkpoint`.
   */
  commit(tournamentId: string, row: CommandRow): void {
    this.commitTx(tournamentId, row);
    this.walCheckpoints?.committed();
  }

  /**
   * Group commit: appends a command as `commit` does, but without the fsync of synchronous=FULL;
   * the caller answers only once `durable()` has resolved. The commit is in the operating
   * system's hands when this returns (a kill -9 of the server loses nothing); the fsync that
   * makes it survive a power cut is one for every command committed meanwhile, run on libuv's
   * thread pool, so the event loop goes on with the next requests while the disk syncs. Where
   * the WAL file cannot be synced on its own (an in-memory database), this is `commit`.
   */
  commitSoon(tournamentId: string, row: CommandRow): void {
    if (!this.walSync()) return this.commit(tournamentId, row);
    this.unsynced(() => this.commitTx(tournamentId, row));
    this.syncNeeded = true;
    this.walCheckpoints?.committed();
  }

  /**
   * Hands SQLite's WAL checkpoints to `checkpointer` (a worker thread, wal-checkpointer.ts):
   * commits no longer make them, below SAFETY_PAGES. False for a database without a WAL file.
   */
  checkpointWalIn(checkpointer: WalCheckpointer): boolean {
    if (!this.walSync()) return false;
    this.db.$client.pragma(`wal_autocheckpoint = ${SAFETY_PAGES}`);
    this.walCheckpoints = checkpointer;
    return true;
  }

  /**
   * Resolves when everything committed so far is on disk: at once when nothing awaits a sync,
   * otherwise after the next fsync of the WAL (one for all who wait). Rejects when the fsync
   * fails (the caller answers storage-unavailable; a retry with the same id gets the answer).
   */
  durable(): Promise<void> {
    if (!this.syncNeeded && !this.syncing) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      // Nothing committed since the running fsync began: that one covers it.
      if (!this.syncNeeded) this.syncing!.push({ resolve, reject });
      else {
        this.syncWaiters.push({ resolve, reject });
        this.kickSync();
      }
    });
  }

  /** Commits made without their fsync since the last fsync began. */
  private syncNeeded = false;
  /** Who the running fsync answers; null when none runs. */
  private syncing: Array<{ resolve: () => void; reject: (err: unknown) => void }> | null = null;
  private syncWaiters: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];
  private wal: { path: string; fd: number | null } | null | undefined;

  /** The WAL file to fsync (opened once), or null for a database without one. */
  private walSync(): { path: string; fd: number | null } | null {
    if (this.wal === undefined) {
      const name = this.db.$client.name;
      const inWal = String(this.db.$client.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal';
      this.wal = name && name !== ':memory:' && !this.db.$client.memory && inWal ? { path: `${name}-wal`, fd: null } : null;
    }
    return this.wal;
  }

  /**
   * One fsync at a time. A waiter whose commit came after the running fsync began waits for the
   * next one; everyone else is answered by the running one.
   */
  private kickSync(): void {
    if (this.syncing || this.syncWaiters.length === 0) return;
    const wal = this.walSync()!;
    // Those who wait for a commit made before this fsync starts (all of them, now).
    const batch = this.syncWaiters;
    this.syncWaiters = [];
    this.syncNeeded = false;
    this.syncing = batch;
    const done = (err: unknown) => {
      this.syncing = null;
      // What it should have saved is still unconfirmed: the next durable() tries again.
      if (err) this.syncNeeded = true;
      for (const w of batch) (err ? w.reject(err) : w.resolve());
      this.kickSync();
    };
    try {
      // The WAL keeps its inode while the database is open (SQLite reuses the file after a
      // checkpoint); it is opened again if it was replaced all the same.
      if (wal.fd !== null && fstatSync(wal.fd).ino !== statSync(wal.path).ino) {
        closeSync(wal.fd);
        wal.fd = null;
      }
      wal.fd ??= openSync(wal.path, 'r');
    } catch (err) {
      if (wal.fd !== null) closeSync(wal.fd);
      wal.fd = null;
      queueMicrotask(() => done(err));
      return;
    }
    this.syncs++;
    this.fsyncWal(wal.fd, done);
  }

  /** Closes the WAL's file handle (after a last sync); the database itself is closed by its owner. */
  closeWal(): void {
    if (this.wal?.fd != null) {
      fsyncSync(this.wal.fd);
      closeSync(this.wal.fd);
      this.wal.fd = null;
    }
  }

  /** The command log, oldest first, from `afterSeq` on. */
  log(tournamentId: string, afterSeq = 0, limit = 100_000): CommandRow[] {
    const rows = this.db.$client
      .prepare('SELECT seq, command_id, type, args, at, seed, actor, answer, engine FROM commands WHERE tournament_id = ? AND seq > ? ORDER BY seq LIMIT ?')
      .all(tournamentId, afterSeq, limit) as Array<{ seq: number; command_id: string; type: string; args: string; at: number; seed: string; actor: string; answer: string; engine: number | null }>;
    return rows.map((r) => ({
      seq: r.seq,
      commandId: r.command_id,
      type: r.type,
      args: JSON.parse(r.args),
      at: r.at,
      seed: r.seed,
      actor: r.actor,
      answer: JSON.parse(r.answer),
      engine: r.engine,
    }));
  }
}

/**
 * A checkpoint written a step at a time, between commands (tournament-host.ts runs a step every
 * CHECKPOINT_PACE_MS): each step serialises a slice of the state (JsonSlices, at most
 * CHECKPOINT_SLICE_MS) and writes a part once CHECKPOINT_PART_CHARS (`Store.partChars`) are made, each part in its
 * own short transaction; the SHA-256 is taken part by part. The last step makes it the current
 * checkpoint in one transaction (guarded: never back, never past the log), then the parts of the
 * previous one are deleted one per step. A crash at any step leaves the previous checkpoint
 * current and whole; parts left behind are deleted by the next checkpoint.
 */
export class CheckpointWriter {
  private readonly slices: JsonSlices;
  private readonly hash: Hash = createHash('sha256');
  private parts = 0;
  private phase: 'write' | 'clean' | 'done';
  /** False when a newer checkpoint was current already (nothing was made current). */
  written = false;

  constructor(
    private readonly store: Store,
    readonly tournamentId: string,
    readonly seq: number,
    readonly state: TournamentState,
  ) {
    // The plain JSON form of the state (state-json.ts), serialised a slice at a time.
    this.slices = new JsonSlices(toStored(state));
    const current = store.checkpointSeq(tournamentId);
    if (current !== undefined && current >= seq) this.phase = 'clean';
    else {
      store.dropParts(tournamentId, seq);
      this.phase = 'write';
    }
  }

  get done(): boolean {
    return this.phase === 'done';
  }

  /** One step of at most about `budgetMs` of serialising, and at most one write; true when done. */
  step(budgetMs = CHECKPOINT_SLICE_MS): boolean {
    if (this.phase === 'write') {
      const end = this.slices.step(budgetMs, this.store.partChars);
      if (this.slices.pending >= this.store.partChars || (end && (this.slices.pending > 0 || this.parts === 0))) {
        const json = this.slices.take();
        this.hash.update(json);
        this.store.writePart(this.tournamentId, this.seq, this.parts++, json);
      } else if (end) {
        this.written = this.store.finishCheckpoint(this.tournamentId, this.seq, this.parts, this.hash.digest('hex'), this.state.settings.name);
        this.phase = 'clean';
      }
    } else if (this.phase === 'clean') {
      if (!this.store.deleteStale(this.tournamentId)) this.phase = 'done';
    }
    return this.phase === 'done';
  }
}
