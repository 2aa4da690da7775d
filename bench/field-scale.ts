/**
 * Cost per command against the size of the field (issue: "every command costs the same at 50
 * entries and at 10,000"). A real server process per field size, with one phone (TD socket) and
 * one TV (viewer socket) following every topic, as in the venue:
 *
 * - answer latency p50 / p99 of entry.add, chips.set, entry.bust and clock.pause/resume, over
 *   HTTP and over the WebSocket, at a small field and a large one measured in the same run, and
 *   the ratio of their p50s;
 * - bytes the TV receives per chips.set and per single bust;
 * - registration throughput from 4 concurrent clients;
 * - restart: a tournament of the large field with a long command log, from process start to
 *   the first snapshot served.
 *
 * Usage: npx tsx bench/field-scale.ts [large=10000] [small=100] [samples=200] [log=100000]
 * The fields are set up in-process (same engine, same database format) so that building a
 * 10,000-entry event and a 100,000-command log takes seconds, not an hour of HTTP.
 */
import { rmSync } from 'node:fs';
import WebSocket from 'ws';
import { Registry } from '../server/host/registry.js';
import { CHECKPOINT_EVERY, Store } from '../server/host/store.js';
import { osSeeds, systemTime } from '../server/time.js';
import { PROTOCOL_VERSION } from '../server/protocol/messages.js';
import { applyCommand, parseCommand } from '../server/engine/apply.js';
import { lazyRng } from '../server/engine/random.js';
import { BENCH_TD, seatedField } from './lib/field.js';
import { api, BENCH_ADMIN_TOKEN, freePort, machine, percentile, startServerProcess, type ServerProcess } from './lib/server-process.js';

const LARGE = Number(process.argv[2] ?? 10_000);
const SMALL = Number(process.argv[3] ?? 100);
const SAMPLES = Number(process.argv[4] ?? 200);
const LOG = Number(process.argv[5] ?? 100_000);
const ADMIN = BENCH_TD;

/** A data folder with one tournament of `entries` players seated 9 to a table, clock running. */
function buildField(entries: number, extraCommands = 0, afterCheckpoint = 0): { dataDir: string; id: string; seq: number } {
  // A checkpoint after the database is closed (below) fails: that is the point (a kill leaves none).
  const listener = { change() {}, delayChanged() {}, error(err: unknown, context?: { command?: string }) { if (context?.command !== 'checkpoint') throw err; } };
  // Room for the late registrations the bench makes (1,000 + 200): they get seats, as when the
  // floor opens tables ahead of late registration, instead of a waiting list.
  const { dataDir, db, registry, host } = seatedField('scale', entries, { tables: Math.ceil((entries + 1_300) / 9), listener });
  let seq = host.seq;
  if (extraCommands > 0) {
    // A long log, quickly: the engine and the store as the host uses them, without the views.
    const store = new Store(db);
    let state = host.state;
    db.$client.exec('BEGIN');
    for (let i = 0; i < extraCommands; i++) {
      const parsed = parseCommand({ type: 'chips.set', entryId: `e${1 + (i % entries)}`, chips: 20_000 + i });
      const at = Date.now();
      const seed = `s${i}`;
      state = applyCommand(state, parsed, { now: at, rng: lazyRng(seed) }).state;
      seq++;
      store.commit(host.id, { seq, commandId: `bench-${i}`, type: parsed.type, args: parsed.args, at, seed, actor: 'admin', answer: { ok: true, seq } });
    }
    store.checkpoint(host.id, seq, state);
    db.$client.exec('COMMIT');
  } else registry.close(); // writes the checkpoint
  if (afterCheckpoint > 0) {
    // Commands after the last checkpoint, then no clean shutdown: what a kill -9 leaves.
    const again = new Registry(new Store(db), systemTime(), listener, osSeeds);
    const h = again.get(host.id)!;
    db.$client.exec('BEGIN');
    for (let i = 0; i < afterCheckpoint; i++) h.dispatch({ type: 'chips.set', entryId: `e${1 + i}`, chips: 50_000 + i }, ADMIN);
    db.$client.exec('COMMIT');
    seq = h.seq;
    db.$client.close();
    again.close();
  } else db.$client.close();
  registry.close();
  return { dataDir, id: host.id, seq };
}

/** A WebSocket client of protocol v2 that counts the bytes it receives. */
class Socket {
  bytes = 0;
  /** Seq of the last patch received (a patch may arrive before anyone waits for it). */
  patchSeq = 0;
  private waiters: Array<{ match: (m: any) => boolean; resolve: (m: any) => void }> = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = String(data);
      this.bytes += Buffer.byteLength(text);
      const msg = JSON.parse(text);
      if (msg.type === 'patch') this.patchSeq = Math.max(this.patchSeq, msg.seq);
      this.waiters = this.waiters.filter((w) => (w.match(msg) ? (w.resolve(msg), false) : true));
    });
  }
  static async open(url: string, tournament: string, admin: boolean): Promise<Socket> {
    const ws = new WebSocket(url);
    const s = new Socket(ws);
    await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
    ws.send(JSON.stringify({ type: 'hello', id: 'h', protocol: PROTOCOL_VERSION }));
    if (admin) ws.send(JSON.stringify({ type: 'auth', id: 'a', token: BENCH_ADMIN_TOKEN }));
    const snapshot = s.next((m) => m.type === 'snapshot');
    ws.send(JSON.stringify({ type: 'subscribe', id: 's', tournament }));
    await snapshot;
    return s;
  }
  next(match: (m: any) => boolean): Promise<any> {
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }
  send(msg: object): void {
    this.ws.send(JSON.stringify(msg));
  }
  close(): void {
    this.ws.close();
  }
}

interface Row {
  command: string;
  transport: string;
  p50: number;
  p99: number;
}

async function measure(server: ServerProcess, id: string, entries: number): Promise<{ rows: Row[]; bytes: Record<string, number> }> {
  const phone = await Socket.open(server.wsUrl, id, true);
  const tv = await Socket.open(server.wsUrl, id, false);
  const busted = entries;
  let chips = 0;
  let pause = 0;
  let added = 0;
  const make: Record<string, () => Record<string, unknown>> = {
    'chips.set': () => ({ type: 'chips.set', entryId: `e${1 + (chips++ % entries)}`, chips: 30_000 + chips }),
    // Each bust is undone (untimed) after it is measured, so the field keeps its size.
    'entry.bust': () => ({ type: 'entry.bust', entryIds: [`e${busted}`] }),
    // Registered into the seats the busts freed (a full room would put them on the waiting list).
    'entry.add': () => ({ type: 'entry.add', name: `Late ${++added}` }),
    'clock.pause': () => ({ type: pause++ % 2 ? 'clock.resume' : 'clock.pause' }),
  };
  const rows: Row[] = [];
  const bytes: Record<string, number> = {};
  let ref = 0;
  for (const command of ['chips.set', 'entry.bust', 'entry.add', 'clock.pause']) {
    for (const transport of ['http', 'ws']) {
      const times: number[] = [];
      const tvBytes: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const body = make[command]!();
        if (process.env.BENCH_DEBUG) console.log(transport, JSON.stringify(body));
        const before = tv.bytes;
        let seq: number;
        // A socket may send 20 messages a second (WS_LIMITS): keep under it, outside the timing.
        if (transport === 'ws') await new Promise((r) => setTimeout(r, 55));
        const t0 = performance.now();
        if (transport === 'http') {
          const res = await api(server.url, 'POST', `/api/tournaments/${id}/commands`, body);
          times.push(performance.now() - t0);
          if (res.status !== 200) throw new Error(`${command}: ${res.status} ${JSON.stringify(res.body)}`);
          seq = res.body.seq;
        } else {
          const mine = `r${++ref}`;
          const answer = phone.next((m) => m.type === 'result' && m.id === mine);
          phone.send({ type: 'command', id: mine, tournament: id, command: body });
          const res = await answer;
          times.push(performance.now() - t0);
          if (!res.ok) throw new Error(`${command}: ${JSON.stringify(res.error)}`);
          seq = res.seq;
        }
        if (tv.patchSeq < seq) await tv.next((m) => m.type === 'patch' && m.seq >= seq);
        tvBytes.push(tv.bytes - before);
        if (command === 'entry.bust') {
          const undo = await api(server.url, 'POST', `/api/tournaments/${id}/commands`, { type: 'entry.undoBust', entryId: `e${busted}` });
          if (undo.status !== 200) throw new Error(`undo: ${JSON.stringify(undo.body)}`);
          if (tv.patchSeq < undo.body.seq) await tv.next((m) => m.type === 'patch' && m.seq >= undo.body.seq);
        }
      }
      times.sort((a, b) => a - b);
      rows.push({ command, transport, p50: percentile(times, 50), p99: percentile(times, 99) });
      bytes[command] = Math.max(bytes[command] ?? 0, percentile(tvBytes.sort((a, b) => a - b), 50));
    }
  }
  phone.close();
  tv.close();
  return { rows, bytes };
}

/** Entries per second registered by 4 clients at once, each waiting for its answers. */
async function registration(server: ServerProcess, id: string, total: number): Promise<number> {
  let n = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async (_, lane) => {
      while (n < total) {
        n++;
        const res = await api(server.url, 'POST', `/api/tournaments/${id}/commands`, { type: 'entry.add', name: `Lane ${lane} player ${n}` });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      }
    }),
  );
  return total / ((performance.now() - t0) / 1000);
}

async function start(dataDir: string): Promise<{ server: ServerProcess; ms: number }> {
  const t0 = performance.now();
  const server = await startServerProcess({ port: await freePort(), dataDir, sample: false });
  return { server, ms: performance.now() - t0 };
}

async function main() {
  console.log(`field-scale: ${machine()}`);
  console.log(`tables: enough for the field and the 1,200 late registrations the bench makes`);
  const results: Record<number, { rows: Row[]; bytes: Record<string, number>; perSecond: number }> = {};
  for (const entries of [SMALL, LARGE]) {
    const t0 = performance.now();
    const field = buildField(entries);
    console.log(`built ${entries} entries on ${Math.ceil((entries + 1_300) / 9)} tables in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const { server } = await start(field.dataDir);
    try {
      const measured = await measure(server, field.id, entries);
      const perSecond = await registration(server, field.id, Math.min(1000, entries));
      results[entries] = { ...measured, perSecond };
    } finally {
      await server.kill();
      rmSync(field.dataDir, { recursive: true, force: true });
    }
  }
  console.log(`\n| command | transport | p50 at ${SMALL} | p50 at ${LARGE} | ratio | p99 at ${LARGE} |`);
  console.log('|---|---|---|---|---|---|');
  for (const [i, row] of results[LARGE]!.rows.entries()) {
    const small = results[SMALL]!.rows[i]!;
    console.log(`| ${row.command} | ${row.transport} | ${small.p50.toFixed(2)} ms | ${row.p50.toFixed(2)} ms | ${(row.p50 / small.p50).toFixed(2)} | ${row.p99.toFixed(2)} ms |`);
  }
  for (const entries of [SMALL, LARGE]) {
    const b = results[entries]!.bytes;
    console.log(`bytes to a TV at ${entries} entries (p50): chips.set ${b['chips.set']}, single bust ${b['entry.bust']}, entry.add ${b['entry.add']}, clock.pause ${b['clock.pause']}`);
    console.log(`registration at ${entries} entries, 4 concurrent clients: ${results[entries]!.perSecond.toFixed(0)} entries/s`);
  }

  // Restart: the large field with a long log (the last checkpoint is where the builder closed).
  const t0 = performance.now();
  const field = buildField(LARGE, LOG - LARGE - Math.ceil(LARGE / 9) - 2 - (CHECKPOINT_EVERY - 1), CHECKPOINT_EVERY - 1);
  console.log(`\nbuilt ${LARGE} entries with a ${field.seq}-command log (the last ${CHECKPOINT_EVERY - 1} after the checkpoint, as a kill -9 leaves it) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = performance.now();
  const { server } = await start(field.dataDir);
  const tv = await Socket.open(server.wsUrl, field.id, false);
  console.log(`restart: serving a snapshot ${((performance.now() - t1) / 1000).toFixed(2)} s after the process started`);
  tv.close();
  await server.kill();
  rmSync(field.dataDir, { recursive: true, force: true });
}

await main();
