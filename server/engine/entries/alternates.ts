/**
 * Alternates (IP 2008 r15; TDA 2017 r7): a sold-out event keeps an ordered list of players
 * waiting for a seat. "Invallende spelers" take part "volgens het principe 'die eerst komt,
 * eerst maalt', tot alle invallers een zitplaats hebben" (IP r15-1): the first on the list is
 * seated first, as soon as a seat frees. "Een invallende speler zal NIET gestraft worden met een
 * kleinere 'stapel startfiches'" (IP r15-2): an alternate gets the full starting stack even where
 * late entrants lose chips (IP r16-4), unless the tournament says otherwise (rules.alternateStack).
 *
 * Seating is automatic (`alternatesFollowUp`, run after every command before the seating
 * follow-up): while registration is open and the open tables have a seat nobody holds, the first
 * alternate becomes an entry; seating then draws him a seat like any late entry (TDA 2017 r7).
 * An absent alternate is taken off the list by the floor (`alternate.remove`).
 */
import { playerCount } from './players.js';
import { EngineError } from '../errors.js';
import type { ApplyContext, Outcome } from '../commands/types.js';
import type { TournamentState } from '../state.js';
import type { EntriesEvent } from '../../protocol/entries-events.js';
import { capacity, tablesInOpenOrder } from '../seating/index.js';
import { loadRoom, seatingOf } from '../tables/state.js';
import { activeCount, ledger, registrationOpen } from './ledger.js';
import type { Alternate, EntriesState, Player } from './model.js';
import { assertNoPrizes, newEntry, reenter, withEntries } from './registration.js';

function listOf(e: EntriesState): Alternate[] {
  return e.alternates ?? [];
}

/** Seats in use at the open tables that no active entry holds or waits for (unsold seats excluded). */
export function seatsForAlternates(state: TournamentState): number {
  // The engine room, not the stored snapshot (made only when read: a checkpoint).
  const room = loadRoom(seatingOf(state));
  if (room.tables.size === 0) return 0;
  let seats = 0;
  for (const t of tablesInOpenOrder(room)) seats += capacity(t);
  const active = activeCount(state.entries);
  return Math.max(0, seats - active);
}

/**
 * `alternate.add`: a player joins the end of the list: a new player by `name`, or a known player
 * who busted and re-enters (`playerId`: the re-entry rules of the tournament apply, checked now
 * and again when he is seated).
 */
export function addAlternate(state: TournamentState, input: { name?: string; playerId?: string; country?: string }, now: number): Outcome {
  const e = ledger(state);
  assertNoPrizes(e, 'An alternate');
  if (!registrationOpen(state)) {
    throw new EngineError('registration-closed', 'Registration is closed: no alternate can be seated any more.');
  }
  const list = listOf(e);
  let name = input.name ?? '';
  if (input.playerId !== undefined) {
    // The re-entry must be allowed (window, limit, not in play): the same checks as entry.reenter.
    reenter(state, input.playerId, false, now);
    name = e.players.get(input.playerId)!.name;
    if (list.some((a) => a.playerId === input.playerId)) throw new EngineError('alternate-exists', `${name} is already on the alternate list.`);
  } else if (list.some((a) => a.playerId === undefined && a.name.toLowerCase() === name.toLowerCase())) {
    throw new EngineError('alternate-exists', `${name} is already on the alternate list.`);
  }
  const count = (e.alternateCount ?? 0) + 1;
  const country = input.playerId === undefined ? input.country : e.players.get(input.playerId)!.country;
  const alt: Alternate = { id: `a${count}`, name, ...(country ? { country } : {}), ...(input.playerId !== undefined ? { playerId: input.playerId } : {}), at: now };
  const next: EntriesState = { ...e, alternates: [...list, alt], alternateCount: count };
  const event: EntriesEvent = { type: 'alternate.added', alternateId: alt.id, name, position: list.length + 1, at: now };
  return { state: withEntries(state, next), events: [event], result: { alternateId: alt.id, position: list.length + 1 } };
}

/** `alternate.remove`: an alternate leaves the list (withdrew, or absent when called). */
export function removeAlternate(state: TournamentState, alternateId: string): Outcome {
  const e = ledger(state);
  const list = listOf(e);
  if (!list.some((a) => a.id === alternateId)) {
    throw new EngineError('unknown-alternate', `There is no alternate "${alternateId.slice(0, 40)}" on the list.`, 'invalid');
  }
  return { state: withEntries(state, { ...e, alternates: list.filter((a) => a.id !== alternateId) }), events: [] };
}

/**
 * Follow-up: seats alternates in list order while registration is open and a seat is free
 * (IP r15-1), each with the stack rules.alternateStack gives (IP r15-2). Returns the state object
 * unchanged when nothing happens.
 */
export function alternatesFollowUp(state: TournamentState, ctx: ApplyContext): Outcome {
  const list = state.entries.alternates;
  if (!list?.length || state.entries.payouts?.locked || !registrationOpen(state)) return { state, events: [] };
  let free = seatsForAlternates(state);
  if (free === 0) return { state, events: [] };
  let e = ledger(state);
  const events: EntriesEvent[] = [];
  const waiting = [...list];
  let dropped = false;
  while (free > 0 && waiting.length) {
    const alt = waiting[0]!;
    const known = alt.playerId !== undefined ? e.players.get(alt.playerId) : undefined;
    const player: Player = known ?? { id: `p${playerCount(e.players) + 1}`, name: alt.name, ...(alt.country ? { country: alt.country } : {}) };
    let made;
    try {
      if (known) {
        try {
          // A re-entry alternate: the re-entry rules must still allow it (PPN r27's window may have closed).
          reenter({ ...state, entries: e }, known.id, false, ctx.now);
        } catch (err) {
          if (!(err instanceof EngineError)) throw err;
          waiting.shift();
          dropped = true;
          continue;
        }
      }
      made = newEntry({ ...state, entries: e }, e, player, ctx.now, { kind: 'alternate' });
    } catch (err) {
      // A late-stack alternate whose deduction would take the whole stack stays on the list
      // (the TD decides); a follow-up never refuses the command it follows.
      if (err instanceof EngineError) break;
      throw err;
    }
    e = made.e;
    events.push(made.event);
    waiting.shift();
    free--;
  }
  if (events.length === 0 && !dropped) return { state, events: [] };
  return { state: withEntries(state, { ...e, alternates: waiting }), events };
}
