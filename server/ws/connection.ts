/**
 * What the WebSocket side keeps per socket (a Session, server/ws/session.ts, implements it), and
 * the socket as it sees it (the transport stays in server/ws/upgrade.ts).
 */
import type { Actor } from '../host/actor.js';

export interface SocketLike {
  send(data: string): void;
  /** Sends already UTF-8-encoded JSON as a text frame, so a fan-out encodes once, not per socket. */
  sendEncoded?(data: Buffer): void;
  /**
   * Sends one text message made of two buffers, as two frames of one WebSocket message (RFC 6455
   * fragmentation): a snapshot's own head, then a body shared by every socket sent the same
   * snapshot, never copied per socket.
   */
  sendParts?(head: Buffer, body: Buffer): void;
  /**
   * Runs `send` with the socket's writes held and then written together (one system call for a
   * resume's hundreds of patches instead of one each).
   */
  batch?(send: () => void): void;
  close(code?: number, reason?: string): void;
  /** Bytes queued in the server for this socket and not yet handed to the network. */
  bufferedAmount?(): number;
  /** Drops the connection at once (no close handshake a stalled client would never answer). */
  terminate?(): void;
  /** A protocol-level ping; `onPong` is called when it is answered. */
  ping?(): void;
}

export interface Connection {
  socket: SocketLike;
  actor: Actor;
  /** False when the page that opened the socket is from another site: never commands. */
  sameOrigin: boolean;
  /** The client's address, for the per-address cap and budgets. */
  address: string;
  /**
   * A stream overlay's socket (`/ws/stream`): it receives only the delayed feed, whatever it
   * asks, and is read-only (never signed in, never sends commands).
   */
  delayed: boolean;
  /** tournament -> group key (a subscription whose snapshot is still waiting counts too). */
  subscriptions: Map<string, string>;
  tokens: number;
  refilledAt: number;
  dropped: number;
  /** Answered the last server ping (or none was sent yet). */
  alive: boolean;
  /** The client said which protocol version it speaks (its `hello`). */
  greeted: boolean;
  /** Bytes queued for it when last looked at, plus what was sent then (server/ws/send-queues.ts). */
  queued: number;
  /** Bytes of the last snapshot or resume sent to it: it may hold those on top of the per-socket cap. */
  bulk: number;
  /**
   * The client line its snapshots and resumes wait in (server/ws/bulk-sender.ts), kept while one
   * waits: signing in changes `clientKey`, not the line a waiting request is in.
   */
  waitingIn?: string | undefined;
}

/**
 * Whose budget a socket's messages and snapshots are charged to: a signed-in session's own (it
 * follows the phone, and a flood from its address does not starve it), else its address's (a
 * client that reconnects after each burst finds its budget where it left it).
 */
export function clientKey(conn: Pick<Connection, 'actor' | 'address'>): string {
  return conn.actor.id === 'anonymous' ? `address:${conn.address}` : `actor:${conn.actor.id}`;
}
