/**
 * "Suggest a structure", as The Tournament Director 3's blinds wizard does: from the expected
 * field, the starting stack, the target length and the level length, a ladder of blinds that
 * starts deep and reaches the end game in time. Pure arithmetic, no randomness.
 *
 * The method (each step a TD can check by hand):
 * 1. Levels: as many as fit in the target length with a break after every `breakEvery` levels
 *    (default: one per two hours of play), at least two.
 * 2. The first big blind is 1/200 of the starting stack (200 big blinds: a deep start); the
 *    last is the field's chips divided by 20, so at the target time the last two players
 *    hold about 10 big blinds each.
 * 3. In between, the big blinds grow by the same factor each level (a geometric ladder), each
 *    rounded to the nearest small blind a poker room uses (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5,
 *    8 times a power of ten) that the smallest chip can make; the big blind is twice the small
 *    blind, and never repeats. No level is more than 1.5 times the one before while the chips
 *    can make a blind within that (issue 23: rounding each level to the nearest doubled 100/200
 *    to 200/400 and took 600/1,200 to 1,000/2,000). Of the ladders that keep to it, the one
 *    closest to the geometric one is taken (the least sum of squared differences of the
 *    logarithms, level by level): a ladder that needs more than 1.5 per level starts a little
 *    higher and ends a little lower than the targets, sharing the difference, rather than jump.
 * 4. Big-blind antes (TDA 2024 AP 11: the ante is the big blind) from the first level after the
 *    first break; colour-ups at the breaks where the chip set allows them (IP r37).
 */
import { EngineError } from './errors.js';
import { colorUpSchedule } from './money/colorup.js';
import type { Break, Level, StructureItem } from './structure.js';
import { STRUCTURE_MAX_ITEMS, type SuggestRequest } from '../protocol/tournament.js';

/** What a suggestion is asked from: the request as the protocol has it. */
export type SuggestInput = SuggestRequest;

const STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8];
/** The most one level may raise the big blind over the one before, where the chips allow. */
const MAX_STEP = 1.5;

/** The smallest chip: from the chip set, else the usual one for the stack (at most 1,000 of it). */
function smallestChip(stack: number, chipSet?: readonly number[] | null): number {
  if (chipSet?.length) return Math.min(...chipSet);
  return [1, 5, 25, 100, 500, 1000].find((c) => stack / c <= 1000) ?? 1000;
}

/** Small blinds a room uses that `unit` can make, ascending, up to `max`. */
function smallBlinds(unit: number, max: number): number[] {
  const out: number[] = [];
  for (let power = 1; power <= max * 10; power *= 10) {
    for (const step of STEPS) {
      const sb = Math.round(step * power);
      if (sb % unit === 0 && sb <= max) out.push(sb);
    }
  }
  return out;
}

/**
 * The big blinds, one per target, from `candidates` (ascending): each above the one before and
 * at most MAX_STEP times it (the next candidate up where none is that close), closest to the
 * targets in squared log difference; a tie goes to the smaller blinds. Fewer than the targets
 * when the candidates run out. A shortest-path walk over (level, blind): levels x candidates x
 * the few steps within MAX_STEP (at most 200 x ~100 x 3).
 */
function smoothLadder(candidates: readonly number[], targets: readonly number[]): number[] {
  const m = candidates.length;
  const logs = candidates.map(Math.log);
  // The candidates each one may step to: those within MAX_STEP, else the next one up.
  const next = candidates.map((c, j) => {
    const close: number[] = [];
    for (let k = j + 1; k < m && candidates[k]! <= c * MAX_STEP; k++) close.push(k);
    return close.length > 0 || j + 1 >= m ? close : [j + 1];
  });
  const miss = (i: number, j: number) => (logs[j]! - Math.log(targets[i]!)) ** 2;
  let cost = candidates.map((_, j) => miss(0, j));
  const from: Int32Array[] = [];
  let levels = 1;
  for (let i = 1; i < targets.length; i++) {
    const step = new Array<number>(m).fill(Infinity);
    const back = new Int32Array(m).fill(-1);
    for (let j = 0; j < m; j++) {
      if (cost[j] === Infinity) continue;
      for (const k of next[j]!) {
        const c = cost[j]! + miss(i, k);
        if (c < step[k]!) (step[k] = c), (back[k] = j);
      }
    }
    if (step.every((c) => c === Infinity)) break;
    cost = step;
    from.push(back);
    levels++;
  }
  let at = cost.reduce((best, c, j) => (c < cost[best]! ? j : best), 0);
  const out = [candidates[at]!];
  for (let i = levels - 2; i >= 0; i--) {
    at = from[i]![at]!;
    out.unshift(candidates[at]!);
  }
  return out;
}

/**
 * The number of levels that fit: n levels and floor((n - 1) / every) breaks; null when more
 * than a structure holds would fit (STRUCTURE_MAX_ITEMS). The walk stops at that cap whatever
 * the inputs: it once ran target / level times, and a level of 5e-324 minutes never ended (issue 21).
 */
export function levelsThatFit(targetMinutes: number, levelMinutes: number, breakMinutes: number, every: number): number | null {
  const items = (levels: number) => levels + Math.floor((levels - 1) / every);
  let n = 2;
  while ((n + 1) * levelMinutes + Math.floor(n / every) * breakMinutes <= targetMinutes) {
    n++;
    if (items(n) > STRUCTURE_MAX_ITEMS) return null;
  }
  return n;
}

export function suggestStructure(input: SuggestInput): StructureItem[] {
  const { players, startingStack, targetMinutes, levelMinutes } = input;
  const breakMinutes = input.breakMinutes ?? 15;
  const every = input.breakEvery ?? Math.max(1, Math.round(120 / levelMinutes));
  const fail = (message: string): never => {
    throw new EngineError('invalid-structure', message, 'invalid');
  };
  if (!Number.isInteger(players) || players < 2) fail('A structure needs at least 2 players.');
  if (!Number.isInteger(startingStack) || startingStack < 100) fail('The starting stack must be at least 100 chips.');
  // The schema's bounds again (schemas/setup.ts), for in-process callers: these size the walk below.
  if (!(levelMinutes >= 1) || levelMinutes > 240) fail('Levels must last between 1 and 240 minutes.');
  if (!(breakMinutes >= 1) || breakMinutes > 120) fail('Breaks must last between 1 and 120 minutes.');
  if (!(targetMinutes >= 2 * levelMinutes) || targetMinutes > 7 * 24 * 60) fail('The target length must hold at least two levels, and at most a week.');

  const unit = smallestChip(startingStack, input.chipSet);
  const total = players * startingStack;
  const candidates = smallBlinds(unit, total).map((sb) => 2 * sb);
  if (candidates.length === 0) fail(`No blinds can be made with a smallest chip of ${unit}.`);
  const n =
    levelsThatFit(targetMinutes, levelMinutes, breakMinutes, every) ??
    fail(`${targetMinutes} minutes of ${levelMinutes}-minute levels is more than a structure holds (${STRUCTURE_MAX_ITEMS} levels and breaks): make the levels longer or the target shorter.`);
  const first = startingStack / 200;
  const last = Math.max(first, total / 20);
  const ratio = n > 1 ? (last / first) ** (1 / (n - 1)) : 1;
  const bigBlinds = smoothLadder(candidates, Array.from({ length: n }, (_, i) => first * ratio ** i));

  const anteType = input.ante ?? 'bba';
  const structure: StructureItem[] = [];
  let anteOn = false;
  bigBlinds.forEach((bb, i) => {
    const bba = anteType === 'bba' && anteOn;
    const level: Level = { kind: 'level', smallBlind: bb / 2, bigBlind: bb, ante: bba ? bb : 0, anteType: bba ? 'bba' : 'none', minutes: levelMinutes };
    structure.push(level);
    if ((i + 1) % every === 0 && i + 1 < bigBlinds.length) {
      structure.push({ kind: 'break', minutes: breakMinutes, colorUp: null });
      anteOn = true;
    }
  });
  return input.chipSet?.length ? withColorUps(structure, input.chipSet) : structure;
}

/**
 * The structure with a colour-up at each break where one fits (colorUpSchedule): each chip at
 * the first free break after the last level that needs it, lowest chip first (IP r37-2). A
 * break holds one colour-up; a chip whose break is taken waits for the next free one.
 */
export function withColorUps(structure: readonly StructureItem[], chipSet: readonly number[]): StructureItem[] {
  const out: StructureItem[] = structure.map((item) => (item.kind === 'break' ? { ...item, colorUp: null } : item));
  let after = -1;
  for (const point of colorUpSchedule(out, chipSet)) {
    if (point.breakIndex === null) break;
    const at = out.findIndex((item, i) => i >= point.breakIndex! && i > after && item.kind === 'break');
    if (at < 0) break;
    (out[at] as Break).colorUp = { denomination: point.denomination };
    after = at;
  }
  return out;
}
