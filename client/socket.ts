/**
 * The socket layer, as home-assistant-js-websocket's socket.ts: one WebSocket and its handshake
 * (the server's `hello` in this bundle's protocol, then ours), where the socket goes, its
 * timings, and the events a Connection fires. The connection (connection.ts) above it keeps
 * requests, subscriptions and reconnects; it never reads a raw socket.
 */
import { PROTOCOL_VERSION, type ClientMessage, type HelloMessage, type RequestId, type Role, type ServerMessage } from './messages.js';
import type { PendingCommand } from './sink.js';

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

export interface SocketHandlers {
  /** The server greeted this socket in this bundle's protocol and our `hello` went out (again after every server hello). */
  ready(hello: HelloMessage): void;
  /** Every message after the server's hello, parsed. */
  message(msg: ServerMessage): void;
  /** The server speaks another protocol version: this bundle is out of date (the page reloads). */
  outdated(): void;
  /** The socket closed, or sent no hello within HEARTBEAT.helloTimeoutMs. Not called after close(). */
  lost(): void;
}

/**
 * One socket to the server and its handshake. The server speaks first (`hello`: its protocol,
 * clock and the socket's role); a page of the same protocol answers with its own `hello`, and
 * only then is the socket `ready`. Nothing else is sent before: the server refuses everything
 * from a page that has not said its protocol.
 */
export class RiffleSocket {
  private greeted = false;
  private helloTimer: ReturnType<typeof setTimeout> | null;

  /**
   * @param requestId the id of our `hello` (the connection's one request counter)
   */
  constructor(
    private readonly ws: WebSocket,
    private readonly handlers: SocketHandlers,
    private readonly requestId: () => RequestId,
  ) {
    this.helloTimer = setTimeout(() => this.lose(), HEARTBEAT.helloTimeoutMs);
    ws.onmessage = (e: MessageEvent) => {
      if (typeof e.data === 'string') this.receive(e.data);
    };
    ws.onclose = () => this.lose();
    // An error is always followed by close; nothing to do here.
    ws.onerror = () => {};
  }

  /** True once the handshake is done. */
  get ready(): boolean {
    return this.greeted;
  }

  /** Sends on the open socket; false when it is not open (the caller keeps what it sends). */
  send(msg: ClientMessage | string): boolean {
    if (this.ws.readyState !== 1 /* OPEN */) return false;
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
    return true;
  }

  /** Closes without waiting for a close handshake a dead link never ends; no handler is called after this. */
  close(): void {
    this.clearHelloTimer();
    this.greeted = false;
    this.ws.onmessage = this.ws.onclose = this.ws.onerror = null;
    try {
      this.ws.close(1000);
    } catch {
      // already closing
    }
  }

  private receive(data: string): void {
    let msg: ServerMessage;
    try {
      msg = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    if (msg.type === 'hello') {
      if (msg.protocol !== PROTOCOL_VERSION) return this.handlers.outdated();
      this.clearHelloTimer();
      this.greeted = true;
      // Our version first: the server refuses everything else from a page that does not say it.
      this.send({ type: 'hello', id: this.requestId(), protocol: PROTOCOL_VERSION });
      return this.handlers.ready(msg);
    }
    if (msg.type === 'error' && msg.error.code === 'protocol-version') return this.handlers.outdated();
    this.handlers.message(msg);
  }

  private lose(): void {
    this.close();
    this.handlers.lost();
  }

  private clearHelloTimer(): void {
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.helloTimer = null;
  }
}

/** Opens a socket and its handshake; null when the browser refuses to create one (a bad URL). */
export function openSocket(url: string, createSocket: (url: string) => WebSocket, handlers: SocketHandlers, requestId: () => RequestId): RiffleSocket | null {
  try {
    return new RiffleSocket(createSocket(url), handlers, requestId);
  } catch {
    return null;
  }
}
