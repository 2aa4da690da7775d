/**
 * The mystery envelopes as the TD types them (lines of an amount and a count), checked against
 * the bounty pool (they must add up to it: the engine refuses otherwise, docs/RULES.md
 * "Mystery") and against the field (each elimination draws one: a count unlike the entries is
 * worth a warning, never a refusal).
 */
import type { MysteryPrize } from '../../server/protocol/bounties.js';

export interface EnvelopeLine {
  amount: string;
  count: string;
}

export interface EnvelopesCheck {
  /** The lines as the command sends them; null while a line is not a valid amount and count. */
  prizes: MysteryPrize[] | null;
  /** The first line (1-based) that is not valid. */
  badLine: number | null;
  total: number;
  count: number;
}

export function checkEnvelopes(lines: readonly EnvelopeLine[]): EnvelopesCheck {
  const prizes: MysteryPrize[] = [];
  let badLine: number | null = null;
  lines.forEach((line, i) => {
    const amount = Math.round(Number(line.amount.trim().replace(',', '.')) * 100);
    const count = Number(line.count.trim());
    if (line.amount.trim() === '' || !Number.isSafeInteger(amount) || amount <= 0 || !Number.isSafeInteger(count) || count < 1 || count > 10_000) {
      badLine ??= i + 1;
      return;
    }
    prizes.push({ amount, count });
  });
  return {
    prizes: badLine === null && prizes.length > 0 ? prizes : null,
    badLine,
    total: prizes.reduce((a, p) => a + p.amount * p.count, 0),
    count: prizes.reduce((a, p) => a + p.count, 0),
  };
}

/** The posted list as lines to edit (amounts in major units). */
export function linesOf(prizes: readonly MysteryPrize[] | undefined): EnvelopeLine[] {
  return prizes?.length ? prizes.map((p) => ({ amount: String(p.amount / 100), count: String(p.count) })) : [{ amount: '', count: '1' }];
}
