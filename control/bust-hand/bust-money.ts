/**
 * The bounty money of a bust, as the TD pays it at once: what each eliminator won and, in a
 * mystery, which envelope he drew (the `entry.bust` answer's `knockouts`, server/protocol/bounties.ts).
 */
import type { Localizer } from '../../web/lib/i18n.js';
import type { BustKnockout } from '../../server/protocol/bounties.js';

export function bustKnockouts(result: unknown): BustKnockout[] {
  const knockouts = (result as { knockouts?: unknown } | null | undefined)?.knockouts;
  return Array.isArray(knockouts) ? (knockouts as BustKnockout[]) : [];
}

/** "Bram wins €25.00" per eliminator; "Cees draws the €100.00 envelope" in a mystery. */
export function bustMoneyText(l10n: Localizer, knockouts: readonly BustKnockout[], currency: string): string {
  const money = (c: number) => l10n.money(c, currency);
  const lines: string[] = [];
  for (const k of knockouts) {
    for (const by of k.by) {
      if (k.envelope !== undefined) lines.push(l10n.t('bounties.bust.envelope', { name: by.name, amount: money(k.envelope) }) + (k.by.length > 1 ? ` (${money(by.amount)})` : ''));
      else if (by.amount > 0) lines.push(l10n.t('bounties.bust.won', { name: by.name, amount: money(by.amount) }));
      else lines.push(l10n.t('bounties.bust.nothing', { name: by.name }));
    }
  }
  return lines.join('. ');
}
