/**
 * A disqualified player's prize under the house's rule (rules.disqualifiedPrize; docs/RULES.md
 * "Disqualification"): IP r9 and TDA 2017 r71 take his chips out of play and deny him a refund
 * or compensation; what becomes of the prize of the place he holds is the house's choice.
 * Ten entries of 10.00 make 100.00, paid 50.00 / 30.00 / 20.00 (set by the TD). At 3 left,
 * e8 is disqualified at 3rd (20.00); e9 goes out 2nd; e10 wins.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TournamentState } from '../../server/engine/state.js';
import { entry, run, T0, tournament, withPlayers } from './entries/helpers.js';

function night(disqualifiedPrize?: string): TournamentState {
  let s = withPlayers(tournament({ settings: { buyIn: 1_000, fee: 0, lateRegistrationLevel: null, ...(disqualifiedPrize ? { rules: { disqualifiedPrize } } : {}) } }), 10);
  s = run(s, { type: 'payouts.set', amounts: [5_000, 3_000, 2_000] }).state;
  for (let i = 1; i <= 7; i++) s = run(s, { type: 'entry.bust', entryIds: [`e${i}`] }).state;
  s = run(s, { type: 'penalty.add', entryId: 'e8', kind: 'disqualification' }, T0 + 60_000).state;
  return run(s, { type: 'entry.bust', entryIds: ['e9'] }, T0 + 120_000).state;
}
const line = (s: TournamentState, id: string) => [entry(s, id).place, entry(s, id).prize, entry(s, id).forfeited];
const paid = (s: TournamentState) => s.entries.entries.reduce((a, x) => a + (x.prize ?? 0), 0);

describe("a disqualified player's prize", () => {
  it('keep (the default): he keeps 3rd\'s 20.00; 30.00 to 2nd, 50.00 to 1st', () => {
    const s = night();
    assert.deepEqual([line(s, 'e8'), line(s, 'e9'), line(s, 'e10')], [[3, 2_000, undefined], [2, 3_000, undefined], [1, 5_000, undefined]]);
    assert.equal(paid(s), 10_000);
  });

  it('house: he holds 3rd with nothing; the house keeps the 20.00; 30.00 + 50.00 paid', () => {
    const s = night('house');
    assert.deepEqual([line(s, 'e8'), line(s, 'e9'), line(s, 'e10')], [[3, 0, 2_000], [2, 3_000, undefined], [1, 5_000, undefined]]);
    assert.equal(paid(s) + 2_000, 10_000, '80.00 paid + 20.00 kept');
  });

  it('next-place: his 20.00 passes to the next player out: 2nd gets 30.00 + 20.00 = 50.00, 1st 50.00', () => {
    const s = night('next-place');
    assert.deepEqual([line(s, 'e8'), line(s, 'e9'), line(s, 'e10')], [[3, 0, undefined], [2, 5_000, undefined], [1, 5_000, undefined]]);
    assert.equal(paid(s), 10_000);
  });
});
