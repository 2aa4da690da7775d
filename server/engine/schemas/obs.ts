/**
 * Validation of the OBS bridge's wire types (server/protocol/obs.ts): the automation rules
 * `obs.rules.set` stores and the settings `PUT /api/tournaments/:id/obs` takes. docs/OBS.md
 * explains every trigger, action and placeholder.
 */
import { z } from 'zod';
import { OBS_PLACEHOLDERS, OBS_TRIGGERS, type ObsAction, type ObsRule, type ObsRulesArgs, type ObsSettings } from '../../protocol/obs.js';
import type { Assert, Same } from './check.js';

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

export const obsRulesArgs = z.strictObject({ rules: z.array(obsRuleSchema).max(50, 'has more than 50 rules') });

/** The settings `PUT /api/tournaments/:id/obs` takes (the password is never sent back). */
export const obsSettingsSchema = z.strictObject({
  url: z
    .string()
    .max(300)
    .refine((u) => /^wss?:\/\/[^\s/]+/.test(u), 'must be a ws:// or wss:// address, e.g. ws://192.168.1.30:4455'),
  password: z.string().max(200).default(''),
});

// The protocol's types, exactly (server/engine/schemas/check.ts).
export type Checks = [
  Assert<Same<z.input<typeof obsActionSchema>, ObsAction>>,
  Assert<Same<z.output<typeof obsActionSchema>, ObsAction>>,
  Assert<Same<z.input<typeof obsRuleSchema>, ObsRule>>,
  Assert<Same<z.output<typeof obsRuleSchema>, ObsRule>>,
  Assert<Same<z.input<typeof obsRulesArgs>, ObsRulesArgs>>,
  Assert<Same<z.input<typeof obsSettingsSchema>, ObsSettings>>,
  Assert<Same<z.output<typeof obsSettingsSchema>, Required<ObsSettings>>>,
];
