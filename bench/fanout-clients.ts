/**
 * Client side of bench/fanout.ts, run in its own process(es) so the clients' work is not
 * counted as the server's. Opens `count` sockets from `source` (a 127.0.0.x address, so many
 * processes do not share one ephemeral port range), subscribes each to `tournament`, and
 * records when each patch arrives and how many bytes each socket receives.
 *
 * Talks to the parent over IPC: {cmd:'mark'} resets the byte and message counters,
 * {cmd:'report'} answers with the counters and arrival times per seq.
 */
import WebSocket from 'ws';

const [wsUrl, tournament, countArg, source] = process.argv.slice(2);
const count = Number(countArg);

interface Client {
  ws: WebSocket;
  bytes: number;
  messages: number;
  seq: number;
}
const clients: Client[] = [];
/** seq -> arrival times (ms since the epoch, sub-ms precision), one per client. */
const arrivals = new Map<number, number[]>();
let errors = 0;
let closed = 0;

const now = () => performance.timeOrigin + performance.now();

function open(): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl!, { localAddress: source, perMessageDeflate: false });
    const client: Client = { ws, bytes: 0, messages: 0, seq: -1 };
    clients.push(client);
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    ws.on('message', (data: Buffer) => {
      const t = now();
      client.bytes += data.length;
      client.messages++;
      const text = data.toString();
      // Parse as a screen would: every message is a JSON object.
      const msg = JSON.parse(text) as { type: string; seq?: number };
      if (msg.type === 'hello') ws.send(JSON.stringify({ type: 'subscribe', tournament }));
      else if (msg.type === 'snapshot') {
        client.seq = msg.seq!;
        finish();
      } else if (msg.type === 'patch') {
        client.seq = msg.seq!;
        let list = arrivals.get(msg.seq!);
        if (!list) arrivals.set(msg.seq!, (list = []));
        list.push(t);
        if (list.length === clients.length) process.send!({ type: 'complete', seq: msg.seq });
      }
    });
    ws.on('error', () => {
      errors++;
      finish();
    });
    ws.on('close', () => {
      closed++;
      finish();
    });
  });
}

async function main() {
  const concurrency = 100;
  for (let i = 0; i < count; i += concurrency) {
    const batch: Promise<void>[] = [];
    for (let j = i; j < Math.min(count, i + concurrency); j++) batch.push(open());
    await Promise.all(batch);
  }
  process.send!({ type: 'ready', errors, closed });
}

process.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'mark') {
    for (const c of clients) {
      c.bytes = 0;
      c.messages = 0;
    }
    arrivals.clear();
    process.send!({ type: 'marked' });
  } else if (msg.cmd === 'report') {
    const bytes = clients.map((c) => c.bytes);
    const messages = clients.map((c) => c.messages);
    process.send!({ type: 'report', bytes, messages, arrivals: Object.fromEntries(arrivals), errors, closed, seqs: clients.map((c) => c.seq) });
  } else if (msg.cmd === 'exit') {
    for (const c of clients) c.ws.terminate();
    process.exit(0);
  }
});

void main();
