/**
 * The floor for bench/fanout.ts: the least a WebSocket server can do to fan one patch out, run
 * under the same harness and clients as Riffle so the two are measured on the same machine.
 *
 * No Hono, no engine, no SQLite, no auth: `node:http` and `ws` only. It answers the few routes
 * the harness calls (GET /healthz, GET /api/tournaments, POST /api/tournaments/floor/commands)
 * and speaks just enough of Riffle's protocol (hello, subscribe -> snapshot, patch with `seq`)
 * for bench/fanout-clients.ts. Every command sends one clock patch of the same size as Riffle's
 * (261 bytes of JSON) to every socket, then answers.
 *
 * Per socket it keeps what any server speaking this protocol must, and nothing more: its place in
 * the set of sockets, the message and close listeners, and the keep-alive (a ping every 30 s,
 * dropped when the last went unanswered; Riffle's heartbeat, ws's README pattern).
 *
 * Env: PORT; FLOOR_PATCH_BYTES (default 261: Riffle's clock patch); FLOOR_MODE = `send` (ws's `send` with the encoded bytes, what Riffle does) or
 * `raw` (the frame is built once and written straight to each TCP socket: no per-socket
 * framing at all, the lower bound for Node); FLOOR_WORKERS = processes sharing the port
 * (node:cluster; default 1), each fanning out to its own sockets.
 */
import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const PORT = Number(process.env.PORT ?? 18700);
const MODE = process.env.FLOOR_MODE === 'raw' ? 'raw' : 'send';
const WORKERS = Math.max(1, Number(process.env.FLOOR_WORKERS ?? 1));
const TOURNAMENT = 'floor';
const PATCH_BYTES = Number(process.env.FLOOR_PATCH_BYTES ?? 261);
const PING_INTERVAL_MS = 30_000;

/** A clock patch shaped and sized like Riffle's (`clock.adjust`: 261 bytes). */
function patch(seq: number, endsAt: number): Buffer {
  const clock = {
    status: 'running',
    current: { index: 3, n: 4, sb: 200, bb: 400, ms: 1_200_000 },
    endsAt,
    next: { index: 4, n: 5, sb: 300, bb: 600, ms: 1_200_000 },
    breakAt: endsAt + 2_400_000,
  };
  const text = JSON.stringify({ type: 'patch', tournament: TOURNAMENT, seq, prev: seq - 1, ops: [{ topic: 'clock', set: clock }] });
  return Buffer.from(text.padEnd(PATCH_BYTES, ' '));
}

/** An unmasked, final text frame (RFC 6455 §5.2) around `payload`, as a server sends it. */
function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? Buffer.from([0x81, n]) : n < 65_536 ? Buffer.from([0x81, 126, n >> 8, n & 255]) : Buffer.alloc(10);
  if (n >= 65_536) {
    head[0] = 0x81;
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}

/** The fan-out of one process: returns when every socket's write has been issued. */
function fanOut(sockets: Set<WebSocket>, bytes: Buffer): void {
  if (MODE === 'raw') {
    const frame = textFrame(bytes);
    for (const ws of sockets) {
      const socket = (ws as unknown as { _socket: import('node:net').Socket })._socket;
      if (ws.readyState === ws.OPEN) socket.write(frame);
    }
  } else {
    for (const ws of sockets) ws.send(bytes, { binary: false });
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => resolve(body));
  });
}

/** One HTTP + WebSocket server; `publish` fans out in this process and any siblings. */
function serve(publish: () => Promise<number>, connections: () => Promise<number>, sockets: Set<WebSocket>, seqNow: () => number) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, perMessageDeflate: false });
  const server = createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/healthz') return json(res, 200, { ok: true, connections: await connections() });
    if (req.method === 'GET' && req.url === '/api/tournaments') return json(res, 200, { tournaments: [{ id: TOURNAMENT }] });
    if (req.method === 'POST' && req.url === `/api/tournaments/${TOURNAMENT}/commands`) {
      await readBody(req);
      return json(res, 200, { ok: true, seq: await publish() });
    }
    json(res, 404, { ok: false });
  });
  const alive = new WeakSet<WebSocket>();
  setInterval(() => {
    for (const ws of sockets) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, PING_INTERVAL_MS).unref();
  server.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      alive.add(ws);
      ws.on('pong', () => alive.add(ws));
      ws.on('close', () => sockets.delete(ws));
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data)) as { type: string };
        if (msg.type === 'subscribe') ws.send(JSON.stringify({ type: 'snapshot', tournament: TOURNAMENT, seq: seqNow(), serverTime: Date.now(), state: {}, versions: {} }));
      });
      ws.send(JSON.stringify({ type: 'hello', protocol: 2, serverTime: Date.now(), rate: 1, role: 'viewer' }));
    });
  });
  server.listen(PORT, '127.0.0.1');
  return server;
}

// The harness waits for this line (bench/lib/server-process.ts).
const READY = 'floor server ready';

if (WORKERS === 1) {
  const sockets = new Set<WebSocket>();
  let seq = 0;
  const server = serve(
    async () => {
      fanOut(sockets, patch(++seq, Date.now() + 600_000));
      return seq;
    },
    async () => sockets.size,
    sockets,
    () => seq,
  );
  server.on('listening', () => console.log(READY));
} else if (cluster.isPrimary) {
  // The primary only relays: a worker that took a command asks every worker to fan out.
  let seq = 0;
  let counts = 0;
  let listening = 0;
  const workers = Array.from({ length: WORKERS }, () => cluster.fork());
  const pending = new Map<number, { left: number; total: number; from: (typeof workers)[number]; ask: number }>();
  for (const w of workers) {
    w.on('message', (m: { type: string; ask?: number; seq?: number; count?: number }) => {
      if (m.type === 'listening' && ++listening === WORKERS) console.log(READY);
      if (m.type === 'publish' || m.type === 'count') {
        const id = m.type === 'publish' ? ++seq : -++counts;
        pending.set(id, { left: WORKERS, total: 0, from: w, ask: m.ask! });
        const endsAt = Date.now() + 600_000;
        for (const x of workers) x.send(m.type === 'publish' ? { type: 'fanout', seq: id, endsAt } : { type: 'count', id });
      }
      if (m.type === 'done') {
        const p = pending.get(m.seq!)!;
        p.total += m.count ?? 0;
        if (--p.left === 0) {
          pending.delete(m.seq!);
          p.from.send({ type: 'answer', ask: p.ask, seq: m.seq, count: p.total });
        }
      }
    });
  }
} else {
  const sockets = new Set<WebSocket>();
  let seq = 0;
  let asks = 0;
  const waiting = new Map<number, (m: { seq: number; count: number }) => void>();
  const ask = (type: string) =>
    new Promise<{ seq: number; count: number }>((resolve) => {
      const id = ++asks;
      waiting.set(id, resolve);
      process.send!({ type, ask: id });
    });
  process.on('message', (m: { type: string; seq?: number; endsAt?: number; id?: number; ask?: number; count?: number }) => {
    if (m.type === 'fanout') {
      seq = m.seq!;
      fanOut(sockets, patch(m.seq!, m.endsAt!));
      process.send!({ type: 'done', seq: m.seq });
    } else if (m.type === 'count') process.send!({ type: 'done', seq: m.id, count: sockets.size });
    else if (m.type === 'answer') {
      waiting.get(m.ask!)?.({ seq: m.seq!, count: m.count! });
      waiting.delete(m.ask!);
    }
  });
  const server = serve(
    async () => (await ask('publish')).seq,
    async () => (await ask('count')).count,
    sockets,
    () => seq,
  );
  server.on('listening', () => process.send!({ type: 'listening' }));
}
