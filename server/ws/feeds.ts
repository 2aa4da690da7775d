/**
 * What the WebSocket side needs of a tournament and of the set of tournaments: the hub, the
 * router, the fan-out and the bulk sender use nothing else. A host's TournamentHost and Registry
 * satisfy it as they are (structurally), and so do an edge's mirrors (server/edge/), which keep
 * the same views from the owner's changes received through NATS: one hub for both.
 */
import type { Actor } from '../host/actor.js';
import type { Answer, Change, DispatchResult } from '../host/tournament-host.js';
import type { ErrorBody } from '../protocol/errors.js';
import type { Topic } from '../protocol/views.js';

/** Whether a tournament can be served now, or why not (`unknown-tournament`, `storage-unavailable`). */
export type FollowResult = { ok: true } | { ok: false; error: ErrorBody };

/** The stream's delayed feed of a tournament, as released (what `/ws/stream` sockets see). */
export interface DelayedFeedSource {
  /** Seq of the last change released. */
  readonly seq: number;
  readonly delayMs: number;
  topicJsonFor(topic: Topic): string;
}

/** One tournament, as the sockets see it. */
export interface FeedSource {
  readonly id: string;
  /** Seq of the last live change. */
  readonly seq: number;
  /** Seq of the last change of each topic (a snapshot's `versions`). */
  readonly versions: Readonly<Record<Topic, number>>;
  /** A topic's view as JSON (shared by every snapshot at this seq). */
  topicJsonFor(topic: Topic): string;
  /** The live changes after `seq`, oldest first; null when some are no longer kept. */
  changesSince(seq: number): readonly Change[] | null;
  readonly delayed: DelayedFeedSource;
  /**
   * A command. The host answers at once (its `DispatchResult`: the answer, then `durable()`);
   * an edge answers later, with the owner's durable answer (NATS request-reply).
   */
  dispatch(command: unknown, actor: Actor, durability: 'group'): DispatchResult | Promise<Answer>;
}

/** The tournaments a hub serves. */
export interface Feeds {
  get(id: string): FeedSource | undefined;
  /**
   * Why a tournament not found may only be unknown for now (the store, or the hosts, cannot be
   * reached): commands are answered 503 storage-unavailable with this, not 404.
   */
  readonly storageDown: string | null;
  /**
   * An edge only: starts following a tournament it does not mirror yet; resolves once it can be
   * served (`get` finds it) or with why not. A host has every tournament it serves.
   */
  follow?(id: string): Promise<FollowResult>;
}
