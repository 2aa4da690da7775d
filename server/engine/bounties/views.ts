/**
 * What screens show of bounties (issue 25; contract: a player's `bounty`, the field's `bounty`):
 * the bounty on each head, the pool and what was paid, the biggest heads (KO, PKO) or the
 * mystery prizes left, and per player the eliminations won and who eliminated him.
 */
import { ledger } from '../entries/ledger.js';
import type { Entry } from '../entries/model.js';
import { entryAt } from '../entries/totals.js';
import type { TournamentState } from '../state.js';
import type { FinishView, PlayerEntryView, PlayersView } from '../../protocol/entries-views.js';
import type { BountySummary, KnockoutsRow, MysteryPrize } from '../../protocol/bounties.js';
import { bountiesOf, type BountyState } from './model.js';
import { bountyPool, envelopeCheck, headOf, knockoutOf, nameOf, unclaimedEntries } from './knockouts.js';
import { isOver } from '../end.js';

/** Per eliminator: eliminations and money won (cents), from the knockouts (once per bounty state). */
const wonCache = new WeakMap<BountyState, Map<string, { count: number; amount: number }>>();

export function wonBy(bs: BountyState): Map<string, { count: number; amount: number }> {
  let m = wonCache.get(bs);
  if (m) return m;
  m = new Map();
  for (const k of bs.knockouts) {
    k.by.forEach((id, i) => {
      const w = m!.get(id) ?? { count: 0, amount: 0 };
      m!.set(id, { count: w.count + (k.own || k.unclaimed ? 0 : 1), amount: w.amount + (k.paid[i] ?? 0) });
    });
  }
  wonCache.set(bs, m);
  return m;
}

export interface BountyFieldView extends BountySummary {
  /** KO, PKO: the five biggest bounties in play, biggest first (none once collected at the end). */
  biggest?: { entryId: string; name: string; bounty: number }[];
  /** Mystery: the posted prizes with the envelopes left of each. */
  mysteryLeft?: MysteryPrize[];
  envelopeCheck?: { envelopes: number; players: number };
}

/** The field's `bounty`: absent without a bounty format. */
export function bountyFieldView(state: TournamentState): BountyFieldView | undefined {
  const b = state.settings.bounty;
  if (!b) return undefined;
  const bs = bountiesOf(state);
  const pool = bountyPool(state);
  const view: BountyFieldView = { format: b.format, pool, paid: bs.paid, onHeads: pool - bs.paid };
  // At the end, under `unclaimed: 'house'`, the heads nobody can claim are the house's (docs/RULES.md).
  if (b.unclaimed === 'house' && isOver(state)) {
    const kept = unclaimedEntries(state, bs).reduce((a, x) => a + headOf(state, bs, x), 0);
    if (kept > 0) view.keptByHouse = kept;
  }
  if (b.format === 'mystery') {
    // The finishers collect the envelopes left at the end (knockouts.ts endKnockouts): none is left then.
    const collected = bs.knockouts.some((k) => k.own);
    if (bs.mystery) view.mysteryLeft = bs.mystery.prizes.map((p, i) => ({ amount: p.amount, count: collected ? 0 : (bs.mystery!.left[i] ?? 0) }));
    const check = envelopeCheck(state, bs);
    if (check) view.envelopeCheck = check;
    return view;
  }
  const e = ledger(state);
  const top: { entryId: string; name: string; bounty: number }[] = [];
  for (const x of e.entries) {
    if (x.status !== 'active') continue;
    const bounty = headOf(state, bs, x);
    // Collected at the end (his own): no head in play.
    if (bounty <= 0) continue;
    if (top.length === 5 && bounty <= top[4]!.bounty) continue;
    top.push({ entryId: x.id, name: e.players.get(x.playerId)?.name ?? x.playerId, bounty });
    top.sort((a, c) => c.bounty - a.bounty);
    if (top.length > 5) top.pop();
  }
  view.biggest = top;
  return view;
}

/** A player's line with his bounty, eliminations and eliminators (new lines only where one is set). */
function lineWithBounty(state: TournamentState, bs: BountyState, won: Map<string, { count: number; amount: number }>, v: PlayerEntryView, x: Entry): PlayerEntryView {
  const b = state.settings.bounty;
  const w = won.get(x.id);
  const k = knockoutOf(bs, x.id);
  if (!b && !w && !k && !bs.cashed?.[x.id]) return v;
  const out: PlayerEntryView = { ...v };
  if (b && b.format !== 'mystery') out.bounty = headOf(state, bs, x);
  if (w) out.knockouts = w;
  const cashed = bs.cashed?.[x.id];
  if (cashed) out.bountyPaid = cashed;
  if (k && !k.unclaimed) out.eliminatedBy = k.by;
  return out;
}

const playersCache = new WeakMap<PlayersView, { bs: BountyState; settings: object; view: PlayersView }>();

/** The players topic with bounties: the entries' own view where nothing is recorded. */
export function playersWithBounties(state: TournamentState, view: PlayersView): PlayersView {
  const bs = bountiesOf(state);
  if (!state.settings.bounty && bs.knockouts.length === 0) return view;
  const cached = playersCache.get(view);
  if (cached && cached.bs === bs && cached.settings === state.settings) return cached.view;
  const e = ledger(state);
  const won = wonBy(bs);
  const entries = view.entries.map((v, i) => {
    const x = e.entries[i]?.id === v.id ? e.entries[i]! : entryAt(e.entries, v.id);
    return x ? lineWithBounty(state, bs, won, v, x) : v;
  });
  const next = { ...view, entries };
  playersCache.set(view, { bs, settings: state.settings, view: next });
  return next;
}

/** The "knockouts" view: players by bounty money won, then eliminations. */
export function knockoutsRows(state: TournamentState): KnockoutsRow[] {
  const e = ledger(state);
  const bs = bountiesOf(state);
  const won = wonBy(bs);
  const name = (id: string) => nameOf(e, entryAt(e.entries, id), id);
  return e.entries
    .map((x) => {
      const w = won.get(x.id) ?? { count: 0, amount: 0 };
      const k = knockoutOf(bs, x.id);
      const row: KnockoutsRow = { entryId: x.id, name: name(x.id), count: w.count, amount: w.amount, head: headOf(state, bs, x) };
      if (k && !k.unclaimed) row.eliminatedBy = k.by.map(name);
      return row;
    })
    .sort((a, c) => c.amount - a.amount || c.count - a.count || (a.entryId < c.entryId ? -1 : 1));
}

/** The results' places with each player's bounties won and who eliminated him (under a bounty format only). */
export function finishWithBounties(state: TournamentState, rows: FinishView[]): FinishView[] {
  if (!state.settings.bounty) return rows;
  const e = ledger(state);
  const bs = bountiesOf(state);
  const won = wonBy(bs);
  const name = (id: string) => nameOf(e, entryAt(e.entries, id), id);
  return rows.map((r) => {
    const w = won.get(r.entryId);
    const k = knockoutOf(bs, r.entryId);
    const out: FinishView = { ...r, knockouts: w ?? { count: 0, amount: 0 } };
    if (k && !k.unclaimed) out.eliminatedBy = k.by.map(name);
    return out;
  });
}
