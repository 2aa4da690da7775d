/**
 * WebSocket upgrades: the request goes through the Hono app like any other (Host allow-list,
 * actor from the token or cookie, per-address cap, origin: the `/ws` routes in server/app.ts
 * decide), then `ws` takes the socket and the hub gets it. Nothing of the request outlives the
 * upgrade: a socket keeps only its `ws` WebSocket, a small adapter and its hub Connection.
 *
 * Why not @hono/node-server's `upgradeWebSocket`: its per-socket closures capture the request's
 * Hono Context, which holds the upgrade's `Request` in a private field (with its Headers and
 * AbortSignal), a HonoRequest, a URL and the Context's own ~20 closures: ~4 KiB per socket that
 * nothing outside the library can release, more than all of `ws`'s own objects for the socket
 * (bench/fanout-targets.ts, issue 11: memory per idle screen at most 1.3 times a
 * bare `ws` server's). The answer of a refused upgrade is the same as the library's: the status
 * line and the route's headers, no body.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import type { Logger } from 'pino';
import type { Actor } from '../host/actor.js';
import type { Hub } from './hub.js';
import type { Connection, SocketLike } from './connection.js';

/** What a `/ws` route granted an upgrade request (server/app.ts). */
export interface SocketGrant {
  actor: Actor;
  sameOrigin: boolean;
  address: string;
  /** The stream overlays' delayed feed (`/ws/stream`). */
  delayed: boolean;
}

/**
 * The env an upgrade request is fetched with: `incoming` as @hono/node-server gives it (the
 * client's address is read from it), and a slot the route fills when it grants the upgrade.
 */
export interface UpgradeEnv {
  incoming: IncomingMessage;
  outgoing: undefined;
  upgrade: { grant: SocketGrant | null };
}

/** `ws`'s send options for pre-encoded JSON: a text frame (one object, not one per send). */
const TEXT = { binary: false } as const;
/** The first and last frames of a text message sent in two parts. */
const TEXT_FIRST = { binary: false, fin: false } as const;
const TEXT_LAST = { binary: false, fin: true } as const;

/** The hub's view of a `ws` socket: one object per socket, its methods shared. */
class WsSocket implements SocketLike {
  constructor(private readonly ws: WebSocket) {}
  send(data: string): void {
    this.ws.send(data);
  }
  /** Already UTF-8 JSON: sent as a text frame without converting it again. */
  sendEncoded(data: Buffer): void {
    this.ws.send(data, TEXT);
  }
  /** One text message in two frames; nothing else can come between them (both written now). */
  sendParts(head: Buffer, body: Buffer): void {
    this.ws.send(head, TEXT_FIRST);
    this.ws.send(body, TEXT_LAST);
  }
  /**
   * Node's cork on the TCP socket under `ws` (which ws keeps private; it corks each frame's head
   * and payload the same way): the frames sent meanwhile go out in one writev.
   */
  batch(send: () => void): void {
    const raw = (this.ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    raw?.cork();
    try {
      send();
    } finally {
      raw?.uncork();
    }
  }
  close(code?: number, reason?: string): void {
    this.ws.close(code, reason);
  }
  /** What `ws` holds for the socket plus the socket's unwritten bytes. */
  bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }
  terminate(): void {
    this.ws.terminate();
  }
  ping(): void {
    this.ws.ping();
  }
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 421: 'Misdirected Request', 429: 'Too Many Requests', 500: 'Internal Server Error' };

function refuse(socket: Duplex, status: number, headers?: Headers): void {
  if (socket.destroyed) return;
  const lines = [`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ''}`, 'Connection: close', 'Content-Length: 0'];
  headers?.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'connection' && name !== 'transfer-encoding') lines.push(`${name}: ${value}`);
  });
  socket.end(`${lines.join('\r\n')}\r\n\r\n`);
}

/** The request the Hono app sees for an upgrade (as @hono/node-server builds it). */
function upgradeRequest(req: IncomingMessage): Request | null {
  const target = req.url ?? '/';
  const backslash = target.indexOf('\\');
  const query = target.indexOf('?');
  if (backslash !== -1 && (query === -1 || backslash < query)) return null;
  let url: URL;
  try {
    const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    url = new URL(target, `${scheme}://${req.headers.host ?? 'localhost'}`);
  } catch {
    return null;
  }
  const headers = new Headers();
  for (const name in req.headers) {
    const value = req.headers[name];
    if (value) headers.append(name, Array.isArray(value) ? value[0]! : value);
  }
  return new Request(url, { headers });
}

export interface UpgradeDeps {
  wss: WebSocketServer;
  fetch: (request: Request, env: UpgradeEnv) => Response | Promise<Response>;
  hub: Hub;
  log: Logger;
}

const ignore = () => {};

/** Hands the server's upgrade requests to the app, and granted sockets to the hub. */
export function acceptSockets(server: Server, deps: UpgradeDeps): void {
  const { wss, hub, log } = deps;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', ignore);
    if (req.headers.upgrade?.toLowerCase() !== 'websocket') return refuse(socket, 400);
    const request = upgradeRequest(req);
    if (!request) return refuse(socket, 400);
    const env: UpgradeEnv = { incoming: req, outgoing: undefined, upgrade: { grant: null } };
    void (async () => {
      let response: Response;
      try {
        response = await deps.fetch(request, env);
      } catch (err) {
        log.error({ err }, 'websocket upgrade failed inside the server');
        return refuse(socket, 500);
      }
      const grant = env.upgrade.grant;
      if (socket.destroyed) return;
      if (!grant) return refuse(socket, response.status === 200 ? 404 : response.status, response.headers);
      wss.handleUpgrade(req, socket, head, (ws) => {
        socket.off('error', ignore);
        open(hub, ws, grant, log);
      });
    })();
  });
}

function open(hub: Hub, ws: WebSocket, grant: SocketGrant, log: Logger): void {
  const conn: Connection = hub.open(new WsSocket(ws), grant.actor, grant.sameOrigin, grant.address, grant.delayed);
  ws.on('message', (data: RawData, isBinary: boolean) => {
    if (isBinary) return ws.close(1003, 'text messages only');
    try {
      hub.message(conn, String(data));
    } catch (err) {
      log.error({ err }, 'socket message failed inside the server');
    }
  });
  ws.on('pong', () => hub.pong(conn));
  ws.on('close', () => hub.close(conn));
  ws.on('error', ignore);
}
