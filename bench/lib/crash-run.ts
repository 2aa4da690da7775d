/**
 * The crash harness (issue "Prove it"): drives a scripted tournament through the public API
 * against a server in a child process, SIGKILLs it at random moments, restarts it, and checks
 * after every kill that nothing acknowledged was lost. Used by bench/crash.ts (>= 100 kills)
 * and test/server/crash.test.ts (a few kills, for CI).
 *
 * Checks, after each kill and restart:
 *  - the database (opened read-only) holds every acknowledged command at its seq, and the
 *    stored state equals a fresh replay of the log;
 *  - resending an acknowledged command's id answers exactly the first answer;
 *  - the running clock is where the log says it should be at the server's time;
 *  - every connected screen reconnects and holds the server's state within 2 s of the server
 *    answering again; a screen that misses a patch notices the gap (`prev`) and resyncs.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { isDeepStrictEqual } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as schema from '../../db/schema.js';
import type { Db } from '../../db/client.js';
import { Store } from '../../server/host/store.js';
import { replay } from '../../server/engine/replay.js';
import { COMMANDS, settle } from '../../server/engine/apply.js';
import { clockView } from '../../server/engine/views.js';
import { api, sleep, startServerProcess, type ServerProcess } from './server-process.js';
import { Screen } from './screen.js';

export interface CrashOptions {
  kills: number;
  /** Minimum number of acknowledged commands over the run. */
  commands: number;
  port: number;
  screens?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface CrashReport {
  kills: number;
  acknowledged: number;
  sent: number;
  unacknowledged: number;
  resent: number;
  finalSeq: number;
  ticks: number;
  maxScreenCatchUpMs: number;
  meanScreenCatchUpMs: number;
  maxRestartMs: number;
  gapResyncs: number;
  /** Acknowledged (ok) commands by type. */
  byType: Record<string, number>;
  failures: string[];
  seconds: number;
}

/** Small seeded generator, so a failing run can be repeated with its seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Short levels (6 s), so level changes happen while the server is down and while it runs. */
function crashTournament() {
  const structure = [];
  for (let i = 1; i <= 60; i++) {
    structure.push({ kind: 'level', smallBlind: 25 * i, bigBlind: 50 * i, ante: 0, anteType: 'none', minutes: 0.1 });
    if (i % 10 === 0) structure.push({ kind: 'break', minutes: 0.1, colorUp: null });
  }
  return { name: 'Crash harness', preset: 'tda-2024-onk', structure, settings: { lateRegistrationLevel: 60 } };
}

function openReadOnly(dataDir: string): { db: Db; close(): void } {
  const sqlite = new Database(join(dataDir, 'riffle.db'), { readonly: true, fileMustExist: true });
  return { db: drizzle(sqlite, { schema }) as unknown as Db, close: () => sqlite.close() };
}

interface Acked {
  id: string;
  command: Record<string, unknown>;
  answer: { ok: boolean; seq?: number };
}

export async function crashRun(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => {});
  const random = rng(options.seed ?? 42);
  const dataDir = mkdtempSync(join(tmpdir(), 'riffle-crash-'));
  const failures: string[] = [];
  const fail = (msg: string) => {
    failures.push(msg);
    log(`FAIL ${msg}`);
  };
  const acked: Acked[] = [];
  const pending: Array<{ id: string; command: Record<string, unknown> }> = [];
  let sent = 0;
  let resent = 0;
  let n = 0;
  const catchUps: number[] = [];
  const restarts: number[] = [];
  let gapResyncs = 0;
  const t0 = Date.now();
  let server: ServerProcess | null = null;
  const screens: Screen[] = [];
  let tournament = '';

  const okCount = () => acked.reduce((n, a) => n + (a.answer.ok ? 1 : 0), 0);
  const has = (type: string) => Object.hasOwn(COMMANDS, type);
  /** Entries registered so far (when the registry has the entries domain). */
  const entries: string[] = [];
  /** Entries chosen for a bust (sent, so busted once acknowledged: an unanswered one is resent). */
  const busted = new Set<string>();
  /** Picks a command that usually applies; failures (409) are fine, they are not logged. */
  const nextCommand = (): Record<string, unknown> => {
    if (has('entry.add') && random() < 0.3) {
      const r = random();
      if (r < 0.4 || entries.length < 3) return { type: 'entry.add', name: `Player ${entries.length + 1}` };
      if (r < 0.8 && has('chips.set')) return { type: 'chips.set', entryId: entries[Math.floor(random() * entries.length)], chips: 1 + Math.floor(random() * 50_000) };
      // Never the last two players in: busting down to one ends the tournament, after which
      // every command is refused (tournament-finished) and the run could not go on.
      if (has('entry.bust') && entries.length - busted.size > 2) {
        const alive = entries.filter((e) => !busted.has(e));
        const entryId = alive[Math.floor(random() * alive.length)]!;
        busted.add(entryId); // when chosen, so two lanes never bust the last two at once
        return { type: 'entry.bust', entryIds: [entryId] };
      }
    }
    const r = random();
    if (r < 0.5) return { type: 'clock.adjust', seconds: r < 0.25 ? -1 - Math.floor(random() * 3) : 1 + Math.floor(random() * 3) };
    if (r < 0.6) return { type: 'clock.pause' };
    if (r < 0.75) return { type: 'clock.resume' };
    if (r < 0.85) return { type: 'level.next' };
    if (r < 0.9) return { type: 'level.previous' };
    return { type: 'level.set', index: Math.floor(random() * 8) };
  };

  const send = async (id: string, command: Record<string, unknown>): Promise<Acked['answer'] | null> => {
    try {
      const res = await api(server!.url, 'POST', `/api/tournaments/${tournament}/commands`, { ...command, id });
      if (typeof res.body !== 'object' || res.body === null || typeof res.body.ok !== 'boolean') {
        fail(`untyped answer ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        return null;
      }
      return res.body;
    } catch {
      return null; // connection refused or reset: the server died; never acknowledged
    }
  };

  try {
    server = await startServerProcess({ port: options.port, dataDir, sample: false });
    const created = await api(server.url, 'POST', '/api/tournaments', crashTournament());
    if (created.status !== 201) throw new Error(`create: ${JSON.stringify(created.body)}`);
    tournament = created.body.id;
    const start = await send('start', { type: 'clock.start' });
    if (!start?.ok) throw new Error('clock.start failed');
    // Tables first, so the seating follow-up seats each new entry (when seating exists).
    if (has('table.add')) for (let t = 0; t < 4; t++) await send(`table-${t}`, { type: 'table.add' });
    acked.push({ id: 'start', command: { type: 'clock.start' }, answer: start });
    for (let i = 0; i < (options.screens ?? 5); i++) screens.push(new Screen(server.wsUrl, tournament));

    for (let kill = 0; kill < options.kills; kill++) {
      // Run commands (2 in flight) for a random time, then kill in the middle of them.
      const runFor = 50 + random() * 400;
      const stopAt = Date.now() + runFor;
      const perKill = Math.ceil(options.commands / options.kills);
      const before = okCount();
      let dead = false;
      const lane = async () => {
        while (!dead) {
          const retry = pending.shift();
          const id = retry?.id ?? `c-${++n}`;
          const command = retry?.command ?? nextCommand();
          sent++;
          if (retry) resent++;
          const answer = await send(id, command);
          if (!answer) {
            pending.push({ id, command });
            return;
          }
          acked.push({ id, command, answer });
          const entryId = (answer as { result?: { entryId?: unknown } }).result?.entryId;
          if (command.type === 'entry.add' && typeof entryId === 'string' && !entries.includes(entryId)) entries.push(entryId);
        }
      };
      const lanes = [lane(), lane()];
      await sleep(runFor);
      // At least this kill's share of the commands first (a slow machine does fewer per ms);
      // the kill still lands while commands are in flight.
      while (okCount() - before < perKill && Date.now() < stopAt + 30_000) await sleep(2);
      dead = true;
      const killedAt = Date.now();
      await server.kill('SIGKILL');
      await Promise.all(lanes);

      // The database after the kill: every ok answer at its seq, state = replay(log).
      const ro = openReadOnly(dataDir);
      let stored;
      try {
        const store = new Store(ro.db);
        stored = store.loadTournaments().find((t) => t.id === tournament)!;
        const entries = store.log(tournament);
        if (entries.length !== stored.seq) fail(`kill ${kill}: log has ${entries.length} rows, seq is ${stored.seq}`);
        const bySeq = new Map(entries.map((e) => [e.seq, e]));
        for (const a of acked) {
          if (!a.answer.ok) continue;
          const row = bySeq.get(a.answer.seq!);
          if (!row || row.commandId !== a.id) fail(`kill ${kill}: acknowledged ${a.id} missing at seq ${a.answer.seq}`);
        }
        if (!isDeepStrictEqual(replay(stored.origin, entries), stored.state)) fail(`kill ${kill}: stored state differs from a replay of the log`);
      } finally {
        ro.close();
      }

      const downAt = Date.now();
      server = await startServerProcess({ port: options.port, dataDir, sample: false });
      const upAt = Date.now();
      restarts.push(upAt - downAt);
      // The WAL is intact after a kill: the high-water mark (server/host/seq-mark.ts) reports no loss.
      const health = await api(server.url, 'GET', '/healthz');
      if (health.body.storage?.lostCommands?.length !== 0) fail(`kill ${kill}: a loss reported after a kill that lost nothing: ${JSON.stringify(health.body.storage)}`);

      // The running clock is where the log says: settle the stored state at the server's time.
      const now = await api(server.url, 'GET', `/api/tournaments/${tournament}`);
      const expected = clockView(settle(stored.state, now.body.serverTime).state);
      const clock = now.body.state.clock;
      if (clock.status !== expected.status || clock.current.index !== expected.current.index || clock.endsAt !== expected.endsAt || clock.remainingMs !== expected.remainingMs) {
        // A boundary may pass between the server's settle and our GET; one level of slack.
        if (!(expected.status === 'running' && clock.current.index === expected.current.index + 1)) {
          fail(`kill ${kill}: clock ${JSON.stringify(clock)} but the log says ${JSON.stringify(expected)}`);
        }
      }

      // Screens: reconnect and hold the server's state within 2 s of it answering again.
      let caughtUp = -1;
      for (;;) {
        const truth = await api(server.url, 'GET', `/api/tournaments/${tournament}`, undefined, null); // as an anonymous screen reads it (no producer text: issue 24)
        const held = screens.every((s) => s.connected && s.snapshotAt >= killedAt && s.seq === truth.body.seq && isDeepStrictEqual(s.shown, truth.body.state));
        if (held) {
          caughtUp = Date.now() - upAt;
          break;
        }
        if (Date.now() - upAt > 2000) break;
        await sleep(20);
      }
      if (caughtUp < 0) fail(`kill ${kill}: screens did not hold the current state within 2 s (${screens.map((s) => s.seq).join(',')})`);
      else catchUps.push(caughtUp);

      // Resend some acknowledged ids: the answer must be the first one.
      const sample = [...acked.slice(-3), acked[Math.floor(random() * acked.length)]!];
      for (const a of sample) {
        const again = await send(a.id, a.command);
        if (a.answer.ok && !isDeepStrictEqual(again, a.answer)) fail(`kill ${kill}: resent ${a.id} answered ${JSON.stringify(again)}, first ${JSON.stringify(a.answer)}`);
      }

      // Gap: one screen loses a patch; it must notice from `prev` and resync.
      const victim = screens[kill % screens.length]!;
      const resyncsBefore = victim.resyncs;
      victim.dropNextPatch = true;
      const gapDeadline = Date.now() + 3000;
      for (let k = 0; ; k++) {
        if (k < 6 && victim.resyncs === resyncsBefore) {
          // Two changes at least: the first is dropped, the second shows the gap.
          const id = `gap-${kill}-${k}`;
          const command = { type: 'clock.adjust', seconds: k % 2 === 0 ? 1 : -1 };
          const a = await send(id, command);
          if (a) acked.push({ id, command, answer: a });
        }
        const truth = await api(server.url, 'GET', `/api/tournaments/${tournament}`, undefined, null); // as an anonymous screen reads it (no producer text: issue 24)
        if (victim.resyncs > resyncsBefore && victim.seq === truth.body.seq && isDeepStrictEqual(victim.shown, truth.body.state)) {
          gapResyncs++;
          break;
        }
        if (Date.now() > gapDeadline) {
          fail(`kill ${kill}: a screen that missed a patch did not resync (holds ${victim.seq}, drop pending ${victim.dropNextPatch}, answers ${JSON.stringify(acked.slice(-6).map((a) => a.answer))})`);
          break;
        }
        await sleep(20);
      }
      if (kill % 10 === 9) log(`kill ${kill + 1}/${options.kills}: ${acked.length} acknowledged, seq ${now.body.seq}`);
    }

    // Finally: every acknowledged id answers its first answer.
    for (const a of acked) {
      if (!a.answer.ok) continue;
      const again = await send(a.id, a.command);
      if (!isDeepStrictEqual(again, a.answer)) fail(`final: resent ${a.id} answered ${JSON.stringify(again)}, first ${JSON.stringify(a.answer)}`);
    }
    const final = await api(server.url, 'GET', `/api/tournaments/${tournament}/log?limit=1000`);
    const ticks = (await api(server.url, 'GET', `/api/tournaments/${tournament}`)).body.seq;
    const mean = catchUps.reduce((a, b) => a + b, 0) / Math.max(1, catchUps.length);
    return {
      kills: options.kills,
      acknowledged: acked.filter((a) => a.answer.ok).length,
      sent,
      unacknowledged: pending.length,
      resent,
      finalSeq: ticks,
      ticks: Array.isArray(final.body.entries) ? final.body.entries.filter((e: { type: string }) => e.type === 'clock.tick').length : -1,
      maxScreenCatchUpMs: Math.max(0, ...catchUps),
      meanScreenCatchUpMs: Math.round(mean),
      maxRestartMs: Math.max(0, ...restarts),
      gapResyncs,
      byType: acked.reduce<Record<string, number>>((m, a) => {
        if (a.answer.ok) m[a.command.type as string] = (m[a.command.type as string] ?? 0) + 1;
        return m;
      }, {}),
      failures,
      seconds: Math.round((Date.now() - t0) / 1000),
    };
  } finally {
    for (const s of screens) s.close();
    await server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
