/**
 * Snapshot bodies shared by the sockets that ask for the same topics of one tournament (issue
 * 21: 32 sockets asking 20 times a second each made the server serialise every one).
 *
 * A body (versions and state) is made once per seq and encoded to UTF-8 once; each socket gets
 * its own head (request id, server time) and the same body Buffer (server/ws/connection.ts
 * `sendParts`), so 64 sockets holding one snapshot unread hold it once in memory.
 *
 * On the live feed a body is reused after the tournament moved on while the changes since are
 * still kept (TournamentHost.changesSince) and weigh less than a quarter of the body: the socket
 * gets the body's seq and those changes as patches after it, as if it had subscribed a moment
 * earlier. During a stream of chip counts a snapshot of a big field is then made about once per
 * 4 bodies' worth of patches, not once per request.
 */
import type { Change } from '../host/tournament-host.js';
import type { FeedSource } from './feeds.js';
import type { Topic } from '../protocol/views.js';
import { encodeSnapshotBody } from './encode.js';

/** The patches a socket also gets after a reused body may weigh at most this share of the body. */
const CATCH_UP_SHARE = 0.25;

export interface SharedSnapshot {
  /** The seq of the state in `body`. */
  seq: number;
  body: Buffer;
  /** Changes after `seq` the socket must also get (live feed only). */
  catchUp: readonly Change[];
}

interface Entry {
  seq: number;
  body: Buffer;
}

/** Bytes of the operations of `changes` on `topics` (a patch's size, within its envelope). */
export function opBytes(changes: readonly Change[], topics: readonly Topic[]): number {
  let bytes = 0;
  for (const change of changes) {
    let any = false;
    for (const op of change.ops) {
      if (!topics.includes(op.topic)) continue;
      bytes += op.json.length;
      any = true;
    }
    // A patch's envelope (type, tournament, seq, prev) and its events.
    if (any || change.events.length) bytes += 100 + (change.events.length ? JSON.stringify(change.events).length : 0);
  }
  return bytes;
}

export class SnapshotCache {
  /** tournament -> feed and topics -> the last body made. */
  private readonly entries = new Map<string, Map<string, Entry>>();

  /** The snapshot of `topics` of the tournament's live or delayed feed, shared when it can be. */
  get(host: FeedSource, delayed: boolean, topics: readonly Topic[]): SharedSnapshot {
    const key = `${delayed ? 'delayed' : 'live'}:${topics.join(',')}`;
    let byKey = this.entries.get(host.id);
    if (!byKey) this.entries.set(host.id, (byKey = new Map()));
    const feed = delayed ? host.delayed : host;
    const cached = byKey.get(key);
    if (cached && cached.seq === feed.seq) return { seq: cached.seq, body: cached.body, catchUp: [] };
    if (cached && !delayed) {
      const since = host.changesSince(cached.seq);
      if (since && opBytes(since, topics) <= cached.body.length * CATCH_UP_SHARE) return { seq: cached.seq, body: cached.body, catchUp: since };
    }
    const versions = delayed ? {} : Object.fromEntries(topics.map((t) => [t, host.versions[t]]));
    const body = Buffer.from(encodeSnapshotBody({ topics: topics.map((t) => [t, feed.topicJsonFor(t)] as const), versions }));
    byKey.set(key, { seq: feed.seq, body });
    return { seq: feed.seq, body, catchUp: [] };
  }

  /** Forgets a tournament's bodies (it was closed or deleted). */
  forget(tournament: string): void {
    this.entries.delete(tournament);
  }
}
