/**
 * One socket's session: who it is, what it follows, its message budget, and how a message is
 * sent to it. The hub makes one per socket (`Hub.open`); the router, the fan-out, the bulk
 * sender and the heartbeat work on it. Its state is plain fields (server/ws/connection.ts): no
 * closure per socket, so an idle screen costs what its fields do (issue 11's memory target).
 */
import type { ErrorBody } from '../protocol/errors.js';
import type { RequestId, ServerMessage } from '../protocol/messages.js';
import type { Actor } from '../host/actor.js';
import { clientKey, type Connection, type SocketLike } from './connection.js';
import { WS_LIMITS } from './limits.js';

/** What every session shares: the hub's bookkeeping of open sockets and their send budgets. */
export interface SessionDeps {
  /** Still open (an answer that waited for its fsync may find it closed). */
  isOpen(session: Connection): boolean;
  /** Whether `bytes` more may be queued for the socket (false: it was dropped instead). */
  room(session: Connection, bytes: number): boolean;
  /** Whether the client (over its sockets and reconnects) may send one more message. */
  clientMay(key: string): boolean;
  /** Loopback is not counted against the client's budget (the server's own machine). */
  counted(address: string): boolean;
}

export class Session implements Connection {
  actor: Actor;
  subscriptions = new Map<string, string>();
  tokens: number = WS_LIMITS.burst;
  refilledAt = Date.now();
  dropped = 0;
  alive = true;
  greeted = false;
  queued = 0;
  bulk = 0;
  waitingIn: string | undefined = undefined;

  constructor(
    readonly socket: SocketLike,
    actor: Actor,
    readonly sameOrigin: boolean,
    readonly address: string,
    readonly delayed: boolean,
    private readonly deps: SessionDeps,
  ) {
    this.actor = actor;
  }

  send(msg: ServerMessage): void {
    // Closed meanwhile (an answer that waited for its fsync): nothing to send.
    if (!this.deps.isOpen(this)) return;
    const data = JSON.stringify(msg);
    if (this.deps.room(this, data.length)) this.socket.send(data);
  }

  error(error: ErrorBody, id?: RequestId): void {
    this.send(id === undefined ? { type: 'error', error } : { type: 'error', error, id });
  }

  /**
   * Token buckets per connection and per client (over its sockets and reconnects); a flood is
   * answered once, then dropped, then closed.
   */
  allow(): boolean {
    const now = Date.now();
    this.tokens = Math.min(WS_LIMITS.burst, this.tokens + ((now - this.refilledAt) / 1000) * WS_LIMITS.messagesPerSecond);
    this.refilledAt = now;
    const client = !this.deps.counted(this.address) ? true : this.tokens >= 1 && this.deps.clientMay(clientKey(this));
    if (this.tokens >= 1 && client) {
      this.tokens -= 1;
      return true;
    }
    this.dropped++;
    if (this.dropped === 1) this.error({ code: 'rate-limited', message: 'Too many messages; slow down.' });
    if (this.dropped > WS_LIMITS.maxDropped) this.socket.close(1008, 'rate limit');
    return false;
  }
}
