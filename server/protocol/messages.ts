/**
 * The WebSocket protocol, typed once for the server, the overlays and the control panel.
 * Every message is a JSON object with a `type`. docs/API.md describes each one.
 *
 * Version 2: the client says which version it speaks (`hello`) and every request carries an
 * `id` that its answer repeats; patches carry operations per topic (ops.ts) instead of whole
 * topics; a client that reconnects resumes from its last seq instead of reloading everything.
 */
import type { ErrorBody } from './errors.js';
import type { Role } from './roles.js';
import type { ObsStatusView } from './obs.js';
import type { Topic, WireViews } from './views.js';
import type { TopicOp } from './ops.js';
import { ENTRIES_EVENT_TOPIC, type EntriesEvent } from './entries-events.js';
import { SEATING_EVENT_TOPIC, type SeatingEvent } from './seating.js';
import { PLAYER_CLOCK_EVENT_TOPIC, STREAM_EVENT_TOPIC, type PlayerClockEvent, type StreamEvent } from './stream.js';

/**
 * 5: the clock's status `finished` (issue 23: the tournament is over). A page of protocol 4 knows
 * no such status and would show a stopped clock as a running one: it reloads instead.
 */
export const PROTOCOL_VERSION = 5;

/** Close code of a socket whose client speaks another protocol version: the page must reload. */
export const CLOSE_PROTOCOL_VERSION = 4010;

/** Events a screen reacts to (sounds, alerts). Each belongs to a topic. */
export type PublicEvent =
  | { type: 'level.changed'; index: number; at: number; cause: 'clock' | 'command' }
  | { type: 'structure.ended'; at: number }
  | EntriesEvent
  | SeatingEvent
  | StreamEvent
  | PlayerClockEvent;

/** The topic each event belongs to: a screen gets the events of the topics it follows. */
export const EVENT_TOPIC: Record<PublicEvent['type'], Topic> = {
  'level.changed': 'clock',
  'structure.ended': 'clock',
  ...ENTRIES_EVENT_TOPIC,
  ...SEATING_EVENT_TOPIC,
  ...STREAM_EVENT_TOPIC,
  ...PLAYER_CLOCK_EVENT_TOPIC,
};

// ---- client -> server

/** A request's id: the answer (`result`, `snapshot`, `resumed`, `error`) repeats it. */
export type RequestId = number | string;

/** The first message of a client: the protocol version it speaks. */
export interface ClientHelloMessage {
  type: 'hello';
  id: RequestId;
  protocol: number;
}
export interface SubscribeMessage {
  type: 'subscribe';
  id: RequestId;
  tournament: string;
  /** Topics to receive; all public topics when omitted. */
  topics?: Topic[];
  /**
   * Resume: the seq of the last change this client applied. The server sends only what
   * followed (`resumed`, then the patches), or a snapshot when that is no longer kept.
   */
  since?: number;
}
export interface UnsubscribeMessage {
  type: 'unsubscribe';
  id: RequestId;
  tournament: string;
}
export interface PingMessage {
  type: 'ping';
  t: number;
}
/** A command over the socket; answered with a `result` carrying the same `id`. */
export interface CommandMessage {
  type: 'command';
  id: RequestId;
  tournament: string;
  command: { type: string; id?: string; [arg: string]: unknown };
}
/** Authenticates a non-browser socket with the admin token. */
export interface AuthMessage {
  type: 'auth';
  id: RequestId;
  token: string;
}
/** Follows a tournament's OBS status (TD and stream producer): answered with `obs` messages. */
export interface ObsSubscribeMessage {
  type: 'obs.subscribe';
  id: RequestId;
  tournament: string;
}
export type ClientMessage =
  | ClientHelloMessage
  | SubscribeMessage
  | UnsubscribeMessage
  | PingMessage
  | CommandMessage
  | AuthMessage
  | ObsSubscribeMessage;

// ---- server -> client

/** Sent by the server when a socket opens, and again after `auth`. */
export interface HelloMessage {
  type: 'hello';
  protocol: number;
  serverTime: number;
  /** Speed of server time relative to real time (1 except in accelerated demos). */
  rate: number;
  /** Who the server says this socket is (roles.ts ROLES). */
  role: Role;
  /** The commands this socket may send (roles.ts PERMISSIONS for its role): a phone shows only those. */
  may: string[];
}
export interface SnapshotMessage {
  type: 'snapshot';
  /** The subscribe it answers. */
  id?: RequestId;
  tournament: string;
  seq: number;
  serverTime: number;
  state: Partial<WireViews>;
  /** Seq of the last change of each topic sent (per-topic versions). */
  versions: Partial<Record<Topic, number>>;
  /**
   * Set on a delayed socket (`/ws/stream`, the stream overlays): the state is the room's as it
   * was `delayMs` ago, and every patch arrives `delayMs` after its change. Show the clock at
   * server time minus `delayMs`. A new snapshot follows when the producer changes the delay.
   */
  delayMs?: number;
}
/**
 * A subscribe with `since` that the server could resume: the patches after `since` follow, in
 * order; the client keeps its state.
 */
export interface ResumedMessage {
  type: 'resumed';
  id?: RequestId;
  tournament: string;
  /** The `since` of the subscribe. */
  since: number;
  /** The seq the tournament is at: the last of the patches that follow (or `since`). */
  seq: number;
  serverTime: number;
}
/**
 * One change, for the subscribed topics only: an operation per changed topic (ops.ts).
 * `prev` is the seq of the previous change to any subscribed topic: a client whose last seq is
 * lower than `prev` missed a change and must resubscribe (with `since`).
 */
export interface PatchMessage {
  type: 'patch';
  tournament: string;
  seq: number;
  prev: number;
  ops: TopicOp[];
  events?: PublicEvent[];
}
export interface PongMessage {
  type: 'pong';
  t: number;
  serverTime: number;
}
export type CommandAnswer = { ok: true; seq: number; result?: unknown } | { ok: false; error: ErrorBody };
/** The answer to a request: a command's answer, or (for hello, unsubscribe, auth) ok. */
export type ResultMessage = { type: 'result'; id?: RequestId } & CommandAnswer;
export interface ErrorMessage {
  type: 'error';
  error: ErrorBody;
  id?: RequestId;
}
/** A tournament's OBS status now and at each change (never the password). */
export interface ObsMessage {
  type: 'obs';
  tournament: string;
  status: ObsStatusView;
}
export type ServerMessage = HelloMessage | SnapshotMessage | ResumedMessage | PatchMessage | PongMessage | ResultMessage | ErrorMessage | ObsMessage;
