/**
 * Colour-ups: when a chip leaves play, checks of the colour-ups a structure schedules, and the
 * chip race with its leftovers.
 *
 * - IP r37-1/2: when the lowest chip is no longer needed by any blind or ante it leaves; its
 *   chips are coloured up to the next lowest chip. r37-3/4: at all tables, only at the time on
 *   the structure sheet, at the end of a level before the new one.
 * - IP r38, TDA 2017 r24, PPN r24A: the race starts at seat 1, one face-up card per odd chip,
 *   a player gets all his cards before the next player; highest card wins (suits break ties,
 *   IP r38-3, r27: spades > hearts > diamonds > clubs); at most one chip per player; nobody
 *   is raced out: a player who loses his last chips gets one chip of the lowest denomination
 *   still in play.
 * - TDA 2017 r24, PPN r24C: chips of a removed denomination found after the race are exchanged
 *   only at equal value; what is worth less than the smallest chip in play is removed without
 *   compensation (4 x 25 -> 100; 2 x 25 are removed).
 */
import { EngineError } from '../errors.js';
import { levelNumber, type Level, type StructureItem } from '../structure.js';

// ---------------------------------------------------------------------------------------------
// When chips leave

export interface ColorUpPoint {
  denomination: number;
  /**
   * Structure index of the last level that needs this chip (or a smaller one that must leave
   * first); -1 if no level needs it. It can leave at the end of this level (IP r37-4).
   */
  lastNeededIndex: number;
  /** The first break after that level, where the colour-up fits best; null if none follows. */
  breakIndex: number | null;
  /** Levels played between the last one that needs the chip and that break (0: right after). */
  levelsLate: number;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The blinds and ante a level posts (the ante only if antes are played). */
function postedAmounts(level: Level): Array<[amount: number, name: string]> {
  const amounts: Array<[number, string]> = [[level.smallBlind, 'small blind'], [level.bigBlind, 'big blind']];
  if (level.anteType !== 'none' && level.ante > 0) amounts.push([level.ante, level.anteType === 'bba' ? 'big blind ante' : 'ante']);
  return amounts;
}

/**
 * The first amount of `level` that the chips of `inPlay` cannot make, or null. With unlimited
 * chips an amount can be made iff it is a multiple of the gcd of the denominations; for the
 * usual chip sets, where each chip is a multiple of the one below, that gcd is simply the
 * lowest chip in play, i.e. "not a multiple of the next larger denomination still in play".
 */
function unpayable(level: Level, inPlay: readonly number[]): [amount: number, name: string] | null {
  const unit = inPlay.reduce(gcd, 0);
  if (unit === 0) return null;
  return postedAmounts(level).find(([amount]) => amount % unit !== 0) ?? null;
}

function sortedChipSet(chipSet: readonly number[]): number[] {
  if (chipSet.length === 0) throw new EngineError('invalid-chip-set', 'The chip set is empty.', 'invalid');
  const sorted = chipSet.slice().sort((a, b) => a - b);
  sorted.forEach((d, i) => {
    if (!Number.isSafeInteger(d) || d < 1) throw new EngineError('invalid-chip-set', `${String(d)} is not a chip denomination.`, 'invalid');
    if (i > 0 && sorted[i - 1] === d) throw new EngineError('invalid-chip-set', `The chip set lists ${d} twice.`, 'invalid');
  });
  return sorted;
}

/**
 * When each chip can leave play. Chips leave lowest first (IP r37-2 colours the lowest up to
 * the next), so a chip leaves only after the chips below it; a chip "is needed" by a level when
 * one of its blinds or its ante cannot be made from the larger chips (see `unpayable`). Only
 * chips that can leave before the end of the structure are listed; the largest never leaves.
 *
 * The colour-up goes to the first break after the last level that needs the chip; when no
 * break follows, `breakIndex` is null and the TD colours up at a level change instead (IP
 * r37-4: at the end of a level, before the new one) - at `lastNeededIndex` or later.
 */
export function colorUpSchedule(structure: readonly StructureItem[], chipSet: readonly number[]): ColorUpPoint[] {
  const chips = sortedChipSet(chipSet);
  const lastLevel = structure.findLastIndex((item) => item.kind === 'level');
  const points: ColorUpPoint[] = [];
  let earliest = -1;
  for (let c = 0; c < chips.length - 1; c++) {
    const larger = chips.slice(c + 1);
    let lastNeeded = earliest;
    structure.forEach((item, i) => {
      if (item.kind === 'level' && i > lastNeeded && unpayable(item, larger)) lastNeeded = i;
    });
    if (lastNeeded >= lastLevel) break;
    let breakIndex: number | null = null;
    let levelsLate = 0;
    for (let i = lastNeeded + 1; i < structure.length; i++) {
      if (structure[i]!.kind === 'break') {
        breakIndex = i;
        break;
      }
      levelsLate++;
    }
    points.push({ denomination: chips[c]!, lastNeededIndex: lastNeeded, breakIndex, levelsLate: breakIndex === null ? 0 : levelsLate });
    earliest = lastNeeded;
  }
  return points;
}

export type ColorUpProblemCode = 'unknown-denomination' | 'already-removed' | 'not-lowest' | 'nothing-larger' | 'still-needed' | 'not-payable';

export interface ColorUpProblem {
  code: ColorUpProblemCode;
  /** Structure index of the break or level concerned. */
  index: number;
  denomination: number | null;
  message: string;
}

/**
 * Problems with the colour-ups a structure's breaks schedule, for the structure editor:
 * a denomination no chip set contains, one already coloured up, one coloured up while a lower
 * chip is still in play (IP r37-2) or with no larger chip to colour up to, one a later level
 * still needs, and any blind or ante the chip set cannot make at all. Empty when all is well.
 */
export function checkColorUps(structure: readonly StructureItem[], chipSet: readonly number[]): ColorUpProblem[] {
  const chips = sortedChipSet(chipSet);
  const problems: ColorUpProblem[] = [];
  const name = (i: number): string => {
    const n = levelNumber(structure, i);
    return n === null ? `the break at item ${i + 1}` : `level ${n}`;
  };
  let inPlay = chips.slice();
  const removed = new Set<number>();
  structure.forEach((item, i) => {
    if (item.kind === 'level') {
      const bad = unpayable(item, chips);
      if (bad) {
        problems.push({
          code: 'not-payable', index: i, denomination: null,
          message: `The ${bad[1]} ${bad[0]} of ${name(i)} cannot be made with the chips ${chips.join(', ')}.`,
        });
      }
      return;
    }
    const d = item.colorUp?.denomination;
    if (d === undefined) return;
    const problem = (code: ColorUpProblemCode, message: string): void => {
      problems.push({ code, index: i, denomination: d, message });
    };
    if (!chips.includes(d)) return problem('unknown-denomination', `${name(i)} colours up the ${d}, which is not in the chip set (${chips.join(', ')}).`);
    if (removed.has(d)) return problem('already-removed', `${name(i)} colours up the ${d}, which has already left play.`);
    if (inPlay.length === 1) return problem('nothing-larger', `${name(i)} colours up the ${d}, the last chip in play.`);
    if (inPlay[0] !== d) problem('not-lowest', `${name(i)} colours up the ${d} while the ${inPlay[0]} is still in play; the lowest chip goes first (IP r37-2).`);
    const after = inPlay.filter((x) => x !== d);
    for (let j = i + 1; j < structure.length; j++) {
      const later = structure[j]!;
      if (later.kind !== 'level' || unpayable(later, chips)) continue;
      const bad = unpayable(later, after);
      if (bad) {
        problem('still-needed', `${name(i)} colours up the ${d}, but the ${bad[1]} ${bad[0]} of ${name(j)} still needs it (IP r37-1).`);
        break;
      }
    }
    removed.add(d);
    inPlay = after;
  });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Exchanging and racing

export interface Exchange {
  /** Chips of the smallest remaining denomination given for them. */
  exchanged: number;
  /** Chips of the removed denomination taken out without compensation. */
  removed: number;
  /** Value of the chips removed without compensation. */
  removedValue: number;
}

/**
 * Chips of a removed denomination still held after the race: exchanged only at equal value;
 * the rest, worth less than the smallest chip in play, leaves without compensation (TDA 2017
 * r24, PPN r24C: 4 x 25 -> 1 x 100; 2 x 25 are removed). The same arithmetic gives the full
 * sets exchanged at the colour-up itself, whose leftover chips go into the race.
 */
export function raceRemainder(count: number, denomination: number, smallestRemaining: number): Exchange {
  validateDenominations(denomination, smallestRemaining);
  if (!Number.isSafeInteger(count) || count < 0) throw new EngineError('invalid-chip-race', 'The chip count must be a whole number, 0 or more.', 'invalid');
  const perChip = smallestRemaining / denomination;
  const exchanged = Math.floor(count / perChip);
  const removed = count - exchanged * perChip;
  return { exchanged, removed, removedValue: removed * denomination };
}

function validateDenominations(denomination: number, next: number): void {
  if (!Number.isSafeInteger(denomination) || denomination < 1 || !Number.isSafeInteger(next) || next <= denomination || next % denomination !== 0) {
    throw new EngineError('invalid-chip-race', `Colouring up ${denomination} to ${next} needs a larger chip that is a multiple of it.`, 'invalid');
  }
}

export interface RacePlayer {
  entryId: string;
  seat: number;
  /** Chips of the removed denomination left after full sets were exchanged (see raceRemainder). */
  oddChips: number;
  /** Value of everything else the player holds after the exchange; 0 if the odd chips are all. */
  otherChips: number;
}

export interface RaceResult {
  entryId: string;
  seat: number;
  oddChips: number;
  /** Cards dealt to the player, when the race was dealt here (e.g. "As", "Td", "2c"). */
  cards: string[] | null;
  /** Won one chip in the race (IP r38-4: at most one). */
  won: boolean;
  /** Lost his last chips and keeps one chip of the lowest denomination in play (IP r38-5). */
  kept: boolean;
  /** Chips of `nextDenomination` the player receives (0 or 1). */
  received: number;
}

export interface ChipRace {
  /** Chips of `nextDenomination` raced off. */
  raced: number;
  /** Racers (players with odd chips) in seat order. */
  results: RaceResult[];
  /**
   * Value leaving play: the odd chips minus the chips handed out (race and no-race-out rule).
   * Negative when rounding up and the no-race-out rule add chips.
   */
  removedValue: number;
}

/**
 * The highest-card order of the race, best first: a list of the racers' entry ids decided at
 * the table, or a seeded uniform integer source in [0, n) (e.g. `seededRng(seed).int`) to
 * shuffle a 52-card deck and deal it here.
 */
export type RaceDraw = readonly string[] | ((n: number) => number);

const RANKS = '23456789TJQKA';
// IP r27: spades > hearts > diamonds > clubs; a card's strength is rank * 4 + suit.
const SUITS = 'cdhs';

/**
 * The chip race for one table (IP r38, TDA 2017 r24). Pass the players' odd chips of the
 * removed `denomination`; `nextDenomination` is the lowest chip still in play.
 *
 * The odd chips are pooled and raced off as chips of the next denomination, rounding to the
 * nearest chip with a half rounding up (HR r24's example: 7 x 25 = 175 -> 2 x 100). Cards are
 * dealt from seat 1, all of a player's cards before the next (IP r38-2); the highest card
 * takes the first chip, and so on, one chip per player (IP r38-4). A player who loses and
 * holds no other chips keeps one chip of the next denomination (IP r38-5, TDA 2017 r24).
 */
export function chipRace(players: readonly RacePlayer[], denomination: number, nextDenomination: number, draw: RaceDraw): ChipRace {
  validateDenominations(denomination, nextDenomination);
  const fail = (message: string): never => {
    throw new EngineError('invalid-chip-race', message, 'invalid');
  };
  const ids = new Set<string>();
  const seats = new Set<number>();
  for (const p of players) {
    if (ids.has(p.entryId)) fail(`Entry ${p.entryId} is listed twice.`);
    if (!Number.isSafeInteger(p.seat) || p.seat < 1 || seats.has(p.seat)) fail(`Seat ${String(p.seat)} is not a free seat number.`);
    if (!Number.isSafeInteger(p.oddChips) || p.oddChips < 0 || p.oddChips * denomination >= nextDenomination) {
      fail(`Entry ${p.entryId}: ${String(p.oddChips)} odd chips of ${denomination}; full sets are exchanged before the race.`);
    }
    if (!Number.isSafeInteger(p.otherChips) || p.otherChips < 0) fail(`Entry ${p.entryId}: other chips must be a whole number, 0 or more.`);
    ids.add(p.entryId);
    seats.add(p.seat);
  }
  const racers = players.filter((p) => p.oddChips > 0).sort((a, b) => a.seat - b.seat);
  const oddValue = racers.reduce((s, p) => s + p.oddChips * denomination, 0);
  const raced = Math.floor((2 * oddValue + nextDenomination) / (2 * nextDenomination));

  let order: string[];
  let cards: Map<string, string[]> | null = null;
  if (typeof draw === 'function') {
    ({ order, cards } = dealRace(racers, draw));
  } else {
    order = draw.slice();
    const racerIds = new Set(racers.map((p) => p.entryId));
    if (order.length !== racerIds.size || new Set(order).size !== order.length || order.some((id) => !racerIds.has(id))) {
      fail('The card order must list every player with odd chips exactly once.');
    }
  }
  const winners = new Set(order.slice(0, raced));
  let handedOut = 0;
  const results = racers.map((p): RaceResult => {
    const won = winners.has(p.entryId);
    const kept = !won && p.otherChips === 0;
    if (won || kept) handedOut++;
    return { entryId: p.entryId, seat: p.seat, oddChips: p.oddChips, cards: cards?.get(p.entryId) ?? null, won, kept, received: won || kept ? 1 : 0 };
  });
  return { raced, results, removedValue: oddValue - handedOut * nextDenomination };
}

function dealRace(racers: readonly RacePlayer[], rng: (n: number) => number): { order: string[]; cards: Map<string, string[]> } {
  const needed = racers.reduce((s, p) => s + p.oddChips, 0);
  if (needed > 52) throw new EngineError('invalid-chip-race', `The race needs ${needed} cards, more than one deck; deal it at the table and enter the order.`, 'invalid');
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = rng(i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const cardName = (c: number): string => RANKS[Math.floor(c / 4)]! + SUITS[c % 4]!;
  const cards = new Map<string, string[]>();
  const best = new Map<string, number>();
  let next = 0;
  for (const p of racers) {
    const hand = deck.slice(next, next + p.oddChips);
    next += p.oddChips;
    cards.set(p.entryId, hand.map(cardName));
    best.set(p.entryId, Math.max(...hand));
  }
  const order = racers.map((p) => p.entryId).sort((a, b) => best.get(b)! - best.get(a)!);
  return { order, cards };
}
