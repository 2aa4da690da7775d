/**
 * How many rebuys and add-ons one entry may take (settings.rebuy.max, settings.addon.max).
 *
 * - IP r18, TDA r27 (RULES.md "Entries"): rebuys and add-ons only in their posted periods; no book
 *   fixes how many add-ons a house sells, so a house may allow more than one (RULES.md, re-audit
 *   2026-11: "Add-ons are as many as the tournament's add-on settings allow").
 * - `max` null: rebuys unlimited; an add-on once per entry, the usual add-on and what a tournament
 *   stored before add-on limits were honoured was given.
 */
import { EngineError } from '../errors.js';
import type { BuyPeriod } from '../../protocol/entries-commands.js';

/** The most rebuys (or add-ons) per entry; null: no limit. */
export function buyLimit(kind: 'rebuy' | 'addon', period: Pick<BuyPeriod, 'max'>): number | null {
  if (kind === 'addon') return period.max ?? 1;
  return period.max;
}

/** The error for one more than `max`, naming the setting and the rule. */
export function buyLimitError(kind: 'rebuy' | 'addon', name: string, count: number, max: number): EngineError {
  const what = kind === 'rebuy' ? (max === 1 ? 'rebuy' : 'rebuys') : max === 1 ? 'add-on' : 'add-ons';
  const setting = kind === 'rebuy' ? 'rebuy.max' : 'addon.max';
  return new EngineError(
    kind === 'rebuy' ? 'rebuy-limit-reached' : 'addon-limit-reached',
    `${name} has already taken ${count} of ${max} ${what} (${setting}; IP r18, TDA r27: as the posted ${kind === 'rebuy' ? 'rebuy' : 'add-on'} settings allow).`,
  );
}
