/**
 * What the server holds for sockets that have not read it yet, per socket and in total (issue
 * 29). A per-socket cap alone lets many slow readers add up: 8 MiB times 64 sockets an address
 * is 512 MiB, on a venue laptop of 4 GiB. So there is one budget for everything queued; when a
 * send would go past it, the sockets holding the most unread bytes are dropped (4008) until it
 * fits. A socket that keeps up holds next to nothing and is never the one dropped; its page
 * reconnects and resumes as after any drop.
 *
 * Cost on the fan-out's path: the one `bufferedAmount` look each send already made, and a few
 * additions. What a socket holds is known as of its last send (plus that send); a socket that
 * read everything since is counted too high until the next look, so before dropping anyone the
 * whole list is looked at again (`relieve`), which happens only when the budget is full.
 */
import type { Connection } from './connection.js';

/** Close code of a socket dropped for not reading what it was sent (docs/API.md). */
export const CLOSE_TOO_SLOW = 4008;

/** A socket with less than this unread keeps up: never dropped to make room. */
export const KEEPING_UP_BYTES = 64 * 1024;

/** How often the log names one address dropped for being slow. */
const LOG_EVERY_MS = 60_000;

export interface SendQueueOptions {
  /** Bytes a socket may hold beyond its last snapshot or resume before it is dropped. */
  perSocket: number;
  /** Bytes all sockets together may hold. */
  total: number;
  /** Logs a slow drop (called at most once a minute per address). */
  log?: (fields: { client: string; queued: number; reason: string }, message: string) => void;
}

export class SendQueues {
  /** Bytes held for all sockets, as last looked at (see the file comment). */
  private held = 0;
  /** Sockets dropped for being slow since the start. */
  slowDrops = 0;
  private readonly logged = new Map<string, number>();

  constructor(
    private readonly options: SendQueueOptions,
    /** Every open connection (looked at again before dropping anyone). */
    private readonly connections: ReadonlySet<Connection>,
    /** Drops a connection at once and forgets it. */
    private readonly drop: (conn: Connection, reason: string) => void,
  ) {}

  get perSocket(): number {
    return this.options.perSocket;
  }

  get budget(): number {
    return this.options.total;
  }

  /**
   * Before sending `bytes` to `conn` (an open one: a closed one's bytes would count forever):
   * false when it was dropped instead, for holding more than its cap, or for being the largest
   * holder when the total budget is full.
   */
  admit(conn: Connection, bytes: number): boolean {
    const queued = conn.socket.bufferedAmount?.() ?? 0;
    if (queued > this.options.perSocket + conn.bulk) {
      this.dropSlow(conn, 'too slow', queued);
      return false;
    }
    this.held += queued + bytes - conn.queued;
    conn.queued = queued + bytes;
    if (this.held > this.options.total) this.relieve(null, 0, conn, bytes);
    return this.connections.has(conn);
  }

  /** What `conn` holds now (looked at, not as last counted). */
  holding(conn: Connection): number {
    return conn.socket.bufferedAmount?.() ?? 0;
  }

  /**
   * Whether `bytes` more fit in the total budget, after dropping the largest holders (never
   * `except`) if they do not.
   */
  makeRoom(bytes: number, except: Connection): boolean {
    if (this.held + bytes <= this.options.total) return true;
    this.relieve(except, bytes);
    return this.held + bytes <= this.options.total;
  }

  /** `bytes` were just sent to `conn` past `admit` (a snapshot or resume, made room for first). */
  add(conn: Connection, bytes: number): void {
    this.held += bytes;
    conn.queued += bytes;
  }

  /** Drops a socket that asks for a new snapshot while it has not read much of what it was sent. */
  dropUnread(conn: Connection): void {
    this.dropSlow(conn, 'asked for a snapshot without reading', this.holding(conn));
  }

  /** A closed connection's bytes no longer count. */
  forget(conn: Connection): void {
    this.held -= conn.queued;
    conn.queued = 0;
  }

  /** Bytes queued for every socket now (for /healthz: looks at each). */
  queuedBytes(): number {
    this.recount();
    return this.held;
  }

  private recount(): void {
    let held = 0;
    for (const conn of this.connections) {
      conn.queued = conn.socket.bufferedAmount?.() ?? 0;
      held += conn.queued;
    }
    this.held = held;
  }

  /**
   * The budget is (or would be) full: looks at every socket again, then drops the largest
   * holders (never `except`) until `more` bytes fit. `sending` is about to be sent `bytes`: they
   * count in the total, and as its own once the drops are chosen (a screen sent a big patch has
   * not failed to read it yet).
   */
  private relieve(except: Connection | null, more: number, sending?: Connection, bytes = 0): void {
    this.recount();
    this.held += bytes;
    if (this.held + more > this.options.total) {
      const holders = [...this.connections].filter((c) => c.queued >= KEEPING_UP_BYTES && c !== except).sort((a, b) => b.queued - a.queued);
      for (const conn of holders) {
        if (this.held + more <= this.options.total) break;
        if (conn === sending) this.held -= bytes;
        this.dropSlow(conn, 'largest holder of a full send budget', conn.queued);
      }
    }
    if (sending && this.connections.has(sending)) sending.queued += bytes;
  }

  private dropSlow(conn: Connection, reason: string, queued: number): void {
    this.slowDrops++;
    const now = Date.now();
    const last = this.logged.get(conn.address);
    if (this.options.log && (last === undefined || now - last >= LOG_EVERY_MS)) {
      if (this.logged.size > 4096) this.logged.clear();
      this.logged.set(conn.address, now);
      this.options.log({ client: conn.address, queued, reason }, 'websocket dropped: the client does not read what it is sent (4008)');
    }
    this.drop(conn, reason);
  }
}
