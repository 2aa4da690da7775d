/**
 * The league formulas' buy-in on a bounty night (docs/LEAGUES.md "Points formulas"): b is the
 * buy-in less the fee, the bounty included, as PokerStars' leader board takes the buy-in without
 * the fee. A 10 + 10 bounty + 2 fee knockout night: b = 20, and what a player paid (e) is 20.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tournamentResults } from '../../server/leagues/results.js';
import { standings } from '../../server/leagues/standings.js';
import { run, tournament, withPlayers } from '../engine/entries/helpers.js';

describe('league points on a bounty night', () => {
  it('10 + 10 bounty + 2 fee: b = 20; 1st of 150 under the PokerStars formula scores 282.48', () => {
    let s = withPlayers(tournament({ settings: { buyIn: 1_000, fee: 200, lateRegistrationLevel: null, bounty: { format: 'knockout', amount: 1_000 } } }), 150);
    // e150 knocks out e149 (one hand is enough to read what a result is made of).
    s = run(s, { type: 'entry.bust', entryIds: ['e149'], eliminators: { e149: ['e150'] } }).state;
    const r = tournamentResults(s);
    assert.equal(r.buyIn, 2_000, '10.00 prize pool + 10.00 bounty, the 2.00 fee left out');
    assert.equal(r.players.find((p) => p.name === 'P149')!.paid, 2_000);
    // 10 x sqrt(150 / 1) x (1 + log10(20 + 0.25)) = 10 x 12.24745 x (1 + 1.30643) = 282.478 -> 282.48.
    const winner = { ...r.players.find((p) => p.name === 'P150')!, place: 1, placeTo: 1 };
    const night = { ...r, finished: true, players: [winner] };
    const table = standings({ tournaments: [r.tournamentId], bestOf: null }, { kind: 'sqrt', buyIn: true, topShare: 0.15 }, [night]);
    assert.equal(table.rows[0]!.points, 282.48);
  });
});
