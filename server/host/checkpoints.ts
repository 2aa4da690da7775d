/**
 * Checkpoints: a tournament's state after some seq, so that a start replays only the log after
 * it (command-log.ts). Written every CHECKPOINT_EVERY commands or CHECKPOINT_AFTER_MS after a
 * change (tournament-host.ts), not with every command: at 10,000 entries the state is 2.3 MB of
 * JSON, and writing it per command cost more than the rest of the command. The checkpoint lives
 * in tables of its own (`checkpoints`, `checkpoint_parts`), so that moving `tournaments.seq` on
 * rewrites a small row; a checkpoint in progress (`CheckpointWriter`) is written in parts between
 * commands, without SQLite's fsync, synced behind its writer (durability.ts).
 */
import { stateToJson, toStored } from './state-json.js';
import type { Statement } from 'better-sqlite3';
import { createHash, type Hash } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { JsonSlices } from './json-slices.js';
import type { TournamentState } from '../engine/state.js';
import type { Durability } from './durability.js';

/** SHA-256 of a stored state's JSON (checkpoints.hash). */
export function stateHash(json: string): string {
  return createHash('sha256').update(json).digest('hex');
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
 * three or four of them, 6-12 ms, and those were the slowest answers (docs/BENCHMARKS.md). A
 * 2.3 MB checkpoint then takes about 30 steps, a third of a second.
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

export class Checkpoints {
  private checkpointSeqOf!: Statement;
  private logSeqOf!: Statement;
  private deleteParts!: Statement;
  private insertPart!: Statement;
  private pointTo!: Statement;
  private rename!: Statement;
  private deleteStalePart!: Statement;

  /**
   * @param partChars the size of a checkpoint's parts (CHECKPOINT_PART_CHARS; smaller in tests,
   *   to have many parts with a small state)
   */
  constructor(
    private db: Db,
    private readonly durability: Durability,
    readonly partChars = CHECKPOINT_PART_CHARS,
  ) {
    this.prepare();
  }

  /** Goes on with a new connection to the same database (Store.reopen). */
  reopen(db: Db): void {
    this.db = db;
    this.prepare();
  }

  private prepare(): void {
    const sqlite = this.db.$client;
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
   * Writes a checkpoint at once, in the caller's transaction (Store.checkpoint, insertTournament).
   * Never moves a good checkpoint back, nor past the log, unless `repair`. False when there was
   * nothing to write.
   */
  write(tournamentId: string, seq: number, state: TournamentState, repair: boolean): boolean {
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
  begin(tournamentId: string, seq: number, state: TournamentState): CheckpointWriter {
    return new CheckpointWriter(this, tournamentId, seq, state);
  }

  /** Seq of the tournament's current checkpoint (undefined: none). */
  currentSeq(tournamentId: string): number | undefined {
    return this.checkpointSeqOf.get(tournamentId) as number | undefined;
  }

  /** Drops parts left by an earlier attempt at the same seq. */
  dropParts(tournamentId: string, seq: number): void {
    if (this.durability.unsynced(() => this.deleteParts.run(tournamentId, seq)).changes > 0) this.durability.syncBehind();
  }

  writePart(tournamentId: string, seq: number, part: number, json: string): void {
    this.durability.unsynced(() => this.insertPart.run(tournamentId, seq, part, json));
    this.durability.syncBehind();
  }

  /** Makes a written checkpoint the current one (false: a newer one is). */
  finish(tournamentId: string, seq: number, parts: number, hash: string, name: string): boolean {
    const made = this.durability.unsynced(() =>
      this.db.$client.transaction(() => {
        if (this.pointTo.run({ id: tournamentId, seq, parts, hash, repair: 0 }).changes !== 1) return false;
        this.rename.run(name, tournamentId);
        return true;
      })(),
    );
    this.durability.syncBehind();
    if (made) this.durability.checkpointMade();
    return made;
  }

  /** Deletes one part of a checkpoint that is not the current one; false when none is left. */
  deleteStale(tournamentId: string): boolean {
    const deleted = this.durability.unsynced(() => this.deleteStalePart.run({ id: tournamentId }).changes > 0);
    if (deleted) this.durability.syncBehind();
    return deleted;
  }
}

/**
 * A checkpoint written a step at a time, between commands (tournament-host.ts runs a step every
 * CHECKPOINT_PACE_MS): each step serialises a slice of the state (JsonSlices, at most
 * CHECKPOINT_SLICE_MS) and writes a part once CHECKPOINT_PART_CHARS (`partChars`) are made, each
 * part in its own short transaction; the SHA-256 is taken part by part. The last step makes it
 * the current checkpoint in one transaction (guarded: never back, never past the log), then the
 * parts of the previous one are deleted one per step. A crash at any step leaves the previous
 * checkpoint current and whole; parts left behind are deleted by the next checkpoint.
 */
export class CheckpointWriter {
  private readonly slices: JsonSlices;
  private readonly hash: Hash = createHash('sha256');
  private parts = 0;
  private phase: 'write' | 'clean' | 'done';
  /** False when a newer checkpoint was current already (nothing was made current). */
  written = false;

  constructor(
    private readonly checkpoints: Checkpoints,
    readonly tournamentId: string,
    readonly seq: number,
    readonly state: TournamentState,
  ) {
    // The plain JSON form of the state (state-json.ts), serialised a slice at a time.
    this.slices = new JsonSlices(toStored(state));
    const current = checkpoints.currentSeq(tournamentId);
    if (current !== undefined && current >= seq) this.phase = 'clean';
    else {
      checkpoints.dropParts(tournamentId, seq);
      this.phase = 'write';
    }
  }

  get done(): boolean {
    return this.phase === 'done';
  }

  /** One step of at most about `budgetMs` of serialising, and at most one write; true when done. */
  step(budgetMs = CHECKPOINT_SLICE_MS): boolean {
    const partChars = this.checkpoints.partChars;
    if (this.phase === 'write') {
      const end = this.slices.step(budgetMs, partChars);
      if (this.slices.pending >= partChars || (end && (this.slices.pending > 0 || this.parts === 0))) {
        const json = this.slices.take();
        this.hash.update(json);
        this.checkpoints.writePart(this.tournamentId, this.seq, this.parts++, json);
      } else if (end) {
        this.written = this.checkpoints.finish(this.tournamentId, this.seq, this.parts, this.hash.digest('hex'), this.state.settings.name);
        this.phase = 'clean';
      }
    } else if (this.phase === 'clean') {
      if (!this.checkpoints.deleteStale(this.tournamentId)) this.phase = 'done';
    }
    return this.phase === 'done';
  }
}
