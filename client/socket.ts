/**
 * The socket layer's vocabulary: where the socket goes, its timings, and the events a
 * Connection fires. Kept apart from connection.ts so the constants are easy to find and tune.
 */
import type { PendingCommand } from './commands.js';
import type { Role } from './messages.js';

/** ws(s)://<this page's host>/ws: the same origin as the page, so cookies and CSP just work. */
export function defaultSocketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** `connecting`: never reached the server yet. `online`: greeted. `offline`: lost, retrying. */
export type ConnectionStatus = 'connecting' | 'online' | 'offline';

/** The app-level heartbeat: browsers expose no WebSocket ping, so the page pings. */
export const HEARTBEAT = {
  /** Pings sent back to back after connecting, to get a good time sample within a second. */
  burst: 5,
  /** Then one ping every 20 s: keeps the time estimate fresh and proves the socket alive. */
  intervalMs: 20_000,
  /** No pong this long after a ping: the socket is dead (Wi-Fi lost, phone slept); reconnect. */
  pongTimeoutMs: 8_000,
  /** A command unanswered this long on a live socket is sent again (same id, so harmless). */
  resendAfterMs: 10_000,
  /**
   * No `hello` this long after opening: give up on this socket and retry. Connecting to a LAN
   * address whose machine is off can hang for minutes before the browser reports a failure.
   */
  helloTimeoutMs: 10_000,
} as const;

/** Fired on every status or role change. */
export class ConnectionStatusEvent extends Event {
  constructor(
    readonly status: ConnectionStatus,
    readonly role: Role,
  ) {
    super('status');
  }
}

/** Fired when the number of unanswered commands changes. */
export class PendingEvent extends Event {
  constructor(readonly count: number) {
    super('pending');
  }
}

/** Fired when unanswered commands were dropped unsent because they got too old (PENDING_MAX_AGE_MS). */
export class ExpiredEvent extends Event {
  constructor(readonly commands: readonly PendingCommand[]) {
    super('expired');
  }
}

export interface ConnectionEventMap {
  status: ConnectionStatusEvent;
  pending: PendingEvent;
  expired: ExpiredEvent;
}
