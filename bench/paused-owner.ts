/**
 * A paused owner (docs/SCALING.md "A paused owner"): PostgreSQL, NATS, hosts A and B and an edge,
 * each a process of its own (bench/lib/cluster.ts). The TD sends commands one after another
 * through the edge, on its socket and on its `/api` (relayed by NATS), each sent again 100 ms
 * after a 503. The owner is stopped with SIGSTOP for `pauseSeconds`, then let go (SIGCONT);
 * `rounds` times, the other host being the owner the next time.
 *
 *   npx tsx bench/paused-owner.ts [rounds=3] [pauseSeconds=10]
 *
 * Prints, per round, when the lease moved after the stop and when each path was answered again
 * after the lease moved (target: within 5 s), and that every acknowledged command is logged once.
 * Loopback only.
 */
import pg from 'pg';
import WebSocket from 'ws';
import { startCluster } from './lib/cluster.js';
import { BENCH_ADMIN_TOKEN, machine, sleep, type ServerProcess } from './lib/server-process.js';
import { sampleTournament } from '../server/sample.js';
import { PROTOCOL_VERSION } from '../server/protocol/messages.js';

const rounds = Number(process.argv[2] ?? 3);
const pauseSeconds = Number(process.argv[3] ?? 10);

async function main(): Promise<void> {
  console.log(`paused-owner: ${machine()}`);
  const cluster = await startCluster();
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  let running = true;
  try {
    const hosts = [await cluster.host()];
    const created = await fetch(`${hosts[0]!.url}/api/tournaments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
      body: JSON.stringify(sampleTournament()),
    });
    const { id } = (await created.json()) as { id: string };
    hosts.push(await cluster.host());
    const edge = await cluster.edge();

    // The TD's socket on the edge: one command at a time, answers matched by id.
    const ws = new WebSocket(edge.wsUrl);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const waiting = new Map<string, (ok: boolean, seq: number) => void>();
    const refusals: string[] = [];
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { type: string; id?: string; ok?: boolean; seq?: number; error?: { message: string } };
      if (msg.type === 'result' && msg.ok === false && process.env.BENCH_VERBOSE) refusals.push(`${new Date().toISOString().slice(11, 23)} ${msg.id}: ${msg.error?.message.slice(0, 80)}`);
      if (msg.type === 'result' && typeof msg.id === 'string') waiting.get(msg.id)?.(msg.ok === true, msg.seq ?? 0);
    });
    const request = (msg: Record<string, unknown>, rid: string) =>
      new Promise<{ ok: boolean; seq: number }>((resolve) => {
        const timer = setTimeout(() => resolve({ ok: false, seq: 0 }), 20_000);
        waiting.set(rid, (ok, seq) => {
          clearTimeout(timer);
          waiting.delete(rid);
          resolve({ ok, seq });
        });
        ws.send(JSON.stringify({ ...msg, id: rid }));
      });
    await request({ type: 'hello', protocol: PROTOCOL_VERSION }, 'hello');
    await request({ type: 'auth', token: BENCH_ADMIN_TOKEN }, 'auth');

    const acked = new Map<string, number>();
    const socketAnswers: number[] = [];
    const apiAnswers: number[] = [];
    const socketLoop = (async () => {
      for (let n = 0; running; n++) {
        const cid = `s-${n}`;
        const r = await request({ type: 'command', tournament: id, command: { type: 'clock.adjust', id: cid, seconds: n % 2 ? 1 : -1 } }, cid);
        if (r.ok) {
          acked.set(cid, r.seq);
          socketAnswers.push(Date.now());
        } else await sleep(100);
      }
    })();
    const apiLoop = (async () => {
      for (let n = 0; running; n++) {
        const cid = `h-${n}`;
        const r = await fetch(`${edge.url}/api/tournaments/${id}/commands`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
          body: JSON.stringify({ type: 'clock.adjust', id: cid, seconds: n % 2 ? 1 : -1 }),
          signal: AbortSignal.timeout(20_000),
        }).catch(() => null);
        const body = r ? ((await r.json().catch(() => null)) as { ok?: boolean; seq?: number } | null) : null;
        if (r?.status === 200 && body?.ok) {
          acked.set(cid, body.seq!);
          apiAnswers.push(Date.now());
        } else await sleep(100);
      }
    })();
    const lease = async () => (await db.query<{ epoch: number }>('SELECT epoch FROM leases WHERE tournament_id = $1', [id])).rows[0]!.epoch;
    const until = async (what: string, probe: () => Promise<number | undefined> | number | undefined, ms = 30_000) => {
      const end = Date.now() + ms;
      for (;;) {
        const v = await probe();
        if (v !== undefined) return v;
        if (Date.now() > end) throw new Error(`no ${what} within ${ms} ms`);
        await sleep(20);
      }
    };
    await until('command answered through the edge', () => (socketAnswers.length >= 3 && apiAnswers.length >= 3 ? 1 : undefined));

    let owner: ServerProcess = hosts[0]!;
    for (let round = 1; round <= rounds; round++) {
      const epoch = await lease();
      owner.child.kill('SIGSTOP');
      const stoppedAt = Date.now();
      const movedAt = await until('lease move', async () => ((await lease()) > epoch ? Date.now() : undefined));
      const socketAt = await until('socket answer', () => socketAnswers.find((t) => t > movedAt));
      const apiAt = await until('/api answer', () => apiAnswers.find((t) => t > movedAt));
      await sleep(Math.max(0, stoppedAt + pauseSeconds * 1000 - Date.now()));
      owner.child.kill('SIGCONT');
      console.log(
        `round ${round}: lease moved ${((movedAt - stoppedAt) / 1000).toFixed(2)} s after the stop; answered again after the move: socket ${((socketAt - movedAt) / 1000).toFixed(2)} s, /api ${((apiAt - movedAt) / 1000).toFixed(2)} s (target <= 5 s)`,
      );
      if (refusals.length) console.log(`  stopped at ${new Date(stoppedAt).toISOString().slice(11, 23)}, lease moved at ${new Date(movedAt).toISOString().slice(11, 23)}; refused:\n  ${refusals.splice(0).join('\n  ')}`);
      owner = owner === hosts[0] ? hosts[1]! : hosts[0]!;
      // The host let go has dropped the tournament before it is the standby again.
      await sleep(3_000);
    }
    running = false;
    await Promise.all([socketLoop, apiLoop]);
    const rows = (await db.query<{ seq: number; command_id: string }>('SELECT seq, command_id FROM commands WHERE tournament_id = $1', [id])).rows;
    const logged = new Map(rows.map((r) => [r.command_id, r.seq]));
    const lost = [...acked].filter(([cid, seq]) => logged.get(cid) !== seq).length;
    console.log(`${acked.size} acknowledged commands, ${lost} not in the log at their seq; ${rows.length} logged, ${new Set(rows.map((r) => r.seq)).size} distinct seqs`);
    ws.close();
  } finally {
    running = false;
    await db.end();
    await cluster.stop();
  }
}

await main();
