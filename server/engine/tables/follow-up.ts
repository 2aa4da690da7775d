/**
 * The seating follow-up, run after every command (apply.ts FOLLOW_UPS): keeps the room in step
 * with the entries without the entries domain knowing about seats.
 *
 * - A busted entry loses his seat (the seat becomes free; the dead-button rule handles the rest).
 * - After the first draw, an active entry without a seat (late registration, alternate,
 *   re-entry) draws a random free seat at one of the shortest tables (TDA 2017 r7, PPN r8).
 *   Seated between the small blind and the button he is not dealt in until the button passes:
 *   the `seat.assigned` event says `dealtIn: false`. With no free seat he waits (the `seating`
 *   topic lists him) and is seated as soon as a seat frees up or a table opens.
 * - An entry the entries domain brought back (an undone bust) returns to his old seat if it is
 *   still free, otherwise draws one; an entry that no longer exists leaves his seat.
 * - A table that becomes halted (TDA 2017 r10D) is reported once with `table.halted`.
 *
 * Returns the state object unchanged when there is nothing to do.
 */
import type { ApplyContext, EngineEvent, Outcome } from '../commands/types.js';
import type { TournamentState } from '../state.js';
import {
  advanceButton,
  bustEntry,
  unbustEntry,
  dealtInNextHand,
  freeSeats,
  restoreRoom,
  seatEntry,
  seatLateEntry,
  snapshotRoom,
  freeSeatCount,
  tablesInOpenOrder,
  type Room,
  type RoomSnapshot,
  type SeatRef,
} from '../seating/index.js';
import { loadRoom, placeOf, seatingOf, withRoom, type SeatingState } from './state.js';
import { floorChecks } from './views.js';
import { changesSince } from '../entries/totals.js';

interface Diff {
  bust: string[];
  seat: string[];
  back: string[];
  gone: string[];
}

/**
 * The diff when only some entries changed since `before` (the room did not): the entries whose
 * objects are new, looked up in the room, instead of the whole field. Null: do the whole diff.
 */
function changedEntries(state: TournamentState, before: TournamentState | undefined): Diff | null {
  // Entries waiting for a seat are retried by the whole diff (a seat may free up for them).
  if (!before || seatingOf(before) !== seatingOf(state) || seatingOf(state).waitingReported.length > 0) return null;
  const now = state.entries.entries;
  const then = before.entries.entries;
  const out: Diff = { bust: [], seat: [], back: [], gone: [] };
  if (now === then) return out;
  if (now.length < then.length) return null;
  const { drawn } = seatingOf(state);
  const room = loadRoom(seatingOf(state));
  const changed = changesSince(then, now);
  if (!changed) return null;
  for (const i of changed) {
    const entry = now[i]!;
    if (entry === then[i]) continue;
    const where = room.entries.get(entry.id);
    if (entry.status === 'busted') {
      if (where?.status === 'seated') out.bust.push(entry.id);
    } else if (where?.status === 'busted') out.back.push(entry.id);
    else if (!where && drawn && room.tables.size > 0) out.seat.push(entry.id);
  }
  return out;
}

function diff(state: TournamentState): Diff {
  const { room, drawn } = seatingOf(state);
  const seated = new Set<string>();
  const busted = new Set<string>();
  for (const [id, where] of room.entries.entries()) (where.status === 'seated' ? seated : busted).add(id);
  const known = new Set<string>();
  const out: Diff = { bust: [], seat: [], back: [], gone: [] };
  for (const entry of state.entries.entries) {
    known.add(entry.id);
    if (entry.status === 'busted') {
      if (seated.has(entry.id)) out.bust.push(entry.id);
    } else if (busted.has(entry.id)) out.back.push(entry.id);
    else if (!seated.has(entry.id) && drawn && room.tables.size > 0) out.seat.push(entry.id);
  }
  for (const id of seated) if (!known.has(id)) out.gone.push(id);
  return out;
}

/** Removes entries from the snapshot (seat or busted record) and restores the room. */
function forget(snapshot: RoomSnapshot, ids: ReadonlySet<string>): Room {
  const arrivals = Object.fromEntries(Object.entries(snapshot.arrivals ?? {}).filter(([id]) => !ids.has(id)));
  return restoreRoom({
    ...snapshot,
    tables: snapshot.tables.map((t) => ({ ...t, seats: t.seats.map((e) => (e != null && ids.has(e) ? null : e)) })),
    busted: (snapshot.busted ?? []).filter((b) => !ids.has(b.entryId)),
    arrivals,
  });
}

function hasFreeSeat(room: Room): boolean {
  return freeSeatCount(room) > 0;
}

/**
 * A hand is dealt at every table with two or more players (a table whose button is unknown
 * only counts the hand): the buttons move on by the dead-button rule (TDA 2017 r32).
 */
export function advanceAll(room: Room, hands = 1): Room {
  let next = room;
  for (let h = 0; h < hands; h++) {
    for (const t of tablesInOpenOrder(next)) if (t.players >= 2 || !t.dealer) next = advanceButton(next, t.id);
  }
  return next;
}

export function seatingFollowUp(state: TournamentState, ctx: ApplyContext, before?: TournamentState): Outcome {
  const d = changedEntries(state, before) ?? diff(state);
  const events: EngineEvent[] = [];
  let seating: SeatingState = seatingOf(state);
  const changed = d.bust.length + d.seat.length + d.back.length + d.gone.length > 0;
  if (changed) {
    const before = loadRoom(seating);
    let room = before;
    if (d.gone.length || d.back.length) {
      // Where each came from, in the room itself (the stored snapshot's bust list would be made
      // whole for it: every table and arrival of the field).
      const backFrom = new Map<string, SeatRef>();
      for (const id of d.back) {
        const was = before.entries.get(id);
        if (was?.status === 'busted') backFrom.set(id, was.from);
      }
      // An undone bust only forgets the bust (the room is not rebuilt: 200 ms at 10,000 entries);
      // an entry that is gone entirely leaves through a rebuilt room.
      room = d.gone.length ? forget(snapshotRoom(seating.room), new Set([...d.gone, ...d.back])) : d.back.reduce(unbustEntry, room);
      for (const id of d.back) {
        const from = backFrom.get(id)!;
        const table = room.tables.get(from.tableId);
        if (table && freeSeats(table).includes(from.seat)) {
          room = seatEntry(room, id, from);
          events.push({ type: 'seat.assigned', entryId: id, to: placeOf([room], from), dealtIn: dealtInNextHand(room, id), by: 'returned', at: ctx.now });
        } else if (!d.seat.includes(id)) d.seat.push(id);
      }
    }
    for (const id of d.bust) room = bustEntry(room, id);
    const full: string[] = [];
    for (const id of d.seat) {
      if (room.tables.size === 0) break;
      if (!hasFreeSeat(room)) {
        full.push(id);
        continue;
      }
      const r = seatLateEntry(room, id, ctx.rng());
      room = r.room;
      events.push({ type: 'seat.assigned', entryId: id, to: placeOf([room], r.seating), dealtIn: r.seating.dealtIn, by: 'late', at: ctx.now });
    }
    if (room !== before) seating = withRoom(seating, room);
    // `seat.unavailable` once per waiting entry, not after every command while he waits.
    for (const id of full) if (!seating.waitingReported.includes(id)) events.push({ type: 'seat.unavailable', entryId: id, at: ctx.now });
    if (full.join() !== seating.waitingReported.join()) seating = { ...seating, waitingReported: full };
  } else if (seating.waitingReported.length && !seatingOf(state).drawn) {
    seating = { ...seating, waitingReported: [] };
  }

  // Hand-for-hand (entries domain): every new hand is dealt at all tables together (IP r47).
  const hfh = state.entries.handForHand as { active: boolean; hand: number } | undefined;
  const hand = hfh?.hand ?? 0;
  const seen = seating.handForHandSeen ?? 0;
  if (hand !== seen) {
    const { handForHandEnded: ended, ...rest } = seating;
    const bustHands = state.entries.hands ?? [];
    // Hand-for-hand ends by itself with the bust hand that bursts the bubble (entries/busts.ts),
    // and an undo of that bust hand puts it back on at the hand it was on: a hand dealt already,
    // so no button moves. Told apart from a new start by the bust hand being gone (or no longer
    // the one that ended it).
    const resumed =
      ended !== undefined && hfh?.active === true && seen === 0 && hand === ended.hand && bustHands[ended.bustHand - 1]?.endedHandForHand !== ended.hand;
    const room = hand > seen && hfh?.active && !resumed ? advanceAll(loadRoom(seating), hand - seen) : null;
    seating = { ...(room ? withRoom(rest, room) : rest), handForHandSeen: hand };
    const endedBy = hfh?.active ? undefined : bustHands.at(-1);
    if (seen > 0 && endedBy?.endedHandForHand === seen) seating.handForHandEnded = { hand: seen, bustHand: endedBy.n };
  }

  // Halts: reported once when a table becomes halted.
  const room = loadRoom(seating);
  const check = floorChecks(room, state.settings.rules, seating.drawn).balance;
  const prevHalted = seating.halted;
  if (check.halted.join() !== prevHalted.join()) {
    for (const id of check.halted) {
      if (prevHalted.includes(id)) continue;
      const t = room.tables.get(id)!;
      events.push({ type: 'table.halted', tableId: id, table: t.number, players: t.players, most: check.most, at: ctx.now });
    }
    seating = { ...seating, halted: [...check.halted] };
  }

  // The undo point of a seating action covers what this follow-up did in the same command.
  if (seating.undo && seating.undo.version === null) seating = { ...seating, undo: { ...seating.undo, version: seating.version } };

  if (seating === seatingOf(state)) return { state, events };
  return { state: { ...state, seating }, events };
}
