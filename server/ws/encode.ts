/**
 * The encoder of the messages the fan-out sends: typed by the protocol's message types, and
 * built from JSON pieces made once per change (each topic's operation, each topic's view), so
 * a patch to 10,000 screens is serialised once, not 10,000 times. test/server/encode.test.ts
 * checks that every message decodes to the object it was made from.
 */
import type { PatchMessage, PublicEvent, SnapshotMessage, ResumedMessage } from '../protocol/messages.js';
import type { Topic } from '../protocol/views.js';

/** A value already serialised: `JSON.stringify` of something of type T. */
export type Json<T> = string & { readonly __json?: T };

export function json<T>(value: T): Json<T> {
  return JSON.stringify(value) as Json<T>;
}

/** A patch whose operations are given as their JSON (EncodedOp.json). */
export interface PatchParts {
  tournament: string;
  seq: number;
  prev: number;
  ops: readonly Json<PatchMessage['ops'][number]>[];
  events: readonly PublicEvent[];
}

export function encodePatch(p: PatchParts): Json<PatchMessage> {
  return (`{"type":"patch","tournament":${json(p.tournament)},"seq":${p.seq},"prev":${p.prev},"ops":[${p.ops.join(',')}]` +
    (p.events.length ? `,"events":${json(p.events)}}` : '}')) as Json<PatchMessage>;
}

/** A snapshot whose topics are given as the JSON of their views. */
export interface SnapshotParts {
  id?: SnapshotMessage['id'];
  tournament: string;
  seq: number;
  serverTime: number;
  topics: readonly (readonly [Topic, Json<unknown>])[];
  versions: SnapshotMessage['versions'];
  delayMs?: number;
}

export function encodeSnapshot(p: SnapshotParts): Json<SnapshotMessage> {
  return (encodeSnapshotHead(p) + encodeSnapshotBody(p)) as Json<SnapshotMessage>;
}

/**
 * A snapshot in two pieces: the head, made per socket (its request id and the server's time),
 * and the body (versions and state), the same for every socket sent the snapshot of one seq.
 * Together they are `encodeSnapshot`.
 */
export function encodeSnapshotHead(p: Omit<SnapshotParts, 'topics' | 'versions'>): string {
  const id = p.id === undefined ? '' : `"id":${json(p.id)},`;
  const delay = p.delayMs === undefined ? '' : `,"delayMs":${p.delayMs}`;
  return `{"type":"snapshot",${id}"tournament":${json(p.tournament)},"seq":${p.seq},"serverTime":${p.serverTime}${delay},`;
}

export function encodeSnapshotBody(p: Pick<SnapshotParts, 'topics' | 'versions'>): string {
  const state = p.topics.map(([topic, view]) => `${json(topic)}:${view}`).join(',');
  return `"versions":${json(p.versions)},"state":{${state}}}`;
}

export function encodeResumed(m: Omit<ResumedMessage, 'type'>): Json<ResumedMessage> {
  return json<ResumedMessage>({ type: 'resumed', ...m });
}
