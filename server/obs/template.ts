/**
 * Text-source templates: `{blinds}` and the other placeholders of OBS_PLACEHOLDERS, filled from
 * the tournament as the feed the rule follows shows it. Plain text in English number format:
 * an OBS text source has no language of its own (docs/OBS.md).
 */
import type { ClockView } from '../protocol/views.js';
import type { FieldView } from '../protocol/entries-views.js';

export interface TemplateContext {
  clock: ClockView;
  field: FieldView;
  /** Server time the text is for (the delayed time on the delayed feed). */
  now: number;
  /** From the event: the player, the place ("13-14"), the prize in cents. */
  name: string;
  place: string;
  prizeCents: number;
  /** The bounty money of the event (cents): won from this bust by its eliminators, or the champion's bounties in all. */
  bountyCents: number;
}

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

function money(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: cents % 100 ? 2 : 0 }).format(cents / 100);
  } catch {
    return `${number.format(cents / 100)} ${currency}`;
  }
}

function minutes(ms: number): string {
  const m = Math.max(0, Math.ceil(ms / 60_000));
  return m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min`;
}

/**
 * The text a template airs, or null when a placeholder it names has no value now (`{level}` in a
 * break, `{name}` outside a bust): the source then keeps its last text rather than an empty
 * skeleton (" out in  for ").
 */
export function renderTemplate(template: string, c: Partial<TemplateContext>): string | null {
  const item = c.clock?.current;
  const values: Record<string, () => string> = {
    // Each placeholder is the value alone, so a template reads as it airs ("Level {level}" airs
    // "Level 11"; issue 24: `{level}` said "Level 11" itself). `{stage}` names the item.
    level: () => (!item || item.break ? '' : String(item.n)),
    stage: () => (!item ? '' : item.break ? 'Break' : `Level ${item.n}`),
    blinds: () => (!item || item.break ? '' : `${number.format(item.sb)} / ${number.format(item.bb)}`),
    ante: () => (!item || item.break ? '' : item.bba ? number.format(item.bba) : item.ante ? number.format(item.ante) : ''),
    playersLeft: () => (c.field ? number.format(c.field.playersLeft) : ''),
    entries: () => (c.field ? number.format(c.field.entries) : ''),
    avgStack: () => (c.field ? number.format(c.field.avgStack) : ''),
    avgStackBB: () => (c.field ? decimal.format(c.field.avgStackBB) : ''),
    prizePool: () => (c.field ? money(c.field.prizePool, c.field.currency) : ''),
    nextBreak: () => {
      const clock = c.clock;
      if (!clock) return '';
      if (clock.breakAt !== undefined && c.now !== undefined) return minutes(clock.breakAt - c.now);
      if (clock.breakInMs !== undefined) return minutes(clock.breakInMs);
      return '';
    },
    name: () => c.name ?? '',
    place: () => c.place ?? '',
    prize: () => (c.prizeCents !== undefined && c.field ? money(c.prizeCents, c.field.currency) : ''),
    bounty: () => (c.bountyCents !== undefined && c.field ? money(c.bountyCents, c.field.currency) : ''),
  };
  let missing = false;
  const text = template.replace(/\{([a-zA-Z]+)\}/g, (whole, key: string) => {
    if (!Object.hasOwn(values, key)) return whole;
    const value = values[key]!();
    if (value === '') missing = true;
    return value;
  });
  return missing ? null : text;
}
