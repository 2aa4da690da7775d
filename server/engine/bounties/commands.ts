/**
 * The bust, its undo and its correction with who eliminated whom (issue 25). The entries' own
 * rules (entries/busts.ts) record the hand; these wrap them, so the bounty rules stay in their
 * own files and a bust without a bounty format is recorded exactly as before.
 */
import { EngineError } from '../errors.js';
import { recordHand, undoBust, type BustInput } from '../entries/busts.js';
import { assertSeats, undoSeats } from './satellite.js';
import { ledger } from '../entries/ledger.js';
import { entryAt } from '../entries/totals.js';
import type { TournamentState } from '../state.js';
import type { ApplyContext, Outcome } from '../commands/types.js';
import type { BustKnockout, MysteryPrize } from '../../protocol/bounties.js';
import { wonBy } from './views.js';
import { bountiesOf, withBounties, type Knockout } from './model.js';
import { bountyPool, checkEliminators, latestHandInput, nameOf, recompute, recordKnockouts, revertFrom, type EliminatorInput } from './knockouts.js';

export interface BustWithEliminators extends BustInput {
  eliminators?: Record<string, string[]> | undefined;
  splits?: Record<string, number[]> | undefined;
}

function inputOf(args: BustWithEliminators): EliminatorInput[] {
  return Object.entries(args.eliminators ?? {}).map(([entryId, by]) => ({ entryId, by, split: args.splits?.[entryId] }));
}

/** `entry.bust`: the hand, then its knockouts. Under a bounty format every bust names its eliminator. */
export function bustWithEliminators(state: TournamentState, args: BustWithEliminators, ctx: ApplyContext): Outcome {
  const input = inputOf(args);
  for (const id of Object.keys(args.splits ?? {})) {
    if (!args.eliminators?.[id]) throw new EngineError('invalid-bounty-split', `"${id.slice(0, 40)}" has shares but no eliminators.`, 'invalid');
  }
  if (state.settings.bounty) {
    const missing = args.entryIds.find((id) => !args.eliminators?.[id]);
    if (missing) throw new EngineError('eliminator-required', `This tournament has bounties: name who eliminated ${missing}.`, 'invalid');
  }
  checkEliminators(state, args.entryIds, input);
  assertSeats(state);
  const out = recordKnockouts(recordHand(state, args, ctx.now), input, ctx, ctx.now);
  const knockouts = handKnockouts(out.state);
  return knockouts.length ? { ...out, result: { ...(out.result as object), knockouts } } : out;
}

/** What each elimination of the latest hand paid, by name (the bust's answer: the TD pays it at once). */
function handKnockouts(state: TournamentState): BustKnockout[] {
  const e = ledger(state);
  const hand = e.hands.at(-1);
  const bs = bountiesOf(state);
  if (!hand) return [];
  return bs.knockouts
    .filter((k) => k.hand === hand.n && !k.own && !k.unclaimed)
    .map((k) => {
      const envelope = k.drawn !== undefined ? bs.mystery?.prizes[k.drawn]?.amount : undefined;
      return {
        entryId: k.entryId,
        by: k.by.map((id, i) => ({ entryId: id, name: nameOf(e, entryAt(e.entries, id), id), amount: k.paid[i] ?? 0 })),
        ...(envelope !== undefined ? { envelope } : {}),
      };
    });
}

/** `entry.undoBust`: the hand's knockouts go back first; its other busts are recorded again with theirs. */
export function undoBustWithEliminators(state: TournamentState, entryId: string, ctx: ApplyContext): Outcome {
  // A satellite's end at its seats that this hand brought (satellite.ts) goes back with the bust;
  // the follow-up stops play again if the hand's other busts still leave the seats' number.
  const e = ledger(state);
  if (e.seatsWon && e.seatsWon.hands === e.hands.length && e.hands.at(-1)?.busts.some((b) => b.entryId === entryId)) {
    return undoBustWithEliminators(undoSeats(state), entryId, ctx);
  }
  const latest = latestHandInput(state);
  const bs = bountiesOf(state);
  const reverted = latest && bs.knockouts.length ? withBounties(state, revertFrom(bs, latest.hand)) : state;
  const out = undoBust(reverted, entryId, ctx.now);
  if (!latest) return out;
  const others = latest.input.filter((x) => x.entryId !== entryId);
  const hand = ledger(out.state).hands.at(-1);
  // The other busts were recorded again as hand `latest.hand` (undoBust), at its time.
  if (hand?.n !== latest.hand) return out;
  return recordKnockouts(out, others, ctx, hand.at);
}

/**
 * `entry.setEliminators`: who eliminated a busted entry, corrected (or named afterwards). Every
 * knockout is worked out again in order, so what a PKO bounty grew from follows the correction.
 * The eliminator must have been in play at that hand; his table then is not checked (seats move).
 */
export function setEliminators(state: TournamentState, args: { entryId: string; eliminators: string[]; splits?: number[] | undefined }, ctx: ApplyContext): Outcome {
  const e = ledger(state);
  const x = entryAt(e.entries, args.entryId);
  if (!x) throw new EngineError('unknown-entry', `There is no entry "${args.entryId.slice(0, 40)}".`, 'invalid');
  if (x.out !== 'bust') throw new EngineError('invalid-eliminator', `${args.entryId} did not bust in a hand.`);
  const handOf = (id: string) => e.hands.findLast((h) => h.busts.some((b) => b.entryId === id))?.n;
  const hand = handOf(x.id)!;
  if (new Set(args.eliminators).size !== args.eliminators.length) throw new EngineError('invalid-eliminator', `Name each eliminator of ${x.id} once.`, 'invalid');
  if (args.splits && (args.splits.length !== args.eliminators.length || args.splits.reduce((a, c) => a + c, 0) !== 100)) {
    throw new EngineError('invalid-bounty-split', `The shares of ${x.id}'s bounty must be one percent per eliminator, adding up to 100.`, 'invalid');
  }
  for (const id of args.eliminators) {
    const by = entryAt(e.entries, id);
    if (!by) throw new EngineError('unknown-entry', `There is no entry "${id.slice(0, 40)}".`, 'invalid');
    // In play at that hand: registered by then, and still in, or out in a later hand (a removal: later by time).
    const stillIn = by.status === 'active' || (by.out === 'bust' ? (handOf(id) ?? 0) > hand : (by.outAt ?? 0) > (x.outAt ?? 0));
    if (id === x.id || by.at > (x.outAt ?? 0) || !stillIn) throw new EngineError('invalid-eliminator', `${id} was not in play when ${x.id} busted.`);
  }
  const bs = bountiesOf(state);
  const given = { entryId: x.id, by: [...args.eliminators], ...(args.splits ? { split: [...args.splits] } : {}) };
  const at = bs.knockouts.findIndex((k) => !k.own && k.entryId === x.id);
  let knockouts: Knockout[];
  if (at >= 0) {
    const old = bs.knockouts[at]!;
    const { split: _s, ...keep } = old;
    knockouts = bs.knockouts.map((k, i) => (i === at ? { ...keep, ...given } : k));
  } else {
    // Named afterwards: in hand order, after the knockouts of its own hand.
    const k: Knockout = { hand, at: x.outAt ?? ctx.now, head: 0, paid: [], grown: [], ...given };
    const after = bs.knockouts.findIndex((o) => o.hand > hand);
    knockouts = after < 0 ? [...bs.knockouts, k] : [...bs.knockouts.slice(0, after), k, ...bs.knockouts.slice(after)];
  }
  const next = recompute(state, knockouts);
  return { state: withBounties(state, next), events: [], result: { entryId: x.id, eliminators: args.eliminators } };
}

/** `bounty.confirmEnvelopes`: the TD accepts an envelope count that differs from the players at the stage's start. */
export function confirmEnvelopes(state: TournamentState): Outcome {
  const bs = bountiesOf(state);
  if (!bs.mystery) throw new EngineError('invalid-bounty', 'No mystery prizes have been posted.');
  return { state: withBounties(state, { ...bs, mystery: { ...bs.mystery, countConfirmed: true } }), events: [] };
}

/** `bounty.post`: the mystery prizes, before the first draw; they must add up to the bounty pool. */
export function postMystery(state: TournamentState, prizes: readonly MysteryPrize[], ctx: ApplyContext): Outcome {
  const b = state.settings.bounty;
  if (b?.format !== 'mystery') throw new EngineError('invalid-bounty', 'This tournament has no mystery bounty.');
  const bs = bountiesOf(state);
  if (bs.knockouts.some((k) => k.drawn !== undefined)) throw new EngineError('invalid-bounty', 'A mystery prize has been drawn; the list can no longer change.');
  const sum = prizes.reduce((a, p) => a + p.amount * p.count, 0);
  const pool = bountyPool(state);
  if (sum !== pool) throw new EngineError('mystery-list-mismatch', `The mystery prizes add up to ${sum}; the bounty pool is ${pool}.`, 'invalid');
  const mystery = { prizes: prizes.map((p) => ({ ...p })), left: prizes.map((p) => p.count), at: ctx.now };
  return { state: withBounties(state, { ...bs, mystery }), events: [], result: { envelopes: prizes.reduce((a, p) => a + p.count, 0), pool } };
}

/**
 * `bounty.markPaid`: the cashier's mark of what an entry's player has been handed in bounty money
 * so far. At most what he won (a mark never makes money); 0 takes it back. Setting the same
 * amount again changes nothing, so a mark sent twice is one mark.
 */
export function markPaid(state: TournamentState, args: { entryId: string; amount: number }, ctx: ApplyContext): Outcome {
  if (!state.settings.bounty) throw new EngineError('invalid-bounty', 'This tournament has no bounties to pay out.');
  const x = entryAt(ledger(state).entries, args.entryId);
  if (!x) throw new EngineError('unknown-entry', `There is no entry "${args.entryId.slice(0, 40)}".`, 'invalid');
  const bs = bountiesOf(state);
  const won = wonBy(bs).get(x.id)?.amount ?? 0;
  if (args.amount > won) throw new EngineError('bounty-overpaid', `${x.id} has won ${won} in bounties; ${args.amount} cannot be marked paid.`, 'invalid');
  const { [x.id]: _old, ...rest } = bs.cashed ?? {};
  const cashed = args.amount > 0 ? { ...rest, [x.id]: args.amount } : rest;
  return { state: withBounties(state, { ...bs, cashed }), events: [], result: { entryId: x.id, amount: args.amount, won, at: ctx.now } };
}
