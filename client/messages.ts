/**
 * The messages layer: the wire protocol as the browser apps see it (the server's protocol
 * module re-exported, so screens, overlays and the control panel import from one place) and
 * the factories of the messages a client sends. Only server/protocol/ is imported: nothing
 * else of the server ends up in a bundle (test/browser/imports.test.ts checks).
 */
import type { CommandAnswer as WireAnswer } from '../server/protocol/messages.js';
import type { ClientErrorCode, ErrorBody as WireErrorBody, ErrorCode } from '../server/protocol/errors.js';

export type {
  HelloMessage,
  PatchMessage,
  PublicEvent,
  ServerMessage,
  SnapshotMessage,
  ResumedMessage,
  ClientMessage,
  RequestId,
} from '../server/protocol/messages.js';
export { PROTOCOL_VERSION, CLOSE_PROTOCOL_VERSION } from '../server/protocol/messages.js';
export type { TopicOp } from '../server/protocol/ops.js';
export type { LostCommands } from '../server/protocol/storage.js';
export type { LowerThirdDraft, LowerThirdView, OverlayKind, PlayerClockView, SavedLowerThird, StreamView } from '../server/protocol/stream.js';
export { OVERLAY_KINDS, STREAM_LIMITS } from '../server/protocol/stream.js';
export type { ClockStatus, BreakItemView, ClockView, InfoView, ItemView, LevelItemView, StructureView, Topic, TopicViews } from '../server/protocol/views.js';
export type { ClientErrorCode, ErrorCode } from '../server/protocol/errors.js';

/** An error as a page sees it: the server's codes, or one the client gives itself (ClientErrorCode). */
export type ErrorBody = WireErrorBody<ErrorCode | ClientErrorCode>;
/** A command's answer as a page sees it: the server's, or the client's own refusal (expired, discarded, …). */
export type CommandAnswer = Extract<WireAnswer, { ok: true }> | { ok: false; error: ErrorBody };
export { TOPICS } from '../server/protocol/views.js';
export type { Command, CommandType } from '../server/protocol/commands.js';
/** Who the server says this page is (from `hello`): one of ROLES. */
export type { Role, StaffRole } from '../server/protocol/roles.js';
export { ROLES, isRole } from '../server/protocol/roles.js';
