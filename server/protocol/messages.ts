/**
 * The WebSocket protocol, typed once for the server, the overlays and the control panel.
 * Every message is a JSON object with a `type`. docs/API.md describes each one.
 */
import type { ErrorBody } from './errors.js';
import type { ObsStatusView } from './obs.js';
import type { Topic, TopicViews } from './views.js';
import { ENTRIES_EVENT_TOPIC, type EntriesEvent } from './entries-events.js';
import { SEATING_EVENT_TOPIC, type SeatingEvent } from './seating.js';
import { PLAYER_CLOCK_EVENT_TOPIC, STREAM_EVENT_TOPIC, type PlayerClockEvent, type StreamEvent } from './stream.js';

export const PROTOCOL_VERSION = 1;

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

export interface SubscribeMessage {
  type: 'subscribe';
  tournament: string;
  /** Topics to receive; all public topics when omitted. */
  topics?: Topic[];
}
export interface UnsubscribeMessage {
  type: 'unsubscribe';
  tournament: string;
}
export interface PingMessage {
  type: 'ping';
  t: number;
}
/** A command over the socket; answered with a `result` carrying the same `ref`. */
export interface CommandMessage {
  type: 'command';
  ref?: string | number;
  tournament: string;
  command: { type: string; id?: string; [arg: string]: unknown };
}
/** Authenticates a non-browser socket with the admin token. */
export interface AuthMessage {
  type: 'auth';
  token: string;
}
/** Follows a tournament's OBS status (TD and stream producer): answered with `obs` messages. */
export interface ObsSubscribeMessage {
  type: 'obs.subscribe';
  tournament: string;
}
export type ClientMessage = SubscribeMessage | UnsubscribeMessage | PingMessage | CommandMessage | AuthMessage | ObsSubscribeMessage;

// ---- server -> client

export interface HelloMessage {
  type: 'hello';
  protocol: number;
  serverTime: number;
  /** Speed of server time relative to real time (1 except in accelerated demos). */
  rate: number;
  role: ClientRole;
}

/** Who the server says a socket is: a screen (viewer), floor staff, the stream producer or the TD. */
export type ClientRole = 'viewer' | 'floor' | 'stream' | 'td';
export interface SnapshotMessage {
  type: 'snapshot';
  tournament: string;
  seq: number;
  serverTime: number;
  state: Partial<TopicViews>;
  /**
   * Set on a delayed socket (`/ws/stream`, the stream overlays): the state is the room's as it
   * was `delayMs` ago, and every patch arrives `delayMs` after its change. Show the clock at
   * server time minus `delayMs`. A new snapshot follows when the producer changes the delay.
   */
  delayMs?: number;
}
/**
 * One change: the topics it changed (whole topic objects), for the subscribed topics only.
 * `prev` is the seq of the previous change to any subscribed topic: a client whose last seq is
 * lower than `prev` missed a change and must resubscribe.
 */
export interface PatchMessage {
  type: 'patch';
  tournament: string;
  seq: number;
  prev: number;
  changes: Partial<TopicViews>;
  events?: PublicEvent[];
}
export interface PongMessage {
  type: 'pong';
  t: number;
  serverTime: number;
}
export type CommandAnswer = { ok: true; seq: number; result?: unknown } | { ok: false; error: ErrorBody };
export type ResultMessage = { type: 'result'; ref?: string | number } & CommandAnswer;
export interface ErrorMessage {
  type: 'error';
  error: ErrorBody;
  ref?: string | number;
}
/** A tournament's OBS status now and at each change (never the password). */
export interface ObsMessage {
  type: 'obs';
  tournament: string;
  status: ObsStatusView;
}
export type ServerMessage = HelloMessage | SnapshotMessage | PatchMessage | PongMessage | ResultMessage | ErrorMessage | ObsMessage;
