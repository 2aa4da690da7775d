/**
 * The winner's own bounty at an end that was not a bust (issue 25; docs/RULES.md "Bounties"). A
 * bust that leaves one player pays his own bounty with the hand (knockouts.ts recordKnockouts);
 * a deal that ends play, or a disqualification or a removal for absence that leaves one player,
 * ends the night without a bust hand. This follow-up (apply.ts, before end.ts's) pays the own
 * bounties then, so nothing is left on the heads of the players who finished in play, and takes
 * them back when that end is undone (deal.undo, the undo of the satellite's seat hand, an undo of
 * the last bust before a disqualification's win). At any end it also pays the heads nobody can
 * claim (a disqualified player's, `unclaimed`) to the players who finished in play.
 */
import { isOver } from '../end.js';
import type { ApplyContext, Outcome } from '../commands/types.js';
import type { TournamentState } from '../state.js';
import { bountiesOf, withBounties, type BountyState } from './model.js';
import { endKnockouts, withKnockouts } from './knockouts.js';

const SAME = (state: TournamentState): Outcome => ({ state, events: [] });

/** Takes the end's own bounties (always the last knockouts) back. */
function withoutEnd(bs: BountyState): BountyState {
  let n = bs.knockouts.length;
  while (n > 0 && bs.knockouts[n - 1]!.end) n--;
  const gone = bs.knockouts.slice(n);
  const mystery = bs.mystery;
  // An end knockout pays and draws nothing from the posted list (`drawn` absent), grows nothing.
  return { ...bs, knockouts: bs.knockouts.slice(0, n), paid: bs.paid - gone.reduce((a, k) => a + k.paid.reduce((s, c) => s + c, 0), 0), ...(mystery ? { mystery } : {}) };
}

export function bountyEndFollowUp(state: TournamentState, ctx: ApplyContext): Outcome {
  if (!state.settings.bounty) return SAME(state);
  const bs = bountiesOf(state);
  const last = bs.knockouts.at(-1);
  const over = isOver(state);
  if (!over) return last?.end ? SAME(withBounties(state, withoutEnd(bs))) : SAME(state);
  // Over: what is not collected yet (the own heads when the last bust's hand did not pay them,
  // the unclaimed heads): endKnockouts leaves out what is, so this pays each once.
  const ks = endKnockouts(state, bs, ctx.now);
  return ks.length ? SAME(withBounties(state, withKnockouts(bs, ks))) : SAME(state);
}
