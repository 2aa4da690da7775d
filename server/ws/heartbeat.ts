/**
 * The server's pings: every `intervalMs` each socket that has not answered the previous ping is
 * dropped (a phone that left the Wi-Fi, a TV switched off: without this its socket and
 * everything queued for it would stay until the kernel gives up, hours later). A round is sent
 * in slices of at most FANOUT_SLICE_MS, like the fan-out: 10,000 pings in one go would hold
 * every answer up for the whole round.
 */
import type { Connection } from './connection.js';

/** Longest stretch of a ping round per turn of the event loop (the fan-out's, server/ws/hub.ts). */
const SLICE_MS = 2;
/** Sockets pinged between two looks at the clock. */
const STEP = 32;

export class Heartbeat {
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The slice of a ping round waiting for the next turn of the event loop. */
  private pinging: ReturnType<typeof setImmediate> | null = null;
  /** The sockets of the current ping round, and how far it has come. */
  private queue: Connection[] = [];
  private next = 0;

  constructor(
    private readonly connections: ReadonlySet<Connection>,
    /** Drops a socket that did not answer the last ping. */
    private readonly drop: (conn: Connection) => void,
  ) {}

  start(intervalMs: number): void {
    this.stop();
    this.timer = setInterval(() => this.round(), intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.pinging) clearImmediate(this.pinging);
    this.timer = null;
    this.pinging = null;
    this.queue = [];
    this.next = 0;
  }

  /** Sockets the current round has still to ping (0: none going out). */
  get backlog(): number {
    return this.queue.length - this.next;
  }

  /**
   * One round: drops each socket that did not answer the last ping and pings the others, the
   * first slice now and the rest in later turns.
   */
  round(): void {
    if (this.pinging) return; // the last round is still going out
    this.queue = [...this.connections];
    this.next = 0;
    this.slice();
  }

  private slice(): void {
    this.pinging = null;
    const until = performance.now() + SLICE_MS;
    const round = this.queue;
    while (this.next < round.length) {
      const conn = round[this.next++]!;
      if (conn.socket.ping && this.connections.has(conn)) {
        if (!conn.alive) this.drop(conn);
        else {
          conn.alive = false;
          conn.socket.ping();
        }
      }
      if (this.next % STEP === 0 && performance.now() >= until) break;
    }
    if (this.next < round.length) this.pinging = setImmediate(() => this.slice());
    else {
      this.queue = [];
      this.next = 0;
    }
  }
}
