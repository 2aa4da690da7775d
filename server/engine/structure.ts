/**
 * The blind structure: levels and breaks in the order they are played.
 *
 * Breaks are items of their own in the flow (RULES.md "Clock, levels, breaks"), so the clock
 * walks one list. A break may carry a colour-up: the chip that leaves play at that break
 * (IP r37: at the end of a level, before the new one).
 */

/** How the ante is paid. `bba` is the big-blind ante recommended by TDA 2024 AP 11. */
export type AnteType = 'none' | 'ante' | 'bba';

export interface Level {
  kind: 'level';
  smallBlind: number;
  bigBlind: number;
  ante: number;
  anteType: AnteType;
  minutes: number;
}

export interface Break {
  kind: 'break';
  minutes: number;
  /** The denomination that leaves play at this break (IP r37), or null. */
  colorUp: { denomination: number } | null;
}

export type StructureItem = Level | Break;

export const MINUTE_MS = 60_000;

export function durationMs(item: StructureItem): number {
  return Math.round(item.minutes * MINUTE_MS);
}

/**
 * The level number the floor calls out ("Level 4"): breaks are not counted.
 * Returns null for a break.
 */
export function levelNumber(structure: readonly StructureItem[], index: number): number | null {
  const item = structure[index];
  if (!item || item.kind !== 'level') return null;
  let n = 0;
  for (let i = 0; i <= index; i++) if (structure[i]!.kind === 'level') n++;
  return n;
}

/** The index of the structure item that is play level `number` (1-based), or -1. */
export function indexOfLevelNumber(structure: readonly StructureItem[], number: number): number {
  let n = 0;
  for (let i = 0; i < structure.length; i++) {
    if (structure[i]!.kind === 'level' && ++n === number) return i;
  }
  return -1;
}

/** The last play level at or before `index` (the blinds in force during a break). */
export function levelInForce(structure: readonly StructureItem[], index: number): Level | null {
  for (let i = Math.min(index, structure.length - 1); i >= 0; i--) {
    const item = structure[i]!;
    if (item.kind === 'level') return item;
  }
  return null;
}

/** The first play level after `index`, or null at the end of the structure. */
export function nextLevelAfter(
  structure: readonly StructureItem[],
  index: number,
): { index: number; level: Level } | null {
  for (let i = index + 1; i < structure.length; i++) {
    const item = structure[i]!;
    if (item.kind === 'level') return { index: i, level: item };
  }
  return null;
}

/** The first break after `index`, or -1. */
export function nextBreakIndex(structure: readonly StructureItem[], index: number): number {
  for (let i = index + 1; i < structure.length; i++) if (structure[i]!.kind === 'break') return i;
  return -1;
}

/** Milliseconds of play scheduled strictly between the end of `from` and the start of `to`. */
export function msBetween(structure: readonly StructureItem[], from: number, to: number): number {
  let ms = 0;
  for (let i = from + 1; i < to; i++) ms += durationMs(structure[i]!);
  return ms;
}

/** The field of a structure item a problem concerns, so an editor can show it next to it. */
export type StructureField = 'kind' | 'smallBlind' | 'bigBlind' | 'ante' | 'anteType' | 'minutes' | 'colorUp';

/**
 * One problem of a structure: the item it concerns (0-based index, breaks included; null for
 * the structure as a whole), the field, and a human message that names the item.
 */
export interface StructureIssue {
  index: number | null;
  field: StructureField | null;
  /** What is wrong, for screens that show it in their own language (values in `values`). */
  code: StructureIssueCode;
  values?: Record<string, number>;
  message: string;
}

export type StructureIssueCode =
  | 'no-level'
  | 'starts-with-break'
  | 'minutes-out-of-range'
  | 'big-blind-below-small-blind'
  | 'ante-without-type'
  | 'ante-type-without-ante'
  | 'big-blind-falls'
  | 'ante-falls'
  // colour-ups against the chip set (money/colorup.ts ColorUpProblemCode)
  | 'unknown-denomination'
  | 'already-removed'
  | 'not-lowest'
  | 'nothing-larger'
  | 'still-needed'
  | 'not-payable'
  // structure.set on a running tournament (structure-change.ts)
  | 'level-played'
  | 'in-play-kind';

/**
 * Problems that make a structure unplayable, each at the item and field it concerns; an empty
 * list means the structure is fine. Blinds must not fall, since antes are never reduced (TDA
 * 2024 AP 11).
 */
export function structureIssues(structure: readonly StructureItem[]): StructureIssue[] {
  const issues: StructureIssue[] = [];
  if (!structure.some((i) => i.kind === 'level')) issues.push({ index: null, field: null, code: 'no-level', message: 'The structure needs at least one level.' });
  if (structure[0]?.kind === 'break') issues.push({ index: 0, field: 'kind', code: 'starts-with-break', message: 'The structure cannot start with a break.' });
  let prev: Level | null = null;
  structure.forEach((item, i) => {
    const where = `Item ${i + 1}`;
    const add = (field: StructureField, code: StructureIssueCode, message: string): void =>
      void issues.push({ index: i, field, code, values: { item: i + 1 }, message: `${where}: ${message}` });
    if (!(item.minutes > 0) || item.minutes > 24 * 60) add('minutes', 'minutes-out-of-range', 'minutes must be between 0 and 1440.');
    if (item.kind === 'level') {
      if (item.bigBlind < item.smallBlind) add('bigBlind', 'big-blind-below-small-blind', 'the big blind is smaller than the small blind.');
      if (item.anteType === 'none' && item.ante !== 0) add('ante', 'ante-without-type', 'an ante is set but the ante type is none.');
      if (item.anteType !== 'none' && item.ante <= 0) add('ante', 'ante-type-without-ante', 'the ante type needs an ante above 0.');
      if (prev && item.bigBlind < prev.bigBlind) add('bigBlind', 'big-blind-falls', 'the big blind falls from the level before.');
      if (prev && item.ante < prev.ante && item.anteType !== 'none') add('ante', 'ante-falls', 'the ante falls (antes are never reduced, TDA 2024 AP 11).');
      prev = item;
    }
  });
  return issues;
}

/** The messages of `structureIssues`. */
export function structureProblems(structure: readonly StructureItem[]): string[] {
  return structureIssues(structure).map((i) => i.message);
}
