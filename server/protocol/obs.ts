/**
 * The OBS bridge on the wire: automation rules (stored with `obs.rules.set`), their schema, and
 * the status the phone shows. Shared by the server and the control panel (zod only, no Node).
 * docs/OBS.md explains every trigger, action and placeholder with examples.
 */
import { z } from 'zod';

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
] as const;
export type ObsPlaceholder = (typeof OBS_PLACEHOLDERS)[number];

const name = z.string().trim().min(1, 'is required').max(200);

const template = z
  .string()
  .max(500)
  .superRefine((text, ctx) => {
    for (const [, key] of text.matchAll(/\{([^{}]*)\}/g)) {
      if (!(OBS_PLACEHOLDERS as readonly string[]).includes(key!)) {
        ctx.addIssue({ code: 'custom', message: `has an unknown placeholder {${key}}; allowed: ${OBS_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}` });
      }
    }
  });

const itemTarget = z.strictObject({ source: name, scene: name.optional() });

/** One action: exactly one key says what it does. */
export const obsActionSchema = z.union(
  [
    z.strictObject({ scene: name }),
    z.strictObject({ show: itemTarget }),
    z.strictObject({ hide: itemTarget }),
    z.strictObject({ text: z.strictObject({ input: name, template }) }),
    z.strictObject({ media: z.strictObject({ input: name }) }),
    z.strictObject({ transition: z.literal(true) }),
  ],
  { error: 'must be one of {scene}, {show: {source, scene?}}, {hide: {source, scene?}}, {text: {input, template}}, {media: {input}}, {transition: true}' },
);
export type ObsAction = z.output<typeof obsActionSchema>;

export const obsRuleSchema = z.strictObject({
  when: z.enum(OBS_TRIGGERS, { error: `must be one of ${OBS_TRIGGERS.join(', ')}` }),
  actions: z.array(obsActionSchema).min(1, 'needs at least one action').max(10),
  /** break.ending: seconds before the break ends (default 60). */
  seconds: z.number().int().min(1).max(3600).optional(),
  /** entry.busted: only busts that win a prize. */
  inTheMoney: z.boolean().optional(),
  /** Fire at the event, not `delay` seconds later with the stream (for what is not on air). */
  live: z.boolean().optional(),
});
export type ObsRule = z.output<typeof obsRuleSchema>;

export const obsRulesArgs = z.strictObject({ rules: z.array(obsRuleSchema).max(50, 'has more than 50 rules') });

/** The settings `PUT /api/tournaments/:id/obs` takes (the password is never sent back). */
export const obsSettingsSchema = z.strictObject({
  url: z
    .string()
    .max(300)
    .refine((u) => /^wss?:\/\/[^\s/]+/.test(u), 'must be a ws:// or wss:// address, e.g. ws://192.168.1.30:4455'),
  password: z.string().max(200).default(''),
});

export type ObsConnectionState = 'off' | 'connecting' | 'connected' | 'wrong-password' | 'unreachable' | 'kicked';

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
