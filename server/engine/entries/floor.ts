/**
 * Floor actions on entries in play: chip counts, colour-up leftovers, hand-for-hand time and
 * penalties (deals: deals.ts).
 */
import { adjustClock, nextLevel, remainingAt, type ClockEvent, type ClockState } from '../clock.js';
import { EngineError } from '../errors.js';
import { raceRemainder } from '../money/colorup.js';
import { HR_FOLD_OUT_OF_TURN_HANDS, blindDodgeHands, missedHands, timeOutMs } from '../money/penalties.js';
import { seatOf } from '../seating/index.js';
import { loadRoom, seatingOf } from '../tables/state.js';
import { MINUTE_MS } from '../structure.js';
import type { TournamentState } from '../state.js';
import type { Outcome } from '../commands/types.js';
import type { EntriesEvent } from '../../protocol/entries-events.js';
import type { PenaltyKind } from '../../protocol/entries-commands.js';
import { activeCount, chipsInPlay, chipsStillInPlay, ledger, payoutsInForce } from './ledger.js';
import { crownIfLast, withDealPrize } from './busts.js';
import type { ChipRemoval, EntriesState, Entry, Penalty } from './model.js';
import { rulesOf } from '../presets.js';
import { activeEntry, nameOf, replaceEntries, replaceEntry, withEntries } from './registration.js';

/** Records a chip count; `countedAt` tells a deal the chips were counted (not only given). */
export function setChips(state: TournamentState, entryId: string, chips: number, now: number): Outcome {
  const e = ledger(state);
  const entry = activeEntry(e, entryId);
  const total = chipsInPlay(e);
  if (chips > total) throw new EngineError('invalid-amount', `${chips} is more than all the chips in play (${total}).`, 'invalid');
  return { state: withEntries(state, replaceEntry(e, { ...entry, chips, countedAt: now })), events: [] };
}

/**
 * Leftover chips of a coloured-up denomination, per player, after the race: full sets are
 * exchanged at equal value, the rest leaves play without compensation (TDA 2017 r24, PPN r24C:
 * 4 x 25 -> 100; 2 x 25 are removed).
 */
export function colorUp(state: TournamentState, denomination: number, leftovers: ReadonlyArray<{ entryId: string; count: number }>, now: number): Outcome {
  let e = ledger(state);
  const inPlay = chipsStillInPlay(state);
  if (!state.settings.chipSet?.length) throw new EngineError('invalid-chip-set', 'Set the chip set first (settings.set chipSet).', 'invalid');
  if (!inPlay.includes(denomination)) throw new EngineError('invalid-chip-set', `The ${denomination} is not in play (chips in play: ${inPlay.join(', ')}).`);
  const next = inPlay.find((d) => d > denomination);
  if (next === undefined) throw new EngineError('invalid-chip-set', `The ${denomination} is the largest chip in play; there is nothing to colour up to.`);
  // Each entry once (the schema refuses an entry named twice): the list is copied once, and the
  // removals are added once, for the whole race, not per player.
  const raced: Entry[] = [];
  const removals: ChipRemoval[] = [];
  let chipsLeft = chipsInPlay(e);
  const exchanges = leftovers.map(({ entryId, count }) => {
    const entry = activeEntry(e, entryId);
    const x = raceRemainder(count, denomination, next);
    if (x.removedValue > entry.chips) throw new EngineError('invalid-chip-race', `${nameOf(e, entry)} has ${entry.chips} chips, less than the ${x.removedValue} to remove.`, 'invalid');
    raced.push({ ...entry, chips: entry.chips - x.removedValue });
    if (x.removedValue > 0) {
      const chips = Math.min(x.removedValue, chipsLeft);
      chipsLeft -= chips;
      removals.push({ at: now, chips, reason: 'color-up', entryId });
    }
    return { entryId, ...x };
  });
  e = replaceEntries(e, raced);
  e = { ...e, removals: [...e.removals, ...removals], colorUps: [...e.colorUps, denomination] };
  return { state: withEntries(state, e), events: [], result: { next, exchanges } };
}

/**
 * TDA 2024 AP 8: each hand-for-hand hand takes `minutes` off the clock, hand by hand, and the
 * blinds keep rising as the clock runs down: time beyond the current level comes off the next.
 * An idle or ended clock loses nothing.
 */
export function deductHandTime(state: TournamentState, ms: number, now: number): { clock: ClockState; events: ClockEvent[]; deductedMs: number } {
  let clock = state.clock;
  const events: ClockEvent[] = [];
  let left = Math.round(ms);
  let deducted = 0;
  while (left > 0 && (clock.status === 'running' || clock.status === 'paused')) {
    const rem = remainingAt(clock, now);
    const take = Math.min(rem, left);
    if (take > 0) {
      const adjusted = adjustClock(clock, state.structure, -take, now);
      clock = adjusted.clock;
      events.push(...adjusted.events);
      left -= take;
      deducted += take;
    }
    if (left > 0 && clock.status === 'paused') {
      if (clock.index >= state.structure.length - 1) break;
      const moved = nextLevel(clock, state.structure, now);
      clock = moved.clock;
      events.push(...moved.events);
    } else if (take === 0) break;
  }
  return { clock, events, deductedMs: deducted };
}

export function handForHand(state: TournamentState, action: 'start' | 'next' | 'stop', now: number): Outcome {
  const e = ledger(state);
  const hfh = e.handForHand;
  if (action === 'start') {
    if (hfh.active) throw new EngineError('hand-for-hand-active', 'Hand-for-hand is already on.');
    // AP 8: payout rights start with the announcement, so the current hand counts as hand 1.
    return { state: withEntries(state, { ...e, handForHand: { active: true, hand: 1 } }), events: [{ type: 'handForHand.started', at: now }] };
  }
  if (!hfh.active) throw new EngineError('hand-for-hand-not-active', 'Hand-for-hand is not on.');
  if (action === 'stop') {
    return { state: withEntries(state, { ...e, handForHand: { active: false, hand: 0 } }), events: [{ type: 'handForHand.stopped', at: now }] };
  }
  const minutes = state.settings.rules.handForHandMinutesPerHand;
  const { clock, events, deductedMs } = deductHandTime(state, minutes * MINUTE_MS, now);
  const hand = hfh.hand + 1;
  return {
    state: { ...withEntries(state, { ...e, handForHand: { active: true, hand } }), clock },
    events: [...events, { type: 'handForHand.hand', hand, at: now }],
    result: { hand, deductedMs },
  };
}

export interface PenaltyInput {
  entryId: string;
  kind: PenaltyKind;
  hands?: number | undefined;
  rounds?: number | undefined;
  playersAtTable?: number | undefined;
  minutes?: number | undefined;
  note?: string | undefined;
}

/**
 * TDA 2017 r71 / PPN r71: warning, missed hands, missed rounds (hands x players at the table),
 * disqualification; IP r9: time-outs in steps of rules.timeOutStepMinutes.
 *
 * Disqualification, decided from the books: every one says only that the chips leave play
 * (TDA 2017 r71 "Chips of a disqualified player shall be removed from play", PPN r71D, TDA 2015,
 * HR r71, IP r9 "De fiches van een speler die gediskwalificeerd is, zullen uit het spel gehaald
 * worden") and that he has no claim to a refund or other compensation (IP r9, ONK). None moves
 * the field up or takes a finished place back. So he is out like a bust at the moment of the
 * disqualification: he finishes at the place he holds then (as a stack removed for absence,
 * MEC r4), the players still in play keep theirs, and the next player out takes the place
 * below him. What becomes of his place's prize no book fixes (IP r9 denies him only a refund
 * and compensation): the house's rule, rules.disqualifiedPrize (docs/RULES.md).
 */
export function addPenalty(state: TournamentState, input: PenaltyInput, now: number): Outcome {
  let e = ledger(state);
  const entry = activeEntry(e, input.entryId);
  const penalty: Penalty = { id: `p${e.penalties.length + 1}`, entryId: entry.id, kind: input.kind, at: now };
  if (input.note) penalty.note = input.note;
  const events: EntriesEvent[] = [];
  if (input.kind === 'missed-hands') penalty.hands = missedHands({ kind: 'hands', hands: input.hands ?? Number.NaN });
  // HR house rules: a fold out of turn costs three missed hands.
  if (input.kind === 'fold-out-of-turn') penalty.hands = HR_FOLD_OUT_OF_TURN_HANDS;
  // IP r45-2: "Een speler die, bij het veranderen van zitplaats, opzettelijk zijn blind(s) of
  // antes ontloopt zal gestraft worden met één ronde 'gemiste hand' zodra hij op zijn plaats is":
  // one round, counted at the table he now sits at (money/penalties.ts blindDodgeHands).
  if (input.kind === 'blind-dodge') penalty.hands = blindDodgeHands(playersAtTable(state, entry.id, input.playersAtTable));
  if (input.kind === 'missed-rounds') {
    const rules = rulesOf(state.settings);
    const rounds = input.rounds ?? Number.NaN;
    if (rules.penaltyRoundsMax !== null && rounds > rules.penaltyRoundsMax) {
      // IP r9-2 b(i), TDA 2015: one to four rounds.
      throw new EngineError('invalid-penalty', `These rules give 1 to ${rules.penaltyRoundsMax} penalty rounds, not ${rounds}.`, 'invalid');
    }
    penalty.hands = missedHands({ kind: 'rounds', rounds, playersAtTable: playersAtTable(state, entry.id, input.playersAtTable) });
  }
  if (input.kind === 'time-out') {
    const step = state.settings.rules.timeOutStepMinutes;
    if (step === null) throw new EngineError('invalid-penalty', 'This rule preset has no time-outs; set rules.timeOutStepMinutes (IP r9: 10) to use them.', 'invalid');
    penalty.minutes = input.minutes ?? Number.NaN;
    penalty.until = now + timeOutMs(penalty.minutes, step);
  }
  e = { ...e, penalties: [...e.penalties, penalty] };
  if (input.kind === 'disqualification') {
    if (entry.place !== undefined) throw new EngineError('prizes-awarded', `${nameOf(e, entry)} has already won the tournament.`);
    // He finishes at the place he holds (see above); the chips leave play.
    const out = outOfPlay(state, e, entry, 'disqualified', now);
    e = out.e;
    events.push(...out.events);
  }
  const added: EntriesEvent = { type: 'penalty.added', entryId: entry.id, name: nameOf(e, entry), kind: input.kind, at: now };
  if (penalty.hands !== undefined) added.hands = penalty.hands;
  if (penalty.until !== undefined) added.until = penalty.until;
  return { state: withEntries(state, e), events: [added, ...events], result: { penaltyId: penalty.id, hands: penalty.hands, until: penalty.until } };
}

/**
 * Players at the offender's table when the penalty is given, offender included (TDA 2017 r71):
 * read from the seating when he is seated (a typed count that disagrees is refused), otherwise
 * the typed count.
 */
function playersAtTable(state: TournamentState, entryId: string, typed: number | undefined): number {
  const room = loadRoom(seatingOf(state));
  const seat = seatOf(room, entryId);
  if (!seat) return typed ?? Number.NaN;
  const table = room.tables.get(seat.tableId)!;
  if (typed !== undefined && typed !== table.players) {
    throw new EngineError('invalid-penalty', `Table ${table.number} has ${table.players} players, not ${typed}; leave playersAtTable out to use the seating.`, 'invalid');
  }
  return table.players;
}

/**
 * Takes an entry out of play at the place it holds now (a disqualification, TDA 2017 r71; a
 * stack removed for absence, MEC r4): its chips leave play, the place's prize is recorded, and
 * the last player left wins.
 */
function outOfPlay(state: TournamentState, e0: EntriesState, entry: Entry, reason: 'disqualified' | 'absent', now: number): { e: EntriesState; events: EntriesEvent[] } {
  let e = e0;
  const events: EntriesEvent[] = [];
  let payoutList = payoutsInForce(state);
  const place = activeCount(e);
  const owed = withDealPrize(state, e, entry.id, payoutList[place - 1] ?? 0);
  const { absentSince: _gone, ...rest } = entry;
  const out: Entry = { ...rest, status: 'busted', out: reason, outAt: now, chips: 0, place, placeTo: place, prize: owed, afterHand: e.hands.length, entriesAtOut: e.entries.length };
  const rule = reason === 'disqualified' && owed > 0 ? rulesOf(state.settings).disqualifiedPrize : 'keep';
  if (rule !== 'keep') out.prize = 0;
  if (rule === 'house') out.forfeited = owed;
  if (rule === 'next-place') {
    // His place's money passes to the place above him (whoever finishes there next); under a deal
    // by player it joins the money played for (the reserve, which the last player takes).
    if (e.deal?.amounts[entry.id] !== undefined) e = { ...e, deal: { ...e.deal, reserve: e.deal.reserve + owed } };
    else payoutList = payoutList.map((a, i) => (i === place - 2 ? a + owed : i === place - 1 ? 0 : a));
  }
  e = replaceEntry(e, out);
  if (owed > 0 && (!e.payouts.locked || rule === 'next-place')) e = { ...e, payouts: { ...e.payouts, locked: [...payoutList] } };
  e = { ...e, removals: [...e.removals, { at: now, chips: Math.min(entry.chips, chipsInPlay(e)), reason: reason === 'absent' ? 'absent' : 'disqualification', entryId: entry.id }] };
  events.push({ type: 'entry.out', entryId: entry.id, name: nameOf(e, entry), reason, at: now });
  const crowned = crownIfLast(state, e, payoutsInForce(withEntries(state, e)), now);
  e = crowned.e;
  if (crowned.event) events.push(crowned.event);
  return { e, events };
}

/** ONK MEC r4: the floor marks a player absent from now, or back at the table. */
export function markAbsent(state: TournamentState, entryId: string, absent: boolean, now: number): Outcome {
  const e = ledger(state);
  const entry = activeEntry(e, entryId);
  const { absentSince, ...rest } = entry;
  if (absent === (absentSince !== undefined)) return { state, events: [] };
  const next: Entry = absent ? { ...entry, absentSince: now } : rest;
  return { state: withEntries(state, replaceEntry(e, next)), events: [], result: { absentSince: next.absentSince ?? null } };
}

/**
 * ONK MEC r4: "De toernooileiding heeft echter het recht, maar niet de verplichting, om de stack
 * van een speler na 30 minuten afwezigheid uit het toernooi te verwijderen, waardoor de speler
 * wordt uitgespeeld. De speler eindigt op de positie waarop hij zich bevindt op het moment dat
 * hij wordt uitgeschakeld." Absence is counted from `entry.absent` in server time (breaks count:
 * the rule speaks of minutes of absence, not of play).
 */
export function removeAbsent(state: TournamentState, entryId: string, now: number): Outcome {
  const e = ledger(state);
  const entry = activeEntry(e, entryId);
  const minutes = rulesOf(state.settings).absentRemovalMinutes;
  if (minutes === null) {
    throw new EngineError('no-absent-removal', 'These rules do not remove absent players; set rules.absentRemovalMinutes (ONK MEC r4: 30) to use it.');
  }
  if (entry.absentSince === undefined) throw new EngineError('not-absent-long-enough', `${nameOf(e, entry)} is not marked absent.`);
  const absentMs = now - entry.absentSince;
  if (absentMs < minutes * 60_000) {
    const left = Math.ceil((minutes * 60_000 - absentMs) / 60_000);
    throw new EngineError('not-absent-long-enough', `${nameOf(e, entry)} has been absent ${Math.floor(absentMs / 60_000)} of the ${minutes} minutes; ${left} more to go.`);
  }
  const out = outOfPlay(state, e, entry, 'absent', now);
  return { state: withEntries(state, out.e), events: out.events, result: { place: out.e.entries.find((x) => x.id === entryId)?.place } };
}

export function clearPenalty(state: TournamentState, penaltyId: string): Outcome {
  const e = ledger(state);
  const p = e.penalties.find((x) => x.id === penaltyId);
  if (!p || p.cleared) throw new EngineError('unknown-penalty', `There is no open penalty "${penaltyId.slice(0, 40)}".`);
  return { state: withEntries(state, { ...e, penalties: e.penalties.map((x) => (x.id === penaltyId ? { ...x, cleared: true } : x)) }), events: [] };
}
