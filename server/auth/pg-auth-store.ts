/**
 * Auth's store on PostgreSQL (RIFFLE_DATABASE_URL): the sessions, the admin token's hash and the
 * PINs in the tables every host of the cluster shares (db/schema.pg.ts `sessions`, `settings`),
 * so a phone paired with one host works with every other, also after a take-over, and an edge
 * can ask any host to resolve a session's token.
 *
 * The PINs are stored as they are (settings key `pins`), not hashed: each host prints them on
 * its banner (main.ts), which it could not from a hash, and a hash of a six-digit PIN would hide
 * nothing from whoever can read the database (a million guesses take a fraction of a second).
 * Whoever can read this database can read the sessions' hashes and the tournaments too: it is
 * to be kept as private as the data folder. The first host to start stores them; the others
 * read them (INSERT ... ON CONFLICT DO NOTHING, then read what holds). They stay while the
 * database does; new ones are drawn when the row is deleted and the hosts start again.
 *
 * Sessions are looked up on every request, so each host keeps the ones it has seen in a bounded
 * cache (SESSION_CACHE_MAX) and asks PostgreSQL about all of them at once every
 * SESSION_RECHECK_MS: a session ended on any host (signed out, revoked, expired) is dropped
 * from every host's cache within SESSION_RECHECK_MS plus one query, and the sockets it opened
 * there lose their rights then (`revoked`, wired to Hub.revoke in server.ts). An entry that has
 * not been confirmed for SESSION_STALE_MS (PostgreSQL did not answer the rechecks) is read again
 * before it is trusted. Tokens that are not sessions are remembered for a short while too
 * (a token that is not a session never becomes one: a new session comes with a new token).
 */
import type { PgDb } from '../host/pg/pg-db.js';
import { SharedPool } from '../host/pg/pg-query.js';
import type { StaffRole } from '../protocol/roles.js';
import { ADMIN_HASH_KEY, type AuthStore, type Pins, type Secrets, type SessionInfo } from './auth-store.js';

/** How often a host asks PostgreSQL whether the sessions it has seen still exist. */
export const SESSION_RECHECK_MS = 1_000;
/** A session not confirmed for this long is read again before it is trusted. */
export const SESSION_STALE_MS = 5_000;
/** At most this many sessions (and as many unknown tokens) are remembered per host. */
export const SESSION_CACHE_MAX = 4_096;
const PINS_KEY = 'pins';

interface Cached {
  session: SessionInfo;
  checkedAt: number;
}

export class PgAuthStore implements AuthStore {
  private readonly pool: SharedPool;
  private readonly known = new Map<string, Cached>();
  /** Tokens' hashes that are no session, and when that was read. */
  private readonly unknown = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking = false;
  private closed = false;
  private failing = false;

  constructor(
    /** Resolves once PostgreSQL answers and the migrations ran (host/pg/start.ts). */
    opened: Promise<PgDb>,
    private readonly log: { warn(obj: object, msg: string): void },
    /** A session this host had seen has ended elsewhere: its sockets here lose their rights. */
    private readonly revoked: (actorId: string) => void = () => {},
  ) {
    this.pool = new SharedPool(opened);
    void opened.then(() => {
      if (this.closed) return;
      this.timer = setInterval(() => void this.recheck(), SESSION_RECHECK_MS);
      this.timer.unref?.();
    });
  }

  /** Tries again every 2 s until PostgreSQL answers (it broke just after it opened): never rejects. */
  async secrets(proposed: Secrets): Promise<Secrets> {
    for (;;) {
      try {
        return await this.readSecrets(proposed);
      } catch (err) {
        if (this.closed) return new Promise<Secrets>(() => {});
        this.log.warn({ err: String(err) }, 'the PINs could not be read from PostgreSQL; trying again');
        await new Promise((resolve) => setTimeout(resolve, 2_000).unref?.());
      }
    }
  }

  private async readSecrets(proposed: Secrets): Promise<Secrets> {
    await this.pool.opened;
    const pool = this.pool;
    const rows: Array<[string, string]> = [[PINS_KEY, JSON.stringify(proposed.pins)]];
    if (proposed.adminHash !== null) rows.push([ADMIN_HASH_KEY, proposed.adminHash]);
    for (const [key, value] of rows) await pool.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
    const held = await pool.query<{ key: string; value: string }>('SELECT key, value FROM settings WHERE key = ANY($1)', [[PINS_KEY, ADMIN_HASH_KEY]]);
    const value = (key: string) => held.rows.find((r) => r.key === key)?.value;
    await pool.query('DELETE FROM sessions WHERE expires_at < $1', [Date.now()]);
    return { adminHash: proposed.adminHash === null ? null : (value(ADMIN_HASH_KEY) ?? proposed.adminHash), pins: parsePins(value(PINS_KEY)) ?? proposed.pins };
  }

  session(tokenHash: string, now: number): SessionInfo | null | Promise<SessionInfo | null> {
    const hit = this.known.get(tokenHash);
    if (hit) {
      if (hit.session.expiresAt <= now) {
        this.known.delete(tokenHash);
        return null;
      }
      if (now - hit.checkedAt < SESSION_STALE_MS) return hit.session;
    } else {
      const miss = this.unknown.get(tokenHash);
      if (miss !== undefined && now - miss < SESSION_STALE_MS) return null;
    }
    return this.read(tokenHash, now);
  }

  private async read(tokenHash: string, now: number): Promise<SessionInfo | null> {
    const r = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM sessions WHERE token_hash = $1 AND expires_at > $2`, [tokenHash, now]);
    const row = r.rows[0];
    if (!row) {
      this.known.delete(tokenHash);
      remember(this.unknown, tokenHash, Date.now());
      return null;
    }
    const session = fromRow(row);
    remember(this.known, tokenHash, { session, checkedAt: Date.now() });
    return session;
  }

  async addSession(tokenHash: string, session: SessionInfo): Promise<void> {
    await this.pool.query('INSERT INTO sessions (token_hash, id, role, created_at, expires_at, label) VALUES ($1, $2, $3, $4, $5, $6)', [
      tokenHash,
      session.id,
      session.role,
      session.createdAt,
      session.expiresAt,
      session.label,
    ]);
    this.unknown.delete(tokenHash);
    remember(this.known, tokenHash, { session, checkedAt: Date.now() });
  }

  async endSession(tokenHash: string): Promise<void> {
    this.known.delete(tokenHash);
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async sessions(now: number): Promise<SessionInfo[]> {
    const r = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM sessions WHERE expires_at > $1 ORDER BY created_at`, [now]);
    return r.rows.map(fromRow);
  }

  async revoke(id: string): Promise<boolean> {
    for (const [hash, cached] of this.known) if (cached.session.id === id) this.known.delete(hash);
    const r = await this.pool.query('DELETE FROM sessions WHERE id = $1', [id]);
    return (r.rowCount ?? 0) > 0;
  }

  /** Asks PostgreSQL which of the sessions seen here still exist; drops the others. */
  private async recheck(): Promise<void> {
    if (this.checking || this.closed || this.known.size === 0) return;
    this.checking = true;
    try {
      const asked = [...this.known.keys()];
      const startedAt = Date.now();
      const r = await this.pool.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE token_hash = ANY($1) AND expires_at > $2', [asked, startedAt]);
      const still = new Set(r.rows.map((row) => row.token_hash));
      for (const hash of asked) {
        const cached = this.known.get(hash);
        if (!cached) continue;
        if (still.has(hash)) cached.checkedAt = Math.max(cached.checkedAt, startedAt);
        else {
          this.known.delete(hash);
          this.revoked(`session:${cached.session.id}`);
        }
      }
      if (this.failing) this.log.warn({}, 'sessions are checked against PostgreSQL again');
      this.failing = false;
    } catch (err) {
      if (!this.failing) this.log.warn({ err: String(err) }, `the sessions could not be checked against PostgreSQL: each is read again before it is trusted once ${SESSION_STALE_MS / 1000} s have passed`);
      this.failing = true;
    } finally {
      this.checking = false;
    }
  }

  close(): void {
    this.closed = true;
    this.pool.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.known.clear();
    this.unknown.clear();
  }
}

interface Row {
  id: string;
  role: StaffRole;
  label: string;
  created_at: string | number;
  expires_at: string | number;
}

const COLUMNS = 'id, role, label, created_at, expires_at';

function fromRow(row: Row): SessionInfo {
  return { id: row.id, role: row.role, label: row.label, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) };
}

/** Adds to a bounded map, forgetting the oldest entry when it is full. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  if (map.size >= SESSION_CACHE_MAX) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

function parsePins(json: string | undefined): Pins | null {
  if (!json) return null;
  try {
    const p = JSON.parse(json) as Record<string, unknown>;
    return typeof p.td === 'string' && typeof p.floor === 'string' && typeof p.stream === 'string' ? { td: p.td, floor: p.floor, stream: p.stream } : null;
  } catch {
    return null;
  }
}
