/**
 * A lean WebSocket client for load generators (bench/fanout-lean-clients.ts,
 * bench/edge-screens.ts): a plain TCP socket speaking just enough RFC 6455 (the upgrade,
 * unmasked server frames, masked client frames, ping -> pong, close). A load generator should
 * spend as little as it can: server and screens share this machine's cores, so every
 * microsecond a screen spends is taken from the server. Each message is handed over with the
 * time its bytes reached the process, before any parsing.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export const now = () => performance.timeOrigin + performance.now();

/** A masked client frame (RFC 6455 §5.3). */
export function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.alloc(head + 4 + n);
  frame[0] = 0x80 | opcode;
  if (n < 126) frame[1] = 0x80 | n;
  else if (n < 65_536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  mask.copy(frame, head);
  for (let i = 0; i < n; i++) frame[head + 4 + i] = payload[i]! ^ mask[i & 3]!;
  return frame;
}

/** The number after `"<key>":` in a message's text (-1 when absent). */
export function numberAfter(payload: Buffer, key: string): number {
  const at = payload.indexOf(`"${key}":`);
  if (at < 0) return -1;
  let n = 0;
  for (let i = at + key.length + 3; i < payload.length; i++) {
    const c = payload[i]!;
    if (c < 48 || c > 57) break;
    n = n * 10 + c - 48;
  }
  return n;
}

/** The `type` of a server message: every one starts with {"type":"<type>", ... (first five letters). */
export const typeOf = (payload: Buffer) => payload.toString('latin1', 9, 14);

export interface LeanHandlers {
  /** A text message and when its bytes arrived. */
  message(payload: Buffer, t: number): void;
  /** The upgrade was refused (not 101). */
  refused?(): void;
  error?(error: Error): void;
  close?(): void;
}

export interface LeanSocket {
  socket: Socket;
  sendText(text: string): void;
  close(): void;
}

export function openLean(wsUrl: string, localAddress: string | undefined, handlers: LeanHandlers): LeanSocket {
  const url = new URL(wsUrl);
  const socket = connect({ host: url.hostname, port: Number(url.port), ...(localAddress ? { localAddress } : {}) });
  socket.setNoDelay(true);
  let upgraded = false;
  let pending: Buffer = Buffer.alloc(0);
  socket.on('connect', () => {
    const key = randomBytes(16).toString('base64');
    socket.write(
      `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
  socket.on('data', (chunk: Buffer) => {
    const t = now();
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    if (!upgraded) {
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      if (!pending.toString('latin1', 0, 12).endsWith('101')) {
        handlers.refused?.();
        socket.destroy();
        return;
      }
      upgraded = true;
      pending = pending.subarray(end + 4);
    }
    for (;;) {
      if (pending.length < 2) break;
      const short = pending[1]! & 127;
      const head = short === 126 ? 4 : short === 127 ? 10 : 2;
      if (pending.length < head) break;
      const length = short === 126 ? pending.readUInt16BE(2) : short === 127 ? Number(pending.readBigUInt64BE(2)) : short;
      if (pending.length < head + length) break;
      const opcode = pending[0]! & 15;
      const payload = pending.subarray(head, head + length);
      pending = pending.subarray(head + length);
      if (opcode === 1) handlers.message(payload, t);
      else if (opcode === 9) socket.write(clientFrame(10, Buffer.from(payload)));
      else if (opcode === 8) socket.end();
    }
  });
  socket.on('error', (e) => handlers.error?.(e));
  socket.on('close', () => handlers.close?.());
  return {
    socket,
    sendText: (text) => socket.write(clientFrame(1, Buffer.from(text))),
    close: () => socket.destroy(),
  };
}
