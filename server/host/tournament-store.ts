/**
 * What a tournament's host and the registry need from storage: the command log, checkpoints and
 * durability. Two stores give it: `Store` (store.ts: SQLite, synchronous, the embedded default)
 * and `PgStore` (pg/pg-store.ts: PostgreSQL, RIFFLE_DATABASE_URL), which commits behind the
 * command and resolves `durable()` once PostgreSQL has committed it. Both answer a command only
 * once `durable()` has resolved (the transports send `DispatchResult.durable()`'s answer).
 */
import type { Origin } from '../engine/replay.js';
import type { TournamentState } from '../engine/state.js';
import type { CommandAnswer } from '../protocol/messages.js';
import type { CommandRow } from './command-log.js';
import type { StoredRow } from './checkpoints.js';

/** A checkpoint written a step at a time between commands (checkpoints.ts, pg/pg-checkpoints.ts). */
export interface CheckpointSteps {
  readonly seq: number;
  readonly state: TournamentState;
  /** False when a newer checkpoint was current already (nothing was made current). */
  readonly written: boolean;
  /** One step; true when done. */
  step(budgetMs?: number): boolean;
}

export interface TournamentStore {
  insertTournament(origin: Origin, state: TournamentState): void;
  loadRows(): StoredRow[];
  checkpoint(tournamentId: string, seq: number, state: TournamentState, repair?: boolean): boolean;
  beginCheckpoint(tournamentId: string, seq: number, state: TournamentState): CheckpointSteps;
  commit(tournamentId: string, row: CommandRow): void;
  commitSoon(tournamentId: string, row: CommandRow): void;
  durable(): Promise<void>;
  log(tournamentId: string, afterSeq?: number, limit?: number): CommandRow[];
  findAnswer(tournamentId: string, commandId: string): CommandAnswer | undefined;
  origin(tournamentId: string): Origin;
  lastAt(tournamentId: string, seq: number): number;
  newestEngine(tournamentId: string): number | null;
}
