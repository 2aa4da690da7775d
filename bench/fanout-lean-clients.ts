/**
 * Lean screens for bench/fanout.ts (BENCH_CLIENTS=lean): the same IPC protocol as
 * bench/fanout-clients.ts, but each socket is a plain TCP socket speaking just enough RFC 6455
 * (bench/lib/lean-socket.ts) and reads `seq` from the text without JSON.parse. A load generator
 * should spend as little as it can: server and screens share this machine's cores, so every
 * microsecond a screen spends is taken from the server. Arrival time is taken when the bytes
 * reach the process, before any parsing. IPC with the harness: bench/lib/fanout-worker.ts.
 */
import { runScreenWorker, type ScreenWorker } from './lib/fanout-worker.js';
import { numberAfter, openLean, typeOf } from './lib/lean-socket.js';
import { PROTOCOL_VERSION } from '../server/protocol/messages.js';

const [wsUrl, tournament, countArg, source] = process.argv.slice(2);

function open(worker: ScreenWorker): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    const client = { bytes: 0, messages: 0, seq: -1, patches: 0, close: () => lean.close() };
    worker.screens.push(client);
    const lean = openLean(wsUrl!, source, {
      message(payload, t) {
        client.bytes += payload.length;
        client.messages++;
        const type = typeOf(payload);
        if (type === 'hello') {
          lean.sendText(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }));
          lean.sendText(JSON.stringify({ type: 'subscribe', id: 1, tournament }));
        } else if (type === 'snaps') {
          client.seq = numberAfter(payload, 'seq');
          finish();
        } else if (type === 'patch') {
          worker.arrived(client, numberAfter(payload, 'seq'), t);
        }
      },
      refused() {
        worker.errors++;
        finish();
      },
      error() {
        worker.errors++;
        finish();
      },
      close() {
        worker.closed++;
        finish();
      },
    });
  });
}

runScreenWorker(Number(countArg), open);
