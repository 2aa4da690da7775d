/**
 * Where Auth keeps what it must remember (auth.ts): the paired phones' sessions, the admin
 * token's hash and, on a cluster, the PINs. Two implementations behind one seam:
 *
 * - `SqliteAuthStore` (the embedded default): synchronous, as Riffle always was; every answer
 *   is a plain value, so nothing waits on a request's path. PINs are never stored: they change
 *   at every start.
 * - `PgAuthStore` (pg-auth-store.ts, RIFFLE_DATABASE_URL): shared by every host of the cluster,
 *   so a phone paired with one host works with all of them; answers may be promises.
 *
 * Callers await what may be a promise (`Awaitable`): on SQLite that is a value already there.
 */
import { eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, settings } from '../../db/schema.js';
import type { StaffRole } from '../protocol/roles.js';
import { isStorageError } from '../host/store.js';
import { statement } from '../players/merge.js';

export type Awaitable<T> = T | Promise<T>;

export type Pins = Readonly<Record<StaffRole, string>>;

/** A paired phone as the TD sees it (never its token). */
export interface SessionInfo {
  id: string;
  role: StaffRole;
  label: string;
  createdAt: number;
  expiresAt: number;
}

/** The secrets every host of one database must agree on. */
export interface Secrets {
  /** SHA-256 of the admin token; null when RIFFLE_ADMIN_TOKEN chose it (then it is not stored). */
  adminHash: string | null;
  pins: Pins;
}

export interface AuthStore {
  /**
   * At start: the secrets that hold, storing `proposed` where none are stored yet (the stored
   * ones win, so every host of a cluster ends with the same). Expired sessions are deleted.
   */
  secrets(proposed: Secrets): Awaitable<Secrets>;
  /** The session of a token's hash, if it exists and has not expired by `now`. */
  session(tokenHash: string, now: number): Awaitable<SessionInfo | null>;
  addSession(tokenHash: string, session: SessionInfo): Awaitable<void>;
  /** Ends the session of a token's hash (signing out). */
  endSession(tokenHash: string): Awaitable<void>;
  /** The sessions not expired by `now`. */
  sessions(now: number): Awaitable<SessionInfo[]>;
  /** Ends a session by its public id; whether it existed. */
  revoke(id: string): Awaitable<boolean>;
  close?(): void;
}

export const ADMIN_HASH_KEY = 'admin_token_hash';

/** The embedded SQLite database; `connection` is the server's as it is now (reopen.ts replaces it). */
export class SqliteAuthStore implements AuthStore {
  constructor(private readonly connection: () => Db) {}

  private get db(): Db {
    return this.connection();
  }

  secrets(proposed: Secrets): Secrets {
    let adminHash = proposed.adminHash;
    if (adminHash !== null) {
      const row = this.db.select().from(settings).where(eq(settings.key, ADMIN_HASH_KEY)).get();
      if (row) adminHash = row.value;
      else {
        try {
          this.db.insert(settings).values({ key: ADMIN_HASH_KEY, value: adminHash }).run();
        } catch (err) {
          // A full disk at the first start: the token works until the next start.
          if (!isStorageError(err)) throw err;
        }
      }
    }
    try {
      this.db.delete(sessions).where(lt(sessions.expiresAt, Date.now())).run();
    } catch (err) {
      // Expired sessions are refused by their date anyway; a full disk must not stop the start.
      if (!isStorageError(err)) throw err;
    }
    return { adminHash, pins: proposed.pins };
  }

  /** On every request with a cookie: a statement prepared once per database (drizzle's builder cost ~60 µs a call). */
  session(tokenHash: string, now: number): SessionInfo | null {
    return (statement(this.db, SESSION).get([tokenHash, now]) as SessionInfo | undefined) ?? null;
  }

  addSession(tokenHash: string, session: SessionInfo): void {
    this.db.insert(sessions).values({ tokenHash, ...session }).run();
  }

  endSession(tokenHash: string): void {
    this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).run();
  }

  sessions(now: number): SessionInfo[] {
    return this.db.select(COLUMNS).from(sessions).where(gt(sessions.expiresAt, now)).all();
  }

  revoke(id: string): boolean {
    return this.db.delete(sessions).where(eq(sessions.id, id)).run().changes > 0;
  }
}

const SESSION = 'SELECT id, role, label, created_at AS createdAt, expires_at AS expiresAt FROM sessions WHERE token_hash = ? AND expires_at > ?';
const COLUMNS = { id: sessions.id, role: sessions.role, label: sessions.label, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt };
