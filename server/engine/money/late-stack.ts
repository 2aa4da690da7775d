/**
 * The stack a late entrant starts with.
 *
 * TDA 2017 r7, PPN r8, ONK r8: a late entry gets a full starting stack.
 *
 * IP 2008 r16 (the `ip-2008` late-stack preset):
 * - r16-3: "'Late binnenkomers' kunnen eender welke onverkochte zitplaats krijgen met de
 *   bijhorende stapel 'startfiches' van die zitplaats" - the entrant may take an unsold seat
 *   with its stack, from which blinds and antes were taken as from an absent player.
 * - r16-4: "Als er geen zitplaatsen met stapels 'startfiches' beschikbaar zijn, zal de
 *   toernooidirecteur fiches wegnemen ten bedrage van één kleine blinde inzet (small blind) en
 *   één grote blinde inzet (big blind) voor elke gemiste periode van 20 minuten. Als er antes
 *   in het spel waren, zal er ook één ronde aan antes worden weggenomen per gemiste periode van
 *   20 minuten. Een ronde antes wordt bepaald op basis van de tafelstructuur van het toernooi
 *   (vb. 6, 8, 9, 10 of 11 handen). De weggenomen fiches zullen niet terug in het spel worden
 *   gebracht."
 *
 * How that is read here:
 * - A "missed period of 20 minutes" is a complete 20 minutes of play: breaks do not count
 *   (nobody posts blinds during a break) and a started, unfinished period is not deducted
 *   (r16-4 lets the TD adjust at his discretion).
 * - Each period is charged at the level in force when the period began, walking the structure
 *   from the start of level 1, 20 minutes of play at a time.
 * - Per-player antes: one round = the table size in hands, so table size x ante.
 * - Big-blind ante (TDA 2024 AP 11, which IP 2008 predates): r16 charges what an absent player
 *   would have paid in one round; with a BBA a player pays the big-blind ante only once per
 *   round, when he is the big blind, so one round of antes is ONE big-blind ante. (Charging
 *   table size x BBA would take a whole table's antes from one player.)
 */
import { EngineError } from '../errors.js';
import type { RuleValues } from '../presets.js';
import { durationMs, MINUTE_MS, type Level, type StructureItem } from '../structure.js';
import { assertAmount, sumAmounts } from './amounts.js';

/** IP r16-4: one deduction per missed 20 minutes of play. */
export const LATE_ENTRY_PERIOD_MS = 20 * MINUTE_MS;

/**
 * Milliseconds of play (levels only, breaks excluded) from the start of the structure to the
 * clock position: item `index` with `remainingMs` still to run (ClockState.index and
 * remainingAt). Throws `level-out-of-range` for an index outside the structure.
 */
export function playTimeAt(structure: readonly StructureItem[], index: number, remainingMs: number): number {
  const current = structure[index];
  if (!Number.isSafeInteger(index) || !current) {
    throw new EngineError('level-out-of-range', `There is no item ${index + 1} in the structure.`, 'invalid');
  }
  assertAmount(remainingMs, 'The time left');
  let ms = 0;
  for (let i = 0; i < index; i++) if (structure[i]!.kind === 'level') ms += durationMs(structure[i]!);
  if (current.kind === 'level') ms += Math.max(0, durationMs(current) - remainingMs);
  return ms;
}

/**
 * The level in force at the start of each complete 20-minute period of play within the first
 * `playMs` of play (breaks skipped). Past the end of the structure the last level stays in
 * force, as on the clock.
 */
export function missedPeriods(structure: readonly StructureItem[], playMs: number): Level[] {
  assertAmount(playMs, 'The play time missed');
  const levels = structure.filter((item): item is Level => item.kind === 'level');
  const periods: Level[] = [];
  if (levels.length === 0) return periods;
  let l = 0;
  let levelEnd = durationMs(levels[0]!);
  for (let start = 0; start + LATE_ENTRY_PERIOD_MS <= playMs; start += LATE_ENTRY_PERIOD_MS) {
    while (start >= levelEnd && l < levels.length - 1) levelEnd += durationMs(levels[++l]!);
    periods.push(levels[l]!);
  }
  return periods;
}

export interface LateStackInput {
  /** The tournament's late-stack rule (RuleValues.lateStack). */
  rule: RuleValues['lateStack'];
  startingStack: number;
  structure: readonly StructureItem[];
  /** Play the entrant missed, in ms of level time (e.g. playTimeAt at the clock position). */
  missedPlayMs: number;
  /** Seats at a full table: a round of antes is this many hands (IP r16-4). */
  seatsPerTable: number;
  /** The remaining stack of an unsold seat the entrant takes (IP r16-3), if there is one. */
  unsoldSeatStack?: number | null;
}

export interface LatePeriodCharge {
  level: Level;
  /** One small blind + one big blind. */
  blinds: number;
  /** One round of antes (0 without antes). */
  antes: number;
}

export interface LateStack {
  source: 'full' | 'unsold-seat' | 'deduction';
  /** The stack the entrant plays. */
  stack: number;
  /** Chips taken out of play for good (IP r16-4: not brought back into play). */
  removed: number;
  /** What each missed 20-minute period cost (empty unless source is `deduction`). */
  periods: LatePeriodCharge[];
}

/**
 * IP r16-4: the deduction applies only "als er geen zitplaatsen met stapels 'startfiches'
 * beschikbaar zijn". While an unsold seat with its stack (r16-3) is free the late entrant takes
 * that seat and what is left of its stack (`unsold.take`), so a deducted stack is refused with
 * `unsold-seat-available`, naming the seats.
 */
export function assertNoUnsoldSeat(unsold: readonly { table: number; seat: number; chips: number }[] | undefined): void {
  if (!unsold?.length) return;
  const shown = unsold.slice(0, 3).map((u) => `table ${u.table} seat ${u.seat} (${u.chips} chips)`);
  const more = unsold.length > 3 ? ` and ${unsold.length - 3} more` : '';
  throw new EngineError(
    'unsold-seat-available',
    `IP r16-4: a late entrant's stack is reduced only when no unsold seat with a stack is left; take an unsold seat instead (IP r16-3, unsold.take): ${shown.join(', ')}${more}.`,
  );
}

/** IP r16-4: one small blind + one big blind, and one round of antes if antes are played. */
export function periodCharge(level: Level, seatsPerTable: number): LatePeriodCharge {
  assertAmount(seatsPerTable, 'Seats per table', 2);
  const antes = level.anteType === 'ante' ? level.ante * seatsPerTable : level.anteType === 'bba' ? level.ante : 0;
  return { level, blinds: level.smallBlind + level.bigBlind, antes };
}

/**
 * A late entrant's stack. Rule `full`: the starting stack (TDA 2017 r7). Rule `ip-2008`: an
 * unsold seat's stack if he takes one (its chips were posted as blinds and antes, none leave
 * play), otherwise the starting stack minus IP r16-4's charge for each missed 20 minutes,
 * which leaves play. Throws `late-entry-no-chips` when the charge would take the whole stack.
 */
export function lateEntryStack(input: LateStackInput): LateStack {
  const { rule, startingStack, structure, missedPlayMs, seatsPerTable, unsoldSeatStack = null } = input;
  assertAmount(startingStack, 'The starting stack', 1);
  if (rule === 'full') return { source: 'full', stack: startingStack, removed: 0, periods: [] };
  if (unsoldSeatStack !== null) {
    assertAmount(unsoldSeatStack, "The unsold seat's stack", 1);
    return { source: 'unsold-seat', stack: unsoldSeatStack, removed: 0, periods: [] };
  }
  const periods = missedPeriods(structure, missedPlayMs).map((level) => periodCharge(level, seatsPerTable));
  const removed = sumAmounts(periods.flatMap((p) => [p.blinds, p.antes]));
  if (removed >= startingStack) {
    throw new EngineError(
      'late-entry-no-chips',
      `The ${periods.length} missed periods cost ${removed} chips, the whole starting stack of ${startingStack}.`,
      'conflict',
    );
  }
  return { source: 'deduction', stack: startingStack - removed, removed, periods };
}
