/**
 * The server's pings: every `intervalMs` each socket that has not answered the previous ping is
 * dropped (a phone that left the Wi-Fi, a TV switched off: without this its socket and
 * everything queued for it would stay until the kernel gives up, hours later). A round is sent
 * in slices (server/ws/slices.ts), like the fan-out: 10,000 pings in one go would hold every
 * answer up for the whole round.
 */
import type { Connection } from './connection.js';
import { SLICE_STEP, SlicedLoop } from './slices.js';

export class Heartbeat {
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The sockets of the current ping round, and how far it has come. */
  private queue: Connection[] = [];
  private next = 0;
  private readonly loop = new SlicedLoop((until) => this.slice(until));

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
    this.timer = null;
    this.loop.stop();
    this.queue = [];
    this.next = 0;
  }

  /** Sockets the current round has still to ping (0: none going out). */
  get backlog(): number {
    return this.queue.length - this.next;
  }

  /** The socket answered a server ping. */
  pong(conn: Connection): void {
    conn.alive = true;
  }

  /**
   * One round: drops each socket that did not answer the last ping and pings the others, the
   * first slice now and the rest in later turns.
   */
  round(): void {
    if (this.loop.scheduled) return; // the last round is still going out
    this.queue = [...this.connections];
    this.next = 0;
    this.loop.runNow();
  }

  private slice(until: number): boolean {
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
      if (this.next % SLICE_STEP === 0 && performance.now() >= until) return true;
    }
    this.queue = [];
    this.next = 0;
    return false;
  }
}
