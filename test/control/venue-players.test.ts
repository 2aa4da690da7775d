/**
 * The phone's "a letter off" between a typed name and a known player's (registration asks before
 * a second record is made): one letter left out, added or changed, or two neighbours swapped
 * ("Lras" for "Lars"); case, accents and spaces as a person reads them. Expected by hand.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { nearName, sameName } from '../../control/player-register/venue-players.js';

describe('nearName', () => {
  const cases: [string, string, boolean][] = [
    ['Lras Jensen', 'Lars Jensen', true],
    ['Lars Jesnen', 'Lars Jensen', true],
    ['Lars Jensn', 'Lars Jensen', true],
    ['Lars Jenssen', 'Lars Jensen', true],
    ['Lars Jansen', 'Lars Jensen', true],
    ['  lars   JENSEN ', 'Lars Jensen', true],
    ['Lras Jesnen', 'Lars Jensen', false],
    ['Lsra Jensen', 'Lars Jensen', false],
    ['Anna', 'Anna Jansen', false],
  ];
  for (const [typed, known, near] of cases) {
    it(`${typed} / ${known}: ${near ? 'a letter off' : 'another name'}`, () => {
      assert.equal(nearName(typed, known), near);
      assert.equal(nearName(known, typed), near);
    });
  }
  it('the same name is not "near": sameName says so', () => {
    assert.equal(sameName('  lars   JENSEN ', 'Lars Jensen'), true);
    assert.equal(sameName('Lras Jensen', 'Lars Jensen'), false);
  });
});
