/**
 * A small reconnecting screen, as a venue display behaves (protocol v2): say its version and
 * subscribe on every `hello` (resuming from its seq once it has one), take the snapshot or the
 * resume, apply patches, and resubscribe when `prev` shows a missed change. Reconnects with a
 * capped backoff (50 ms doubling to 500 ms: a venue server restarts in about a second).
 */
import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../server/protocol/messages.js';
import { applyOps } from '../../server/protocol/ops.js';
import { screenViews } from '../../server/protocol/rules/payouts.js';

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
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly tournament: string,
  ) {
    this.connect();
  }

  private connect(): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.on('open', () => {
      this.connected = true;
      this.backoff = 50;
    });
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.type === 'hello') {
        ws.send(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }));
        this.subscribe();
      } else if (msg.type === 'resumed' && msg.tournament === this.tournament) {
        this.snapshotAt = Date.now();
      } else if (msg.type === 'snapshot' && msg.tournament === this.tournament) {
        this.seq = msg.seq;
        this.state = msg.state;
        this.snapshotAt = Date.now();
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
      }
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      this.connected = false;
      this.ws = null;
      if (this.stopped) return;
      this.reconnects++;
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
