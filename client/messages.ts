/**
 * The wire protocol as the browser apps see it: the server's own types, re-exported so screens
 * and overlays import from one place. Types only (plus the topic list): nothing of the server
 * ends up in a bundle.
 */
export type {
  CommandAnswer,
  HelloMessage,
  PatchMessage,
  PublicEvent,
  ServerMessage,
  SnapshotMessage,
  ClientRole,
} from '../../server/protocol/messages.js';
export type { LowerThirdView, OverlayKind, PlayerClockView, StreamView } from '../../server/protocol/stream.js';
export { OVERLAY_KINDS, STREAM_LIMITS } from '../../server/protocol/stream.js';
export type { BreakItemView, ClockView, InfoView, ItemView, LevelItemView, StructureView, Topic, TopicViews } from '../../server/protocol/views.js';
export type { ErrorBody, ErrorCode } from '../../server/protocol/errors.js';
export type { ClockStatus } from '../../server/engine/clock.js';
export { TOPICS } from '../../server/protocol/views.js';
export type { Command, CommandType } from '../../server/protocol/schemas.js';

/** Who the server says this page is (from `hello`). */
export type Role = 'viewer' | 'floor' | 'stream' | 'td';
