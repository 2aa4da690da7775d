/**
 * Who eliminated whom, and the bounties it pays (issue 25; docs/RULES.md "Bounties"):
 *
 * - The eliminator is the player who won the pot with the busted player's last chips. A split
 *   pot splits the bounty (equal shares, or the percents given); the odd cents go one each to
 *   the eliminators in the order given (the floor names them from the button's left, as the odd
 *   chip of a split pot to the first seat left of the button: PPN r20 "Restfiches", TDA r20). One player busting two in a hand collects both.
 * - Knockout: the whole bounty to the eliminator. PKO: `share` percent (default 50, rounded down
 *   to the cent) to the eliminator, the rest added to his own bounty; the elimination that leaves
 *   one player pays the whole (`finalTwo: 'whole'`). The winner collects his own bounty.
 * - Mystery: from the stage set, each elimination draws one envelope of the posted list with the
 *   tournament's seeded random stream (the command's Rng: logged, and a replay draws the same);
 *   before it nothing is paid. The winner collects the envelopes left.
 *
 * These functions run around the entries' own bust rules (entries/busts.ts) and never change
 * them: a knockout is recorded after the hand is, and taken back before its undo.
 */
import { EngineError } from '../errors.js';
import { indexOfLevelNumber } from '../structure.js';
import { loadRoom, seatingOf } from '../tables/state.js';
import { seatOf } from '../seating/index.js';
import { ledger, paidPlaces } from '../entries/ledger.js';
import { entryAt, entryTotals } from '../entries/totals.js';
import type { EntriesState, Entry } from '../entries/model.js';
import type { TournamentState } from '../state.js';
import type { ApplyContext, Outcome } from '../commands/types.js';
import type { EntriesEvent } from '../../protocol/entries-events.js';
import type { BountySettings } from '../../protocol/bounties.js';
import { bountiesOf, withBounties, type BountyState, type Knockout } from './model.js';

/** What the floor said about one bust: who took his chips, and how the pot was split. */
export interface EliminatorInput {
  entryId: string;
  by: string[];
  split?: number[] | undefined;
  /** Mystery: the envelope drawn before (an undo records the hand's other busts again as they were). */
  drawn?: number | undefined;
}

export const nameOf = (e: EntriesState, x: Entry | undefined, id: string) => (x ? (e.players.get(x.playerId)?.name ?? x.playerId) : id);

/** The bounty an entry brought in: its entry's part and those of its rebuys and add-ons. */
export function baseHead(b: BountySettings | null | undefined, x: Entry): number {
  if (!b) return 0;
  return b.amount + x.rebuys * b.rebuy + x.addons * b.addon;
}

/** Everything collected for bounties (cents): every entry's, rebuy's and add-on's bounty part. */
export function bountyPool(state: TournamentState): number {
  const b = state.settings.bounty;
  if (!b) return 0;
  const t = entryTotals(ledger(state).entries);
  return t.own * b.amount + t.rebuys * b.rebuy + t.addons * b.addon;
}

/** The knockout of each entry that went out with one (built once per bounty state). */
const outIndex = new WeakMap<BountyState, Map<string, Knockout>>();

export function knockoutOf(bs: BountyState, entryId: string): Knockout | undefined {
  let m = outIndex.get(bs);
  if (!m) {
    m = new Map();
    for (const k of bs.knockouts) if (!k.own) m.set(k.entryId, k);
    outIndex.set(bs, m);
  }
  return m.get(entryId);
}

/**
 * The bounty on an entry's head now (cents): what it brought in plus what it won (PKO). Out
 * with a knockout: 0 (it was paid). Out without one (disqualified, removed for absence, forfeit
 * or a bust nobody was named for): still on his head, held until the eliminator is named.
 * A winner who collected his own: 0. Mystery: no bounty per head (the pool is drawn).
 */
export function headOf(state: TournamentState, bs: BountyState, x: Entry): number {
  const b = state.settings.bounty;
  if (!b || b.format === 'mystery') return 0;
  if (knockoutOf(bs, x.id)) return 0;
  // The winner (or a player in a deal that ended play) who collected his own.
  if (x.place !== undefined && x.status === 'active' && bs.knockouts.some((k) => k.own && k.by.includes(x.id))) return 0;
  return baseHead(b, x) + (bs.grown[x.id] ?? 0);
}

/** Equal shares (or percents), the odd cents one each to the first named. */
export function splitCents(amount: number, parts: number, split?: readonly number[]): number[] {
  if (split) {
    const out = split.map((p) => Math.floor((amount * p) / 100));
    let left = amount - out.reduce((a, c) => a + c, 0);
    for (let i = 0; left > 0; i = (i + 1) % parts, left--) out[i]! += 1;
    return out;
  }
  const each = Math.floor(amount / parts);
  return Array.from({ length: parts }, (_, i) => each + (i < amount - each * parts ? 1 : 0));
}

/**
 * Mystery: the envelopes posted against the players in play when the stage started (each player
 * who reaches the stage is one envelope: one per elimination, the winner's own the last), for the
 * TD to confirm when they differ. The stage's start is its first hand, or now when the stage has
 * begun by its level and nobody has gone out in it yet. Null: nothing to check (yet).
 */
export function envelopeCheck(state: TournamentState, bs: BountyState): { envelopes: number; players: number } | null {
  const b = state.settings.bounty;
  if (b?.format !== 'mystery' || !bs.mystery || bs.mystery.countConfirmed) return null;
  const e = ledger(state);
  // Knockouts are in hand order: the first that drew an envelope is the stage's first hand.
  const drawn = bs.knockouts.find((k) => k.drawn !== undefined);
  const t = entryTotals(e.entries);
  const players = drawn ? (e.hands[drawn.hand - 1]?.playersLeft ?? null) : t.active > 1 && !t.placed.has(1) && inMysteryStage(state, b, t.active) ? t.active : null;
  if (players === null) return null;
  const envelopes = bs.mystery.prizes.reduce((a, p) => a + p.count, 0);
  return envelopes === players ? null : { envelopes, players };
}

/** The mystery stage has begun for a hand that began with `playersLeft` in play. */
function inMysteryStage(state: TournamentState, b: BountySettings, playersLeft: number): boolean {
  if (b.mysteryFrom === 'money') return playersLeft <= paidPlaces(state);
  const at = indexOfLevelNumber(state.structure, b.mysteryFrom);
  return at >= 0 && state.clock.status !== 'idle' && state.clock.index >= at;
}

function checkSplit(entryId: string, by: readonly string[], split?: readonly number[]): void {
  if (!split) return;
  if (split.length !== by.length || split.some((p) => !Number.isInteger(p) || p < 1 || p > 100) || split.reduce((a, c) => a + c, 0) !== 100) {
    throw new EngineError('invalid-bounty-split', `The shares of ${entryId}'s bounty must be one whole percent (1..100) per eliminator, adding up to 100.`, 'invalid');
  }
}

/**
 * Checks what the floor gave for a hand before anything is recorded: each eliminator exists, is
 * in play and not busted in this hand, is not the busted player himself, is named once, and sits
 * at the busted player's table when the room has tables open.
 */
export function checkEliminators(state: TournamentState, bustIds: readonly string[], input: readonly EliminatorInput[]): void {
  const e = ledger(state);
  const room = loadRoom(seatingOf(state));
  const busts = new Set(bustIds);
  for (const x of input) {
    if (!busts.has(x.entryId)) throw new EngineError('invalid-eliminator', `"${x.entryId.slice(0, 40)}" is in "eliminators" but not among the busted entries.`, 'invalid');
    if (x.by.length === 0 || new Set(x.by).size !== x.by.length) throw new EngineError('invalid-eliminator', `Name each eliminator of ${x.entryId} once.`, 'invalid');
    checkSplit(x.entryId, x.by, x.split);
    const busted = entryAt(e.entries, x.entryId);
    const seat = room.tables.size ? seatOf(room, x.entryId) : null;
    for (const id of x.by) {
      const by = entryAt(e.entries, id);
      if (!by) throw new EngineError('unknown-entry', `There is no entry "${id.slice(0, 40)}".`, 'invalid');
      if (id === x.entryId || busts.has(id) || by.status !== 'active') {
        throw new EngineError('invalid-eliminator', `${nameOf(e, by, id)} is out (or busts in this hand) and cannot have eliminated ${nameOf(e, busted, x.entryId)}.`);
      }
      if (seat && seatOf(room, id)?.tableId !== seat.tableId) {
        throw new EngineError('invalid-eliminator', `${nameOf(e, by, id)} is not at ${nameOf(e, busted, x.entryId)}'s table.`);
      }
    }
  }
}

/** What a knockout pays, from the state of the bounties before it. */
function settle(state: TournamentState, bs: BountyState, k: Omit<Knockout, 'head' | 'paid' | 'grown'>, busted: Entry, mysteryPay: number): Knockout {
  const b = state.settings.bounty;
  const n = k.by.length;
  const zero = new Array<number>(n).fill(0);
  if (!b) return { ...k, head: 0, paid: zero, grown: zero };
  const head = baseHead(b, busted) + (b.format === 'progressive' ? (bs.grown[busted.id] ?? 0) : 0);
  if (b.format === 'mystery') return { ...k, head, paid: splitCents(mysteryPay, n, k.split), grown: zero };
  if (b.format === 'knockout') return { ...k, head, paid: splitCents(head, n, k.split), grown: zero };
  const pay = k.last && b.finalTwo === 'whole' ? head : Math.floor((head * b.share) / 100);
  return { ...k, head, paid: splitCents(pay, n, k.split), grown: splitCents(head - pay, n, k.split) };
}

function addKnockout(bs: BountyState, k: Knockout): BountyState {
  const grown = { ...bs.grown };
  k.by.forEach((id, i) => {
    if (k.grown[i]) grown[id] = (grown[id] ?? 0) + k.grown[i]!;
  });
  let mystery = bs.mystery;
  if (mystery && k.drawn !== undefined) mystery = { ...mystery, left: mystery.left.map((c, i) => (i === k.drawn ? c - 1 : c)) };
  return { ...bs, knockouts: [...bs.knockouts, k], grown, paid: bs.paid + k.paid.reduce((a, c) => a + c, 0), ...(mystery ? { mystery } : {}) };
}

/** Takes the knockouts of hand `n` and later back (the latest, in reverse). */
export function revertFrom(bs: BountyState, hand: number): BountyState {
  let out = bs;
  for (let i = bs.knockouts.length - 1; i >= 0 && bs.knockouts[i]!.hand >= hand; i--) {
    const k = bs.knockouts[i]!;
    const grown = { ...out.grown };
    k.by.forEach((id, j) => {
      if (!k.grown[j]) return;
      const left = (grown[id] ?? 0) - k.grown[j]!;
      if (left) grown[id] = left;
      else delete grown[id];
    });
    let mystery = out.mystery;
    if (mystery && k.drawn !== undefined) mystery = { ...mystery, left: mystery.left.map((c, m) => (m === k.drawn ? c + 1 : c)) };
    out = { ...out, knockouts: out.knockouts.slice(0, i), grown, paid: out.paid - k.paid.reduce((a, c) => a + c, 0), ...(mystery ? { mystery } : {}) };
  }
  return out;
}

/** One envelope of those left, each equally likely (a line with 3 left is 3 times as likely as one with 1). */
function drawEnvelope(left: readonly number[], ctx: ApplyContext): number | undefined {
  const total = left.reduce((a, c) => a + c, 0);
  if (total === 0) return undefined;
  let r = ctx.rng().int(total);
  for (let i = 0; i < left.length; i++) {
    if (r < left[i]!) return i;
    r -= left[i]!;
  }
  return undefined;
}

/** The posted list no longer adds up to the pool (an entry came in since): refused until it is posted again. */
function assertMysteryAddsUp(state: TournamentState, bs: BountyState): void {
  const m = bs.mystery;
  if (!m) return;
  const sum = m.prizes.reduce((a, p) => a + p.amount * p.count, 0);
  const pool = bountyPool(state);
  if (sum !== pool) throw new EngineError('mystery-list-mismatch', `The posted mystery prizes add up to ${sum}, the bounty pool is ${pool}: post the list again.`);
}

/**
 * Records the knockouts of the hand the outcome's state ends with (its last bust hand), and
 * names the eliminators and what they won on its `entry.busted` events. The winner, if the hand
 * left one, collects his own bounty.
 */
export function recordKnockouts(outcome: Outcome, input: readonly EliminatorInput[], ctx: ApplyContext, at: number): Outcome {
  const state = outcome.state;
  const b = state.settings.bounty;
  const e = ledger(state);
  const hand = e.hands.at(-1);
  if (!hand || (input.length === 0 && !(b && hand.winner))) return outcome;
  let bs = bountiesOf(state);
  const last = hand.winner !== undefined;
  const stage = b?.format === 'mystery' && inMysteryStage(state, b, hand.playersLeft);
  if (stage && input.some((x) => x.drawn === undefined)) assertMysteryAddsUp(state, bs);
  const byBust = new Map(input.map((x) => [x.entryId, x]));
  // In the order of the hand's busts, as their events go out.
  for (const bust of hand.busts) {
    const x = byBust.get(bust.entryId);
    if (!x) continue;
    const busted = entryAt(e.entries, x.entryId)!;
    let drawn = x.drawn;
    if (stage && drawn === undefined && bs.mystery) drawn = drawEnvelope(bs.mystery.left, ctx);
    const pay = drawn !== undefined && bs.mystery ? bs.mystery.prizes[drawn]!.amount : 0;
    const k = settle(state, bs, { hand: hand.n, entryId: x.entryId, by: [...x.by], ...(x.split ? { split: [...x.split] } : {}), ...(drawn !== undefined ? { drawn } : {}), ...(last ? { last: true as const } : {}), at }, busted, pay);
    bs = addKnockout(bs, k);
  }
  if (b && hand.winner) bs = addKnockout(bs, ownKnockout(state, bs, hand.winner, hand.n, at));
  const next = withBounties(state, bs);
  return { ...outcome, state: next, events: outcome.events.map((ev) => (ev.type === 'entry.busted' ? namedEliminators(next, bs, ev as EntriesEvent) : ev)) };
}

/** The winner collects his own bounty; mystery: the pool not drawn. */
function ownKnockout(state: TournamentState, bs: BountyState, winner: string, hand: number, at: number): Knockout {
  const b = state.settings.bounty!;
  const w = entryAt(ledger(state).entries, winner)!;
  const head = b.format === 'mystery' ? bountyPool(state) - bs.paid : baseHead(b, w) + (b.format === 'progressive' ? (bs.grown[winner] ?? 0) : 0);
  return { hand, entryId: winner, by: [winner], head, paid: [head], grown: [0], own: true, at };
}

/** Out of play with nobody to claim his bounty: his chips left play and nobody won them. */
const UNCLAIMABLE = new Set(['disqualified', 'absent', 'forfeit']);

/** KO, PKO: the entries out with nobody to claim their bounty, and not paid yet. */
export function unclaimedEntries(state: TournamentState, bs: BountyState): Entry[] {
  const b = state.settings.bounty;
  if (!b || b.format === 'mystery') return [];
  return ledger(state).entries.filter((x) => x.status === 'busted' && UNCLAIMABLE.has(x.out ?? '') && !knockoutOf(bs, x.id));
}

/**
 * The bounties collected at the end (docs/RULES.md "Bounties"), those not collected yet:
 * - at an end that was not a bust (a deal that ended play, or a disqualification or removal that
 *   left one player), the own heads: KO, PKO, every player still in play with a place collects
 *   his own head; mystery, the envelopes left go to them in equal shares, the odd cents one each
 *   from 1st place down (one knockout, `by` in place order);
 * - KO, PKO, at any end: the heads of players who left play with nobody to claim them
 *   (disqualified, removed for absence, forfeited to re-enter) go to the players who finished in
 *   play in the same equal shares (`unclaimed: 'players'`, the default), or stay with the house.
 * `hand` is one past the last bust hand, so an undo of that hand takes them back (revertFrom).
 */
export function endKnockouts(state: TournamentState, bs: BountyState, at: number): Knockout[] {
  const b = state.settings.bounty;
  if (!b) return [];
  const e = ledger(state);
  const hand = (e.hands.at(-1)?.n ?? 0) + 1;
  const left = e.entries.filter((x) => x.status === 'active' && x.place !== undefined).sort((a, c) => a.place! - c.place!);
  if (left.length === 0) return [];
  const end = { hand, end: true as const, at };
  const collected = new Set(bs.knockouts.filter((k) => k.own).flatMap((k) => k.by));
  const out: Knockout[] = [];
  if (b.format === 'mystery') {
    if (collected.size > 0) return out;
    const head = bountyPool(state) - bs.paid;
    return [{ ...end, own: true, entryId: left[0]!.id, by: left.map((x) => x.id), head, paid: splitCents(head, left.length), grown: left.map(() => 0) }];
  }
  // Before the own heads: they are the last knockouts of an end (bountyEndFollowUp reads that).
  if ((b.unclaimed ?? 'players') === 'players') {
    for (const x of unclaimedEntries(state, bs)) {
      const head = baseHead(b, x) + (b.format === 'progressive' ? (bs.grown[x.id] ?? 0) : 0);
      if (head > 0) out.push({ ...end, unclaimed: true, entryId: x.id, by: left.map((y) => y.id), head, paid: splitCents(head, left.length), grown: left.map(() => 0) });
    }
  }
  for (const x of left) {
    if (collected.has(x.id)) continue;
    const head = baseHead(b, x) + (b.format === 'progressive' ? (bs.grown[x.id] ?? 0) : 0);
    out.push({ ...end, own: true, entryId: x.id, by: [x.id], head, paid: [head], grown: [0] });
  }
  return out;
}

/** Adds knockouts in order (the end's own, after everything else). */
export function withKnockouts(bs: BountyState, ks: readonly Knockout[]): BountyState {
  return ks.reduce(addKnockout, bs);
}

/** `entry.busted` with the eliminators and what each won (contract: `eliminators`). */
function namedEliminators(state: TournamentState, bs: BountyState, ev: EntriesEvent): EntriesEvent {
  if (ev.type !== 'entry.busted') return ev;
  const k = knockoutOf(bs, ev.entryId);
  if (!k) return ev;
  const e = ledger(state);
  return { ...ev, eliminators: k.by.map((id, i) => ({ entryId: id, name: nameOf(e, entryAt(e.entries, id), id), bounty: k.paid[i] ?? 0 })) };
}

/** The knockouts of the latest hand, as they were given: what an undo records again for the hand's other busts. */
export function latestHandInput(state: TournamentState): { hand: number; input: EliminatorInput[] } | null {
  const hand = ledger(state).hands.at(-1);
  if (!hand) return null;
  const input = bountiesOf(state)
    .knockouts.filter((k) => k.hand === hand.n && !k.own)
    .map((k) => ({ entryId: k.entryId, by: k.by, split: k.split, drawn: k.drawn }));
  return { hand: hand.n, input };
}

/**
 * All knockouts worked out again in order from who eliminated whom (and the envelopes drawn):
 * a correction of an earlier bust moves every PKO bounty that grew from it.
 */
export function recompute(state: TournamentState, knockouts: readonly Knockout[]): BountyState {
  const e = ledger(state);
  const old = bountiesOf(state);
  let bs: BountyState = {
    knockouts: [],
    grown: {},
    paid: 0,
    ...(old.mystery ? { mystery: { ...old.mystery, left: old.mystery.prizes.map((p) => p.count) } } : {}),
    ...(old.cashed ? { cashed: old.cashed } : {}),
  };
  const end = knockouts.find((k) => k.end);
  for (const k of knockouts) {
    if (k.end) continue;
    if (k.own) {
      bs = addKnockout(bs, ownKnockout(state, bs, k.entryId, k.hand, k.at));
      continue;
    }
    const pay = k.drawn !== undefined && bs.mystery ? bs.mystery.prizes[k.drawn]!.amount : 0;
    const { head: _h, paid: _p, grown: _g, ...given } = k;
    bs = addKnockout(bs, settle(state, bs, given, entryAt(e.entries, k.entryId)!, pay));
  }
  // The end's own bounties last, worked out again from the heads as they now stand.
  return end ? withKnockouts(bs, endKnockouts(state, bs, end.at)) : bs;
}
