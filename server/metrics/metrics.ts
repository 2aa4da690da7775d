/**
 * Prometheus metrics of one process, host or edge (`GET /metrics`; docs/SCALING.md "Metrics" has
 * the list of series). prom-client, with a registry of this process's own (tests run several
 * servers in one Node process), its default Node.js series (`riffle_process_*`,
 * `riffle_nodejs_*`: CPU, memory, event-loop lag) included.
 *
 * Events are counted as they happen (a command answered, a change fanned out, a change received
 * by an edge); what is a state (sockets, leases, delayed-feed backlog, NATS) is read when
 * Prometheus scrapes, through `sources`, so nothing is kept twice.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Answer } from '../host/tournament-host.js';

/** What a scrape reads (each optional: an edge has no leases, a host without NATS no NATS). */
export interface MetricSources {
  sockets(): { connections: number; queuedBytes: number; slowDrops: number };
  /** Tournaments this process serves, with their lease epoch on PostgreSQL (0 on SQLite). */
  tournaments?(): Array<{ id: string; epoch: number; seq: number; delayed?: { changes: number; bytes: number } }>;
  nats?(): { connected: boolean; refused: boolean };
}

/** Latency buckets of a command's answer, in seconds: 1 ms to 10 s (a take-over's wait). */
const COMMAND_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Fan-out and edge lag buckets, in seconds. */
const SPREAD_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export class Metrics {
  readonly registry = new Registry();
  private readonly commandSeconds: Histogram<'status'>;
  private readonly answers: Counter<'status'>;
  private readonly errors: Counter<'code'>;
  private readonly fanout: Histogram;
  private readonly edgeLag: Histogram<'feed'>;
  /** Whether the process is ready (set by the health routes: server/routes/health.ts). */
  ready: () => boolean = () => true;

  constructor(
    readonly role: 'host' | 'edge',
    sources: MetricSources,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'riffle_' });
    this.registry.setDefaultLabels({ role });
    this.commandSeconds = new Histogram({ name: 'riffle_command_duration_seconds', help: 'Time from a command\'s arrival at its owner to its durable answer, by HTTP status.', labelNames: ['status'], buckets: COMMAND_BUCKETS, registers });
    this.answers = new Counter({ name: 'riffle_command_answers_total', help: 'Commands answered by this owner, by HTTP status (200 made or answered again, 4xx refused, 5xx failed).', labelNames: ['status'], registers });
    this.errors = new Counter({ name: 'riffle_command_errors_total', help: 'Commands answered with an error, by its code (not-authorized, storage-unavailable, ...).', labelNames: ['code'], registers });
    this.fanout = new Histogram({ name: 'riffle_fanout_duration_seconds', help: 'Time from a committed change to its last socket written (sent in slices between answers).', buckets: SPREAD_BUCKETS, registers });
    this.edgeLag = new Histogram({ name: 'riffle_edge_lag_seconds', help: 'On an edge: a change\'s arrival here less its commit time at the owner (includes the clocks\' difference), by feed.', labelNames: ['feed'], buckets: SPREAD_BUCKETS, registers });
    new Gauge({
      name: 'riffle_sockets',
      help: 'Open WebSockets (screens, overlays, phones) on this process.',
      registers,
      collect() {
        this.set(sources.sockets().connections);
      },
    });
    new Gauge({
      name: 'riffle_socket_queued_bytes',
      help: 'Bytes held for all sockets that have not read them yet.',
      registers,
      collect() {
        this.set(sources.sockets().queuedBytes);
      },
    });
    new Gauge({
      name: 'riffle_socket_slow_drops',
      help: 'Sockets dropped for not reading, since the start.',
      registers,
      collect() {
        this.set(sources.sockets().slowDrops);
      },
    });
    const ready = () => this.ready();
    new Gauge({
      name: 'riffle_ready',
      help: '1 while this process is ready (GET /readyz 200), else 0.',
      registers,
      collect() {
        this.set(ready() ? 1 : 0);
      },
    });
    if (sources.tournaments) {
      const list = sources.tournaments;
      new Gauge({
        name: 'riffle_tournament_lease_epoch',
        help: 'One series per tournament this process owns (serves): its lease epoch (0 on SQLite). A tournament with no series on any host has no owner.',
        labelNames: ['tournament'],
        registers,
        collect() {
          this.reset();
          for (const t of list()) this.set({ tournament: t.id }, t.epoch);
        },
      });
      new Gauge({
        name: 'riffle_tournament_seq',
        help: 'The last command\'s seq of each tournament this process owns.',
        labelNames: ['tournament'],
        registers,
        collect() {
          this.reset();
          for (const t of list()) this.set({ tournament: t.id }, t.seq);
        },
      });
      new Gauge({
        name: 'riffle_delayed_feed_backlog_changes',
        help: 'Changes waiting in the stream\'s secure delay, per tournament this process owns.',
        labelNames: ['tournament'],
        registers,
        collect() {
          this.reset();
          for (const t of list()) this.set({ tournament: t.id }, t.delayed?.changes ?? 0);
        },
      });
      new Gauge({
        name: 'riffle_delayed_feed_backlog_bytes',
        help: 'Bytes of the changes waiting in the stream\'s secure delay, per tournament.',
        labelNames: ['tournament'],
        registers,
        collect() {
          this.reset();
          for (const t of list()) this.set({ tournament: t.id }, t.delayed?.bytes ?? 0);
        },
      });
    }
    if (sources.nats) {
      const nats = sources.nats;
      new Gauge({
        name: 'riffle_nats_connected',
        help: '1 while NATS is connected, else 0.',
        registers,
        collect() {
          this.set(nats().connected ? 1 : 0);
        },
      });
      new Gauge({
        name: 'riffle_nats_credentials_refused',
        help: '1 while NATS refuses this process\'s credentials (a setting to fix), else 0.',
        registers,
        collect() {
          this.set(nats().refused ? 1 : 0);
        },
      });
    }
  }

  /** A command's durable answer (HostListener.answered). */
  answered(answer: Answer, seconds: number): void {
    const status = String(answer.status);
    this.commandSeconds.observe({ status }, seconds);
    this.answers.inc({ status });
    if (!answer.answer.ok) this.errors.inc({ code: answer.answer.error.code });
  }

  /** A change reached every socket that follows it (HubOptions.fannedOut). */
  fannedOut(seconds: number): void {
    this.fanout.observe(seconds);
  }

  /** An edge received a change committed at `at` (the owner's clock, ms). */
  received(at: number, feed: 'live' | 'delayed', now = Date.now()): void {
    // The delayed feed is released late on purpose: its lag is measured from its release time,
    // which the change does not carry, so only the live feed's is meaningful as a lag.
    if (feed === 'live') this.edgeLag.observe({ feed }, Math.max(0, now - at) / 1000);
  }

  /** The text Prometheus scrapes, and its content type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
