/**
 * Who may change things. Screens need no login. The TD pairs a phone with a PIN printed at
 * start-up and gets an httpOnly session cookie; automation uses the admin token as a Bearer
 * token. Tokens are stored hashed. Where they are stored is the AuthStore's (auth-store.ts):
 * the embedded SQLite database, where PINs live only in memory and change at every start; or
 * PostgreSQL (RIFFLE_DATABASE_URL), shared by every host, where the first host to start draws
 * the PINs and the others use the same (pg-auth-store.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '../host/actor.js';
import type { StaffRole } from '../protocol/roles.js';
import { equalHashes, hashToken, newPin, newToken, sameSecret } from './secrets.js';
import { PinLimiter } from './pin-limiter.js';
import type { AuthStore, Awaitable, Pins, Secrets, SessionInfo } from './auth-store.js';

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

/** Three different random PINs. */
function drawPins(): Pins {
  let pins = { td: newPin(), floor: newPin(), stream: newPin() };
  while (new Set([pins.td, pins.floor, pins.stream]).size < 3) pins = { td: pins.td, floor: newPin(), stream: newPin() };
  return pins;
}

/** Thrown by `pins` and `pair` before the store has answered (PostgreSQL not reachable yet). */
export class SecretsNotLoaded extends Error {
  readonly code = 'RIFFLE_STORAGE';
  readonly publicMessage = 'The PINs are not known yet: the database (PostgreSQL) has not answered. Riffle keeps trying; pair again in a moment.';
  constructor() {
    super('The PINs are not known yet: the database (PostgreSQL) has not answered.');
  }
}

export class Auth {
  /** The admin token when this start generated it (and it holds), to be shown once; null otherwise. */
  generatedAdminToken: string | null = null;
  readonly limiter: PinLimiter;
  /** Resolves once the secrets are known: at once on SQLite; on PostgreSQL once it answered. */
  readonly ready: Promise<void>;
  private adminHash: string | null = null;
  private known: Pins | null = null;

  // Sessions and lockouts run on wall-clock time, never on an accelerated tournament clock.
  constructor(
    private readonly store: AuthStore,
    options: AuthOptions = {},
  ) {
    this.limiter = new PinLimiter(() => Date.now());
    if (options.adminToken !== undefined && options.adminToken.length < MIN_ADMIN_TOKEN_LENGTH) {
      throw new Error(`RIFFLE_ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters (it is not rate limited like the PIN); leave it unset to have one generated.`);
    }
    const chosen = options.adminToken !== undefined ? hashToken(options.adminToken) : null;
    const generated = chosen === null ? newToken() : null;
    const proposed: Secrets = { adminHash: generated === null ? null : hashToken(generated), pins: options.pins ?? drawPins() };
    const apply = (held: Secrets) => {
      this.adminHash = chosen ?? held.adminHash;
      this.generatedAdminToken = generated !== null && held.adminHash === proposed.adminHash ? generated : null;
      this.known = held.pins;
    };
    const held = store.secrets(proposed);
    if (held instanceof Promise) {
      // The chosen admin token works before the database answers; the PINs wait for it.
      this.adminHash = chosen;
      this.ready = held.then(apply);
    } else {
      apply(held);
      this.ready = Promise.resolve();
    }
  }

  /** Whether the PINs are known (`ready` has resolved). */
  get secretsKnown(): boolean {
    return this.known !== null;
  }

  /** The PINs of this start (of the cluster, on PostgreSQL). Throws before `ready`. */
  get pins(): Pins {
    if (!this.known) throw new SecretsNotLoaded();
    return this.known;
  }

  /** Resolves `Authorization: Bearer <token>`. */
  bearer(token: string): Actor | null {
    return this.adminHash !== null && equalHashes(hashToken(token), this.adminHash) ? { role: 'td', id: 'admin' } : null;
  }

  /**
   * Resolves a session cookie. A value on SQLite; on PostgreSQL a value when the session is in
   * the host's cache and a promise when it must be read (pg-auth-store.ts).
   */
  session(token: string): Awaitable<Actor | null> {
    const found = this.store.session(hashToken(token), Date.now());
    return found instanceof Promise ? found.then(actorOf) : actorOf(found);
  }

  /** Exchanges a PIN for a session; wrong PINs count against `client` (its address). */
  async pair(pin: string, client: string, label: string): Promise<PairResult> {
    const pins = this.pins;
    const wait = this.limiter.retryAfter(client);
    if (wait > 0) return { ok: false, code: 'rate-limited', retryAfterMs: wait };
    const role: StaffRole | null = sameSecret(pin, pins.td) ? 'td' : sameSecret(pin, pins.floor) ? 'floor' : sameSecret(pin, pins.stream) ? 'stream' : null;
    if (!role) {
      const globalLockStarted = this.limiter.failure(client);
      return { ok: false, code: 'bad-pin', retryAfterMs: this.limiter.retryAfter(client), ...(globalLockStarted ? { globalLockStarted: true as const } : {}) };
    }
    this.limiter.success(client);
    const token = newToken();
    const createdAt = Date.now();
    const expiresAt = createdAt + SESSION_TTL_MS;
    await this.store.addSession(hashToken(token), { id: randomUUID().slice(0, 8), role, createdAt, expiresAt, label: label.slice(0, 120) });
    return { ok: true, token, role, expiresAt };
  }

  async logout(token: string): Promise<void> {
    await this.store.endSession(hashToken(token));
  }

  /** Paired phones, for the TD to see and revoke (a lost phone). */
  async listSessions(): Promise<SessionInfo[]> {
    return this.store.sessions(Date.now());
  }

  /** Ends one session by its public id; returns whether it existed. */
  async revokeSession(id: string): Promise<boolean> {
    return this.store.revoke(id);
  }

  close(): void {
    this.store.close?.();
  }
}

function actorOf(session: SessionInfo | null): Actor | null {
  return session ? { role: session.role, id: `session:${session.id}` } : null;
}
