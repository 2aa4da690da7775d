/**
 * Lean screens for bench/fanout.ts (BENCH_CLIENTS=lean): the same IPC protocol as
 * bench/fanout-clients.ts, but each socket is a plain TCP socket speaking just enough RFC 6455
 * (the upgrade, unmasked server frames, masked client frames, ping -> pong) and reads `seq` from
 * the text without JSON.parse. A load generator should spend as little as it can: server and
 * screens share this machine's cores, so every microsecond a screen spends is taken from the
 * server. Arrival time is taken when the bytes reach the process, before any parsing.
 * IPC with the harness: bench/lib/fanout-worker.ts.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { runScreenWorker, type ScreenWorker } from './lib/fanout-worker.js';
import { PROTOCOL_VERSION } from '../server/protocol/messages.js';

const [wsUrl, tournament, countArg, source] = process.argv.slice(2);
const count = Number(countArg);
const url = new URL(wsUrl!);

const now = () => performance.timeOrigin + performance.now();

/** A masked client frame (RFC 6455 §5.3); payloads here are always < 126 bytes. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = payload[i]! ^ mask[i & 3]!;
  return frame;
}

/** The number after `"seq":` in a message's text. */
function seqOf(payload: Buffer): number {
  const at = payload.indexOf('"seq":');
  let n = 0;
  for (let i = at + 6; i < payload.length; i++) {
    const c = payload[i]!;
    if (c < 48 || c > 57) break;
    n = n * 10 + c - 48;
  }
  return n;
}

function open(worker: ScreenWorker): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), localAddress: source });
    socket.setNoDelay(true);
    const client = { bytes: 0, messages: 0, seq: -1, patches: 0, close: () => socket.destroy() };
    worker.screens.push(client);
    let upgraded = false;
    let pending: Buffer = Buffer.alloc(0);
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    socket.on('connect', () => {
      const key = randomBytes(16).toString('base64');
      socket.write(
        `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    const onMessage = (payload: Buffer, t: number) => {
      client.bytes += payload.length;
      client.messages++;
      // Every server message starts with {"type":"<type>", ...
      const type = payload.toString('latin1', 9, 14);
      if (type === 'hello') {
        socket.write(clientFrame(1, Buffer.from(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }))));
        socket.write(clientFrame(1, Buffer.from(JSON.stringify({ type: 'subscribe', id: 1, tournament }))));
      }
      else if (type === 'snaps') {
        client.seq = seqOf(payload);
        finish();
      } else if (type === 'patch') {
        worker.arrived(client, seqOf(payload), t);
      }
    };
    socket.on('data', (chunk: Buffer) => {
      const t = now();
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      if (!upgraded) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!pending.toString('latin1', 0, 12).endsWith('101')) {
          worker.errors++;
          socket.destroy();
          return finish();
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
        if (opcode === 1) onMessage(payload, t);
        else if (opcode === 9) socket.write(clientFrame(10, Buffer.from(payload)));
        else if (opcode === 8) socket.end();
      }
    });
    socket.on('error', () => {
      worker.errors++;
      finish();
    });
    socket.on('close', () => {
      worker.closed++;
      finish();
    });
  });
}

runScreenWorker(count, open);
