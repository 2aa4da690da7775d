/**
 * The OBS bridge on the wire: automation rules (stored with `obs.rules.set`), the connection
 * settings and the status the phone shows. Plain types and constants, shared by the server and
 * the control panel; server/engine/schemas/obs.ts validates them (checked at compile time
 * against these types). docs/OBS.md explains every trigger, action and placeholder with examples.
 */

/** What can set a rule off. */
export const OBS_TRIGGERS = [
  'level.started',
  'break.started',
  'break.ending',
  'break.ended',
  'handForHand.started',
  'handForHand.stopped',
  'bubble.burst',
  'finalTable.formed',
  'entry.busted',
  'tournament.won',
  'playerClock.started',
] as const;
export type ObsTrigger = (typeof OBS_TRIGGERS)[number];

/** The placeholders a text template may use: `{blinds}`. */
export const OBS_PLACEHOLDERS = [
  'level',
  'stage',
  'blinds',
  'ante',
  'playersLeft',
  'entries',
  'avgStack',
  'avgStackBB',
  'prizePool',
  'nextBreak',
  'name',
  'place',
  'prize',
  'bounty',
] as const;
export type ObsPlaceholder = (typeof OBS_PLACEHOLDERS)[number];

/** Where a source is shown or hidden: in `scene`, or in the current program scene. */
export interface ObsItemTarget {
  source: string;
  scene?: string;
}

/**
 * One action: exactly one key says what it does. Names are 1 to 200 characters (trimmed); a
 * text template is at most 500 characters and may use only OBS_PLACEHOLDERS, written `{blinds}`.
 */
export type ObsAction =
  | { scene: string }
  | { show: ObsItemTarget }
  | { hide: ObsItemTarget }
  | { text: { input: string; template: string } }
  | { media: { input: string } }
  | { transition: true };

export interface ObsRule {
  when: ObsTrigger;
  /** 1 to 10 actions, run in order. */
  actions: ObsAction[];
  /** break.ending: seconds before the break ends (1..3600, default 60). */
  seconds?: number;
  /** entry.busted: only busts that win a prize. */
  inTheMoney?: boolean;
  /** Fire at the event, not `delay` seconds later with the stream (for what is not on air). */
  live?: boolean;
}

/** The arguments of `obs.rules.set`: at most 50 rules, replacing the ones before (a type, not an interface, like every command's arguments). */
export type ObsRulesArgs = {
  rules: ObsRule[];
};

/** The settings `PUT /api/tournaments/:id/obs` takes (the password is never sent back). */
export interface ObsSettings {
  /** A ws:// or wss:// address, e.g. ws://192.168.1.30:4455 (at most 300 characters). */
  url: string;
  /** At most 200 characters; default empty. */
  password?: string;
}

/**
 * `unreachable`: the connection failed or closed; `not-responding`: OBS left a request
 * unanswered (hung), so Riffle gave that connection up. Both reconnect by themselves.
 */
export type ObsConnectionState = 'off' | 'connecting' | 'connected' | 'wrong-password' | 'unreachable' | 'not-responding' | 'kicked';

/** What the phone shows of one tournament's OBS (never the password). */
export interface ObsStatusView {
  state: ObsConnectionState;
  url: string | null;
  obsVersion?: string;
  obsWebSocketVersion?: string;
  programScene?: string;
  scenes: string[];
  studioMode: boolean;
  lastError?: { message: string; at: number };
  /** Rules naming a scene or source OBS does not have ("scene 'Break' not found in OBS"). */
  problems: string[];
}
