/**
 * The collections layer: one tournament's public state as a page holds it, built from a
 * snapshot, then kept current by patches (protocol v2 operations, applied by the protocol's
 * own `applyOps`, the rule the server's delayed feed uses too). Pure functions returning new
 * objects, so Lit sees every change (a new object is a new state; nothing is mutated in place).
 */
import { applyOps } from '../server/protocol/ops.js';
import { screenViews } from '../server/protocol/rules/payouts.js';
import type { WireViews } from '../server/protocol/views.js';
import type { ErrorBody, PatchMessage, PublicEvent, ResumedMessage, SnapshotMessage, TopicViews } from './messages.js';

export type FeedStatus = 'loading' | 'ready' | 'error';

export interface TournamentFeed {
  readonly tournament: string;
  /** `loading` until the first snapshot; `error` when the server refused the subscription. */
  readonly status: FeedStatus;
  /** Seq of the last change applied (0 before the first snapshot). */
  readonly seq: number;
  readonly state: Readonly<Partial<TopicViews>>;
  /** The topics as received (the payout ladder as shares of the pool): what patches apply to. */
  readonly wire?: Readonly<Partial<WireViews>>;
  /** Why the subscription failed (`unknown-tournament`, ...). */
  readonly error?: ErrorBody;
  /**
   * A delayed feed (the stream overlays' `/ws/stream` socket): the state is the room's as it was
   * this many ms ago; show the clock at `connection.time.now() - delayMs`. 0 on a live feed.
   */
  readonly delayMs: number;
}

export function emptyFeed(tournament: string): TournamentFeed {
  return { tournament, status: 'loading', seq: 0, state: {}, delayMs: 0 };
}

export function applySnapshot(feed: TournamentFeed, msg: SnapshotMessage): TournamentFeed {
  return { tournament: feed.tournament, status: 'ready', seq: msg.seq, wire: msg.state, state: screenViews(msg.state), delayMs: msg.delayMs ?? 0 };
}

export type PatchOutcome =
  | { kind: 'applied'; feed: TournamentFeed; events: readonly PublicEvent[] }
  /** Already seen (a duplicate, or older than the snapshot): ignore. */
  | { kind: 'stale' }
  /** A change between our last seq and this patch never reached us: resubscribe. */
  | { kind: 'gap' };

export function applyPatch(feed: TournamentFeed, msg: PatchMessage): PatchOutcome {
  if (feed.status !== 'ready' || msg.seq <= feed.seq) return { kind: 'stale' };
  if (msg.prev > feed.seq) return { kind: 'gap' };
  // A feed made without its wire topics (a test's fixture) is patched as it stands.
  const wire = applyOps(feed.wire ?? (feed.state as Partial<WireViews>), msg.ops);
  return { kind: 'applied', feed: { ...feed, seq: msg.seq, wire, state: screenViews(wire) }, events: msg.events ?? [] };
}

/** The server resumed from our seq: the state stays, the missed patches follow. */
export function resumedFeed(feed: TournamentFeed, _msg: ResumedMessage): TournamentFeed {
  return { ...feed, status: 'ready' };
}

export function failedFeed(feed: TournamentFeed, error: ErrorBody): TournamentFeed {
  return { ...feed, status: 'error', error };
}
