import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { placesForHand, prizeForPlaces, type Finish, type HandBust } from '../../../server/engine/money/places.js';
import { payoutsFor } from '../../../server/engine/money/payouts.js';
import { EngineError } from '../../../server/engine/errors.js';

const code = (c: string) => (e: unknown) => e instanceof EngineError && e.code === c;

/** Payouts for `places` paid places: the last pays `last`, each place above `step` more. */
function ladder(places: number, last: number, step: number): number[] {
  return Array.from({ length: places }, (_, i) => last + (places - 1 - i) * step);
}

const bust = (entryId: string, tableId: string, chipsAtStartOfHand: number): HandBust => ({ entryId, tableId, chipsAtStartOfHand });
const byId = (finishes: Finish[]) => Object.fromEntries(finishes.map((f) => [f.entryId, f]));

const cases: Array<{
  name: string;
  playersLeft: number;
  payouts: number[];
  handForHand: boolean;
  busts: HandBust[];
  expected: Record<string, [place: number, placeTo: number, prize: number]>;
}> = [
  {
    // TDA 2024 AP 8 A: 50 paid, 52 left at the announcement, 3 bust in that hand -> all three
    // share the 50th-place payout (2501, so one cent is odd: it goes to the bigger stacks).
    name: 'AP 8: 3 busts in the announced hand share 50th',
    playersLeft: 52,
    payouts: ladder(50, 2501, 100),
    handForHand: true,
    busts: [bust('a', 'T1', 1000), bust('b', 'T2', 3000), bust('c', 'T3', 2000)],
    expected: { b: [50, 52, 834], c: [50, 52, 834], a: [50, 52, 833] },
  },
  {
    // MEC r7 example 1: 50 left, 49 paid, 2 bust at different tables -> both share 49th.
    name: 'MEC r7 example 1: two tables share 49th',
    playersLeft: 50,
    payouts: ladder(49, 2501, 100),
    handForHand: true,
    busts: [bust('x', 'T1', 4000), bust('y', 'T7', 9000)],
    expected: { y: [49, 50, 1251], x: [49, 50, 1250] },
  },
  {
    // MEC r7 example 2: 50 left, 49 paid, 3 bust, 2 at one table and 1 at another -> "Deze 3
    // spelers delen de som van plaats 48 en 49": 2601 + 2501 = 5102 split three ways, even
    // though the two at T1 started the hand with different stacks.
    name: 'MEC r7 example 2: 2 at one table + 1 at another share 48th + 49th',
    playersLeft: 50,
    payouts: ladder(49, 2501, 100),
    handForHand: true,
    busts: [bust('big', 'T1', 5000), bust('small', 'T1', 1000), bust('other', 'T2', 3000)],
    expected: { big: [48, 50, 1701], other: [48, 50, 1701], small: [48, 50, 1700] },
  },
  {
    // IP r47-5, MEC r7: at the same table the smaller stack at the start of the hand goes out first.
    name: 'same table: fewer chips finishes lower (bubble)',
    playersLeft: 50,
    payouts: ladder(49, 2501, 100),
    handForHand: true,
    busts: [bust('short', 'T1', 1000), bust('long', 'T1', 3000)],
    expected: { long: [49, 49, 2501], short: [50, 50, 0] },
  },
  {
    name: 'same table: equal stacks share, ranked against a third',
    playersLeft: 10,
    payouts: [5000, 3000, 2000, 1500, 1200, 1000, 900, 801, 700],
    handForHand: false,
    busts: [bust('p', 'T1', 2000), bust('q', 'T1', 2000), bust('r', 'T1', 9000)],
    expected: { r: [8, 8, 801], p: [9, 10, 350], q: [9, 10, 350] },
  },
  {
    // IP r48-4: in the money, busts in one hand at different tables share, hand-for-hand or not.
    name: 'in the money, different tables, not hand-for-hand: share',
    playersLeft: 20,
    payouts: ladder(27, 1000, 10),
    handForHand: false,
    busts: [bust('m', 'T1', 100), bust('n', 'T2', 100)],
    expected: { m: [19, 20, 1075], n: [19, 20, 1075] },
  },
  {
    name: 'out of the money: places only',
    playersLeft: 80,
    payouts: ladder(9, 1000, 100),
    handForHand: false,
    busts: [bust('u', 'T1', 100), bust('v', 'T2', 200)],
    expected: { u: [79, 80, 0], v: [79, 80, 0] },
  },
  {
    name: 'heads-up: runner-up',
    playersLeft: 2,
    payouts: [7000, 3000],
    handForHand: false,
    busts: [bust('h', 'FT', 500)],
    expected: { h: [2, 2, 3000] },
  },
];

test('placesForHand: rule-book examples (AP 8, MEC r7, IP r47-5 / r48-4)', () => {
  for (const { name, playersLeft, payouts, handForHand, busts, expected } of cases) {
    const finishes = placesForHand({ playersLeft, payouts, handForHand, busts });
    const got = byId(finishes);
    assert.equal(finishes.length, busts.length, name);
    for (const [id, [place, placeTo, prize]] of Object.entries(expected)) {
      assert.deepEqual(got[id], { entryId: id, place, placeTo, prize }, `${name}: ${id}`);
    }
    const best = playersLeft - busts.length + 1;
    assert.equal(finishes.reduce((s, f) => s + f.prize, 0), prizeForPlaces(payouts, best, playersLeft), `${name}: no cent lost`);
    assert.ok(finishes.every((f, i) => i === 0 || f.place >= finishes[i - 1]!.place), `${name}: best place first`);
  }
});

test('placesForHand: the answer does not depend on the order the busts are entered', () => {
  const input = { playersLeft: 50, payouts: ladder(49, 2501, 100), handForHand: true };
  const busts = [bust('big', 'T1', 5000), bust('small', 'T1', 1000), bust('other', 'T2', 3000)];
  assert.deepEqual(placesForHand({ ...input, busts }), placesForHand({ ...input, busts: busts.slice().reverse() }));
});

test('placesForHand: across the bubble at different tables needs hand-for-hand (AP 8 A)', () => {
  assert.throws(
    () => placesForHand({ playersLeft: 52, payouts: ladder(50, 2501, 100), handForHand: false, busts: [bust('a', 'T1', 1), bust('b', 'T2', 1), bust('c', 'T3', 1)] }),
    code('hand-for-hand-required'),
  );
  // One table across the bubble is decided by the stacks, hand-for-hand or not.
  const one = placesForHand({ playersLeft: 51, payouts: ladder(50, 2501, 100), handForHand: false, busts: [bust('a', 'T1', 10), bust('b', 'T1', 20)] });
  assert.deepEqual(one.map((f) => [f.entryId, f.place, f.prize]), [['b', 50, 2501], ['a', 51, 0]]);
});

test('placesForHand: bad input is refused with invalid-busts', () => {
  const base = { playersLeft: 10, payouts: [100], handForHand: true };
  const bad: Array<[string, Parameters<typeof placesForHand>[0]]> = [
    ['no busts', { ...base, busts: [] }],
    ['everybody busts', { ...base, playersLeft: 2, busts: [bust('a', 'T', 1), bust('b', 'T', 1)] }],
    ['duplicate entry', { ...base, busts: [bust('a', 'T', 1), bust('a', 'U', 1)] }],
    ['no chips', { ...base, busts: [bust('a', 'T', 0)] }],
  ];
  for (const [name, input] of bad) assert.throws(() => placesForHand(input), code('invalid-busts'), name);
  assert.throws(() => placesForHand({ ...base, payouts: [-5], busts: [bust('a', 'T', 1)] }), code('invalid-amount'));
});

test('property: splitting places never loses or invents a cent; sharers differ by at most 1 cent', () => {
  const arb = fc.record({
    pool: fc.integer({ min: 0, max: 50_000_000 }),
    entries: fc.integer({ min: 2, max: 400 }),
    busts: fc.array(fc.record({ table: fc.integer({ min: 1, max: 3 }), chips: fc.integer({ min: 1, max: 5 }) }), { minLength: 1, maxLength: 8 }),
    extra: fc.integer({ min: 1, max: 80 }),
  });
  fc.assert(
    fc.property(arb, ({ pool, entries, busts, extra }) => {
      const payouts = payoutsFor(pool, entries);
      const playersLeft = busts.length + extra;
      const input = busts.map((b, i) => bust(`e${i}`, `T${b.table}`, b.chips * 1000));
      const finishes = placesForHand({ playersLeft, payouts, handForHand: true, busts: input });
      const best = playersLeft - busts.length + 1;
      assert.equal(finishes.reduce((s, f) => s + f.prize, 0), prizeForPlaces(payouts, best, playersLeft));
      const groups = new Map<number, number[]>();
      for (const f of finishes) {
        assert.ok(f.prize >= 0 && Number.isInteger(f.prize));
        assert.ok(f.place >= best && f.placeTo <= playersLeft && f.place <= f.placeTo);
        groups.set(f.place, [...(groups.get(f.place) ?? []), f.prize]);
      }
      for (const prizes of groups.values()) assert.ok(Math.max(...prizes) - Math.min(...prizes) <= 1);
    }),
    { numRuns: 500 },
  );
});
