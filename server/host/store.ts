/**
 * Persistence of tournaments and their command logs. The command log is the truth: each
 * command row is committed (with the tournament's seq) before the command is acknowledged.
 * The state itself is a checkpoint, written every CHECKPOINT_EVERY commands or
 * CHECKPOINT_AFTER_MS after a change (tournament-host.ts), not with every command: at 10,000
 * entries the state is 2.3 MB of JSON, and writing it per command cost more than the rest of
 * the command. A start loads the last checkpoint and replays the log after it.
 */
import { and, asc, eq, gt, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { commands, tournaments } from '../../db/schema.js';
import { replayOnto, type Origin, type LoggedCommand } from '../engine/replay.js';
import type { TournamentState } from '../engine/state.js';
import type { CommandAnswer } from '../protocol/messages.js';
import { createHash } from 'node:crypto';
import { ENGINE_VERSION } from '../engine/version.js';

/** SHA-256 of a stored state's JSON (tournaments.state_hash). */
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
  /** Seq of the checkpoint the state was loaded from (what is written already). */
  checkpointSeq?: number;
}

/** How often a tournament's state is checkpointed: every this many commands... */
export const CHECKPOINT_EVERY = 250;
/** ...or this long after the first change since the last checkpoint, whichever comes first. */
export const CHECKPOINT_AFTER_MS = 30_000;

/** A tournament row as stored, unchecked: the registry checks and, if need be, rebuilds it. */
export interface StoredRow {
  id: string;
  name: string;
  seq: number;
  /** The checkpoint: JSON of the state after command `stateSeq` (not `seq`). */
  state: string;
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

export const STORAGE_MESSAGE = 'Storage is full or failing: nothing can be saved, so nothing was changed. Free disk space on the server (or fix its disk); Riffle keeps running and saves again by itself.';

export class Store {
  constructor(readonly db: Db) {}

  insertTournament(origin: Origin, state: TournamentState): void {
    const json = JSON.stringify(state);
    this.db
      .insert(tournaments)
      .values({
        id: origin.id,
        name: state.settings.name,
        createdAt: origin.createdAt,
        updatedAt: origin.createdAt,
        seq: 0,
        state: json,
        stateSeq: 0,
        stateHash: stateHash(json),
        origin: JSON.stringify(origin),
      })
      .run();
  }

  /** Every tournament row, unparsed and unchecked (the registry checks each on its own). */
  loadRows(): StoredRow[] {
    return this.db
      .select({ id: tournaments.id, name: tournaments.name, seq: tournaments.seq, state: tournaments.state, stateSeq: tournaments.stateSeq, stateHash: tournaments.stateHash, origin: tournaments.origin })
      .from(tournaments)
      .orderBy(asc(tournaments.createdAt))
      .all();
  }

  /**
   * Writes a checkpoint: the state after command `seq`. Also replaces a damaged one with a state
   * rebuilt from the log (`repair`). Never moves a good checkpoint back, nor past the log.
   */
  checkpoint(tournamentId: string, seq: number, state: TournamentState, repair = false): void {
    const json = JSON.stringify(state);
    const where = repair ? eq(tournaments.id, tournamentId) : and(eq(tournaments.id, tournamentId), lte(tournaments.stateSeq, seq), gte(tournaments.seq, seq));
    this.db.update(tournaments).set({ state: json, stateHash: stateHash(json), stateSeq: seq, name: state.settings.name }).where(where).run();
  }

  /** The newest engine version that applied a command of this tournament (null: none recorded). */
  newestEngine(tournamentId: string): number | null {
    const row = this.db.$client.prepare('SELECT MAX(engine) AS v FROM commands WHERE tournament_id = ?').get(tournamentId) as { v: number | null } | undefined;
    return row?.v ?? null;
  }

  /** Every tournament at its last seq: the checkpoint with the log after it replayed onto it (unchecked). */
  loadTournaments(): StoredTournament[] {
    return this.db
      .select()
      .from(tournaments)
      .orderBy(asc(tournaments.createdAt))
      .all()
      .map((row) => ({
        id: row.id,
        seq: row.seq,
        state: replayOnto(JSON.parse(row.state) as TournamentState, this.log(row.id, row.stateSeq, Number.MAX_SAFE_INTEGER)),
        origin: JSON.parse(row.origin),
      }));
  }

  /** How a tournament was created (the start of its replay). */
  origin(tournamentId: string): Origin {
    const row = this.db.select({ origin: tournaments.origin }).from(tournaments).where(eq(tournaments.id, tournamentId)).get();
    if (!row) throw new Error(`no tournament ${tournamentId}`);
    return JSON.parse(row.origin) as Origin;
  }

  /** The answer given to an earlier command with this id, if there was one. */
  findAnswer(tournamentId: string, commandId: string): CommandAnswer | undefined {
    const row = this.db
      .select({ answer: commands.answer })
      .from(commands)
      .where(and(eq(commands.tournamentId, tournamentId), eq(commands.commandId, commandId)))
      .get();
    return row ? (JSON.parse(row.answer) as CommandAnswer) : undefined;
  }

  /**
   * Appends a command and moves the tournament's seq on, atomically. The state it produced is
   * not written here: see `checkpoint`.
   */
  commit(tournamentId: string, row: CommandRow): void {
    // better-sqlite3 transactions are synchronous: nothing else can run in between.
    this.db.transaction((tx) => {
      tx.insert(commands)
        .values({
          tournamentId,
          seq: row.seq,
          commandId: row.commandId,
          type: row.type,
          args: JSON.stringify(row.args),
          at: row.at,
          seed: row.seed,
          actor: row.actor,
          answer: JSON.stringify(row.answer),
          engine: ENGINE_VERSION,
        })
        .run();
      const updated = tx
        .update(tournaments)
        .set({ seq: row.seq, updatedAt: row.at })
        .where(and(eq(tournaments.id, tournamentId), eq(tournaments.seq, row.seq - 1)))
        .run();
      if (updated.changes !== 1) throw new Error(`tournament ${tournamentId} is not at seq ${row.seq - 1}`);
    });
  }

  /** The command log, oldest first, from `afterSeq` on. */
  log(tournamentId: string, afterSeq = 0, limit = 100_000): CommandRow[] {
    return this.db
      .select()
      .from(commands)
      .where(and(eq(commands.tournamentId, tournamentId), gt(commands.seq, afterSeq)))
      .orderBy(asc(commands.seq))
      .limit(limit)
      .all()
      .map((r) => ({
        seq: r.seq,
        commandId: r.commandId,
        type: r.type,
        args: JSON.parse(r.args),
        at: r.at,
        seed: r.seed,
        actor: r.actor,
        answer: JSON.parse(r.answer),
      }));
  }
}
