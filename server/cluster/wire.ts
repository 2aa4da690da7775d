/**
 * What hosts and edges say to each other through NATS (issue 28, docs/ARCHITECTURE.md "Edges"):
 * the subjects and the messages, in one place.
 *
 * Subjects of a tournament are `riffle.t.<id>.<kind>` (an id that is not a safe NATS token is
 * hex-encoded, `subjectToken`):
 *  - `feed`: the owner publishes every Change (live and delayed, as released) and the control
 *    messages `loaded` (taken over or loaded again from the database: a new epoch) and `delay`
 *    (the stream delay changed).
 *  - `sync` (request-reply, the owner answers): what an edge missed, or a whole snapshot.
 *  - `cmd` (request-reply, the owner answers): a command, answered once durable.
 *  - `http`: an HTTP request relayed to the owner (server/cluster/http-relay.ts).
 * And `riffle.hosts.auth`, `riffle.hosts.exists` and `riffle.hosts.http` (queue group `hosts`:
 * any one host answers).
 *
 * Changes and snapshots are lines of text: a JSON head, then one line per operation or topic
 * holding the JSON bytes the host made (JSON.stringify never writes a raw newline), so an edge
 * sends its screens the very bytes the host sends its own, and nothing is encoded twice.
 */
import type { Actor } from '../host/actor.js';
import type { Answer, Change } from '../host/tournament-host.js';
import type { EncodedOp } from '../host/view-tracker.js';
import type { PublicEvent } from '../protocol/messages.js';
import type { TopicOp } from '../protocol/ops.js';
import type { Topic } from '../protocol/views.js';

/** The queue group of the requests any host may answer. */
export const HOSTS_QUEUE = 'hosts';

/** An id as one NATS subject token: itself when safe, else `~` and its UTF-8 bytes in hex. */
export function subjectToken(id: string): string {
  return /^[A-Za-z0-9_-]+$/.test(id) ? id : `~${Buffer.from(id, 'utf8').toString('hex')}`;
}

export const SUBJECTS = {
  feed: (id: string) => `riffle.t.${subjectToken(id)}.feed`,
  sync: (id: string) => `riffle.t.${subjectToken(id)}.sync`,
  cmd: (id: string) => `riffle.t.${subjectToken(id)}.cmd`,
  http: (id: string) => `riffle.t.${subjectToken(id)}.http`,
  auth: 'riffle.hosts.auth',
  exists: 'riffle.hosts.exists',
  hostsHttp: 'riffle.hosts.http',
} as const;

/**
 * The head of a Change on the feed (one JSON line), followed by `ops` lines: each operation's
 * JSON as the host encoded it. `prev` is the seq of the change published before it on the same
 * feed (seqs of commands that changed nothing visible are never published, so a gap is told by
 * `prev`, not by seq + 1); -1 when the owner cannot say (an edge then asks).
 */
export interface ChangeHead {
  kind: 'change';
  tournament: string;
  /** The owner's lease epoch (0 on SQLite, where one process owns everything). */
  epoch: number;
  seq: number;
  prev: number;
  at: number;
  feed: 'live' | 'delayed';
  events: PublicEvent[];
  lastChanged: Readonly<Record<Topic, number>>;
  /** The change erased a player: an edge drops its history before it (Change.erases). */
  erases?: true;
  ops: number;
}

/** The tournament was taken over or loaded again from the database: what an edge holds may be ahead. */
export interface LoadedMessage {
  kind: 'loaded';
  tournament: string;
  epoch: number;
  seq: number;
}

/** The stream delay changed: the delayed feed starts anew (an edge asks for its snapshot). */
export interface DelayMessage {
  kind: 'delay';
  tournament: string;
  epoch: number;
  delayMs: number;
  seq: number;
}

export type FeedControl = LoadedMessage | DelayMessage;

/** `sync` request: the changes after `since` (of `epoch`), or (no `since`) a whole snapshot. */
export interface SyncRequest {
  since?: number;
  epoch?: number;
}

/** `sync` answer head, followed by each change (its head and op lines). */
export interface ChangesHead {
  kind: 'changes';
  epoch: number;
  /** The owner's live seq now (commands after the last change may have changed nothing visible). */
  seq: number;
  count: number;
}

/**
 * `sync` answer head, followed by one line per live topic (`topics`, in order) and one per
 * delayed topic (the same topics): each topic's JSON as the owner holds it.
 */
export interface SnapshotHead {
  kind: 'snapshot';
  tournament: string;
  epoch: number;
  seq: number;
  versions: Readonly<Record<Topic, number>>;
  topics: Topic[];
  delayed: { seq: number; delayMs: number };
}

export interface SyncRefused {
  kind: 'error';
  code: 'not-owner';
  message: string;
}

export type SyncAnswer = { head: ChangesHead; changes: WireChange[] } | { head: SnapshotHead; live: string[]; delayed: string[] } | { head: SyncRefused };

/** `cmd` request: the command as the socket sent it, and who sent it (checked by the edge's sign-in). */
export interface CommandRequest {
  command: unknown;
  actor: Actor;
}
/** `cmd` answer: the command's Answer (status and CommandAnswer), once durable. */
export type CommandReply = Answer;

/** `riffle.hosts.auth` request: a bearer token or a session cookie's token... */
export type AuthRequest = { bearer: string } | { session: string };
/** ...and who it is (null: not valid). */
export interface AuthReply {
  actor: Actor | null;
}

/**
 * `riffle.hosts.exists` request (queue group `hosts`): whether a tournament is stored at all, asked
 * by an edge when no owner answers (unknown, or changing hosts?)...
 */
export interface ExistsRequest {
  tournament: string;
}
/** ...and the answer. */
export interface ExistsReply {
  exists: boolean;
}

/** A change as an edge receives it: the Change, and the feed's `prev` and the owner's epoch. */
export interface WireChange {
  change: Change;
  prev: number;
  epoch: number;
}

const te = new TextEncoder();
const td = new TextDecoder();

/** The lines of one Change (its head, then its operations' JSON). */
function changeLines(change: Change, prev: number, epoch: number, out: string[]): void {
  const head: ChangeHead = {
    kind: 'change',
    tournament: change.tournament,
    epoch,
    seq: change.seq,
    prev,
    at: change.at,
    feed: change.feed,
    events: change.events,
    lastChanged: change.lastChanged,
    ...(change.erases ? { erases: true as const } : {}),
    ops: change.ops.length,
  };
  out.push(JSON.stringify(head));
  for (const op of change.ops) out.push(op.json);
}

export function encodeChange(change: Change, prev: number, epoch: number): Uint8Array {
  const lines: string[] = [];
  changeLines(change, prev, epoch, lines);
  return te.encode(lines.join('\n'));
}

export function encodeControl(message: FeedControl): Uint8Array {
  return te.encode(JSON.stringify(message));
}

/** Reads a change from `lines` at `at`; returns it and the index after it. */
function readChange(lines: string[], at: number): { wire: WireChange; next: number } {
  const head = JSON.parse(lines[at]!) as ChangeHead;
  if (head.kind !== 'change') throw new Error(`expected a change, got ${String(head.kind)}`);
  const ops: EncodedOp[] = [];
  for (let i = 0; i < head.ops; i++) {
    const json = lines[at + 1 + i];
    if (json === undefined) throw new Error('a change ends before its operations');
    const op = JSON.parse(json) as TopicOp;
    ops.push({ topic: op.topic, op, json });
  }
  const change: Change = { tournament: head.tournament, seq: head.seq, ops, events: head.events, lastChanged: head.lastChanged, at: head.at, feed: head.feed, ...(head.erases ? { erases: true as const } : {}) };
  return { wire: { change, prev: head.prev, epoch: head.epoch }, next: at + 1 + head.ops };
}

/** A feed message: a change, or a control message. Throws on what does not parse. */
export function decodeFeed(data: Uint8Array): WireChange | FeedControl {
  const text = td.decode(data);
  const lines = text.split('\n');
  if (lines.length === 1) {
    const message = JSON.parse(text) as FeedControl | ChangeHead;
    if (message.kind === 'loaded' || message.kind === 'delay') return message;
  }
  return readChange(lines, 0).wire;
}

export function encodeSyncChanges(head: Omit<ChangesHead, 'kind' | 'count'>, changes: readonly { change: Change; prev: number }[]): Uint8Array {
  const lines = [JSON.stringify({ kind: 'changes', ...head, count: changes.length } satisfies ChangesHead)];
  for (const { change, prev } of changes) changeLines(change, prev, head.epoch, lines);
  return te.encode(lines.join('\n'));
}

export function encodeSyncSnapshot(head: Omit<SnapshotHead, 'kind'>, live: readonly string[], delayed: readonly string[]): Uint8Array {
  return te.encode([JSON.stringify({ kind: 'snapshot', ...head } satisfies SnapshotHead), ...live, ...delayed].join('\n'));
}

export function encodeSyncRefused(message: string): Uint8Array {
  return te.encode(JSON.stringify({ kind: 'error', code: 'not-owner', message } satisfies SyncRefused));
}

export function decodeSync(data: Uint8Array): SyncAnswer {
  const lines = td.decode(data).split('\n');
  const head = JSON.parse(lines[0]!) as ChangesHead | SnapshotHead | SyncRefused;
  if (head.kind === 'error') return { head };
  if (head.kind === 'changes') {
    const changes: WireChange[] = [];
    let at = 1;
    for (let i = 0; i < head.count; i++) {
      const { wire, next } = readChange(lines, at);
      changes.push(wire);
      at = next;
    }
    return { head, changes };
  }
  if (head.kind === 'snapshot') {
    const n = head.topics.length;
    if (lines.length !== 1 + 2 * n) throw new Error(`a snapshot of ${n} topics has ${lines.length - 1} lines`);
    return { head, live: lines.slice(1, 1 + n), delayed: lines.slice(1 + n) };
  }
  throw new Error(`unknown sync answer ${String((head as { kind: unknown }).kind)}`);
}

/** JSON messages (cmd, auth). */
export function encodeJson(value: unknown): Uint8Array {
  return te.encode(JSON.stringify(value));
}

export function decodeJson<T>(data: Uint8Array): T {
  return JSON.parse(td.decode(data)) as T;
}
