/** All tournaments of this server, loaded at start-up and kept in memory. */
import { randomBytes } from 'node:crypto';
import type { Origin } from '../engine/replay.js';
import { createTournamentState, type NewTournament } from '../engine/state.js';
import type { TimeSource } from '../time.js';
import type { Store } from './store.js';
import { TournamentHost, type Change } from './tournament-host.js';

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
    private readonly onChange: (change: Change) => void,
    private readonly onError: (err: unknown) => void,
  ) {
    for (const t of store.loadTournaments()) {
      this.hosts.set(t.id, new TournamentHost(t.id, t.state, t.seq, store, time, onChange, onError));
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
    const host = new TournamentHost(origin.id, state, 0, this.store, this.time, this.onChange, this.onError);
    this.hosts.set(origin.id, host);
    return host;
  }

  close(): void {
    for (const host of this.hosts.values()) host.close();
  }
}
