import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkColorUps, chipRace, colorUpSchedule, raceRemainder, type RacePlayer } from '../../../server/engine/money/colorup.js';
import type { AnteType, StructureItem } from '../../../server/engine/structure.js';
import { seededRng } from '../../../server/engine/random.js';
import { EngineError } from '../../../server/engine/errors.js';

const code = (c: string) => (e: unknown) => e instanceof EngineError && e.code === c;
const L = (smallBlind: number, bigBlind: number, ante = 0, anteType: AnteType = ante ? 'bba' : 'none'): StructureItem => ({
  kind: 'level', smallBlind, bigBlind, ante, anteType, minutes: 20,
});
const B = (denomination?: number): StructureItem => ({ kind: 'break', minutes: 10, colorUp: denomination ? { denomination } : null });

const CHIPS = [25, 100, 500, 1000, 5000];
// index:            0         1          2          3     4                5                6                7     8                9                 10                 11    12                 13
const STRUCTURE = [L(25, 50), L(50, 100), L(75, 150), B(), L(100, 200, 200), L(200, 400, 400), L(300, 600, 600), B(), L(400, 800, 800), L(500, 1000, 1000), L(1000, 2000, 2000), B(), L(1500, 3000, 3000), L(2000, 4000, 4000)];

test('colorUpSchedule: each chip leaves at the first break after the last level that needs it (IP r37)', () => {
  assert.deepEqual(colorUpSchedule(STRUCTURE, CHIPS), [
    // 75/150 needs the 25; from 100/200 on everything is a multiple of 100: the break right after.
    { denomination: 25, lastNeededIndex: 2, breakIndex: 3, levelsLate: 0 },
    // 400/800 is the last that needs the 100; two more levels are played before the next break.
    { denomination: 100, lastNeededIndex: 8, breakIndex: 11, levelsLate: 2 },
    // 1500/3000 needs the 500 and no break follows: colour up at the level change (IP r37-4).
    { denomination: 500, lastNeededIndex: 12, breakIndex: null, levelsLate: 0 },
    // The 1000 is needed by 2000/4000, the last level, so it never leaves (nor does the 5000).
  ]);
});

test('colorUpSchedule: antes count, per-player antes included, and chips leave lowest first', () => {
  const s = [L(100, 200, 25, 'ante'), B(), L(200, 400, 50, 'ante'), B(), L(300, 600, 100, 'ante'), B(), L(500, 1000, 100, 'ante')];
  // The 25-ante of level 1 and the 50-ante of level 2 need the 25; the 100-ante of the last
  // level needs the 100, so only the 25 leaves.
  assert.deepEqual(colorUpSchedule(s, [25, 100, 500, 1000]), [{ denomination: 25, lastNeededIndex: 2, breakIndex: 3, levelsLate: 0 }]);
  // A chip nothing needs (the 5 with blinds in hundreds) can leave before level 1.
  assert.deepEqual(colorUpSchedule([L(100, 200), B(), L(200, 400)], [5, 100, 500])[0], { denomination: 5, lastNeededIndex: -1, breakIndex: 1, levelsLate: 1 });
  assert.throws(() => colorUpSchedule(STRUCTURE, []), code('invalid-chip-set'));
  assert.throws(() => colorUpSchedule(STRUCTURE, [25, 25, 100]), code('invalid-chip-set'));
});

test('checkColorUps: problems with scheduled colour-ups', () => {
  const withColorUps = (...d: Array<number | undefined>): StructureItem[] => {
    const breaks = [3, 7, 11];
    return STRUCTURE.map((item, i) => (breaks.includes(i) ? B(d[breaks.indexOf(i)]) : item));
  };
  const codes = (s: StructureItem[], chips = CHIPS) => checkColorUps(s, chips).map((p) => [p.code, p.index, p.denomination]);
  assert.deepEqual(codes(withColorUps(25, undefined, 100)), []);
  // The 100 at the second break is still needed by 400/800 (level 7).
  const early = checkColorUps(withColorUps(25, 100), CHIPS);
  assert.deepEqual(early.map((p) => [p.code, p.index, p.denomination]), [['still-needed', 7, 100]]);
  assert.match(early[0]!.message, /level 7/);
  assert.deepEqual(codes(withColorUps(25, 100, 25)).slice(1), [['already-removed', 11, 25]]);
  // Out of order: the 100 goes while the 25 is still in play (the 25s can still make 400/800).
  assert.deepEqual(codes(withColorUps(100, undefined, 25)), [['not-lowest', 3, 100]]);
  assert.deepEqual(codes(withColorUps(10)), [['unknown-denomination', 3, 10]]);
  assert.deepEqual(codes([L(100, 200), B(100)], [100]), [['nothing-larger', 1, 100]]);
  assert.deepEqual(codes([L(30, 60)], [25, 100]), [['not-payable', 0, null]]);
});

test('raceRemainder: equal value only; the rest leaves without compensation (TDA 2017 r24, PPN r24C)', () => {
  const cases: Array<[count: number, denom: number, smallest: number, exchanged: number, removed: number, removedValue: number]> = [
    [4, 25, 100, 1, 0, 0], // PPN r24C: "4 van 25 voor 100"
    [2, 25, 100, 0, 2, 50], // PPN r24C: "2 van 25" removed
    [7, 25, 100, 1, 3, 75],
    [0, 25, 100, 0, 0, 0],
    [23, 5, 25, 4, 3, 15],
  ];
  for (const [count, denom, smallest, exchanged, removed, removedValue] of cases) {
    assert.deepEqual(raceRemainder(count, denom, smallest), { exchanged, removed, removedValue }, `${count} x ${denom}`);
  }
  assert.throws(() => raceRemainder(3, 25, 60), code('invalid-chip-race'));
  assert.throws(() => raceRemainder(-1, 25, 100), code('invalid-chip-race'));
});

const P = (entryId: string, seat: number, oddChips: number, otherChips = 10_000): RacePlayer => ({ entryId, seat, oddChips, otherChips });

test('chipRace: HR r24 example, 2+2+3 x 25 = 175 -> 2 x 100 to the two highest cards', () => {
  // P1 A J, P2 Q 3, P3 J 5 2: P1 and P2 win one 100 each.
  const race = chipRace([P('P3', 3, 3), P('P1', 1, 2), P('P2', 2, 2)], 25, 100, ['P1', 'P2', 'P3']);
  assert.equal(race.raced, 2);
  assert.deepEqual(race.results.map((r) => [r.entryId, r.won, r.kept, r.received]), [['P1', true, false, 1], ['P2', true, false, 1], ['P3', false, false, 0]]);
  assert.equal(race.removedValue, 175 - 200);
});

test('chipRace: nobody is raced out; at most one chip each (IP r38-4/5, TDA 2017 r24)', () => {
  const cases: Array<{ name: string; players: RacePlayer[]; order: string[]; raced: number; received: Record<string, [won: boolean, kept: boolean]>; removedValue: number }> = [
    {
      name: 'last chip lost -> keeps one 100',
      players: [P('a', 1, 1, 0), P('b', 2, 1)],
      order: ['b', 'a'],
      raced: 1,
      received: { a: [false, true], b: [true, false] },
      removedValue: 50 - 200,
    },
    {
      name: 'a lone 25 rounds to no chip, but it was his last',
      players: [P('a', 4, 1, 0), P('b', 5, 0)],
      order: ['a'],
      raced: 0,
      received: { a: [false, true] },
      removedValue: 25 - 100,
    },
    {
      name: 'more chips than needed for one each never gives two',
      players: [P('a', 1, 3), P('b', 2, 3), P('c', 3, 3)],
      order: ['c', 'a', 'b'],
      raced: 2, // 225 -> 2 x 100 (2.25)
      received: { a: [true, false], b: [false, false], c: [true, false] },
      removedValue: 225 - 200,
    },
    {
      name: 'half a chip rounds up',
      players: [P('a', 1, 1), P('b', 2, 1)],
      order: ['a', 'b'],
      raced: 1,
      received: { a: [true, false], b: [false, false] },
      removedValue: 50 - 100,
    },
  ];
  for (const { name, players, order, raced, received, removedValue } of cases) {
    const race = chipRace(players, 25, 100, order);
    assert.equal(race.raced, raced, name);
    assert.deepEqual(Object.fromEntries(race.results.map((r) => [r.entryId, [r.won, r.kept]])), received, name);
    assert.equal(race.removedValue, removedValue, name);
  }
});

test('chipRace: dealt here from seat 1 with a seeded rng; highest card (suit ranks break ties) wins', () => {
  const players = [P('s3', 3, 3), P('s1', 1, 2), P('s7', 7, 1), P('s5', 5, 3)];
  const race = chipRace(players, 25, 100, seededRng('c0ffee').int);
  assert.deepEqual(race, chipRace(players, 25, 100, seededRng('c0ffee').int), 'same seed, same race');
  assert.equal(race.raced, 2); // 9 x 25 = 225
  assert.deepEqual(race.results.map((r) => r.seat), [1, 3, 5, 7]);
  const strength = (card: string) => '23456789TJQKA'.indexOf(card[0]!) * 4 + 'cdhs'.indexOf(card[1]!);
  const best = (cards: string[] | null) => Math.max(...cards!.map(strength));
  const dealt = race.results.flatMap((r) => r.cards!);
  assert.equal(new Set(dealt).size, 9);
  race.results.forEach((r) => assert.equal(r.cards!.length, r.oddChips));
  const winners = race.results.filter((r) => r.won);
  const losers = race.results.filter((r) => !r.won);
  assert.equal(winners.length, 2);
  for (const w of winners) for (const l of losers) assert.ok(best(w.cards) > best(l.cards));
});

test('chipRace: bad input', () => {
  assert.throws(() => chipRace([P('a', 1, 4)], 25, 100, ['a']), code('invalid-chip-race'), 'full set not exchanged');
  assert.throws(() => chipRace([P('a', 1, 1), P('b', 2, 1)], 25, 100, ['a']), code('invalid-chip-race'), 'order misses a racer');
  assert.throws(() => chipRace([P('a', 1, 1), P('b', 1, 1)], 25, 100, ['a', 'b']), code('invalid-chip-race'), 'same seat');
  const many = Array.from({ length: 10 }, (_, i) => P(`p${i}`, i + 1, 19));
  assert.throws(() => chipRace(many, 5, 100, seededRng('00').int), code('invalid-chip-race'), 'more than a deck');
});
