/**
 * Client side of bench/edge-targets.ts: screens in a process of their own (forked), so their
 * work is neither the servers' nor the harness's. Asked over IPC:
 *
 * - {cmd:'open', spec}: opens `spec.groups` (each: a name, its URLs, a count and the source
 *   addresses to spread its sockets over, 100 sockets at a time), subscribed to
 *   `spec.tournament`, and answers 'opened' once every screen holds a snapshot. Two kinds:
 *   - `lean` (the latency phase): bench/lib/lean-socket.ts, the time a patch's bytes reached
 *     this process kept per group and seq; nothing parsed but `seq` and `prev`.
 *   - `page` (the edge-kill phase): bench/lib/screen.ts screens that behave as a venue page's
 *     connection (client/connection.ts): state kept with the browser's `applyOps`, resubscribe
 *     with `since` on every new socket, reconnect after client/backoff.ts's `backoffDelay`
 *     (0.25-0.5 s, then 0.5-1 s, ... at most 10 s), each attempt to the next URL of its list
 *     (what a load balancer in front of the edges does once one edge is gone).
 * - {cmd:'mark'}: forgets the arrivals so far.
 * - {cmd:'latency', reference}: per group and seq, how many screens got it, the median and the
 *   first arrival; for every other group, each arrival minus the reference group's median of the same
 *   seq (this process's clock for both), as p50/p95/p99; order faults.
 * - {cmd:'arm', seq}: from now on, a screen is "resumed" once it got a snapshot or `resumed` on
 *   a socket opened after this, and holds `seq` or later. {cmd:'resumed'} reports when each was.
 * - {cmd:'states'}: each distinct (seq, state) held, with its count (sorted keys).
 * - {cmd:'close'}: closes every screen; {cmd:'exit'}.
 */
import { PROTOCOL_VERSION } from '../server/protocol/messages.js';
import { backoffDelay } from '../client/backoff.js';
import { numberAfter, now, openLean, typeOf, type LeanSocket } from './lib/lean-socket.js';
import { canonical, Screen } from './lib/screen.js';

export interface GroupSpec {
  name: string;
  urls: string[];
  count: number;
  sources: string[];
}
export interface OpenSpec {
  mode: 'lean' | 'page';
  tournament: string;
  groups: GroupSpec[];
}

interface LeanScreen {
  group: string;
  seq: number;
  socket: LeanSocket;
  /** Closed on purpose (`close`): its close is not counted. */
  ended?: boolean;
}

const lean: LeanScreen[] = [];
/** group -> seq -> arrival times (ms since the epoch, sub-ms). */
const arrivals = new Map<string, Map<number, number[]>>();
let outOfOrder = 0;
let gaps = 0;
let errors = 0;
let closed = 0;

const pages: Array<{ group: string; screen: Screen; armedAt: number; newSocketSync: boolean; doneAt: number; kind: string }> = [];
let armed: { seq: number; at: number } | null = null;

const send = (m: object) => process.send!(m);

function openLeanScreen(spec: OpenSpec, group: GroupSpec, i: number): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    const byGroup = arrivals.get(group.name) ?? new Map<number, number[]>();
    arrivals.set(group.name, byGroup);
    const screen: LeanScreen = {
      group: group.name,
      seq: -1,
      socket: openLean(group.urls[0]!, group.sources[i % group.sources.length], {
        message(payload, t) {
          const type = typeOf(payload);
          if (type === 'hello') {
            screen.socket.sendText(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }));
            screen.socket.sendText(JSON.stringify({ type: 'subscribe', id: 1, tournament: spec.tournament }));
          } else if (type === 'snaps') {
            screen.seq = numberAfter(payload, 'seq');
            finish();
          } else if (type === 'patch') {
            const seq = numberAfter(payload, 'seq');
            const prev = numberAfter(payload, 'prev');
            if (seq <= screen.seq) outOfOrder++;
            if (prev >= 0 && screen.seq >= 0 && prev !== screen.seq) gaps++;
            screen.seq = seq;
            let list = byGroup.get(seq);
            if (!list) byGroup.set(seq, (list = []));
            list.push(t);
          }
        },
        refused() {
          errors++;
          finish();
        },
        error() {
          errors++;
          finish();
        },
        close() {
          if (!screen.ended) closed++;
          finish();
        },
      }),
    };
    lean.push(screen);
  });
}

function onSync(entry: (typeof pages)[number], kind: 'snapshot' | 'resumed' | 'patch'): void {
  if (!armed || entry.doneAt) return;
  if (kind !== 'patch' && entry.screen.reconnects > entry.armedAt) {
    entry.newSocketSync = true;
    entry.kind = kind;
  }
  if (entry.newSocketSync && entry.screen.seq >= armed.seq) entry.doneAt = now();
}

function openPage(spec: OpenSpec, group: GroupSpec, i: number): void {
  const entry = { group: group.name, screen: null as unknown as Screen, armedAt: 0, newSocketSync: false, doneAt: 0, kind: '' };
  entry.screen = new Screen(group.urls[0]!, spec.tournament, {
    next: group.urls.slice(1),
    delay: (attempt) => backoffDelay(attempt),
    localAddress: group.sources[i % group.sources.length]!,
    onSync: (_s, kind) => onSync(entry, kind),
  });
  pages.push(entry);
}

async function open(spec: OpenSpec): Promise<void> {
  for (const group of spec.groups) {
    for (let i = 0; i < group.count; i += 100) {
      const batch: Promise<void>[] = [];
      for (let j = i; j < Math.min(group.count, i + 100); j++) {
        if (spec.mode === 'lean') batch.push(openLeanScreen(spec, group, j));
        else openPage(spec, group, j);
      }
      if (spec.mode === 'lean') await Promise.all(batch);
      else while (pages.some((p) => p.screen.seq < 0)) await new Promise((r) => setTimeout(r, 20));
    }
  }
  send({ type: 'opened', errors, closed, lean: lean.length, pages: pages.length, reconnects: pages.reduce((a, p) => a + p.screen.reconnects, 0) });
}

function percentiles(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN);
  return { n: s.length, p50: at(50), p95: at(95), p99: at(99), max: s.length ? s[s.length - 1]! : NaN };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function latency(reference: string) {
  const ref = arrivals.get(reference) ?? new Map<number, number[]>();
  const groups: Record<string, { seqs: Record<number, { n: number; median: number; first: number }>; extra?: ReturnType<typeof percentiles> }> = {};
  for (const [name, bySeq] of arrivals) {
    const seqs: Record<number, { n: number; median: number; first: number }> = {};
    const extra: number[] = [];
    for (const [seq, times] of bySeq) {
      seqs[seq] = { n: times.length, median: median(times), first: Math.min(...times) };
      const base = ref.get(seq);
      if (name !== reference && base?.length) {
        const m = median(base);
        for (const t of times) extra.push(t - m);
      }
    }
    groups[name] = { seqs, ...(name !== reference ? { extra: percentiles(extra) } : {}) };
  }
  return { type: 'latency', groups, outOfOrder, gaps, errors, closed };
}

process.on('message', (msg: { cmd: string; spec?: OpenSpec; reference?: string; seq?: number }) => {
  if (msg.cmd === 'open') void open(msg.spec!);
  else if (msg.cmd === 'mark') {
    arrivals.forEach((m) => m.clear());
    outOfOrder = 0;
    gaps = 0;
    send({ type: 'marked' });
  } else if (msg.cmd === 'latency') send(latency(msg.reference!));
  else if (msg.cmd === 'arm') {
    armed = { seq: msg.seq!, at: now() };
    for (const p of pages) {
      p.armedAt = p.screen.reconnects;
      p.newSocketSync = false;
      p.doneAt = 0;
    }
    send({ type: 'armed', at: armed.at });
  } else if (msg.cmd === 'resumed') {
    const kinds: Record<string, number> = {};
    const targets: Record<string, number> = {};
    for (const p of pages) {
      if (p.doneAt) kinds[p.kind] = (kinds[p.kind] ?? 0) + 1;
      targets[p.screen.target] = (targets[p.screen.target] ?? 0) + 1;
    }
    send({
      type: 'resumed',
      total: pages.length,
      done: pages.filter((p) => p.doneAt).length,
      doneAt: pages.filter((p) => p.doneAt).map((p) => p.doneAt),
      kinds,
      targets,
      reconnects: pages.reduce((a, p) => a + p.screen.reconnects - p.armedAt, 0),
      resyncs: pages.reduce((a, p) => a + p.screen.resyncs, 0),
    });
  } else if (msg.cmd === 'states') {
    const states = new Map<string, number>();
    for (const p of pages) {
      const key = `${p.screen.seq}|${canonical(p.screen.state)}`;
      states.set(key, (states.get(key) ?? 0) + 1);
    }
    send({ type: 'states', distinct: [...states].map(([key, n]) => ({ seq: Number(key.split('|')[0]), state: key.slice(key.indexOf('|') + 1), n })) });
  } else if (msg.cmd === 'close') {
    for (const s of lean) {
      s.ended = true;
      s.socket.close();
    }
    for (const p of pages) p.screen.close();
    lean.length = 0;
    pages.length = 0;
    arrivals.clear();
    errors = 0;
    closed = 0;
    send({ type: 'closed' });
  } else if (msg.cmd === 'exit') {
    for (const s of lean) s.socket.close();
    for (const p of pages) p.screen.close();
    process.exit(0);
  }
});
send({ type: 'started' });
