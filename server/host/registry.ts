/** All tournaments of this server, loaded at start-up and kept in memory. */
import { randomBytes } from 'node:crypto';
import type { Origin } from '../engine/replay.js';
import { createTournamentState, type NewTournament } from '../engine/state.js';
import { osSeeds, type SeedSource, type TimeSource } from '../time.js';
import { isStorageError, stateHash, type StoredRow, type StoredTournament } from './store.js';
import type { TournamentStore } from './tournament-store.js';
import { replay, replayOnto } from '../engine/replay.js';
import type { TournamentState } from '../engine/state.js';
import { ENGINE_VERSION, STATE_VERSION } from '../engine/version.js';
import { TournamentHost, type HostListener } from './tournament-host.js';
import { rebuildDelayedFrom } from './delay-rebuild.js';
import { erasedIds } from '../engine/entries/erase.js';
import { streamOf } from '../engine/stream/state.js';
import { fromStored, type StoredState } from './state-json.js';

/** Short ids that are easy to read out and type on a TV remote: 10 lowercase letters/digits. */
function newId(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  let id = '';
  for (const b of bytes) id += alphabet[b % alphabet.length];
  return id;
}

/** A tournament that could not be loaded: listed with the reason, while the others run. */
export interface Unavailable {
  id: string;
  name: string;
  reason: string;
}

export class Registry {
  private readonly hosts = new Map<string, TournamentHost>();
  /**
   * Set while the database that holds the tournaments cannot be reached (PostgreSQL:
   * host/pg/start.ts): why an unknown tournament may only be unknown for now (503, not 404).
   */
  storageDown: string | null = null;
  /** Tournaments set aside at start-up (a damaged log, or one made by a newer Riffle). */
  readonly unavailable: Unavailable[] = [];

  constructor(
    readonly store: TournamentStore,
    private readonly time: TimeSource,
    private readonly listener: HostListener,
    private readonly seeds: SeedSource = osSeeds,
  ) {
    for (const row of store.loadRows()) this.load(row);
  }

  /**
   * Starts serving a stored tournament (at start-up; on PostgreSQL also when this process takes
   * it over: pg/cluster.ts). One that cannot be loaded is listed as unavailable; false then.
   */
  load(row: StoredRow): boolean {
    const { store, time, listener, seeds } = this;
    try {
      const t = this.check(row);
      // A stream that runs behind picks up where its delayed feed was: rebuilt from the log.
      const delayMs = streamOf(t.state).delaySeconds * 1000;
      // From the checkpoint where it is old enough, else from the origin.
      const checkpoint = t.checkpoint && t.checkpointSeq !== undefined ? { seq: t.checkpointSeq, state: t.checkpoint } : null;
      const delayed = delayMs > 0 ? rebuildDelayedFrom(store, t.id, t.origin, time.now(), delayMs, checkpoint, erasedIds(t.state)) : undefined;
      this.hosts.set(t.id, new TournamentHost(t.id, t.state, t.seq, store, time, listener, delayed, seeds, checkpoint ?? undefined));
      return true;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      this.unavailable.push({ id: row.id, name: row.name, reason });
      listener.error(err, { tournament: row.id, command: 'load' });
      return false;
    }
  }

  /**
   * Stops serving a tournament without writing anything (PostgreSQL: another process owns it
   * now, or its log is behind this process's memory and it is loaded again: pg/cluster.ts).
   */
  drop(id: string): void {
    this.hosts.get(id)?.abandon();
    this.hosts.delete(id);
  }

  /**
   * A stored tournament: its checkpoint, trusted only when it parses, has this server's
   * STATE_VERSION and matches the hash Riffle wrote with it, with the commands after it replayed.
   * Otherwise it is rebuilt from the whole command log (the truth) and the checkpoint written
   * anew. A log that cannot be read or replayed sets the tournament aside.
   */
  private check(row: StoredRow): StoredTournament {
    const origin = JSON.parse(row.origin) as Origin;
    let problem: string | null = null;
    let stored: StoredState | null = null;
    if (row.state === null) problem = 'its checkpoint is missing or incomplete';
    else {
      try {
        stored = JSON.parse(row.state) as StoredState;
      } catch {
        problem = 'its stored state is not valid JSON';
      }
    }
    if (!problem && stored?.v !== STATE_VERSION) problem = `its stored state has format version ${String(stored?.v)}, not ${STATE_VERSION}`;
    if (!problem && row.stateHash !== null && row.stateHash !== stateHash(row.state!)) problem = 'its stored state was changed outside Riffle (hash mismatch)';
    if (!problem && row.stateSeq > row.seq) problem = `its checkpoint (command ${row.stateSeq}) is ahead of its log (command ${row.seq})`;
    if (!problem) {
      try {
        const tail = this.store.log(row.id, row.stateSeq, Number.MAX_SAFE_INTEGER);
        tail.forEach((entry, i) => {
          if (entry.seq !== row.stateSeq + i + 1) throw new Error(`command ${row.stateSeq + i + 1} is missing`);
        });
        if (row.stateSeq + tail.length !== row.seq) throw new Error(`it ends at command ${row.stateSeq + tail.length}, not ${row.seq}`);
        const state = fromStored(stored!);
        return { id: row.id, seq: row.seq, state: replayOnto(state!, tail), origin, checkpointSeq: row.stateSeq, checkpoint: state! };
      } catch (err) {
        problem = `the log after its checkpoint does not replay onto it (${err instanceof Error ? err.message : String(err)})`;
      }
    }

    const newest = this.store.newestEngine(row.id);
    if (newest !== null && newest > ENGINE_VERSION) {
      throw new Error(`its log was written by a newer Riffle (engine ${newest}; this server runs ${ENGINE_VERSION}) and ${problem}`);
    }
    let log;
    try {
      log = this.store.log(row.id, 0, Number.MAX_SAFE_INTEGER);
    } catch (err) {
      throw new Error(`${problem}, and its command log cannot be read (${err instanceof Error ? err.message : String(err)})`);
    }
    log.forEach((entry, i) => {
      if (entry.seq !== i + 1) throw new Error(`${problem}, and its command log misses command ${i + 1}`);
    });
    let rebuilt: TournamentState;
    try {
      rebuilt = replay(origin, log);
    } catch (err) {
      throw new Error(`${problem}, and its command log does not replay (${err instanceof Error ? err.message : String(err)})`);
    }
    const seq = log.length;
    this.listener.error(new Error(`rebuilt from its command log (${seq} commands): ${problem}`), { tournament: row.id, command: 'load' });
    try {
      this.store.checkpoint(row.id, seq, rebuilt, true);
    } catch (err) {
      // Storage failing: serve the rebuilt state; the next commit writes it anyway.
      if (!isStorageError(err)) throw err;
    }
    return { id: row.id, seq, state: rebuilt, origin, checkpointSeq: seq, checkpoint: rebuilt };
  }

  get(id: string): TournamentHost | undefined {
    return this.hosts.get(id);
  }

  list(): TournamentHost[] {
    return [...this.hosts.values()];
  }

  /** Creates a tournament; throws EngineError('invalid-structure') for an unplayable structure. */
  create(input: NewTournament): TournamentHost {
    const now = this.time.now();
    const origin: Origin = { id: newId(), createdAt: now, input };
    const state = createTournamentState(origin.id, input, now);
    this.store.insertTournament(origin, state);
    const host = new TournamentHost(origin.id, state, 0, this.store, this.time, this.listener, undefined, this.seeds);
    this.hosts.set(origin.id, host);
    return host;
  }

  close(): void {
    for (const host of this.hosts.values()) host.close();
  }
}
