/**
 * Persistence of tournaments, made of three pieces that each do one job:
 *  - the command log (command-log.ts): the truth; each command row is committed with the
 *    tournament's seq before the command is acknowledged;
 *  - checkpoints (checkpoints.ts): the state after some seq, written a step at a time between
 *    commands; a start loads the last one and replays the log after it;
 *  - durability (durability.ts): when a commit survives a power cut (SQLite's fsync, or one
 *    group fsync for every command committed meanwhile), and SQLite's WAL checkpoints.
 * The Store puts them on one database connection and is what the rest of the server holds.
 */
import type { Db } from '../../db/client.js';
import { replayOnto, type Origin } from '../engine/replay.js';
import { stateFromJson } from './state-json.js';
import type { TournamentState } from '../engine/state.js';
import type { CommandAnswer } from '../protocol/messages.js';
import { CommandLog, type CommandRow } from './command-log.js';
import { CHECKPOINT_PART_CHARS, Checkpoints, type CheckpointWriter, type StoredRow } from './checkpoints.js';
import { Durability, type Fsync } from './durability.js';
import type { WalCheckpointer } from './wal-checkpointer.js';

export type { CommandRow } from './command-log.js';
export {
  CHECKPOINT_AFTER_MS,
  CHECKPOINT_EVERY,
  CHECKPOINT_PACE_MS,
  CHECKPOINT_PART_CHARS,
  CHECKPOINT_SLICE_MS,
  CheckpointWriter,
  stateHash,
  type StoredRow,
} from './checkpoints.js';

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

/**
 * SQLite failures of the disk rather than of the query: full, read-only, I/O errors (and
 * PostgreSQL unreachable: `RIFFLE_STORAGE`, pg/pg-store.ts). The
 * server keeps running and answers commands `503 storage-unavailable` until storage is back.
 */
export function isStorageError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(SQLITE_(FULL|IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB|PROTOCOL|BUSY|LOCKED)|RIFFLE_STORAGE)/.test(code);
}

/** The answer when a command was committed but its fsync failed (a group commit, `Store.durable`). */
export const UNSYNCED_MESSAGE =
  'The change was made but the disk did not confirm it was saved. Send the same command again (same id) to check; free disk space on the server or fix its disk.';

export const STORAGE_MESSAGE = 'Storage is full or failing: nothing can be saved, so nothing was changed. Free disk space on the server (or fix its disk); Riffle keeps running and saves again by itself.';

export class Store {
  readonly commands: CommandLog;
  readonly checkpoints: Checkpoints;
  readonly durability: Durability;

  /**
   * @param partChars the size of a checkpoint's parts (CHECKPOINT_PART_CHARS; smaller in tests)
   * @param options.fsync the WAL's sync for group commits (durability.ts; a test makes it fail)
   */
  constructor(
    private _db: Db,
    partChars = CHECKPOINT_PART_CHARS,
    options: { fsync?: Fsync } = {},
  ) {
    this.durability = new Durability(_db, options.fsync);
    this.commands = new CommandLog(_db);
    this.checkpoints = new Checkpoints(_db, this.durability, partChars);
  }

  /** The connection (another one after `reopen`). */
  get db(): Db {
    return this._db;
  }

  get partChars(): number {
    return this.checkpoints.partChars;
  }

  /** fsyncs of the WAL made for group commits (`commitSoon`), for tests and benches. */
  get syncs(): number {
    return this.durability.syncs;
  }

  /**
   * Goes on with a new connection to the same database: one opened for writing once a database
   * that was read-only at start-up can be written (server/host/reopen.ts). Called between
   * commands, when the old connection has written nothing: the caller closes the old one.
   */
  reopen(db: Db): void {
    this._db = db;
    this.durability.reopen(db);
    this.commands.reopen(db);
    this.checkpoints.reopen(db);
  }

  insertTournament(origin: Origin, state: TournamentState): void {
    this.db.$client.transaction(() => {
      this.commands.insertTournament(origin, state.settings.name);
      this.checkpoints.write(origin.id, 0, state, false);
    })();
  }

  /** Every tournament row with its checkpoint, unparsed and unchecked (the registry checks each on its own). */
  loadRows(): StoredRow[] {
    return this.checkpoints.loadRows();
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

  /**
   * Writes a checkpoint at once: the state after command `seq` (at close, for a new tournament, in
   * tests). Also replaces a damaged one with a state rebuilt from the log (`repair`). Never moves
   * a good checkpoint back, nor past the log. False when there was nothing to write.
   */
  checkpoint(tournamentId: string, seq: number, state: TournamentState, repair = false): boolean {
    return this.db.$client.transaction(() => this.checkpoints.write(tournamentId, seq, state, repair))();
  }

  /** A checkpoint written a step at a time while commands go on (checkpoints.ts). */
  beginCheckpoint(tournamentId: string, seq: number, state: TournamentState): CheckpointWriter {
    return this.checkpoints.begin(tournamentId, seq, state);
  }

  /**
   * Appends a command and moves the tournament's seq on, atomically, synced (synchronous=FULL).
   * The state it produced is not written here: see `checkpoint`.
   */
  commit(tournamentId: string, row: CommandRow): void {
    this.commands.append(tournamentId, row);
    this.durability.committed();
  }

  /**
   * Group commit: appends a command as `commit` does, but without the fsync of synchronous=FULL;
   * the caller answers only once `durable()` has resolved. The commit is in the operating
   * system's hands when this returns (a kill -9 of the server loses nothing); the fsync that
   * makes it survive a power cut is one for every command committed meanwhile (durability.ts).
   */
  commitSoon(tournamentId: string, row: CommandRow): void {
    this.durability.deferred(() => this.commands.append(tournamentId, row));
    this.durability.committed();
  }

  /** Resolves when everything committed so far is on disk; rejects when the fsync fails (durability.ts). */
  durable(): Promise<void> {
    return this.durability.durable();
  }

  /** Hands SQLite's WAL checkpoints to a worker thread (durability.ts). */
  checkpointWalIn(checkpointer: WalCheckpointer): boolean {
    return this.durability.checkpointWalIn(checkpointer);
  }

  /** Closes the WAL's file handle (after a last sync); the database itself is closed by its owner. */
  closeWal(): void {
    this.durability.closeWal();
  }

  /** The command log, oldest first, from `afterSeq` on. */
  log(tournamentId: string, afterSeq = 0, limit = 100_000): CommandRow[] {
    return this.commands.read(tournamentId, afterSeq, limit);
  }

  /** The answer given to an earlier command with this id, if there was one. */
  findAnswer(tournamentId: string, commandId: string): CommandAnswer | undefined {
    return this.commands.findAnswer(tournamentId, commandId);
  }

  /** How a tournament was created (the start of its replay). */
  origin(tournamentId: string): Origin {
    return this.commands.origin(tournamentId);
  }

  /** The latest server time of the commands up to `seq` (0: none). */
  lastAt(tournamentId: string, seq: number): number {
    return this.commands.lastAt(tournamentId, seq);
  }

  /** The newest engine version that applied a command of this tournament (null: none recorded). */
  newestEngine(tournamentId: string): number | null {
    return this.commands.newestEngine(tournamentId);
  }
}
