/** The entries domain's public views (protocol/entries-views.ts), from the state alone. */
import { bountyFieldView, finishWithBounties } from '../bounties/views.js';
import { dealPassed } from './deals.js';
import { satelliteFieldView } from '../bounties/satellite.js';
import type { FieldView, FinishView, PayoutPlaceTopic, PayoutShares, PayoutsTopic, PlayerEntryView, PlayersView, WindowView } from '../../protocol/entries-views.js';
import type { TournamentState } from '../state.js';
import type { EntriesState, Entry, Penalty, Player } from './model.js';
import { changedPlayers, playerCount } from './players.js';
import { dayView } from '../days/end-of-day.js';
import { changesSince, entryAt, entryTotals } from './totals.js';
import { noteLines } from '../speed/views-changes.js';

import {
  bigBlindInForce,
  chipsInPlay,
  colorUpNotice,
  defaultPayouts,
  defaultShares,
  lateRegistrationEndIndex,
  ledger,
  paidPlaces,
  payoutsInForce,
  periodOpen,
  pool,
  registrationOpen,
  reentryEndIndex,
  reentryOpen,
} from './ledger.js';
import { slot } from '../speed/slots.js';
import { memoryKey, ViewMemory } from '../speed/view-memory.js';

function windowView(state: TournamentState, open: boolean, endIndex: number): WindowView {
  const view: WindowView = { open };
  if (open && endIndex >= state.clock.index) view.untilIndex = endIndex;
  return view;
}

export function fieldView(state: TournamentState): FieldView {
  const e = ledger(state);
  const c = entryTotals(e.entries);
  const money = pool(state);
  const total = chipsInPlay(e);
  const avg = c.active ? Math.round(total / c.active) : 0;
  const bb = bigBlindInForce(state.structure, state.clock.index);
  const last = c.active === 1 ? e.entries.find((x) => x.status === 'active')! : null;
  // A deal that ended play leaves its players in play, placed by chips (entries/floor.ts).
  const winner = last?.place === 1 ? last : e.deal?.endsPlay ? (e.entries.find((x) => x.status === 'active' && x.place === 1) ?? null) : null;
  const lateReg = windowView(state, registrationOpen(state), lateRegistrationEndIndex(state));
  lateReg.level = state.settings.lateRegistrationLevel;
  const view: FieldView = {
    playersLeft: c.active,
    entries: e.entries.length,
    // Every player in the record bought in at least once (a player is made with his first entry).
    uniquePlayers: playerCount(e.players),
    reentries: c.reentries,
    rebuys: c.rebuys,
    addons: c.addons,
    totalChips: total,
    avgStack: avg,
    avgStackBB: bb > 0 ? Math.round((avg / bb) * 10) / 10 : 0,
    currency: state.settings.currency,
    prizePool: money.pool,
    collected: money.collected,
    guarantee: state.settings.guarantee ?? 0,
    overlay: money.overlay,
    paidPlaces: paidPlaces(state),
    lateRegistration: lateReg,
    reentry: windowView(state, reentryOpen(state) && state.settings.rules.reentryMax !== 0, reentryEndIndex(state)),
    rebuyOpen: periodOpen(state, state.settings.rebuy),
    addonOpen: periodOpen(state, state.settings.addon),
    handForHand: { ...e.handForHand },
    colorUp: colorUpNotice(state),
    dealMade: e.deal !== null,
  };
  if (e.alternates?.length) view.alternates = e.alternates.map((a, i) => ({ id: a.id, name: a.name, position: i + 1 }));
  if (state.settings.rules.lateStack === 'ip-2008') view.unsoldSeatsRule = true;
  if (e.unsold?.length) view.unsoldSeats = e.unsold.map((u) => ({ tableId: u.tableId, table: u.table, seat: u.seat, chips: u.chips }));
  const day = dayView(state);
  if (day) view.day = day;
  if (e.carried) view.entries = e.carried.entries + c.own;
  if (winner) view.winner = { entryId: winner.id, name: e.players.get(winner.playerId)?.name ?? winner.playerId };
  // Issue 25: bounties and satellites (server/engine/bounties/views.ts).
  const bounty = bountyFieldView(state);
  if (bounty) view.bounty = bounty;
  const satellite = satelliteFieldView(state);
  if (satellite) view.satellite = satellite;
  if (state.clock.status === 'finished') view.finalTable = finishWithBounties(state, finalTableView(state));
  return view;
}

/**
 * The results' places: every entry that finished within the final table (places up to a table's
 * seats), best first. Walked only once the tournament is over, when commands are few.
 */
function finalTableView(state: TournamentState): FinishView[] {
  const e = ledger(state);
  const seats = state.settings.rules.seatsPerTable;
  return e.entries
    .filter((x) => x.place !== undefined && x.place <= seats)
    .sort((a, b) => a.place! - b.place! || a.id.localeCompare(b.id, 'en', { numeric: true }))
    .slice(0, seats)
    .map((x) => {
      const v: FinishView = { place: x.place!, entryId: x.id, name: e.players.get(x.playerId)?.name ?? x.playerId, prize: x.prize ?? 0 };
      if (x.placeTo !== undefined && x.placeTo !== x.place) v.placeTo = x.placeTo;
      if (e.deal?.amounts[x.id] !== undefined) v.deal = true;
      if (e.seatsWon?.entries.includes(x.id)) v.seat = true;
      return v;
    });
}

/**
 * Whether locked payouts are still the template's for this pool (the usual case: the first prize
 * locks them as they were), so the topic can keep sending shares. Per (locked, default) lists.
 */
const lockedFollows = new WeakMap<readonly number[], { dflt: readonly number[]; same: boolean }>();

function followsShares(state: TournamentState, amounts: readonly number[]): PayoutShares | undefined {
  const e = ledger(state);
  if (e.payouts.custom && !e.payouts.locked) return undefined;
  // A satellite's seats are amounts, not the template's shares (bounties/satellite.ts).
  if (state.settings.satellite) return undefined;
  const shares = defaultShares(state);
  if (!shares) return undefined;
  if (!e.payouts.locked) return shares;
  const dflt = defaultPayouts(state);
  let known = lockedFollows.get(amounts);
  if (!known || known.dflt !== dflt) {
    known = { dflt, same: amounts.length === dflt.length && amounts.every((a, i) => a === dflt[i]) };
    lockedFollows.set(amounts, known);
  }
  return known.same ? shares : undefined;
}

/**
 * The ladder's places, reusing the last list's place objects that did not change: a place paid
 * out is one new object (one small patch), a registration none (the amounts follow the shares).
 */
const LAST_PLACES = memoryKey<{ key: unknown; placed: unknown; places: PayoutPlaceTopic[] }>('payout places');

function ladderPlaces(amounts: readonly number[], explicit: boolean, key: unknown, placed: ReadonlyMap<number, unknown>, memory: ViewMemory): PayoutPlaceTopic[] {
  const lastPlaces = memory.get(LAST_PLACES);
  if (lastPlaces && lastPlaces.key === key && lastPlaces.placed === placed) return lastPlaces.places;
  const before = lastPlaces?.places ?? [];
  const places: PayoutPlaceTopic[] = new Array(amounts.length);
  for (let i = 0; i < amounts.length; i++) {
    const paid = placed.has(i + 1);
    const old = before[i];
    if (old && old.paid === paid && (explicit ? old.amount === amounts[i] : old.amount === undefined)) places[i] = old;
    else places[i] = explicit ? { place: i + 1, amount: amounts[i]!, paid } : { place: i + 1, paid };
  }
  memory.set(LAST_PLACES, { key, placed, places });
  return places;
}

/**
 * The `payouts` topic (protocol/entries-views.ts PayoutsTopic): the shares and the pool while
 * the amounts follow the pool, the amounts otherwise; the places paid out either way.
 */
export function payoutsTopic(state: TournamentState, memory: ViewMemory = new ViewMemory()): PayoutsTopic {
  const e = ledger(state);
  const amounts = payoutsInForce(state);
  const { placed } = entryTotals(e.entries);
  const shares = followsShares(state, amounts);
  const view: PayoutsTopic = {
    currency: state.settings.currency,
    prizePool: pool(state).pool,
    source: e.payouts.locked ? 'locked' : e.payouts.custom ? 'custom' : 'template',
    places: ladderPlaces(amounts, !shares, shares ?? amounts, placed, memory),
  };
  if (shares) view.shares = shares;
  if (e.deal) {
    // Names beside the amounts, so every screen (the venue's ladder, the stream, the phone) shows a deal by name.
    const names: Record<string, string> = {};
    for (const id of Object.keys(e.deal.amounts)) {
      const x = entryAt(e.entries, id);
      names[id] = x ? (e.players.get(x.playerId)?.name ?? x.playerId) : id;
    }
    view.deal = { amounts: e.deal.amounts, names, reserve: e.deal.reserve };
    if (e.deal.belowGuarantee) view.deal.belowGuarantee = e.deal.belowGuarantee;
    if (dealPassed(e, e.deal)) view.deal.passed = true;
  }
  return view;
}

/**
 * A player's line, made once per (entry, player, open penalties) objects: an entity that did not
 * change keeps its view object, so the diff of the players topic (host/view-tracker.ts) compares
 * references and serialises only what changed.
 */
const entryViews = new WeakMap<object, { player: unknown; penalties: readonly unknown[] | undefined; view: PlayerEntryView }>();

function entryView(x: Entry, player: Player | undefined, mine: readonly Penalty[] | undefined): PlayerEntryView {
  const cached = entryViews.get(x);
  if (cached && cached.player === player && sameList(cached.penalties, mine)) return cached.view;
  const v: PlayerEntryView = {
    id: x.id,
    playerId: x.playerId,
    name: player?.name ?? x.playerId,
    ...(player?.country ? { country: player.country } : {}),
    ...(player?.venuePlayerId ? { venuePlayerId: player.venuePlayerId } : {}),
    ...(player?.photo ? { photo: player.photo } : {}),
    ...(player?.onAirName ? { onAirName: player.onAirName } : {}),
    n: x.n,
    status: x.status,
    chips: x.chips,
    rebuys: x.rebuys,
    addons: x.addons,
  };
  if (x.out) v.out = x.out;
  if (x.alternate) v.alternate = true;
  if (x.absentSince !== undefined && x.status === 'active') v.absentSince = x.absentSince;
  // The deal calculator prefills only counted chips and the Players tab shows only counted chips
  // with when (issue 23): a stack never counted shows as missing, not as the starting stack.
  if (x.countedAt !== undefined && x.status === 'active') v.counted = x.countedAt;
  if (x.place !== undefined) Object.assign(v, { place: x.place, placeTo: x.placeTo, prize: x.prize });
  if (mine?.length) {
    v.penalties = mine.map((p) => ({ id: p.id, kind: p.kind, ...(p.hands !== undefined ? { hands: p.hands } : {}), ...(p.served ? { served: p.served } : {}), ...(p.until !== undefined ? { until: p.until } : {}), ...(p.note ? { note: p.note } : {}) }));
  }
  entryViews.set(x, { player, penalties: mine, view: v });
  return v;
}

function sameList(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((x, i) => x === b[i]);
}

/** The players topic, cached per entries state (the same state gives the same object). */
const playersViews = slot<object, PlayersView>('players view');
/** The last players topic made, to start the next one from (a command changes a few lines). */
const LAST_PLAYERS_VIEW = memoryKey<{ e: EntriesState; view: PlayersView }>('players view');

export function playersView(state: TournamentState, memory: ViewMemory = new ViewMemory()): PlayersView {
  const e = ledger(state);
  const cached = playersViews.get(e);
  if (cached) return cached;
  const open = new Map<string, Penalty[]>();
  for (const p of e.penalties) if (!p.cleared) open.set(p.entryId, [...(open.get(p.entryId) ?? []), p]);
  // From the last view: an entry whose object, player and penalties are the same keeps its line
  // without looking his player up (a lookup per entry is what a 10,000-entry field cannot pay).
  const last = memory.get(LAST_PLAYERS_VIEW);
  const prev = last && last.e.penalties === e.penalties ? last : null;
  const changed = prev ? changedPlayers(prev.e.players, e.players) : null;
  const before = prev?.e.entries;
  const lines = prev?.view.entries;
  const line = (x: Entry) => entryView(x, e.players.get(x.playerId), open.get(x.id));
  let entries: PlayerEntryView[];
  if (changed && lines) {
    // Copy the last lines and redo only those whose entry or player is a new object. New
    // entries' lines go into the copy as it is made (an array grown a line at a time is copied
    // again); the loop below finds them again in entryView's cache.
    const all = e.entries;
    entries = all.length > lines.length ? lines.concat(all.slice(lines.length).map(line)) : lines.slice(0, all.length);
    // A player new to the record has only new entries (appended, so redone below).
    const renamed = [...changed].filter((id) => prev!.e.players.get(id) !== undefined);
    const positions = renamed.length === 0 ? changesSince(before!, all) : null;
    if (positions) {
      for (const i of positions) entries[i] = line(all[i]!);
      noteLines(entries, lines, positions);
    } else {
      for (let i = 0; i < all.length; i++) {
        const x = all[i]!;
        if (before![i] !== x || renamed.includes(x.playerId)) entries[i] = line(x);
      }
    }
  } else {
    entries = e.entries.map(line);
  }
  const view: PlayersView = { entries, lastBust: e.hands.at(-1)?.busts.map((b) => b.entryId) ?? [] };
  playersViews.set(e, view);
  memory.set(LAST_PLAYERS_VIEW, { e, view });
  return view;
}
