/**
 * Who may change things. Screens need no login. The TD pairs a phone with a PIN printed at
 * start-up and gets an httpOnly session cookie; automation uses the admin token as a Bearer
 * token. Tokens are stored hashed; PINs live only in memory and change at every start.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { sessions, settings } from '../../db/schema.js';
import type { Actor } from '../host/actor.js';
import type { StaffRole } from '../protocol/roles.js';
import { equalHashes, hashToken, newPin, newToken, sameSecret } from './secrets.js';
import { PinLimiter } from './pin-limiter.js';
import { isStorageError } from '../host/store.js';

export const SESSION_COOKIE = 'riffle_session';
/** A chosen admin token is guessed without a lockout, so it must be long (the generated one is 256 bits). */
export const MIN_ADMIN_TOKEN_LENGTH = 24;
export const SESSION_TTL_MS = 14 * 24 * 60 * 60_000;

export interface AuthOptions {
  /** RIFFLE_ADMIN_TOKEN: use this admin token instead of a generated one. */
  adminToken?: string;
  /** Fixed PINs (tests only); random otherwise. */
  pins?: Record<StaffRole, string>;
}

export type PairResult =
  | { ok: true; token: string; role: StaffRole; expiresAt: number }
  | { ok: false; code: 'bad-pin' | 'rate-limited'; retryAfterMs: number; globalLockStarted?: true };

export class Auth {
  /** The admin token when this start generated it, to be shown once; null otherwise. */
  readonly generatedAdminToken: string | null = null;
  readonly pins: Readonly<Record<StaffRole, string>>;
  readonly limiter: PinLimiter;
  private readonly adminHash: string;

  // Sessions and lockouts run on wall-clock time, never on an accelerated tournament clock.
  constructor(
    /** The server's connection, as it is now (it changes once a read-only database can be written). */
    private readonly connection: () => Db,
    options: AuthOptions = {},
  ) {
    const db = connection();
    this.limiter = new PinLimiter(() => Date.now());
    if (options.adminToken !== undefined) {
      if (options.adminToken.length < MIN_ADMIN_TOKEN_LENGTH) {
        throw new Error(`RIFFLE_ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters (it is not rate limited like the PIN); leave it unset to have one generated.`);
      }
      this.adminHash = hashToken(options.adminToken);
    } else {
      const row = db.select().from(settings).where(eq(settings.key, 'admin_token_hash')).get();
      if (row) {
        this.adminHash = row.value;
      } else {
        const token = newToken();
        this.adminHash = hashToken(token);
        this.generatedAdminToken = token;
        try {
          db.insert(settings).values({ key: 'admin_token_hash', value: this.adminHash }).run();
        } catch (err) {
          // A full disk at the first start: the token works until the next start.
          if (!isStorageError(err)) throw err;
        }
      }
    }
    let pins = options.pins ?? { td: newPin(), floor: newPin(), stream: newPin() };
    while (!options.pins && new Set([pins.td, pins.floor, pins.stream]).size < 3) pins = { td: pins.td, floor: newPin(), stream: newPin() };
    this.pins = pins;
    try {
      db.delete(sessions).where(lt(sessions.expiresAt, Date.now())).run();
    } catch (err) {
      // Expired sessions are refused by their date anyway; a full disk must not stop the start.
      if (!isStorageError(err)) throw err;
    }
  }

  private get db(): Db {
    return this.connection();
  }

  /** Resolves `Authorization: Bearer <token>`. */
  bearer(token: string): Actor | null {
    return equalHashes(hashToken(token), this.adminHash) ? { role: 'td', id: 'admin' } : null;
  }

  /** Resolves a session cookie. */
  session(token: string): Actor | null {
    const row = this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, Date.now())))
      .get();
    return row ? { role: row.role, id: `session:${row.id}` } : null;
  }

  /** Exchanges a PIN for a session; wrong PINs count against `client` (its address). */
  pair(pin: string, client: string, label: string): PairResult {
    const wait = this.limiter.retryAfter(client);
    if (wait > 0) return { ok: false, code: 'rate-limited', retryAfterMs: wait };
    const role: StaffRole | null = sameSecret(pin, this.pins.td) ? 'td' : sameSecret(pin, this.pins.floor) ? 'floor' : sameSecret(pin, this.pins.stream) ? 'stream' : null;
    if (!role) {
      const globalLockStarted = this.limiter.failure(client);
      return { ok: false, code: 'bad-pin', retryAfterMs: this.limiter.retryAfter(client), ...(globalLockStarted ? { globalLockStarted: true as const } : {}) };
    }
    this.limiter.success(client);
    const token = newToken();
    const createdAt = Date.now();
    const expiresAt = createdAt + SESSION_TTL_MS;
    this.db
      .insert(sessions)
      .values({ tokenHash: hashToken(token), id: randomUUID().slice(0, 8), role, createdAt, expiresAt, label: label.slice(0, 120) })
      .run();
    return { ok: true, token, role, expiresAt };
  }

  logout(token: string): void {
    this.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))).run();
  }

  /** Paired phones, for the TD to see and revoke (a lost phone). */
  listSessions(): Array<{ id: string; role: StaffRole; label: string; createdAt: number; expiresAt: number }> {
    return this.db
      .select({ id: sessions.id, role: sessions.role, label: sessions.label, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(gt(sessions.expiresAt, Date.now()))
      .all();
  }

  /** Ends one session by its public id; returns whether it existed. */
  revokeSession(id: string): boolean {
    return this.db.delete(sessions).where(eq(sessions.id, id)).run().changes > 0;
  }
}
