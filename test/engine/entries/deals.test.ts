/**
 * Deals that are safe with money (issue 23; IP r8: every remaining player agrees, the TD
 * approves): the calculator takes every player's counted or typed chips, never a starting stack;
 * chip-chop pays each player's guarantee first; a deal below a guarantee needs the TD's
 * confirmation and is marked; a deal can be undone while nobody has finished since.
 *
 * The final table: four left, prizes 760/471/307/225 (176,300 cents), chips
 * 350k/250k/150k/70k (820k).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TournamentState } from '../../../server/engine/state.js';
import { errorCode, entry, payouts, run, runAll, T0, tournament, withPlayers } from './helpers.js';
import { EngineError } from '../../../server/engine/errors.js';

const PRIZES = [76_000, 47_100, 30_700, 22_500];
const CHIPS = { e1: 350_000, e2: 250_000, e3: 150_000, e4: 70_000 };

/** Four entries of 440.75 each to the pool (4 x 44,075 = 176,300 cents, paid 760/471/307/225), 205k chips each (820k). */
function finalFour(): TournamentState {
  const s = withPlayers(tournament({ settings: { buyIn: 44_075, startingStack: 205_000, lateRegistrationLevel: null } }), 4);
  return run(s, { type: 'payouts.set', amounts: PRIZES }).state;
}

function counted(): TournamentState {
  return runAll(finalFour(), Object.entries(CHIPS).map(([entryId, chips]) => ({ type: 'chips.set', entryId, chips })), T0 + 1);
}

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof EngineError) return err.message;
  }
  return assert.fail('expected a refusal');
}

type Proposal = { dealt: number; guarantee: number; players: Array<{ entryId: string; chips: number; chipChop: number; icm: number; guarantee: number; typed: boolean }> };

describe('deal.propose: every player\'s chips, counted or typed', () => {
  it('refuses players never counted, by name, rather than take their starting stacks', () => {
    const s = finalFour();
    assert.equal(errorCode(() => run(s, { type: 'deal.propose' })), 'chips-not-counted');
    assert.match(message(() => run(s, { type: 'deal.propose' })), /P1, P2, P3, P4/);
    // Three counted, the fourth still missing.
    const three = runAll(s, [{ type: 'chips.set', entryId: 'e1', chips: 350_000 }, { type: 'chips.set', entryId: 'e2', chips: 250_000 }, { type: 'chips.set', entryId: 'e3', chips: 150_000 }]);
    assert.match(message(() => run(three, { type: 'deal.propose' })), /chips of P4 /);
    // Typed by the TD: accepted.
    const typed = run(three, { type: 'deal.propose', chips: { e4: 70_000 } });
    assert.equal(typed.state, three, 'changes nothing');
    assert.deepEqual((typed.result as Proposal).players.map((p) => [p.chips, p.typed]), [[350_000, false], [250_000, false], [150_000, false], [70_000, true]]);
  });

  it('chips.set marks the count; typed chips win over a count', () => {
    const s = counted();
    assert.equal(entry(s, 'e4').countedAt, T0 + 1);
    const r = run(s, { type: 'deal.propose', chips: { e1: 1_000 } }).result as Proposal;
    assert.equal(r.players[0]!.chips, 1_000);
    assert.equal(errorCode(() => run(s, { type: 'deal.propose', chips: { e9: 5 } })), 'unknown-entry');
  });

  it('chip-chop pays the guarantee first; each player\'s guarantee is shown beside it', () => {
    const r = run(counted(), { type: 'deal.propose' }).result as Proposal;
    // 22,500 to each, 86,300 by chips (money/icm.test.ts works it out): 70k gets 29,867 (298.67), not 15,050.
    assert.deepEqual(r.players.map((p) => p.chipChop), [59_335, 48_811, 38_287, 29_867]);
    assert.deepEqual([r.dealt, r.guarantee], [176_300, 22_500]);
    assert.ok(r.players.every((p) => p.guarantee === 22_500 && p.icm >= 22_500), 'ICM never pays below the guarantee');
  });

  it('an amount kept back to play for comes off 1st before the split', () => {
    const r = run(counted(), { type: 'deal.propose', reserve: 10_000 }).result as Proposal;
    // Prizes 66,000/47,100/30,700/22,500 = 166,300 dealt; 22,500 each, 76,300 by chips:
    // 32,567.07 / 23,262.20 / 13,957.32 / 6,513.41; floors 76,299, the cent to the largest remainder (.41, e4).
    assert.deepEqual(r.players.map((p) => p.chipChop), [55_067, 45_762, 36_457, 29_014]);
    assert.equal(r.dealt, 166_300);
  });
});

describe('deal.apply below a guarantee, and deal.undo', () => {
  // Shared by chips alone: 176,300 x 350/820, 250/820, 150/820, 70/820 = 75,250 / 53,750 / 32,250 / 15,050.
  const byChips = { e1: 75_250, e2: 53_750, e3: 32_250, e4: 15_050 };

  it('a deal below a guarantee is refused by name without belowGuarantee, accepted and marked with it', () => {
    const s = counted();
    assert.equal(errorCode(() => run(s, { type: 'deal.apply', amounts: byChips, confirmed: true })), 'deal-below-guarantee');
    assert.match(message(() => run(s, { type: 'deal.apply', amounts: byChips, confirmed: true })), /pays P4 less than the 22500/);
    const done = run(s, { type: 'deal.apply', amounts: byChips, confirmed: true, belowGuarantee: true }).state;
    assert.deepEqual(done.entries.deal?.belowGuarantee, ['e4']);
    assert.deepEqual(payouts(done).deal, { amounts: byChips, names: { e1: 'P1', e2: 'P2', e3: 'P3', e4: 'P4' }, reserve: 0, belowGuarantee: ['e4'] });
  });

  it('a deal that does not add up is refused, nothing changed', () => {
    const s = counted();
    assert.equal(errorCode(() => run(s, { type: 'deal.apply', amounts: { ...byChips, e1: 75_251 }, confirmed: true, belowGuarantee: true })), 'payouts-mismatch');
  });

  it('deal.undo takes it back: the ladder pays again, the payouts unlock; not once someone finished since', () => {
    const s = counted();
    const chop = { e1: 59_335, e2: 48_811, e3: 38_287, e4: 29_867 };
    const dealt = run(s, { type: 'deal.apply', amounts: chop, confirmed: true }).state;
    assert.equal(payouts(dealt).source, 'locked');
    const undone = run(dealt, { type: 'deal.undo' }).state;
    assert.equal(undone.entries.deal, null);
    assert.equal(payouts(undone).source, 'custom', 'the TD\'s ladder, unlocked again');
    assert.equal(errorCode(() => run(undone, { type: 'deal.undo' })), 'no-deal');
    // A bust after the deal paid 4th his deal amount: the deal can no longer go.
    const busted = run(dealt, { type: 'entry.bust', entryIds: ['e4'] }).state;
    assert.equal(entry(busted, 'e4').prize, 29_867);
    assert.equal(errorCode(() => run(busted, { type: 'deal.undo' })), 'bust-not-latest');
  });
});

describe('a deal that ends play', () => {
  const chop = { e1: 59_335, e2: 48_811, e3: 38_287, e4: 29_867 };

  it('finishes the tournament: placed by chips with their deal amounts, the clock stopped; deal.undo reopens it', () => {
    let s = run(counted(), { type: 'clock.start' }, T0 + 2).state;
    // Level 1 runs 20 min from T0 + 2 ms; the deal 5 min in leaves 15 min.
    s = run(s, { type: 'deal.apply', amounts: chop, confirmed: true, endsPlay: true }, T0 + 2 + 5 * 60_000).state;
    assert.deepEqual([s.clock.status, s.clock.remainingMs], ['finished', 15 * 60_000]);
    // 350k, 250k, 150k, 70k: P1 1st ... P4 4th, each with his chop amount.
    assert.deepEqual(['e1', 'e2', 'e3', 'e4'].map((id) => [entry(s, id).place, entry(s, id).prize]), [[1, 59_335], [2, 48_811], [3, 38_287], [4, 29_867]]);
    assert.equal(errorCode(() => run(s, { type: 'entry.bust', entryIds: ['e4'] })), 'tournament-finished');
    assert.match(message(() => run(s, { type: 'clock.pause' })), /a deal ended play; undo the deal/);
    s = run(s, { type: 'deal.undo' }, T0 + 40 * 60_000).state;
    assert.equal(s.clock.status, 'running');
    assert.equal(s.clock.endsAt, T0 + 40 * 60_000 + 15 * 60_000, 'the 15 min it had left');
    assert.ok(['e1', 'e2', 'e3', 'e4'].every((id) => entry(s, id).place === undefined && entry(s, id).status === 'active'));
  });

  it('keeps nothing back: a reserve with endsPlay is refused', () => {
    const amounts = { e1: 49_335, e2: 48_811, e3: 38_287, e4: 29_867 };
    assert.equal(errorCode(() => run(counted(), { type: 'deal.apply', amounts, reserve: 10_000, confirmed: true, endsPlay: true })), 'invalid-amount');
  });

  it('a bust before the deal cannot be undone past it (the deal goes first)', () => {
    let s = withPlayers(tournament({ settings: { buyIn: 44_075, startingStack: 205_000, lateRegistrationLevel: null } }), 5);
    s = run(s, { type: 'entry.bust', entryIds: ['e5'] }).state;
    s = runAll(s, Object.entries(CHIPS).map(([entryId, chips]) => ({ type: 'chips.set', entryId, chips: chips - 1 })));
    const r = run(s, { type: 'deal.propose' }).result as Proposal;
    s = run(s, { type: 'deal.apply', amounts: Object.fromEntries(r.players.map((p) => [p.entryId, p.chipChop])), confirmed: true }).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.undoBust', entryId: 'e5' })), 'bust-not-latest');
  });
});
