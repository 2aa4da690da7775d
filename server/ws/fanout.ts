/**
 * The fan-out: who follows what, and each committed change sent to them.
 *
 * Subscribers are grouped by the topics they asked for (and by feed: live, or the stream's
 * delayed one), so each change is serialised once per group, not once per screen. The fan-out
 * never runs in a command's path: changes wait in a queue that is sent in slices
 * (server/ws/slices.ts), so a command that arrives while 10,000 screens are being sent a patch is
 * answered between two slices, a few milliseconds later. Each tournament's changes go out in
 * order (one queue, oldest first).
 *
 * What was sent ahead of the queue (the patch of the socket that sent the command) is noted on
 * the queued change's entry here, not on the host's `Change`: the entry goes when its fan-out
 * ends, so a closed socket is not kept alive by the host's history of changes.
 */
import { EVENT_TOPIC } from '../protocol/messages.js';
import type { Topic } from '../protocol/views.js';
import type { Change } from '../host/tournament-host.js';
import type { FeedSource } from './feeds.js';
import type { Connection } from './connection.js';
import { encodePatch, type Json } from './encode.js';
import { SLICE_STEP, SlicedLoop } from './slices.js';

interface Group {
  topics: readonly Topic[];
  /** Members follow the stream's delayed feed (`/ws/stream`). */
  delayed: boolean;
  members: Set<Connection>;
}

/** A change on its way out: the group being sent, and how far. */
interface Outgoing {
  change: Change;
  groups: Group[];
  group: number;
  members: Connection[] | null;
  member: number;
  data: string;
  bytes: Buffer | null;
  /** Sockets sent this change ahead of the queue (`sendAhead`): skipped here. */
  ahead: Set<Connection> | null;
  /** When it was queued (performance.now()), for the fan-out time. */
  queuedAt: number;
}

/** What the fan-out needs of the hub: which sockets are open, and their send budgets. */
export interface FanoutDeps {
  isOpen(conn: Connection): boolean;
  /** Whether `bytes` more may be queued for the socket (false: it was dropped instead). */
  room(conn: Connection, bytes: number): boolean;
  /** A change went out to every socket of its groups, `seconds` after it was queued (metrics). */
  sent?(seconds: number): void;
}

export function groupKey(topics: readonly Topic[], delayed: boolean): string {
  return `${delayed ? 'delayed' : 'live'}:${topics.join(',')}`;
}

export class Fanout {
  /** tournament -> group key -> group */
  private readonly groups = new Map<string, Map<string, Group>>();
  /** Changes waiting to be sent, oldest first (see the file comment). */
  private readonly outgoing: Outgoing[] = [];
  private readonly loop = new SlicedLoop((until) => {
    do this.send(SLICE_STEP);
    while (this.outgoing.length && performance.now() < until);
    return this.outgoing.length > 0;
  });

  constructor(private readonly deps: FanoutDeps) {}

  /** Queues one committed change for every subscriber of its topics (live or delayed feed). */
  publish(change: Change): void {
    const groups = this.groups.get(change.tournament);
    if (!groups || groups.size === 0) return;
    const delayed = change.feed === 'delayed';
    const chosen = [...groups.values()].filter((g) => g.delayed === delayed);
    if (chosen.length === 0) return;
    this.outgoing.push({ change, groups: chosen, group: -1, members: null, member: 0, data: '', bytes: null, ahead: null, queuedAt: performance.now() });
    this.loop.schedule();
  }

  /** Sockets the queued fan-out has still to send to (0: nothing waiting). */
  get backlog(): number {
    let left = 0;
    for (const out of this.outgoing) {
      if (out.members) left += out.members.length - out.member;
      for (let g = out.group + 1; g < out.groups.length; g++) left += out.groups[g]!.members.size;
    }
    return left;
  }

  /** Everything queued for one tournament goes out now (before a new subscriber's snapshot). */
  flush(tournament: string): void {
    this.send(Number.POSITIVE_INFINITY, tournament);
  }

  stop(): void {
    this.loop.stop();
  }

  /** The socket's snapshot or resume is going out: from now on it gets the tournament's patches. */
  join(conn: Connection, tournament: string, topics: readonly Topic[]): void {
    const key = groupKey(topics, conn.delayed);
    let groups = this.groups.get(tournament);
    if (!groups) this.groups.set(tournament, (groups = new Map()));
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { topics, delayed: conn.delayed, members: new Set() }));
    group.members.add(conn);
  }

  /** Leaves the tournament's fan-out (what it waits for in bulk-sender.ts stays). */
  leave(conn: Connection, tournament: string): void {
    const key = conn.subscriptions.get(tournament);
    if (key === undefined) return;
    conn.subscriptions.delete(tournament);
    const groups = this.groups.get(tournament);
    const group = groups?.get(key);
    if (!groups || !group) return;
    group.members.delete(conn);
    if (group.members.size === 0) groups.delete(key);
    if (groups.size === 0) this.groups.delete(tournament);
  }

  /** The delayed feed's subscribers of a tournament, with their topics (a copy: they may leave). */
  delayedMembers(tournament: string, all = false): Array<{ conn: Connection; topics: readonly Topic[]; delayed: boolean }> {
    const members: Array<{ conn: Connection; topics: readonly Topic[]; delayed: boolean }> = [];
    for (const group of this.groups.get(tournament)?.values() ?? []) {
      if (all || group.delayed) for (const conn of group.members) members.push({ conn, topics: group.topics, delayed: group.delayed });
    }
    return members;
  }

  /** Whether anyone follows the tournament (a member, not one whose snapshot still waits). */
  followed(tournament: string): boolean {
    return this.groups.has(tournament);
  }

  /** The patch of `change` for subscribers of `topics`, or null when it changed none of them. */
  encodeFor(change: Change, topics: readonly Topic[]): Json<unknown> | null {
    const ops = change.ops.filter((op) => topics.includes(op.topic)).map((op) => op.json);
    const events = change.events.filter((e) => topics.includes(EVENT_TOPIC[e.type]));
    if (ops.length === 0 && events.length === 0) return null;
    let prev = 0;
    for (const topic of topics) prev = Math.max(prev, change.lastChanged[topic]);
    return encodePatch({ tournament: change.tournament, seq: change.seq, prev, ops, events });
  }

  /**
   * The socket that sent a command gets its patch before the answer, ahead of the queued fan-out
   * (which then skips it): the phone shows the state its answer speaks of ("Now at level 6").
   */
  sendAhead(conn: Connection, host: FeedSource, seq: number): void {
    const key = conn.subscriptions.get(host.id);
    const group = key === undefined ? undefined : this.groups.get(host.id)?.get(key);
    const change = host.changesSince(seq - 1)?.[0];
    // (Not yet a member: its snapshot is still waiting, and will hold this change.)
    if (!group || !group.members.has(conn) || !change || change.seq !== seq) return;
    // Only when nothing of this tournament is queued before it: patches reach a socket in order.
    const first = this.outgoing.find((o) => o.change.tournament === host.id);
    if (!first || first.change !== change || first.group >= 0) return;
    const data = this.encodeFor(change, group.topics);
    (first.ahead ??= new Set()).add(conn);
    if (data !== null && this.deps.room(conn, data.length)) conn.socket.send(data);
  }

  /**
   * Sends to at most `budget` sockets (of `only`'s changes, or of the oldest change); returns
   * what is left of the budget.
   */
  private send(budget: number, only?: string): number {
    for (let i = 0; i < this.outgoing.length && budget > 0; ) {
      const out = this.outgoing[i]!;
      if (only !== undefined && out.change.tournament !== only) {
        i++;
        continue;
      }
      budget = this.sendSome(out, budget);
      if (out.group >= out.groups.length) {
        this.outgoing.splice(i, 1);
        this.deps.sent?.((performance.now() - out.queuedAt) / 1000);
      }
      else if (only === undefined) return budget;
    }
    return budget;
  }

  private sendSome(out: Outgoing, budget: number): number {
    while (budget > 0) {
      if (!out.members || out.member >= out.members.length) {
        out.group++;
        if (out.group >= out.groups.length) return budget;
        const group = out.groups[out.group]!;
        const data = this.encodeFor(out.change, group.topics);
        out.members = data === null ? [] : [...group.members];
        out.member = 0;
        out.data = data ?? '';
        out.bytes = data === null ? null : Buffer.from(data);
        continue;
      }
      const conn = out.members[out.member++]!;
      budget--;
      if (out.ahead?.has(conn)) continue;
      if (!this.deps.isOpen(conn) || !this.deps.room(conn, out.bytes!.length)) continue;
      if (conn.socket.sendEncoded) conn.socket.sendEncoded(out.bytes!);
      else conn.socket.send(out.data);
    }
    return budget;
  }
}
