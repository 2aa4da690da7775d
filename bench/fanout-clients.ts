/**
 * Client side of bench/fanout.ts, run in its own process(es) so the clients' work is not
 * counted as the server's. Opens `count` sockets from `source` (a 127.0.0.x address, so many
 * processes do not share one ephemeral port range), subscribes each to `tournament`, and
 * records when each patch arrives and how many bytes each socket receives. Each screen is a
 * `ws` client that parses every message as a screen would. IPC with the harness:
 * bench/lib/fanout-worker.ts.
 */
import WebSocket from 'ws';
import { runScreenWorker, type ScreenWorker } from './lib/fanout-worker.js';
import { PROTOCOL_VERSION } from '../server/protocol/messages.js';

const [wsUrl, tournament, countArg, source] = process.argv.slice(2);
const now = () => performance.timeOrigin + performance.now();

function open(worker: ScreenWorker): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl!, { localAddress: source, perMessageDeflate: false });
    const screen = { bytes: 0, messages: 0, seq: -1, patches: 0, close: () => ws.terminate() };
    worker.screens.push(screen);
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    ws.on('message', (data: Buffer) => {
      const t = now();
      screen.bytes += data.length;
      screen.messages++;
      // Parse as a screen would: every message is a JSON object.
      const msg = JSON.parse(data.toString()) as { type: string; seq?: number; prev?: number };
      if (msg.type === 'hello') {
        ws.send(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }));
        ws.send(JSON.stringify({ type: 'subscribe', id: 1, tournament }));
      }
      else if (msg.type === 'snapshot') {
        screen.seq = msg.seq!;
        finish();
      } else if (msg.type === 'patch') {
        worker.arrived(screen, msg.seq!, t, msg.prev);
      }
    });
    ws.on('error', () => {
      worker.errors++;
      finish();
    });
    ws.on('close', () => {
      worker.closed++;
      finish();
    });
  });
}

runScreenWorker(Number(countArg), open);
