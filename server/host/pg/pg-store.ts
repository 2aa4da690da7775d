/**
 * The tournaments' store on PostgreSQL (RIFFLE_DATABASE_URL), for the tournaments this process
 * owns (cluster.ts). The host's contract is the SQLite store's (tournament-store.ts), with the
 * seam where SQLite's group commit already had one: a command is applied, published and then
 * committed by PostgreSQL behind it; `durable()` resolves once PostgreSQL has committed every
 * command appended so far, and the transports answer only then, so nothing is acknowledged
 * before it is committed (PostgreSQL's own `synchronous_commit = on`: the WAL is flushed).
 *
 * - One writer: every write goes through one connection, one after another, in the order the
 *   commands were applied (a chain of promises), so the log's order is the host's.
 * - An append is one statement (its own transaction): the command row is inserted only if the
 *   tournament is at seq - 1 and this process's lease still has the epoch it took the
 *   tournament with (the fence: a process whose lease ran out never appends again).
 * - "The same id twice has no second effect": the unique index `commands_idempotency` as in
 *   SQLite, and the ids given by callers with their answers kept in memory for the tournaments
 *   owned (loaded with the log at take-over), so `dispatch` stays synchronous.
 * - A write that fails leaves memory ahead of the log: the tournament is *broken* until it is
 *   loaded again from PostgreSQL (cluster.ts); meanwhile its commands and repeated ids are
 *   answered storage-unavailable, and nothing more is appended.
 * - The owned tournaments' logs are kept in memory (the audit log, the stream's delay rebuild,
 *   `lastAt`, read synchronously as on SQLite).
 */
import type pg from 'pg';
import type { Origin } from '../../engine/replay.js';
import type { TournamentState } from '../../engine/state.js';
import type { CommandAnswer } from '../../protocol/messages.js';
import { ENGINE_VERSION } from '../../engine/version.js';
import type { CommandRow } from '../command-log.js';
import { CHECKPOINT_PART_CHARS, stateHash, type StoredRow } from '../checkpoints.js';
import { stateToJson } from '../state-json.js';
import { PgCheckpointWriter, POINT_TO } from './pg-checkpoints.js';
import type { CheckpointSteps, TournamentStore } from '../tournament-store.js';
import { DEFAULT_LEASE, NOW_MS, type LeaseTiming } from './pg-db.js';

/** PostgreSQL cannot be reached or failed a write: answered 503 storage-unavailable (isStorageError). */
export class StorageUnavailable extends Error {
  readonly code = 'RIFFLE_STORAGE';
  readonly publicMessage = PG_STORAGE_MESSAGE;
}

export const PG_STORAGE_MESSAGE = 'The database (PostgreSQL) cannot be reached, or this server no longer runs this tournament: nothing was changed. Riffle keeps trying and goes on by itself once the database is back; send the same command again.';

/** What this process holds of a tournament it owns. */
interface Owned {
  epoch: number;
  origin: Origin;
  originJson: string;
  name: string;
  /** The whole log, oldest first (seq = index + 1), as applied in this process. */
  log: CommandRow[];
  /** Ids given by callers (not the server's `auto:` and `tick:` ones) and their answers. */
  ids: Map<string, CommandAnswer>;
  /** Seq of the current checkpoint as written (or loaded). */
  checkpointSeq: number;
  broken: boolean;
}

type Write = (client: pg.Client) => Promise<void>;

const APPEND = `WITH moved AS (
  UPDATE tournaments SET seq = $2, updated_at = $6 WHERE id = $1 AND seq = $2 - 1
    AND EXISTS (SELECT 1 FROM leases WHERE tournament_id = $1 AND owner = $11 AND epoch = $12)
  RETURNING id)
INSERT INTO commands (tournament_id, seq, command_id, type, args, at, seed, actor, answer, engine)
SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM moved`;

export class PgStore implements TournamentStore {
  private readonly owned = new Map<string, Owned>();
  private chain: Promise<unknown> = Promise.resolve();
  /** Appends not yet answered by PostgreSQL. */
  private readonly inFlight = new Set<Promise<void>>();
  private client: pg.Client | null = null;
  /** Appends made, for tests and benches. */
  appends = 0;

  /**
   * @param connect opens the writer's connection (again after it broke)
   * @param owner this process's name in the leases
   * @param broke told when a write of a tournament failed (cluster.ts loads it again)
   */
  constructor(
    private readonly connect: () => Promise<pg.Client>,
    readonly owner: string,
    private readonly broke: (tournamentId: string, err: unknown) => void,
    readonly partChars = CHECKPOINT_PART_CHARS,
    /** The leases' timing (RIFFLE_LEASE_MS): the first lease is written with it, cluster.ts renews with it. */
    readonly lease: LeaseTiming = DEFAULT_LEASE,
  ) {}

  /** Runs `write` on the writer's connection after every write queued before it. */
  private enqueue(write: Write): Promise<void> {
    const run = this.chain.then(async () => {
      if (!this.client) {
        try {
          this.client = await this.connect();
        } catch (err) {
          throw new StorageUnavailable(`PostgreSQL cannot be reached: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      const client = this.client;
      try {
        await write(client);
      } catch (err) {
        // A broken connection is opened again for the next write; a refused statement is not.
        if (!(err as { code?: string }).code || /^(08|57P|53)/.test(String((err as { code?: string }).code))) {
          if (this.client === client) this.client = null;
          client.end().catch(() => {});
          throw new StorageUnavailable(`PostgreSQL failed a write: ${err instanceof Error ? err.message : String(err)}`);
        }
        throw err;
      }
    });
    this.chain = run.catch(() => {});
    return run;
  }

  /**
   * A write of `tournamentId` that must not fail silently: a failure breaks the tournament (as
   * this process held it then: not the same tournament loaded again since).
   */
  private write(tournamentId: string, write: Write): Promise<void> {
    const o = this.owned.get(tournamentId);
    const run = this.enqueue(write);
    run.catch((err) => {
      if (!o || o.broken || this.owned.get(tournamentId) !== o) return;
      o.broken = true;
      this.broke(tournamentId, err);
    });
    return run;
  }

  private usable(tournamentId: string): Owned {
    const o = this.owned.get(tournamentId);
    if (!o) throw new StorageUnavailable(`this process does not own tournament ${tournamentId}`);
    if (o.broken) throw new StorageUnavailable(`tournament ${tournamentId} waits to be loaded again from PostgreSQL`);
    return o;
  }

  /** True while the tournament's memory may be ahead of its log (a write failed). */
  isBroken(tournamentId: string): boolean {
    return this.owned.get(tournamentId)?.broken ?? false;
  }

  /** The lease epoch under which this process holds the tournament (undefined: not held). */
  epoch(tournamentId: string): number | undefined {
    return this.owned.get(tournamentId)?.epoch;
  }

  owns(tournamentId: string): boolean {
    return this.owned.has(tournamentId);
  }

  /** Forgets a tournament (another process owns it now, or it is loaded again). */
  release(tournamentId: string): void {
    this.owned.delete(tournamentId);
  }

  /**
   * Reads a tournament this process has just taken (lease epoch `epoch`): the row, its current
   * checkpoint and its whole log; afterwards `loadRows` and the synchronous reads serve it.
   */
  async take(db: pg.Pool, tournamentId: string, epoch: number): Promise<StoredRow | null> {
    const t = await db.query<{ id: string; name: string; seq: number; origin: string }>('SELECT id, name, seq, origin FROM tournaments WHERE id = $1', [tournamentId]);
    const row = t.rows[0];
    if (!row) return null;
    const c = await db.query<{ seq: number; parts: number; hash: string | null }>('SELECT seq, parts, hash FROM checkpoints WHERE tournament_id = $1', [tournamentId]);
    const cp = c.rows[0];
    const parts = cp ? (await db.query<{ json: string }>('SELECT json FROM checkpoint_parts WHERE tournament_id = $1 AND seq = $2 ORDER BY part', [tournamentId, cp.seq])).rows.map((r) => r.json) : [];
    const log = await db.query<{ seq: number; command_id: string; type: string; args: string; at: string; seed: string; actor: string; answer: string; engine: number | null }>(
      'SELECT seq, command_id, type, args, at, seed, actor, answer, engine FROM commands WHERE tournament_id = $1 ORDER BY seq',
      [tournamentId],
    );
    const o: Owned = {
      epoch,
      origin: JSON.parse(row.origin) as Origin,
      originJson: row.origin,
      name: row.name,
      log: [],
      ids: new Map(),
      checkpointSeq: cp?.seq ?? 0,
      broken: false,
    };
    for (const r of log.rows) {
      const entry: CommandRow = { seq: r.seq, commandId: r.command_id, type: r.type, args: JSON.parse(r.args), at: Number(r.at), seed: r.seed, actor: r.actor, answer: JSON.parse(r.answer), engine: r.engine };
      o.log.push(entry);
      if (callerId(entry.commandId)) o.ids.set(entry.commandId, entry.answer);
    }
    this.owned.set(tournamentId, o);
    const complete = cp !== undefined && parts.length === cp.parts;
    return { id: row.id, name: row.name, seq: row.seq, origin: row.origin, stateSeq: cp?.seq ?? 0, stateHash: cp?.hash ?? null, state: complete ? parts.join('') : null };
  }

  /** Nothing: tournaments are loaded as they are taken over (cluster.ts, Registry.load). */
  loadRows(): StoredRow[] {
    return [];
  }

  /** A new tournament, owned by this process from the start (its lease row with epoch 1). */
  insertTournament(origin: Origin, state: TournamentState): void {
    const json = stateToJson(state);
    const parts = split(json, this.partChars);
    const originJson = JSON.stringify(origin);
    const o: Owned = { epoch: 1, origin, originJson, name: state.settings.name, log: [], ids: new Map(), checkpointSeq: 0, broken: false };
    this.owned.set(origin.id, o);
    const run = this.write(origin.id, (c) =>
      transaction(c, async () => {
        await c.query('INSERT INTO tournaments (id, name, created_at, updated_at, seq, origin) VALUES ($1, $2, $3, $3, 0, $4)', [origin.id, state.settings.name, origin.createdAt, originJson]);
        await c.query(`INSERT INTO leases (tournament_id, owner, epoch, expires_at) VALUES ($1, $2, 1, ${NOW_MS} + $3)`, [origin.id, this.owner, this.lease.leaseMs]);
        for (const [i, text] of parts.entries()) await c.query('INSERT INTO checkpoint_parts (tournament_id, seq, part, json) VALUES ($1, 0, $2, $3)', [origin.id, i, text]);
        await c.query('INSERT INTO checkpoints (tournament_id, seq, parts, hash) VALUES ($1, 0, $2, $3)', [origin.id, parts.length, stateHash(json)]);
      }),
    );
    this.track(run);
  }

  /** Writes a checkpoint (at close, or one rebuilt from the log: `repair`), behind the commands before it. */
  checkpoint(tournamentId: string, seq: number, state: TournamentState, repair = false): boolean {
    const o = this.owned.get(tournamentId);
    if (!o || o.broken) return false;
    if (!repair && o.checkpointSeq >= seq) return false;
    const json = stateToJson(state);
    const parts = split(json, this.partChars);
    const epoch = o.epoch;
    o.checkpointSeq = seq;
    this.enqueue((c) =>
      transaction(c, async () => {
        await c.query(repair ? 'DELETE FROM checkpoint_parts WHERE tournament_id = $1' : 'DELETE FROM checkpoint_parts WHERE tournament_id = $1 AND seq = $2', repair ? [tournamentId] : [tournamentId, seq]);
        for (const [i, text] of parts.entries()) await c.query('INSERT INTO checkpoint_parts (tournament_id, seq, part, json) VALUES ($1, $2, $3, $4)', [tournamentId, seq, i, text]);
        await c.query(POINT_TO, [tournamentId, seq, parts.length, stateHash(json), repair, this.owner, epoch]);
        await c.query('UPDATE tournaments SET name = $1 WHERE id = $2', [state.settings.name, tournamentId]);
        await c.query('DELETE FROM checkpoint_parts WHERE tournament_id = $1 AND seq <> (SELECT seq FROM checkpoints WHERE tournament_id = $1)', [tournamentId]);
      }),
    ).catch(() => {});
    return true;
  }

  beginCheckpoint(tournamentId: string, seq: number, state: TournamentState): CheckpointSteps {
    return new PgCheckpointWriter(this, tournamentId, seq, state);
  }

  /** @internal the writer's steps (PgCheckpointWriter). */
  checkpointWrite(tournamentId: string, write: (client: pg.Client, epoch: number) => Promise<void>): Promise<void> {
    const o = this.usable(tournamentId);
    const epoch = o.epoch;
    return this.enqueue((c) => write(c, epoch));
  }

  /** @internal a checkpoint was made current (PgCheckpointWriter). */
  checkpointMade(tournamentId: string, seq: number): void {
    const o = this.owned.get(tournamentId);
    if (o) o.checkpointSeq = Math.max(o.checkpointSeq, seq);
  }

  currentCheckpoint(tournamentId: string): number {
    return this.owned.get(tournamentId)?.checkpointSeq ?? 0;
  }

  /** On PostgreSQL every commit waits for PostgreSQL behind the command: the same as `commitSoon`. */
  commit(tournamentId: string, row: CommandRow): void {
    this.commitSoon(tournamentId, row);
  }

  commitSoon(tournamentId: string, row: CommandRow): void {
    const o = this.usable(tournamentId);
    if (row.seq !== o.log.length + 1) throw new Error(`tournament ${tournamentId} is not at seq ${row.seq - 1}`);
    const epoch = o.epoch;
    const args = [tournamentId, row.seq, row.commandId, row.type, JSON.stringify(row.args), row.at, row.seed, row.actor, JSON.stringify(row.answer), ENGINE_VERSION, this.owner, epoch];
    const run = this.write(tournamentId, async (c) => {
      const r = await c.query(APPEND, args);
      if (r.rowCount !== 1) throw new StorageUnavailable(`tournament ${tournamentId}: not appended (another process owns it now, or its log moved on)`);
    });
    this.appends++;
    this.track(run);
    o.log.push({ ...row, engine: ENGINE_VERSION });
    if (callerId(row.commandId)) o.ids.set(row.commandId, row.answer);
  }

  private track(run: Promise<void>): void {
    this.inFlight.add(run);
    const settled = () => this.inFlight.delete(run);
    run.then(settled, settled);
  }

  /** Resolves once PostgreSQL has committed every append made so far; rejects when one of them failed. */
  durable(): Promise<void> {
    if (this.inFlight.size === 0) return Promise.resolve();
    return Promise.all([...this.inFlight]).then(() => {});
  }

  /** Resolves once every write queued so far has run (at close). */
  drain(): Promise<void> {
    return this.chain.then(() => {});
  }

  log(tournamentId: string, afterSeq = 0, limit = 100_000): CommandRow[] {
    const o = this.owned.get(tournamentId);
    if (!o) return [];
    return o.log.slice(Math.max(0, afterSeq), Math.max(0, afterSeq) + limit);
  }

  findAnswer(tournamentId: string, commandId: string): CommandAnswer | undefined {
    return this.usable(tournamentId).ids.get(commandId);
  }

  origin(tournamentId: string): Origin {
    const o = this.owned.get(tournamentId);
    if (!o) throw new Error(`no tournament ${tournamentId}`);
    return o.origin;
  }

  lastAt(tournamentId: string, seq: number): number {
    const log = this.owned.get(tournamentId)?.log ?? [];
    let at = 0;
    for (let i = 0; i < Math.min(seq, log.length); i++) at = Math.max(at, log[i]!.at);
    return at;
  }

  newestEngine(tournamentId: string): number | null {
    let newest: number | null = null;
    for (const entry of this.owned.get(tournamentId)?.log ?? []) if (entry.engine != null && (newest === null || entry.engine > newest)) newest = entry.engine;
    return newest;
  }

  async close(): Promise<void> {
    await this.drain();
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}


function callerId(id: string): boolean {
  return !id.startsWith('auto:') && !id.startsWith('tick:');
}

function split(json: string, partChars: number): string[] {
  const parts: string[] = [];
  for (let at = 0; at < json.length || parts.length === 0; at += partChars) parts.push(json.slice(at, at + partChars));
  return parts;
}

async function transaction(c: pg.Client, body: () => Promise<void>): Promise<void> {
  await c.query('BEGIN');
  try {
    await body();
    await c.query('COMMIT');
  } catch (err) {
    await c.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
