/**
 * A small reconnecting screen, as a venue display behaves (protocol v2): say its version and
 * subscribe on every `hello` (resuming from its seq once it has one), take the snapshot or the
 * resume, apply patches, and resubscribe when `prev` shows a missed change. Reconnects with a
 * capped backoff (50 ms doubling to 500 ms: a venue server restarts in about a second), or as
 * `options.delay` says (bench/edge-screens.ts passes the page's, client/backoff.ts).
 */
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../server/protocol/messages.js';
import { applyOps } from '../../server/protocol/ops.js';
import { screenViews } from '../../server/protocol/rules/payouts.js';

export interface ScreenOptions {
  /** The URLs to reconnect to, in turn, after the first (a load balancer's pool of edges). */
  next?: string[];
  /** Delay before reconnect attempt `attempt` (0-based, reset once a socket opens). */
  delay?: (attempt: number) => number;
  /** Source address (one of 127.0.0.0/8: many screens, many addresses, as in a venue). */
  localAddress?: string;
  /** Called on every snapshot, resume and applied patch (after the state changed). */
  onSync?: (screen: Screen, kind: 'snapshot' | 'resumed' | 'patch') => void;
}

export class Screen {
  seq = -1;
  state: Record<string, unknown> = {};
  /** The topics as a screen shows them (the payout ladder with its amounts), as `GET /api/tournaments/:id` returns them. */
  get shown(): Record<string, unknown> {
    return screenViews(this.state) as Record<string, unknown>;
  }
  connected = false;
  reconnects = 0;
  resyncs = 0;
  /** When the last snapshot arrived (a screen holds fresh state only after one). */
  snapshotAt = 0;
  /** Test hook: drop the next patch as if the network lost it. */
  dropNextPatch = false;
  private ws: WebSocket | null = null;
  private backoff = 50;
  private attempt = 0;
  private stopped = false;
  /** Index into [url, ...next] of the URL the socket goes to. */
  private at = 0;

  constructor(
    private readonly url: string,
    private readonly tournament: string,
    private readonly options: ScreenOptions = {},
  ) {
    this.connect();
  }

  /** The URL of the current (or next) socket. */
  get target(): string {
    const urls = [this.url, ...(this.options.next ?? [])];
    return urls[this.at % urls.length]!;
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.target, { ...(this.options.localAddress ? { localAddress: this.options.localAddress } : {}) });
    this.ws = ws;
    ws.on('open', () => {
      this.connected = true;
      this.backoff = 50;
      this.attempt = 0;
    });
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.type === 'hello') {
        ws.send(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }));
        this.subscribe();
      } else if (msg.type === 'resumed' && msg.tournament === this.tournament) {
        this.snapshotAt = Date.now();
        this.options.onSync?.(this, 'resumed');
      } else if (msg.type === 'snapshot' && msg.tournament === this.tournament) {
        this.seq = msg.seq;
        this.state = msg.state;
        this.snapshotAt = Date.now();
        this.options.onSync?.(this, 'snapshot');
      } else if (msg.type === 'patch' && msg.tournament === this.tournament) {
        if (this.dropNextPatch) {
          this.dropNextPatch = false;
          return;
        }
        if (msg.prev > this.seq) {
          // A change was missed: the patch cannot be applied on top of what we hold.
          this.resyncs++;
          this.subscribe();
          return;
        }
        this.seq = msg.seq;
        this.state = applyOps(this.state, msg.ops) as Record<string, unknown>;
        this.options.onSync?.(this, 'patch');
      }
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      this.connected = false;
      this.ws = null;
      if (this.stopped) return;
      this.reconnects++;
      this.at++;
      if (this.options.delay) {
        setTimeout(() => this.connect(), this.options.delay(this.attempt++));
        return;
      }
      setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(500, this.backoff * 2);
    });
  }

  private subscribe(): void {
    const since = this.seq >= 0 ? { since: this.seq } : {};
    this.ws?.send(JSON.stringify({ type: 'subscribe', id: 1, tournament: this.tournament, ...since }));
  }

  close(): void {
    this.stopped = true;
    this.ws?.terminate();
  }
}

/** JSON with every object's keys sorted: a state built by patches and a snapshot's compare equal. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));
}
