/**
 * Mystery envelopes against the field (docs/RULES.md "Bounties"): each player who reaches the
 * mystery stage is one envelope (one per elimination, the winner's own last). Six players at
 * 10.00 a bounty make a pool of 60.00; the stage starts at level 2.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TournamentState } from '../../server/engine/state.js';
import { field, run, tournament, withPlayers } from './entries/helpers.js';

function night(prizes: { amount: number; count: number }[]): TournamentState {
  let s = withPlayers(tournament({ settings: { lateRegistrationLevel: null, bounty: { format: 'mystery', amount: 1_000, mysteryFrom: 2 } } }), 6);
  s = run(s, { type: 'bounty.post', prizes }).state;
  s = run(s, { type: 'clock.start' }).state;
  // Level 1: e1 goes out before the stage (no envelope drawn): 5 reach the stage.
  s = run(s, { type: 'entry.bust', entryIds: ['e1'], eliminators: { e1: ['e2'] } }).state;
  assert.equal(field(s).bounty!.envelopeCheck, undefined, 'before the stage nothing to check');
  return run(s, { type: 'level.next' }).state;
}

describe('mystery envelopes against the players in play when the stage starts', () => {
  it('6 envelopes (20.00 + 3 x 10.00 + 2 x 5.00 = 60.00) for 5 players at the stage: a warning until the TD confirms', () => {
    let s = night([{ amount: 2_000, count: 1 }, { amount: 1_000, count: 3 }, { amount: 500, count: 2 }]);
    assert.deepEqual(field(s).bounty!.envelopeCheck, { envelopes: 6, players: 5 });
    // The first elimination of the stage keeps the warning (5 were in play when it began).
    s = run(s, { type: 'entry.bust', entryIds: ['e2'], eliminators: { e2: ['e6'] } }).state;
    assert.deepEqual(field(s).bounty!.envelopeCheck, { envelopes: 6, players: 5 });
    s = run(s, { type: 'bounty.confirmEnvelopes' }).state;
    assert.equal(field(s).bounty!.envelopeCheck, undefined);
  });

  it('5 envelopes (20.00 + 4 x 10.00 = 60.00) for the 5 at the stage: nothing to confirm', () => {
    const s = night([{ amount: 2_000, count: 1 }, { amount: 1_000, count: 4 }]);
    assert.equal(field(s).bounty!.envelopeCheck, undefined);
  });
});
