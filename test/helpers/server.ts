/**
 * Starts a real Riffle server on a loopback port with a fresh data folder, for tests.
 * Time can be the real clock or a `ManualTime` the test moves by hand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startRiffle, type Riffle } from '../../server/server.js';
import type { SeedSource, TimeSource } from '../../server/time.js';
import type { HubOptions } from '../../server/ws/hub.js';
import type { ObsTiming } from '../../server/obs/link.js';
import type { RequestBudgetOptions } from '../../server/net/request-budget.js';
import { sampleTournament } from '../../server/sample.js';
import type { NewTournament } from '../../server/engine/state.js';
import type { NatsAuth } from '../../server/cluster/nats-options.js';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';
export const TEST_PINS = { td: '246810', floor: '135790', stream: '975310' };

export interface TestServer {
  riffle: Riffle;
  url: string;
  wsUrl: string;
  dataDir: string;
  /** Sends a command as the admin and returns the parsed answer with its HTTP status. */
  command(tournament: string, command: Record<string, unknown>, token?: string | null): Promise<{ status: number; body: any }>;
  /** Sends a command as the admin, fails the test unless it is accepted, and returns its `result`. */
  ok(tournament: string, command: Record<string, unknown>): Promise<any>;
  /** Creates a tournament as the admin (the sample one by default) and returns its id. */
  createTournament(input?: NewTournament): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(
  options: { time?: TimeSource; seeds?: SeedSource; dataDir?: string; sample?: boolean; ws?: HubOptions; hosts?: string[]; hostname?: string; obsTiming?: Partial<ObsTiming>; requestBudget?: RequestBudgetOptions; databaseUrl?: string; natsUrl?: string; natsAuth?: NatsAuth; trustedProxies?: string[] } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'riffle-test-'));
  const riffle = await startRiffle({
    port: 0,
    // All interfaces when a test needs a client from this machine's LAN address (not loopback).
    hostname: options.hostname ?? '127.0.0.1',
    dataDir,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.natsUrl ? { natsUrl: options.natsUrl } : {}),
    ...(options.natsAuth ? { natsAuth: options.natsAuth } : {}),
    ...(options.time ? { time: options.time } : {}),
    ...(options.seeds ? { seeds: options.seeds } : {}),
    auth: { adminToken: TEST_ADMIN_TOKEN, pins: TEST_PINS },
    sample: options.sample ?? false,
    ...(options.ws ? { ws: options.ws } : {}),
    ...(options.hosts ? { hosts: options.hosts } : {}),
    ...(options.trustedProxies ? { trustedProxies: options.trustedProxies } : {}),
    ...(options.obsTiming ? { obsTiming: options.obsTiming } : {}),
    ...(options.requestBudget ? { requestBudget: options.requestBudget } : {}),
    log: pino({ level: process.env.TEST_LOG ? 'debug' : 'silent' }),
  });
  const url = `http://127.0.0.1:${riffle.port}`;
  const headers = (token: string | null) => ({
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const command = async (tournament: string, cmd: Record<string, unknown>, token: string | null = TEST_ADMIN_TOKEN) => {
    const res = await fetch(`${url}/api/tournaments/${tournament}/commands`, {
      method: 'POST',
      headers: headers(token),
      body: JSON.stringify(cmd),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  return {
    riffle,
    url,
    wsUrl: `ws://127.0.0.1:${riffle.port}/ws`,
    dataDir,
    command,
    async ok(tournament, cmd) {
      const { status, body } = await command(tournament, cmd);
      if (status !== 200) throw new Error(`${String(cmd.type)} refused (${status}): ${JSON.stringify(body)}`);
      return body.result;
    },
    async createTournament(input = sampleTournament()) {
      const res = await fetch(`${url}/api/tournaments`, { method: 'POST', headers: headers(TEST_ADMIN_TOKEN), body: JSON.stringify(input) });
      const body = (await res.json()) as { id?: string };
      if (res.status !== 201 || !body.id) throw new Error(`create failed: ${res.status} ${JSON.stringify(body)}`);
      return body.id;
    },
    async close() {
      await riffle.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A time source the test moves by hand; timers fire when time passes them. */
export class ManualTime implements TimeSource {
  rate = 1;
  private timers: Array<{ at: number; fn: () => void }> = [];
  constructor(private current = Date.UTC(2026, 10, 22, 18, 0, 0)) {}
  now(): number {
    return this.current;
  }
  at(at: number, fn: () => void): () => void {
    const timer = { at, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }
  /** Moves time forward, firing due timers in order. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = target;
  }
}
