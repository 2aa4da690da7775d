/**
 * The stream's delayed feed rebuilt from the command log, where memory has no past: at start-up
 * and when the delay grows. The replay is the one the crash tests check against the stored
 * state, so the delayed feed after a restart is the one before it.
 *
 * A longer delay is set by a command, and the replay of a long log is long (issue 21: 8,000
 * commands at 6,000 entries blocked the event loop 3-4 s here, 18 s on the probe's machine),
 * so the host runs it a slice at a time (`DelayRebuild.step`, tournament-host.ts) after the
 * command is answered, reading the log a page at a time; at start-up it runs to the end at once.
 */
import { performance } from 'node:perf_hooks';
import { applyCommand } from '../engine/apply.js';
import { lazyRng } from '../engine/random.js';
import { createTournamentState, type TournamentState } from '../engine/state.js';
import { engineOf, type LoggedCommand, type Origin } from '../engine/replay.js';
import { EVENT_TOPIC } from '../protocol/messages.js';
import { TOPICS, type Topic } from '../protocol/views.js';
import { ViewTracker } from './view-tracker.js';
import { publicEvents, viewsOf, type DelayedStart, type ReplayStart } from './delay-line.js';
import type { Change } from './tournament-host.js';
import type { TournamentStore } from './tournament-store.js';
import { withErased } from '../engine/entries/erase.js';
import { scrubValue } from './erasure.js';

/** Log rows read at a time by a rebuild. */
export const REBUILD_PAGE = 256;
/**
 * A slice of a rebuild replays commands for about this long (at least one command)... The
 * checkpoint's slices are 2 ms (checkpoints.ts); a rebuild's are longer because the feed holds until
 * it is done, and a command at 10,000 entries takes about 1 ms to replay.
 */
export const REBUILD_SLICE_MS = 4;
/** ...and the next slice waits this long, so that a command's answer meets at most one slice. */
export const REBUILD_PACE_MS = 4;

/** A logged command with its place in the log. */
export type LogEntry = LoggedCommand & { seq: number };

/** What a rebuild reads: the log a page at a time, and the commit time of a checkpoint's last command. */
export type RebuildStore = Pick<TournamentStore, 'lastAt'> & { log(tournament: string, afterSeq: number, limit: number): Iterable<LogEntry> };

/**
 * The replay behind a delayed feed, fed one logged command at a time: the state after every
 * command committed at or before `cutoff` (the released views), and each later command as the
 * change it published (pending). `from`: a checkpoint to start from instead of the origin.
 *
 * `erased`: the players erased in the room now. The replay runs on the room as if they had been
 * erased from the start (their names out of every state, view and event it makes), so a feed
 * rebuilt after an erase never names them; nothing a rule decides reads a name.
 */
class DelayedReplay {
  private state: TournamentState;
  /** Seq of the last command committed at or before the cut-off. */
  private released: number;
  /** Seq of the last command replayed. */
  lastSeq: number;
  /** The views at the cut-off, then kept current through the later commands. */
  private tracker: ViewTracker | null = null;
  private views: Map<Topic, unknown> | null = null;
  private lastChanged: Record<Topic, number> | null = null;
  private readonly pending: Change[] = [];

  constructor(
    private readonly tournament: string,
    origin: Origin,
    private readonly cutoff: number,
    from?: ReplayStart,
    private readonly erased: readonly string[] = [],
  ) {
    this.state = withErased(from?.state ?? createTournamentState(origin.id, origin.input, origin.createdAt), erased).state;
    this.released = this.lastSeq = from?.seq ?? 0;
  }

  add(entry: LogEntry): void {
    this.lastSeq = entry.seq;
    const before = this.state;
    const outcome = applyCommand(before, { type: entry.type, args: entry.args }, { now: entry.at, rng: lazyRng(entry.seed, engineOf(entry)) });
    // A command that brought an erased player in (his entry, with the name typed then).
    const { state, names } = withErased(outcome.state, this.erased);
    this.state = state;
    if (entry.at <= this.cutoff) {
      this.released = entry.seq;
      return;
    }
    if (!this.tracker || !this.lastChanged) {
      this.tracker = new ViewTracker(before);
      this.views = viewsOf(this.tracker);
      // `prev` may understate (a client then never sees a false gap), never overstate.
      this.lastChanged = Object.fromEntries(TOPICS.map((t) => [t, this.released])) as Record<Topic, number>;
    }
    const ops = this.tracker.update(this.state);
    const events = names.length ? scrubValue(publicEvents(outcome.events), names).value : publicEvents(outcome.events);
    const previous = { ...this.lastChanged };
    for (const op of ops) this.lastChanged[op.topic] = entry.seq;
    for (const e of events) this.lastChanged[EVENT_TOPIC[e.type]] = entry.seq;
    if (ops.length > 0 || events.length > 0) this.pending.push({ tournament: this.tournament, seq: entry.seq, at: entry.at, ops, events, lastChanged: previous, feed: 'live' });
  }

  result(): DelayedStart {
    // Nothing left to release: the delayed feed is the room now, up to the last command.
    if (this.pending.length === 0) return { seq: this.lastSeq, views: viewsOf(new ViewTracker(this.state)), pending: this.pending };
    return { seq: this.released, views: this.views!, pending: this.pending };
  }
}

/**
 * The delayed feed at server time `now` for a delay of `delayMs`, rebuilt from `log` (the
 * commands after `from` when given, else the whole log).
 *
 * `from`: a checkpoint to start from instead of the origin: only where every command up to it
 * was committed before `now - delayMs` (see `rebuildDelayedFrom`), so that the released state
 * is at or after it.
 */
export function rebuildDelayed(tournament: string, origin: Origin, log: Iterable<LogEntry>, now: number, delayMs: number, from?: ReplayStart, erased: readonly string[] = []): DelayedStart {
  const replay = new DelayedReplay(tournament, origin, now - delayMs, from, erased);
  for (const entry of log) replay.add(entry);
  return replay.result();
}

/**
 * A rebuild of the delayed feed from the tournament's checkpoint (`from`) when every command up
 * to it was committed at or before `now - delayMs`, else from the origin, run a slice at a time:
 * the log is read a page at a time, up to its end when the last slice runs (commands committed
 * meanwhile included). Its cut-off is the start's: what fell due while it ran the new line
 * releases once its screens have its snapshot (delayed-feed.ts), so that the feed is then the
 * one a rebuild at that time gives, and no event of those changes is skipped.
 */
export class DelayRebuild {
  private replay: DelayedReplay | null = null;
  private page: LogEntry[] = [];
  private next = 0;

  constructor(
    private readonly store: RebuildStore,
    private readonly tournament: string,
    private readonly origin: () => Origin,
    /** Server time the feed is rebuilt as of. */
    readonly now: number,
    readonly delayMs: number,
    private readonly from?: ReplayStart | null,
    /** The players erased in the room now (read when the replay begins; see DelayedReplay). */
    private readonly erased: () => readonly string[] = () => [],
  ) {}

  /** Replays commands for about `budgetMs` (at least one); true once the whole log is replayed. */
  step(budgetMs = REBUILD_SLICE_MS): boolean {
    const until = performance.now() + budgetMs;
    const replay = (this.replay ??= this.begin());
    for (;;) {
      if (this.next >= this.page.length) {
        this.page = [...this.store.log(this.tournament, replay.lastSeq, REBUILD_PAGE)];
        this.next = 0;
        if (this.page.length === 0) return true;
      }
      replay.add(this.page[this.next++]!);
      if (performance.now() >= until) return false;
    }
  }

  /** The feed's start (once `step` said done). */
  result(): DelayedStart {
    return (this.replay ??= this.begin()).result();
  }

  /** Runs to the end at once (start-up, where nothing else waits yet). */
  run(): DelayedStart {
    while (!this.step(Infinity));
    return this.result();
  }

  private begin(): DelayedReplay {
    const cutoff = this.now - this.delayMs;
    const from = this.from && this.from.seq > 0 && this.store.lastAt(this.tournament, this.from.seq) <= cutoff ? this.from : undefined;
    return new DelayedReplay(this.tournament, this.origin(), cutoff, from, this.erased());
  }
}

/** `DelayRebuild` run to the end at once (start-up). */
export function rebuildDelayedFrom(store: RebuildStore, tournament: string, origin: Origin, now: number, delayMs: number, from?: ReplayStart | null, erased: readonly string[] = []): DelayedStart {
  return new DelayRebuild(store, tournament, () => origin, now, delayMs, from, () => erased).run();
}
