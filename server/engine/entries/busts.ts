/**
 * Bust-outs: one hand's eliminations get their places and prizes from money/places.ts
 * (IP r47-5, r48-4, MEC r7, TDA 2024 AP 8); an undo puts the latest hand back.
 *
 * A place is the number of entries in play when the hand began, counted down by the hand's
 * busts; it is final from the close of (late) registration. The first prize awarded locks the
 * payouts (the money of the places already paid cannot move any more); a deal (IP r8) replaces
 * the prizes of the players in it.
 *
 * Hand-for-hand ends by itself with the hand whose busts burst the money bubble (see
 * `burstsBubble`); an undo of that hand puts it back on at the hand-for-hand hand it was on.
 */
import { EngineError } from '../errors.js';
import { seatOf } from '../seating/index.js';
import { loadRoom, seatingOf } from '../tables/state.js';
import { placesForHand, type HandBust } from '../money/places.js';
import type { TournamentState } from '../state.js';
import type { Outcome } from '../commands/types.js';
import type { EntriesEvent } from '../../protocol/entries-events.js';
import { activeCount, ledger, payoutsInForce } from './ledger.js';
import { bubblePlaces, lastSeatBusts } from '../bounties/satellite.js';
import { editedAt, entryPosition, entryTotals, replacedIn } from './totals.js';
import type { BustHand, EntriesState, Entry } from './model.js';
import { activeEntry, nameOf, withEntries } from './registration.js';

export interface BustInput {
  entryIds: string[];
  tables?: Record<string, string> | undefined;
  startChips?: Record<string, number> | undefined;
}

/**
 * An entry's place at the end: the place it was given when it left, moved down by every entry
 * that came in after it (a bust at 40 in play who re-enters is, with 41 entries, 41st: a
 * re-entry is a new entry, PPN r27, and every entry finishes once; the books set no rule for the
 * counting, docs/RULES.md "Places and re-entries" states Riffle's). Entries in play have none. Read by the results, not
 * written into every bust at every registration (model.ts `entriesAtOut`).
 */
export function finishingPlace(x: Entry, entries: number): { place: number; placeTo: number } | null {
  if (x.place === undefined) return null;
  const later = x.entriesAtOut === undefined ? 0 : Math.max(0, entries - x.entriesAtOut);
  return { place: x.place + later, placeTo: (x.placeTo ?? x.place) + later };
}

/**
 * Prize of an entry that finished with `ladder` from the payouts: the deal's amount if it was in
 * one. A satellite's deal shares only the leftover cash (bounties/satellite-deal.ts), so there the
 * amount comes on top of what the place pays (a seat, or nothing below the seats).
 */
export function withDealPrize(state: TournamentState, e: EntriesState, entryId: string, ladder: number): number {
  const amount = e.deal?.amounts[entryId];
  if (amount === undefined) return ladder;
  return state.settings.satellite ? ladder + amount : amount;
}

/** The last entry in play wins: 1st place and its prize (plus the deal's reserve). */
export function crownIfLast(state: TournamentState, e: EntriesState, payouts: readonly number[], now: number): { e: EntriesState; event: EntriesEvent | null; winner?: string } {
  if (activeCount(e) !== 1) return { e, event: null };
  const w = e.entries.find((x) => x.status === 'active')!;
  const prize = withDealPrize(state, e, w.id, payouts[0] ?? 0) + (e.deal?.reserve ?? 0);
  const crowned: Entry = { ...w, place: 1, placeTo: 1, prize };
  return {
    e: { ...e, entries: replacedIn(e.entries, crowned), payouts: { ...e.payouts, locked: e.payouts.locked ?? [...payouts] } },
    event: { type: 'tournament.won', entryId: w.id, name: nameOf(e, w), prize, at: now },
    winner: w.id,
  };
}

/**
 * TDA 2024 AP 8: hand-for-hand is there to settle the money bubble, so it is over once a hand's
 * busts take the field from above the places paid to within them. Started with the field in the
 * money already (a final-table bubble), it runs until the TD stops it. A deal (IP r8) pays every
 * player in it: there is no bubble left to burst.
 */
function burstsBubble(state: TournamentState, e: EntriesState, playersLeft: number, busts: number): boolean {
  const paid = bubblePlaces(state);
  // A satellite's deal shares only the leftover cash: the seats are still played for.
  return e.handForHand.active && (e.deal === null || state.settings.satellite != null) && playersLeft > paid && playersLeft - busts <= paid;
}

/**
 * The table of each bust, checked against the room: once tables are open every id must name an
 * open table, and a seated player's must be his own (so a same-table bust cannot be recorded as
 * two tables, which would let both share the place, IP r47-5 / MEC r7). A seated player's table
 * is filled in when not given. Without any table open (a clock-only event) the ids are labels.
 */
function realTables(state: TournamentState, entryIds: readonly string[], given: Readonly<Record<string, string>>): Record<string, string> {
  const room = loadRoom(seatingOf(state));
  if (room.tables.size === 0) return { ...given };
  const out: Record<string, string> = {};
  for (const [entryId, tableId] of Object.entries(given)) {
    if (!entryIds.includes(entryId)) throw new EngineError('invalid-busts', `"${entryId.slice(0, 40)}" is in "tables" but not among the busted entries.`, 'invalid');
    if (!room.tables.has(tableId)) throw new EngineError('unknown-table', `There is no open table "${tableId.slice(0, 40)}".`, 'invalid');
    out[entryId] = tableId;
  }
  for (const entryId of entryIds) {
    const seat = seatOf(room, entryId);
    if (!seat) continue;
    const given = out[entryId];
    if (given !== undefined && given !== seat.tableId) {
      const n = (id: string) => room.tables.get(id)?.number ?? id;
      throw new EngineError('invalid-busts', `Entry ${entryId} sits at table ${n(seat.tableId)}, not table ${n(given)}.`, 'invalid');
    }
    out[entryId] = seat.tableId;
  }
  return out;
}

/** Records one hand's busts (all entries must be in play). */
export function recordHand(state: TournamentState, input: BustInput, now: number, handForHand?: boolean): Outcome {
  let e = ledger(state);
  const { entryIds, startChips = {} } = input;
  const entries = entryIds.map((id) => activeEntry(e, id));
  const tables = realTables(state, entryIds, input.tables ?? {});
  const several = entryIds.length > 1;
  if (several && entryIds.some((id) => tables[id] === undefined)) {
    throw new EngineError('invalid-busts', 'When several players bust in one hand, give the table of each (IP r47-5: different tables share the place).', 'invalid');
  }
  const busts: HandBust[] = entries.map((x) => {
    const tableId = tables[x.id] ?? 'table';
    const sameTable = several && entries.some((o) => o.id !== x.id && (tables[o.id] ?? 'table') === tableId);
    const chips = startChips[x.id];
    if (sameTable && chips === undefined) {
      throw new EngineError('invalid-busts', `${nameOf(e, x)} busted at the same table as another player: give the chips each had at the start of the hand (MEC r7).`, 'invalid');
    }
    return { entryId: x.id, tableId, chipsAtStartOfHand: chips ?? Math.max(1, x.chips) };
  });
  const playersLeft = activeCount(e);
  const payouts = payoutsInForce(state);
  const hfh = handForHand ?? e.handForHand.active;
  const finishes = placesForHand({ playersLeft, busts: lastSeatBusts(state, playersLeft, busts, startChips), payouts, handForHand: hfh });
  const burst = burstsBubble(state, e, playersLeft, busts.length);
  const chipsBefore = new Map(entries.map((x) => [x.id, x.chips]));
  const events: EntriesEvent[] = [];
  const byId = new Map(finishes.map((f) => [f.entryId, f]));
  // The hand's entries are replaced where they stand (in list order, as their events go out).
  const positions = entryIds.map((id) => entryPosition(e.entries, id));
  const size = e.entries.length;
  const list = editedAt(e.entries, positions, (x) => {
    const f = byId.get(x.id)!;
    const prize = withDealPrize(state, e, x.id, f.prize);
    events.push({ type: 'entry.busted', entryId: x.id, name: nameOf(e, x), place: f.place, placeTo: f.placeTo, prize, at: now });
    return { ...x, status: 'busted', out: 'bust', outAt: now, chips: 0, place: f.place, placeTo: f.placeTo, prize, entriesAtOut: size };
  });
  e = { ...e, entries: list };
  if (!e.payouts.locked && entryTotals(e.entries).prized > 0) e = { ...e, payouts: { ...e.payouts, locked: [...payouts] } };
  const hand: BustHand = {
    n: e.hands.length + 1,
    at: now,
    playersLeft,
    handForHand: hfh,
    busts,
    chipsBefore: Object.fromEntries(chipsBefore),
  };
  if (burst) {
    hand.endedHandForHand = e.handForHand.hand;
    e = { ...e, handForHand: { active: false, hand: 0 } };
    events.push({ type: 'handForHand.stopped', at: now, reason: 'bubble' });
  }
  const crowned = crownIfLast(state, e, payouts, now);
  e = crowned.e;
  if (crowned.winner) hand.winner = crowned.winner;
  if (crowned.event) events.push(crowned.event);
  e = { ...e, hands: [...e.hands, hand] };
  return { state: withEntries(state, e), events, result: { finishes: finishes.map((f) => ({ ...f, prize: byId.has(f.entryId) ? withDealPrize(state, e, f.entryId, f.prize) : f.prize })) } };
}

/**
 * Takes `entryId` out of the latest bust hand: the whole hand is put back, then its other busts
 * are recorded again as they were entered (their places move up by one).
 */
export function undoBust(state: TournamentState, entryId: string, now: number): Outcome {
  const e = ledger(state);
  const hand = e.hands.at(-1);
  if (!hand || !hand.busts.some((b) => b.entryId === entryId)) {
    throw new EngineError('bust-not-latest', hand ? 'Only the busts of the latest hand can be undone; undo the later ones first.' : 'No busts have been recorded.');
  }
  // A deal shares the money among the players in play when it was made (IP r8): a player back
  // from before it would hold no share. The deal goes first (deal.undo).
  if (e.deal && hand.n <= e.deal.hands) throw new EngineError('bust-not-latest', 'A deal was made after this bust; undo the deal first.');
  // The field is walked only where the counts say something may be found (entries/totals.ts):
  // an undo is the floor's most common correction, and costs what the bust it takes back cost.
  const totals = entryTotals(e.entries);
  const at = entryPosition(e.entries, entryId);
  const entry = e.entries[at]!;
  const dq = totals.removed > 0 ? e.entries.find((x) => x.afterHand !== undefined && x.afterHand >= hand.n) : undefined;
  if (dq) throw new EngineError('bust-not-latest', `${nameOf(e, dq)} was ${dq.out === 'absent' ? 'removed for absence' : 'disqualified'} after this hand and holds a place below it.`);
  // A re-entry is registered after the entry it follows: only the entries after it can be one.
  let later: Entry | undefined;
  for (let i = at + 1; totals.reentries > 0 && i < e.entries.length && !later; i++) {
    const x = e.entries[i]!;
    if (x.playerId === entry.playerId && x.n > entry.n) later = x;
  }
  if (later) throw new EngineError('player-reentered', `${nameOf(e, entry)} has re-entered as ${later.id}; that entry must go first.`);
  const ids = new Set(hand.busts.map((b) => b.entryId));
  // Without the hand that burst the bubble the field is above the money again: hand-for-hand is
  // back on at the hand it was on (unless the TD has started it again since). The hand's other
  // busts, recorded again below, may burst the bubble once more and end it again.
  const resumeAt = e.handForHand.active ? undefined : hand.endedHandForHand;
  // The hand's entries, and a winner (crowned by this hand or by a later disqualification: the
  // only entry in play with a place, first) who is back in a field, replaced where they stand.
  const positions = [...ids].map((id) => entryPosition(e.entries, id));
  if (totals.placed.has(1)) {
    const winner = e.entries.findIndex((x) => x.status === 'active' && x.place !== undefined);
    if (winner >= 0) positions.push(winner);
  }
  const list = editedAt(e.entries, positions, (x) => {
    if (ids.has(x.id)) {
      const { out: _o, outAt: _a, place: _p, placeTo: _t, prize: _z, entriesAtOut: _n, ...rest } = x;
      return { ...rest, status: 'active', chips: hand.chipsBefore[x.id] ?? 0 };
    }
    const { place: _p, placeTo: _t, prize: _z, ...rest } = x;
    return rest;
  });
  const restored: EntriesState = {
    ...e,
    hands: e.hands.slice(0, -1),
    handForHand: resumeAt === undefined ? e.handForHand : { active: true, hand: resumeAt },
    entries: list,
  };
  const stillPaid = restored.deal !== null || entryTotals(list).prized > 0;
  const unlocked = withEntries(state, stillPaid ? restored : { ...restored, payouts: { ...restored.payouts, locked: null } });
  const events: EntriesEvent[] = [{ type: 'entry.bustUndone', entryId, name: nameOf(e, entry), at: now }];
  if (resumeAt !== undefined) events.push({ type: 'handForHand.started', at: now });
  const others = hand.busts.filter((b) => b.entryId !== entryId);
  if (others.length === 0) return { state: unlocked, events };
  const again = recordHand(
    unlocked,
    {
      entryIds: others.map((b) => b.entryId),
      tables: Object.fromEntries(others.map((b) => [b.entryId, b.tableId])),
      startChips: Object.fromEntries(others.map((b) => [b.entryId, b.chipsAtStartOfHand])),
    },
    hand.at,
    hand.handForHand,
  );
  return { ...again, events: [...events, ...again.events] };
}
