/**
 * Storage that recovers (issue 21, item 5), measured on a real server process:
 *
 * 1. A database read-only at start-up (`chattr +i riffle.db`, as root): how long after the file
 *    can be written again a command is accepted, without a restart (reopen.ts).
 * 2. A WAL deleted after a kill -9, `rounds` times: after 250 commands (so the WAL checkpointer has
 *    copied the tournament into riffle.db), commands sent with two in flight for 1-3 s,
 *    SIGKILL, `riffle.db-wal` and `-shm` deleted, restart. Printed per round: the commands
 *    acknowledged, where the log ends now, and how many the server reports lost (seq-mark.ts).
 *
 * Usage: npx tsx bench/storage-recovery.ts [readOnlySeconds=65 (0: skip)] [rounds=5]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, freePort, machine, sleep, startServerProcess } from './lib/server-process.js';
import { sampleTournament } from '../server/sample.js';

const READ_ONLY_SECONDS = Number(process.argv[2] ?? 65);
const ROUNDS = Number(process.argv[3] ?? 5);

async function readOnlyStart(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'riffle-bench-ro-'));
  const file = join(dataDir, 'riffle.db');
  const port = await freePort();
  let server = await startServerProcess({ port, dataDir, sample: false });
  try {
    const id = (await api(server.url, 'POST', '/api/tournaments', sampleTournament())).body.id as string;
    await api(server.url, 'POST', `/api/tournaments/${id}/commands`, { type: 'entry.add', name: 'Anna Jansen' });
    await server.kill('SIGTERM');
    execFileSync('chattr', ['+i', file]);
    server = await startServerProcess({ port, dataDir, sample: false });
    const command = { type: 'entry.add', name: 'Bo Berg', id: 'bo' };
    let refused = 0;
    const until = Date.now() + READ_ONLY_SECONDS * 1000;
    while (Date.now() < until) {
      if ((await api(server.url, 'POST', `/api/tournaments/${id}/commands`, command)).status === 503) refused++;
      await sleep(1000);
    }
    execFileSync('chattr', ['-i', file]);
    const writable = Date.now();
    let status = 0;
    let tries = 0;
    while (status !== 200) {
      status = (await api(server.url, 'POST', `/api/tournaments/${id}/commands`, command)).status;
      tries++;
      if (status !== 200) await sleep(20);
      if (Date.now() - writable > 60_000) throw new Error('no command accepted within 60 s of the file becoming writable');
    }
    const ms = Date.now() - writable;
    const pair = await api(server.url, 'POST', '/api/auth/pair', { pin: server.tdPin }, null);
    console.log(`read-only for ${READ_ONLY_SECONDS} s (${refused} commands answered 503, one a second); writable again: first command accepted after ${ms} ms (${tries} tries 20 ms apart); pairing ${pair.status}`);
  } finally {
    execFileSync('chattr', ['-i', file]);
    await server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function lostWal(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'riffle-bench-wal-'));
  const file = join(dataDir, 'riffle.db');
  const port = await freePort();
  let server = await startServerProcess({ port, dataDir, sample: false });
  try {
    const id = (await api(server.url, 'POST', '/api/tournaments', sampleTournament())).body.id as string;
    let acknowledged = 0;
    let n = 0;
    const rates: number[] = [];
    // 250 commands first: the WAL checkpointer (every 200 commits) copies the tournament into riffle.db.
    for (let i = 0; i < 250; i++) acknowledged = (await api(server.url, 'POST', `/api/tournaments/${id}/commands`, { type: 'entry.add', name: `Player ${n++}` })).body.seq as number;
    await sleep(1500);
    for (let round = 1; round <= ROUNDS; round++) {
      const startedAt = Date.now();
      const stopAt = startedAt + 1000 + Math.random() * 2000;
      let answered = 0;
      const desk = async () => {
        while (Date.now() < stopAt) {
          const answer = await api(server.url, 'POST', `/api/tournaments/${id}/commands`, { type: 'entry.add', name: `Player ${n++}` });
          if (answer.status === 200) acknowledged = Math.max(acknowledged, answer.body.seq as number);
          answered++;
        }
      };
      await Promise.all([desk(), desk()]);
      rates.push((answered * 1000) / (Date.now() - startedAt));
      await server.kill('SIGKILL');
      rmSync(`${file}-wal`, { force: true });
      rmSync(`${file}-shm`, { force: true });
      server = await startServerProcess({ port, dataDir, sample: false });
      const health = (await api(server.url, 'GET', '/healthz')).body;
      const logEnd = (await api(server.url, 'GET', `/api/tournaments/${id}`)).body.seq as number | undefined;
      if (logEnd === undefined) throw new Error(`round ${round}: the tournament itself was lost (${JSON.stringify(health.storage)})`);
      const reported = (health.storage.lostCommands as Array<{ tournament: string; missing: number }>).find((l) => l.tournament === id)?.missing ?? 0;
      console.log(`round ${round}: acknowledged up to seq ${acknowledged}, log ends at ${logEnd}: ${acknowledged - logEnd} lost, reported at least ${reported}`);
      acknowledged = logEnd;
    }
    console.log(`commands answered per second (two in flight), per round: ${rates.map((r) => r.toFixed(0)).join(', ')}`);
  } finally {
    await server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(machine());
if (READ_ONLY_SECONDS > 0) await readOnlyStart();
await lostWal();
