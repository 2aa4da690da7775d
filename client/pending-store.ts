/**
 * Unanswered commands kept in localStorage, so a command survives the page: venue Wi-Fi drops,
 * then the phone's browser discards the background tab or the TD pulls to refresh, and without
 * this the bust the TD pressed would be gone without a word. The next page restores them and
 * sends them with their original ids (the server keeps each answer by id: applied once).
 *
 * One key per command (`riffle.pending.v1:<id>`), not one list: two panels open on the same
 * phone then never overwrite each other's commands (a read-modify-write of one shared list
 * would). localStorage is per origin, and an origin is one Riffle server, so servers never mix.
 *
 * Storage may be missing, refuse access (cookies blocked) or be full (private mode): every call
 * catches and the queue simply keeps the command in memory only, as before.
 */
import { isRole, type Role } from './messages.js';

export const PENDING_KEY_PREFIX = 'riffle.pending.v1:';

/**
 * Commands older than this are not sent: they are dropped and the TD is told. The id makes a
 * re-send harmless only if the first one arrived; a command that never reached the server is
 * applied when it finally does, and a clock.pause queued an hour ago must not stop a running
 * level now. 15 minutes covers a Wi-Fi outage, a reload and re-pairing the phone, and is still
 * short enough that the TD remembers what he pressed.
 */
export const PENDING_MAX_AGE_MS = 15 * 60_000;

/** One unanswered command as it is kept. */
export interface StoredCommand {
  readonly id: string;
  readonly tournament: string;
  readonly type: string;
  /** The whole `command` message, exactly as it is (re)sent. */
  readonly message: string;
  /** Date.now() when the TD made it: wall-clock, since performance.now() restarts with a page. */
  readonly createdAt: number;
  /** The role signed in when it was made: restored only into a panel signed in with that role. */
  readonly role: Role;
  /** Whom it concerns ("Anna"), to name it if it cannot be sent. */
  readonly subject?: string;
  /** It went out on a socket at least once: the server may have applied it without our knowing. */
  readonly sent: boolean;
}

/** The part of the Web Storage API the store uses (a Map-backed fake in unit tests). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** This page's localStorage, or null where it is missing or access is refused (never throws). */
export function pageStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export class PendingStore {
  constructor(private readonly storage: StorageLike | null) {}

  /** Keeps (or updates) a command; false when storage could not take it (memory only then). */
  put(command: StoredCommand): boolean {
    if (!this.storage) return false;
    try {
      this.storage.setItem(PENDING_KEY_PREFIX + command.id, JSON.stringify(command));
      return true;
    } catch {
      return false;
    }
  }

  remove(id: string): void {
    try {
      this.storage?.removeItem(PENDING_KEY_PREFIX + id);
    } catch {
      // storage gone: nothing to remove
    }
  }

  /** Every kept command, oldest first; unreadable entries (another version, a bad edit) are removed. */
  all(): StoredCommand[] {
    const found: StoredCommand[] = [];
    const unreadable: string[] = [];
    try {
      const storage = this.storage;
      if (!storage) return [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (!key?.startsWith(PENDING_KEY_PREFIX)) continue;
        const command = parse(storage.getItem(key));
        if (command && key === PENDING_KEY_PREFIX + command.id) found.push(command);
        else unreadable.push(key);
      }
      for (const key of unreadable) storage.removeItem(key);
    } catch {
      // storage refused mid-way: restore what was read
    }
    return found.sort((a, b) => a.createdAt - b.createdAt);
  }
}

function parse(json: string | null): StoredCommand | null {
  let value: Partial<Record<keyof StoredCommand, unknown>>;
  try {
    value = JSON.parse(json ?? '') as typeof value;
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { id, tournament, type, message, createdAt, role, subject, sent } = value;
  const ok =
    typeof id === 'string' &&
    typeof tournament === 'string' &&
    typeof type === 'string' &&
    typeof message === 'string' &&
    typeof createdAt === 'number' &&
    Number.isFinite(createdAt) &&
    // Any of ROLES: a list of its own here once dropped the producer's queued commands on reload.
    isRole(role) &&
    (subject === undefined || typeof subject === 'string') &&
    typeof sent === 'boolean';
  return ok ? (value as StoredCommand) : null;
}
