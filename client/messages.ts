/**
 * The messages layer: the wire protocol as the browser apps see it (the server's protocol
 * module re-exported, so screens, overlays and the control panel import from one place) and
 * the factories of the messages a client sends. Only server/protocol/ is imported: nothing
 * else of the server ends up in a bundle (test/browser/imports.test.ts checks).
 */
export type {
  CommandAnswer,
  HelloMessage,
  PatchMessage,
  PublicEvent,
  ServerMessage,
  SnapshotMessage,
  ResumedMessage,
  ClientRole,
  ClientMessage,
  RequestId,
} from '../server/protocol/messages.js';
export { PROTOCOL_VERSION, CLOSE_PROTOCOL_VERSION } from '../server/protocol/messages.js';
export type { TopicOp } from '../server/protocol/ops.js';
export type { LostCommands } from '../server/protocol/storage.js';
export type { LowerThirdDraft, LowerThirdView, OverlayKind, PlayerClockView, SavedLowerThird, StreamView } from '../server/protocol/stream.js';
export { OVERLAY_KINDS, STREAM_LIMITS } from '../server/protocol/stream.js';
export type { ClockStatus, BreakItemView, ClockView, InfoView, ItemView, LevelItemView, StructureView, Topic, TopicViews } from '../server/protocol/views.js';
export type { ErrorBody, ErrorCode } from '../server/protocol/errors.js';
export { TOPICS } from '../server/protocol/views.js';
export type { Command, CommandType } from '../server/protocol/commands.js';

/** Who the server says this page is (from `hello`). */
export type Role = 'viewer' | 'floor' | 'stream' | 'td';
