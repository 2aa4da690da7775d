/**
 * The venue players' search index (server/players/search.ts), table-driven: the start of any
 * name, a part of one, typos (a letter left out, added, changed, two swapped) allowed by the
 * query's length, several words, accents folded; ranking; changes kept (a rename, a removal).
 * Expected matches worked out by hand from the names below.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlayerIndex, prefixDistance, typosAllowed } from '../../server/players/search.js';
import { WorkBudget } from '../../server/players/work-budget.js';

const PLAYERS = [
  { id: 'a', name: 'Anna Jansen' },
  { id: 'b', name: 'Jan de Vries', nickname: 'Jantje' },
  { id: 'c', name: 'Đurđica Kovačević' },
  { id: 'd', name: 'Jürgen Müller' },
  { id: 'e', name: 'Søren Østergaard' },
  { id: 'f', name: 'Janneke Berg' },
];

function index(): PlayerIndex {
  const i = new PlayerIndex();
  for (const p of PLAYERS) i.put(p);
  return i;
}

describe('player search', () => {
  const cases: [string, string[], string][] = [
    ['jan', ['b', 'f', 'a'], 'starts of words first (jan, janneke, then jansen), each by the word matched'],
    ['jans', ['a', 'b', 'f'], 'jansen starts with it; then one edit from the start of jan, janneke, jantje (b by "jan", f by "janneke")'],
    ['durd', ['c'], 'đ typed as d'],
    ['muller', ['d'], 'ü typed as u'],
    ['muler', ['d'], 'a letter left out (5 letters: one typo)'],
    ['jnsen', ['a'], 'a letter left out'],
    ['jnasen', ['a'], 'two letters swapped: one edit'],
    ['soren oster', ['e'], 'two words, ø folded'],
    ['vries jan', ['b'], 'words in any order'],
    ['tje', ['b'], 'a part of the nickname'],
    ['xyz', [], 'nothing'],
    ['ab', [], 'two letters allow no typo'],
  ];
  for (const [query, want, why] of cases) {
    it(`"${query}": ${why}`, () => {
      assert.deepEqual(index().search(query).ids, want);
    });
  }

  it('typos allowed grow with the letters typed: none to 3, one to 6, two beyond', () => {
    assert.deepEqual([2, 3, 4, 6, 7, 12].map(typosAllowed), [0, 0, 1, 1, 2, 2]);
    assert.equal(prefixDistance('jnsen', 'jansen', 1), 1);
    assert.equal(prefixDistance('jan', 'jansen', 0), 0, 'a start is no edit');
    assert.equal(prefixDistance('xyzzy', 'jansen', 1), 2, 'over the limit: limit + 1');
  });

  it('keeps up with changes: a rename, a nickname, a removal; a page and "more"', () => {
    const i = index();
    i.put({ id: 'a', name: 'Anna Smit' });
    assert.deepEqual(i.search('jansen').ids, []);
    assert.deepEqual(i.search('smit').ids, ['a']);
    i.remove('b');
    assert.deepEqual(i.search('vries').ids, []);
    assert.deepEqual(i.search('jan', 1), { ids: ['f'], more: false, partial: false });
    for (let n = 0; n < 20; n++) i.put({ id: `x${n}`, name: `Xander ${n}` });
    const page = i.search('xander', 12);
    assert.equal(page.ids.length, 12);
    assert.equal(page.more, true);
  });

  it('two neighbouring letters swapped in a short word: "lras" finds Lars, "hnas" Hans', () => {
    const i = new PlayerIndex();
    i.put({ id: 'l', name: 'Lars Jensen' });
    i.put({ id: 'h', name: 'Hans Olsen' });
    i.put({ id: 'k', name: 'Karl Smit' });
    assert.deepEqual(i.search('lras').ids, ['l'], '"lras" shares no letter pair with "lars": found by the swap');
    assert.deepEqual(i.search('hnas').ids, ['h']);
    assert.deepEqual(i.search('lras jensen').ids, ['l'], 'with a second word');
    assert.deepEqual(i.search('kral').ids, ['k']);
  });

  it('a hostile query over a hostile venue stops at its budget and says the answer is partial', () => {
    // 5,000 players of three random words of the letters a-e (seeded): every short query word
    // fits thousands of words, and five of them ask every candidate to fit four more.
    let seed = 42;
    const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) / 2 ** 24;
    const word = () => Array.from({ length: 3 + Math.floor(rand() * 6) }, () => 'abcde'[Math.floor(rand() * 5)]).join('');
    const i = new PlayerIndex();
    for (let n = 0; n < 5000; n++) i.put({ id: `x${n}`, name: `${word()} ${word()} ${word()}` });
    const small = new WorkBudget(20_000, 60_000);
    const cut = i.search('ab ba ca de eb', 12, small);
    assert.equal(cut.partial, true, 'the budget ran out');
    assert.ok(small.steps <= 20_000 + 200, `stopped near its budget: ${small.steps} steps`);
    const whole = new WorkBudget(1e9, 60_000);
    const all = i.search('ab ba ca de eb', 12, whole);
    assert.equal(all.partial, false);
    assert.ok(whole.steps > 20_000, `the whole search takes more: ${whole.steps} steps`);
    // Words past the fifth are not looked at: the same answer as the first five alone.
    assert.deepEqual(i.search('ab ba ca de eb cc dd ee', 12, new WorkBudget(1e9, 60_000)), all);
  });
});
