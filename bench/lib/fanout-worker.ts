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
  /** Patches since the last mark. */
  patches: number;
  close(): void;
}

export interface ScreenWorker {
  readonly screens: Screen[];
  errors: number;
  closed: number;
  /**
   * Records that `screen` got the patch `seq` (whose `prev` is given when the screen parsed it)
   * at time `t`, and checks the order: each patch's seq is above the last one the screen holds,
   * and its `prev` is that last seq (no patch skipped).
   */
  arrived(screen: Screen, seq: number, t: number, prev?: number): void;
}

export function runScreenWorker(count: number, open: (worker: ScreenWorker) => Promise<void>): ScreenWorker {
  /** seq -> arrival times (ms since the epoch, sub-ms precision), one per screen. */
  const arrivals = new Map<number, number[]>();
  let outOfOrder = 0;
  let gaps = 0;
  const worker: ScreenWorker = {
    screens: [],
    errors: 0,
    closed: 0,
    arrived(screen, seq, t, prev) {
      if (seq <= screen.seq) outOfOrder++;
      if (prev !== undefined && screen.seq >= 0 && prev !== screen.seq) gaps++;
      screen.seq = seq;
      screen.patches++;
      let list = arrivals.get(seq);
      if (!list) arrivals.set(seq, (list = []));
      list.push(t);
      if (list.length === worker.screens.length) process.send!({ type: 'complete', seq, t });
    },
  };
  process.on('message', (msg: { cmd: string }) => {
    if (msg.cmd === 'mark') {
      for (const s of worker.screens) {
        s.bytes = 0;
        s.messages = 0;
        s.patches = 0;
      }
      arrivals.clear();
      outOfOrder = 0;
      gaps = 0;
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
        patches: worker.screens.map((s) => s.patches),
        outOfOrder,
        gaps,
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
