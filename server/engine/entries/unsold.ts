/**
 * Unsold seats (IP 2008 r35, r16-3), under the IP late-stack rule (rules.lateStack `ip-2008`).
 *
 * - r35-1: "Bij het begin van het toernooi zal bij elke zitplaats de juiste hoeveelheid
 *   'startfiches' gelegd worden." Seats nobody bought get a starting stack too
 *   (`unsold.place`); those chips are in play, and blinds and antes are taken from them as from an
 *   absent player (IP r17), so they pass to the players who win the pots.
 * - r16-3: "'Late binnenkomers' kunnen eender welke onverkochte zitplaats krijgen met de
 *   bijhorende stapel 'startfiches' van die zitplaats. [...] Een laat binnenkomende speler zal
 *   enkel recht hebben op het overblijvende aantal 'startfiches'" (`unsold.take`): the late
 *   entrant plays what is left on the seat; nothing leaves play (no r16-4 deduction).
 * - r16-3 / r35-2: "Bij de sluiting van de inschrijving worden alle stapels fiches van onverkochte
 *   zitplaatsen uit het toernooi verwijderd en uit het spel genomen": when registration closes
 *   (by the clock, or any command after it), `unsoldFollowUp` removes what is left on the unsold
 *   seats from play and puts the seats back in use.
 *
 * While a seat is unsold it is out of use in the seating room, so no draw, late entry or
 * alternate is given it; the floor's counts of its stack (`unsold.count`) only go down.
 */
import { playerCount } from './players.js';
import { EngineError } from '../errors.js';
import type { ApplyContext, EngineEvent, Outcome } from '../commands/types.js';
import type { TournamentState } from '../state.js';
import { freeSeats, getTable, seatEntry, setSeatOutOfUse, tablesInOpenOrder, type Room, type SeatRef } from '../seating/index.js';
import { loadRoom, seatingOf, withRoom } from '../tables/state.js';
import { ledger, registrationOpen } from './ledger.js';
import type { EntriesState, Player, UnsoldSeat } from './model.js';
import { assertNoPrizes, newEntry, withEntries } from './registration.js';

function requireIpRule(state: TournamentState): void {
  if (state.settings.rules.lateStack !== 'ip-2008') {
    throw new EngineError('unsold-seats-not-used', 'Unsold seats with stacks are an IP 2008 rule (r16-3, r35): set rules.lateStack to ip-2008 to use them.');
  }
}

function requireOpen(state: TournamentState): void {
  if (!registrationOpen(state)) throw new EngineError('registration-closed', 'Registration is closed: unsold seats have left play (IP r35-2).');
}

function findUnsold(e: EntriesState, tableId: string, seat: number): UnsoldSeat {
  const u = (e.unsold ?? []).find((x) => x.tableId === tableId && x.seat === seat);
  if (!u) throw new EngineError('unknown-unsold-seat', `Table "${tableId.slice(0, 40)}" seat ${seat} is not an unsold seat.`, 'invalid');
  return u;
}

/** `unsold.place`: a starting stack at each named empty seat, or at every empty seat in use (IP r35-1). */
export function placeUnsold(state: TournamentState, seats: SeatRef[] | undefined, now: number): Outcome {
  requireIpRule(state);
  requireOpen(state);
  const e = ledger(state);
  assertNoPrizes(e, 'Unsold stacks');
  const before = loadRoom(seatingOf(state));
  if (before.tables.size === 0) throw new EngineError('no-tables', 'Open tables before placing stacks at unsold seats.');
  const refs = seats ?? tablesInOpenOrder(before).flatMap((t) => freeSeats(t).map((seat) => ({ tableId: t.id, seat })));
  // An active entry still waiting for a seat would lose his seat to an unsold stack.
  const waiting = e.entries.filter((x) => x.status === 'active' && !before.entries.get(x.id)).length;
  if (!seatingOf(state).drawn || waiting > 0) {
    throw new EngineError('unsold-seats-not-used', 'Draw the seats first: unsold stacks go on the seats left empty after the draw (IP r35-1).');
  }
  if (refs.length === 0) throw new EngineError('unsold-seats-not-used', 'Every seat in use is taken: there is no unsold seat.');
  let room: Room = before;
  const added: UnsoldSeat[] = [];
  for (const ref of refs) {
    const table = getTable(room, ref.tableId);
    if (!table) throw new EngineError('unknown-table', `There is no open table "${ref.tableId}".`);
    if (table.outOfUse.includes(ref.seat)) throw new EngineError('seat-out-of-use', `Table ${table.number} seat ${ref.seat} is out of use (or unsold already).`);
    // Refuses a seat the table does not have and a taken seat.
    room = setSeatOutOfUse(room, ref.tableId, ref.seat, true);
    added.push({ tableId: ref.tableId, table: table.number, seat: ref.seat, chips: state.settings.startingStack, at: now });
  }
  const next: EntriesState = { ...e, unsold: [...(e.unsold ?? []), ...added], chipsIssued: e.chipsIssued + added.length * state.settings.startingStack };
  const seating = withRoom(seatingOf(state), room);
  return { state: { ...withEntries(state, next), seating }, events: [], result: { seats: added.map(({ tableId, table, seat, chips }) => ({ tableId, table, seat, chips })) } };
}

/** `unsold.count`: the floor's count of what is left on an unsold seat (blinds and antes taken, IP r17). */
export function countUnsold(state: TournamentState, tableId: string, seat: number, chips: number): Outcome {
  const e = ledger(state);
  const u = findUnsold(e, tableId, seat);
  if (chips > u.chips) {
    throw new EngineError('invalid-amount', `An unsold stack only loses chips: table ${u.table} seat ${seat} had ${u.chips}, not ${chips}.`, 'invalid');
  }
  const unsold = (e.unsold ?? []).map((x) => (x === u ? { ...x, chips } : x));
  return { state: withEntries(state, { ...e, unsold }), events: [] };
}

/** `unsold.take`: a late entrant takes an unsold seat with what is left of its stack (IP r16-3). */
export function takeUnsold(state: TournamentState, input: { name: string; country?: string; tableId: string; seat: number; chips: number }, now: number): Outcome {
  requireIpRule(state);
  requireOpen(state);
  const e = ledger(state);
  assertNoPrizes(e, 'A new entry');
  const u = findUnsold(e, input.tableId, input.seat);
  if (input.chips > u.chips) {
    throw new EngineError('invalid-amount', `Table ${u.table} seat ${u.seat} has ${u.chips} chips left, not ${input.chips}.`, 'invalid');
  }
  const player: Player = { id: `p${playerCount(e.players) + 1}`, name: input.name, ...(input.country ? { country: input.country } : {}) };
  const made = newEntry(state, { ...e, unsold: (e.unsold ?? []).filter((x) => x !== u) }, player, now, { kind: 'unsold', tableId: u.tableId, seat: u.seat, chips: input.chips });
  // What the count no longer shows was blinded off to other players (IP r17): still in play.
  let room = setSeatOutOfUse(loadRoom(seatingOf(state)), u.tableId, u.seat, false);
  room = seatEntry(room, made.entry.id, { tableId: u.tableId, seat: u.seat });
  const seating = withRoom(seatingOf(state), room);
  const to = { tableId: u.tableId, table: u.table, seat: u.seat };
  const events: EngineEvent[] = [made.event, { type: 'seat.assigned', entryId: made.entry.id, to, dealtIn: true, by: 'late', at: now }];
  return { state: { ...withEntries(state, made.e), seating }, events, result: { entryId: made.entry.id, playerId: player.id, stack: made.entry.stack, to } };
}

/**
 * Follow-up (also after a clock tick): once registration has closed, the stacks left on unsold
 * seats leave play and the seats go back in use (IP r16-3, r35-2).
 */
export function unsoldFollowUp(state: TournamentState, ctx: ApplyContext): Outcome {
  const unsold = state.entries.unsold;
  if (!unsold?.length || registrationOpen(state)) return { state, events: [] };
  const e = ledger(state);
  let room = loadRoom(seatingOf(state));
  for (const u of unsold) if (room.tables.get(u.tableId)?.outOfUse.includes(u.seat)) room = setSeatOutOfUse(room, u.tableId, u.seat, false);
  const chips = unsold.reduce((n, u) => n + u.chips, 0);
  const next: EntriesState = {
    ...e,
    unsold: [],
    removals: chips > 0 ? [...e.removals, { at: ctx.now, chips, reason: 'unsold-seat' }] : e.removals,
  };
  const events: EngineEvent[] = [{ type: 'unsold.removed', seats: unsold.length, chips, at: ctx.now }];
  return { state: { ...withEntries(state, next), seating: withRoom(seatingOf(state), room) }, events };
}
