/**
 * Registration, re-entries, rebuys and add-ons: who may buy in when, and with what stack.
 *
 * - TDA 2017 r7, PPN r8, ONK r8: registration, late registration and re-entries get a full
 *   starting stack. IP 2008 r16 (rules.lateStack `ip-2008`): a late entrant's stack loses one
 *   small + big blind (and a round of antes) per missed 20 minutes; those chips leave play.
 * - Late registration closes at the end of settings.lateRegistrationLevel, read from the
 *   clock, so it closes by itself when that level ends.
 * - PPN r27: one re-entry, up to and including the first break (rules.reentryMax/Until).
 * - TDA 2017 r7: a player who forfeits his stack to re-enter has those chips removed; a
 *   per-preset switch (rules.forfeitReentry): not under ONK (TDA r8B "N.V.T."), PPN r27 or IP.
 * - IP r14-3: one registration per player per tournament (rules.reentryMax 0).
 * - IP r18, TDA r27: rebuys and add-ons only in their posted periods (settings.rebuy/addon).
 */
import { remainingAt } from '../clock.js';
import { EngineError } from '../errors.js';
import { rulesOf } from '../presets.js';
import { assertNoUnsoldSeat, lateEntryStack, playTimeAt } from '../money/late-stack.js';
import type { TournamentState } from '../state.js';
import type { Outcome } from '../commands/types.js';
import type { EntriesEvent } from '../../protocol/entries-events.js';
import { chipsInPlay, ledger, periodOpen, registrationOpen, reentryOpen } from './ledger.js';
import type { EntriesState, Entry, Player } from './model.js';
import { playerCount, withPlayer } from './players.js';
import { appendedTo, entryAt, replacedAllIn, replacedIn } from './totals.js';
import { buyLimit, buyLimitError } from './buy-limits.js';

export function withEntries(state: TournamentState, entries: EntriesState): TournamentState {
  return { ...state, entries };
}

export function findEntry(e: EntriesState, entryId: string): Entry {
  const entry = entryAt(e.entries, entryId);
  if (!entry) throw new EngineError('unknown-entry', `There is no entry "${entryId.slice(0, 40)}".`, 'invalid');
  return entry;
}

export function activeEntry(e: EntriesState, entryId: string): Entry {
  const entry = findEntry(e, entryId);
  if (entry.status !== 'active') throw new EngineError('entry-not-in-play', `${nameOf(e, entry)} (${entry.id}) is not in play.`);
  return entry;
}

export function nameOf(e: EntriesState, entry: Entry): string {
  return e.players.get(entry.playerId)?.name ?? entry.playerId;
}

export function replaceEntry(e: EntriesState, entry: Entry): EntriesState {
  return { ...e, entries: replacedIn(e.entries, entry) };
}

/** Several entries replaced at once, in one copy of the list (replacedAllIn). */
export function replaceEntries(e: EntriesState, entries: readonly Entry[]): EntriesState {
  return entries.length ? { ...e, entries: replacedAllIn(e.entries, entries) } : e;
}

/** Money already paid out fixes the pool: no more buy-ins once a prize or a deal is recorded. */
export function assertNoPrizes(e: EntriesState, what: string): void {
  if (e.payouts.locked) {
    throw new EngineError('prizes-awarded', `${what} would change the prize pool, but prizes have already been awarded.`);
  }
}

/**
 * How an entry comes in: normally (registration, late registration, re-entry), from the
 * alternate list (IP r15-2: never a smaller stack, unless rules.alternateStack says
 * `late-stack`), or onto an unsold seat with that seat's stack (IP r16-3: no chips leave play).
 */
export type EntryWay = { kind: 'normal' } | { kind: 'alternate' } | { kind: 'unsold'; tableId: string; seat: number; chips: number };

/** A new entry for `player` at `now`, with the stack the late-stack rule gives. */
export function newEntry(
  state: TournamentState,
  e: EntriesState,
  player: Player,
  now: number,
  way: EntryWay = { kind: 'normal' },
): { e: EntriesState; entry: Entry; event: EntriesEvent } {
  const s = state.settings;
  const lateRule = state.clock.status !== 'idle' && s.rules.lateStack === 'ip-2008';
  const deducted = way.kind === 'normal' ? lateRule : way.kind === 'alternate' ? lateRule && s.rules.alternateStack === 'late-stack' : false;
  if (deducted) assertNoUnsoldSeat(e.unsold);
  const { stack, removed } =
    way.kind === 'unsold'
      ? { stack: way.chips, removed: 0 }
      : deducted
        ? lateEntryStack({
            rule: 'ip-2008',
            startingStack: s.startingStack,
            structure: state.structure,
            missedPlayMs: playTimeAt(state.structure, state.clock.index, remainingAt(state.clock, now)),
            seatsPerTable: s.rules.seatsPerTable,
          })
        : { stack: s.startingStack, removed: 0 };
  const id = `e${e.entries.length + 1}`;
  // A new player's first entry; a known player's next (re-entry): his entries are counted.
  const n = e.players.get(player.id) ? e.entries.filter((x) => x.playerId === player.id).length + 1 : 1;
  const entry: Entry = {
    id,
    playerId: player.id,
    status: 'active',
    n,
    at: now,
    stack,
    chips: stack,
    rebuys: 0,
    addons: 0,
    ...(way.kind === 'alternate' ? { alternate: true as const } : {}),
    ...(way.kind === 'unsold' ? { unsoldSeat: { tableId: way.tableId, seat: way.seat } } : {}),
  };
  return {
    e: {
      ...e,
      players: e.players.get(player.id) ? e.players : withPlayer(e.players, player),
      entries: appendedTo(e.entries, entry),
      // The full stack is issued; an IP r16 deduction leaves play at once. An unsold seat's
      // chips were issued when the seat was placed (unsold.ts).
      chipsIssued: way.kind === 'unsold' ? e.chipsIssued : e.chipsIssued + s.startingStack,
      removals: removed > 0 ? [...e.removals, { at: now, chips: removed, reason: 'late-stack', entryId: id }] : e.removals,
      // A custom payout list was made for the old pool; the template follows the new one.
      payouts: { ...e.payouts, custom: null },
    },
    entry,
    event: { type: 'entry.added', entryId: id, playerId: player.id, name: player.name, n, at: now, ...(way.kind === 'alternate' ? { alternate: true as const } : {}) },
  };
}

/** Issue 27: the venue's record a player is registered from, and its photo (both carried by the command). */
export interface VenueRecord {
  venuePlayerId?: string;
  photo?: string;
}

/** The tournament's player registered from venue record `venuePlayerId`, if any (one scan of the players: a registration's cost). */
export function playerOfRecord(e: EntriesState, venuePlayerId: string): Player | undefined {
  for (const p of e.players.values()) if (p.venuePlayerId === venuePlayerId) return p;
  return undefined;
}

/** A first entry under a new name (registration or late registration). */
export function register(state: TournamentState, name: string, now: number, country?: string, record: VenueRecord = {}): Outcome {
  const e = ledger(state);
  assertNoPrizes(e, 'A new entry');
  if (!registrationOpen(state)) {
    const level = state.settings.lateRegistrationLevel;
    const closed = level === null ? 'Registration closed when the clock started.' : `Late registration closed at the end of level ${level}.`;
    throw new EngineError('registration-closed', `${closed} The TD may still place a registered player's stack (MEC r1B: afterClose).`);
  }
  const player: Player = {
    id: `p${playerCount(e.players) + 1}`,
    name,
    ...(country ? { country } : {}),
    ...(record.venuePlayerId ? { venuePlayerId: record.venuePlayerId } : {}),
    ...(record.photo ? { photo: record.photo } : {}),
  };
  const made = newEntry(state, e, player, now);
  return { state: withEntries(state, made.e), events: [made.event], result: { entryId: made.entry.id, playerId: player.id, stack: made.entry.stack } };
}

/** A re-entry of a known player (PPN r27 window and limit; TDA 2017 r7 forfeit). */
export function reenter(state: TournamentState, playerId: string, forfeit: boolean, now: number): Outcome {
  let e = ledger(state);
  const player = e.players.get(playerId);
  if (!player) throw new EngineError('unknown-player', `There is no player "${playerId.slice(0, 40)}".`, 'invalid');
  assertNoPrizes(e, 'A re-entry');
  if (!reentryOpen(state)) {
    const until = state.settings.rules.reentryUntil === 'first-break' ? 'the end of the first break' : 'the end of late registration';
    throw new EngineError('reentry-window-closed', `Re-entry was open until ${until}.`);
  }
  const mine = e.entries.filter((x) => x.playerId === playerId);
  const max = state.settings.rules.reentryMax;
  if (max !== null && mine.length - 1 >= max) {
    throw new EngineError('reentry-limit-reached', max === 0 ? 'This tournament has no re-entries.' : `${player.name} has used ${max === 1 ? 'the re-entry' : `all ${max} re-entries`}.`);
  }
  const events: EntriesEvent[] = [];
  const inPlay = mine.find((x) => x.status === 'active');
  if (inPlay) {
    if (!rulesOf(state.settings).forfeitReentry) {
      // PPN r27: a re-entry only "wanneer een speler al zijn chips heeft verloren"; ONK marks
      // TDA r8B (forfeiting a stack to re-enter) "N.V.T." (rules.forfeitReentry false).
      throw new EngineError('player-still-in-play', `${player.name} is still in play with entry ${inPlay.id}; under these rules a player re-enters only after losing all his chips.`);
    }
    if (!forfeit) throw new EngineError('player-still-in-play', `${player.name} is still in play with entry ${inPlay.id}; forfeit that stack to re-enter.`);
    // TDA 2017 r7: the forfeited stack leaves play.
    e = replaceEntry(e, { ...inPlay, status: 'busted', out: 'forfeit', outAt: now, chips: 0 });
    // Stack counts are floor reports; never remove more than is in play.
    e = { ...e, removals: [...e.removals, { at: now, chips: Math.min(inPlay.chips, chipsInPlay(e)), reason: 'forfeit', entryId: inPlay.id }] };
    events.push({ type: 'entry.out', entryId: inPlay.id, name: player.name, reason: 'forfeit', at: now });
  }
  const made = newEntry(state, e, player, now);
  return { state: withEntries(state, made.e), events: [...events, made.event], result: { entryId: made.entry.id, playerId, stack: made.entry.stack } };
}

/** A rebuy (kind `rebuy`) or add-on (kind `addon`) for an entry in play, in its period. */
export function buyChips(state: TournamentState, entryId: string, kind: 'rebuy' | 'addon'): Outcome {
  const e = ledger(state);
  const period = state.settings[kind];
  const label = kind === 'rebuy' ? 'Rebuys' : 'Add-ons';
  const closed = kind === 'rebuy' ? 'rebuy-closed' : 'addon-closed';
  if (!period) throw new EngineError(closed, `${label} are not offered in this tournament.`);
  const entry = activeEntry(e, entryId);
  assertNoPrizes(e, kind === 'rebuy' ? 'A rebuy' : 'An add-on');
  if (!periodOpen(state, period)) throw new EngineError(closed, `${label} are open from item ${period.fromIndex + 1} to item ${period.untilIndex + 1} of the structure only.`);
  const count = kind === 'rebuy' ? entry.rebuys : entry.addons;
  const max = buyLimit(kind, period);
  if (max !== null && count >= max) throw buyLimitError(kind, nameOf(e, entry), count, max);
  const updated: Entry = { ...entry, chips: entry.chips + period.chips, ...(kind === 'rebuy' ? { rebuys: count + 1 } : { addons: count + 1 }) };
  const next: EntriesState = {
    ...replaceEntry(e, updated),
    chipsIssued: e.chipsIssued + period.chips,
    ...(kind === 'rebuy' ? { rebuyMoney: e.rebuyMoney + period.price } : { addonMoney: e.addonMoney + period.price }),
    payouts: { ...e.payouts, custom: null },
  };
  return { state: withEntries(state, next), events: [], result: { entryId, chips: updated.chips } };
}
