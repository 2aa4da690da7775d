/** All tournaments of this server, loaded at start-up and kept in memory. */
import { randomBytes } from 'node:crypto';
import type { Origin } from '../engine/replay.js';
import { createTournamentState, type NewTournament } from '../engine/state.js';
import { osSeeds, type SeedSource, type TimeSource } from '../time.js';
import type { Store } from './store.js';
import { TournamentHost, type HostListener } from './tournament-host.js';
import { rebuildDelayed } from './delay-line.js';
import { streamOf } from '../engine/stream/state.js';

/** Short ids that are easy to read out and type on a TV remote: 10 lowercase letters/digits. */
function newId(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  let id = '';
  for (const b of bytes) id += alphabet[b % alphabet.length];
  return id;
}

export class Registry {
  private readonly hosts = new Map<string, TournamentHost>();

  constructor(
    private readonly store: Store,
    private readonly time: TimeSource,
    private readonly listener: HostListener,
    private readonly seeds: SeedSource = osSeeds,
  ) {
    for (const t of store.loadTournaments()) {
      // A stream that runs behind picks up where its delayed feed was: rebuilt from the log.
      const delayMs = streamOf(t.state).delaySeconds * 1000;
      const delayed = delayMs > 0 ? rebuildDelayed(t.id, t.origin, store.log(t.id, 0, Number.MAX_SAFE_INTEGER), time.now(), delayMs) : undefined;
      this.hosts.set(t.id, new TournamentHost(t.id, t.state, t.seq, store, time, listener, delayed, seeds));
    }
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
