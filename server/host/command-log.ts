/**
 * The command log: the truth of every tournament. Each command row is appended with the
 * tournament's seq in one transaction, before the command is acknowledged; the state is rebuilt
 * from the last checkpoint and the log after it (checkpoints.ts). The per-command path
 * (`append`, `findAnswer`) runs prepared better-sqlite3 statements: the query builder cost more
 * per command than SQLite itself.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/client.js';
import type { Origin, LoggedCommand } from '../engine/replay.js';
import type { CommandAnswer } from '../protocol/messages.js';
import { ENGINE_VERSION } from '../engine/version.js';

export interface CommandRow extends LoggedCommand {
  seq: number;
  commandId: string;
  actor: string;
  answer: CommandAnswer;
}

export class CommandLog {
  private insertCommand!: Statement;
  private moveSeq!: Statement;
  private answerOf!: Statement;
  private appendTx!: (tournamentId: string, row: CommandRow) => void;

  constructor(private db: Db) {
    this.prepare();
  }

  /** Goes on with a new connection to the same database (Store.reopen). */
  reopen(db: Db): void {
    this.db = db;
    this.prepare();
  }

  private prepare(): void {
    const sqlite = this.db.$client;
    this.insertCommand = sqlite.prepare(
      'INSERT INTO commands (tournament_id, seq, command_id, type, args, at, seed, actor, answer, engine) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.moveSeq = sqlite.prepare('UPDATE tournaments SET seq = ?, updated_at = ? WHERE id = ? AND seq = ?');
    this.answerOf = sqlite.prepare('SELECT answer FROM commands WHERE tournament_id = ? AND command_id = ?').pluck();
    // better-sqlite3 transactions are synchronous: nothing else can run in between.
    this.appendTx = sqlite.transaction((tournamentId: string, row: CommandRow) => {
      this.insertCommand.run(tournamentId, row.seq, row.commandId, row.type, JSON.stringify(row.args), row.at, row.seed, row.actor, JSON.stringify(row.answer), ENGINE_VERSION);
      if (this.moveSeq.run(row.seq, row.at, tournamentId, row.seq - 1).changes !== 1) throw new Error(`tournament ${tournamentId} is not at seq ${row.seq - 1}`);
    });
  }

  /** The tournament's row, at seq 0 (its first checkpoint is written with it: Store.insertTournament). */
  insertTournament(origin: Origin, name: string): void {
    this.db.$client
      .prepare('INSERT INTO tournaments (id, name, created_at, updated_at, seq, origin) VALUES (?, ?, ?, ?, 0, ?)')
      .run(origin.id, name, origin.createdAt, origin.createdAt, JSON.stringify(origin));
  }

  /**
   * Appends a command and moves the tournament's seq on, atomically. The state it produced is
   * not written here: see checkpoints.ts.
   */
  append(tournamentId: string, row: CommandRow): void {
    this.appendTx(tournamentId, row);
  }

  /** The answer given to an earlier command with this id, if there was one. */
  findAnswer(tournamentId: string, commandId: string): CommandAnswer | undefined {
    const json = this.answerOf.get(tournamentId, commandId) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as CommandAnswer);
  }

  /** The newest engine version that applied a command of this tournament (null: none recorded). */
  newestEngine(tournamentId: string): number | null {
    const row = this.db.$client.prepare('SELECT MAX(engine) AS v FROM commands WHERE tournament_id = ?').get(tournamentId) as { v: number | null } | undefined;
    return row?.v ?? null;
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

  /** The command log, oldest first, from `afterSeq` on. */
  read(tournamentId: string, afterSeq = 0, limit = 100_000): CommandRow[] {
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
