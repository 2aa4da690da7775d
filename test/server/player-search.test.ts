/**
 * The venue players' search index (server/players/search.ts), table-driven: the start of any
 * name, a part of one, typos (a letter left out, added, changed, two swapped) allowed by the
 * query's length, several words, accents folded; ranking; changes kept (a rename, a removal).
 * Expected matches worked out by hand from the names below.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlayerIndex, prefixDistance, typosAllowed } from '../../server/players/search.js';

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
    assert.deepEqual(i.search('jan', 1), { ids: ['f'], more: false });
    for (let n = 0; n < 20; n++) i.put({ id: `x${n}`, name: `Xander ${n}` });
    const page = i.search('xander', 12);
    assert.equal(page.ids.length, 12);
    assert.equal(page.more, true);
  });
});
