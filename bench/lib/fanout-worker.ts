/**
 * The IPC side of a fan-out screen process (bench/fanout-clients.ts, bench/fanout-lean-clients.ts):
 * opens the screens 100 at a time, then answers the harness (bench/fanout.ts):
 * {cmd:'mark'} resets the byte and message counters, {cmd:'report'} sends them with the arrival
 * times per seq, {cmd:'exit'} closes every screen and exits. A screen process records arrivals
 * with `arrived`, which also tells the harness when every screen holds a seq.
 */
export interface Screen {
  bytes: number;
  messages: number;
  seq: number;
  close(): void;
}

export interface ScreenWorker {
  readonly screens: Screen[];
  errors: number;
  closed: number;
  /** Records that one screen got the patch `seq` at time `t`. */
  arrived(seq: number, t: number): void;
}

export function runScreenWorker(count: number, open: (worker: ScreenWorker) => Promise<void>): ScreenWorker {
  /** seq -> arrival times (ms since the epoch, sub-ms precision), one per screen. */
  const arrivals = new Map<number, number[]>();
  const worker: ScreenWorker = {
    screens: [],
    errors: 0,
    closed: 0,
    arrived(seq, t) {
      let list = arrivals.get(seq);
      if (!list) arrivals.set(seq, (list = []));
      list.push(t);
      if (list.length === worker.screens.length) process.send!({ type: 'complete', seq });
    },
  };
  process.on('message', (msg: { cmd: string }) => {
    if (msg.cmd === 'mark') {
      for (const s of worker.screens) {
        s.bytes = 0;
        s.messages = 0;
      }
      arrivals.clear();
      process.send!({ type: 'marked' });
    } else if (msg.cmd === 'report') {
      process.send!({
        type: 'report',
        bytes: worker.screens.map((s) => s.bytes),
        messages: worker.screens.map((s) => s.messages),
        arrivals: Object.fromEntries(arrivals),
        errors: worker.errors,
        closed: worker.closed,
        seqs: worker.screens.map((s) => s.seq),
      });
    } else if (msg.cmd === 'exit') {
      for (const s of worker.screens) s.close();
      process.exit(0);
    }
  });
  void (async () => {
    const concurrency = 100;
    for (let i = 0; i < count; i += concurrency) {
      const batch: Promise<void>[] = [];
      for (let j = i; j < Math.min(count, i + concurrency); j++) batch.push(open(worker));
      await Promise.all(batch);
    }
    process.send!({ type: 'ready', errors: worker.errors, closed: worker.closed });
  })();
  return worker;
}
