/**
 * The end of a day of a multi-day event, and bag and tag.
 *
 * MEC r9: "Vijftien minuten voor het einde van de speeldag wordt het nog te spelen aantal handen
 * bepaald door een willekeurige speelkaart. Hiervoor worden de kaarten 3 t/m 7 gebruikt. [...]
 * Het nummer op de getrokken kaart bepaalt het aantal handen dat nog gespeeld zal worden op alle
 * speeltafels." `day.end` draws that card from the twenty cards 3 to 7 with the command's logged
 * seed (a replay draws the same card); each table then counts its hands down with `hand.next` at
 * that table (the floor's tap per hand), so the screens show every table's hands left.
 *
 * Bag and tag: every survivor's count is recorded (`day.bag`); `day.close` ends the day once
 * every player in play has a count, and pauses the clock. A closed day is what a Day 2 reads
 * (day2.ts).
 */
import { pauseClock } from '../clock.js';
import { EngineError } from '../errors.js';
import type { EngineEvent, Outcome } from '../commands/types.js';
import type { Rng } from '../random.js';
import { cardCode, SUIT_ORDER, tablesInOpenOrder, type Card } from '../seating/index.js';
import type { TournamentState } from '../state.js';
import { loadRoom, seatingOf } from '../tables/state.js';
import { activeEntry, nameOf, replaceEntries } from '../entries/registration.js';
import { ledger } from '../entries/ledger.js';
import { dayOf, type DayState } from './model.js';
import type { DayView } from '../../protocol/entries-views.js';

/** MEC r9: the cards 3 to 7, shuffled; one is picked. */
export function drawHandsCard(rng: Rng): Card {
  const cards: Card[] = [];
  for (const suit of SUIT_ORDER) for (let rank = 3; rank <= 7; rank++) cards.push({ rank, suit });
  return rng.pick(rng.shuffle(cards));
}

function withDay(state: TournamentState, day: DayState): TournamentState {
  return { ...state, day };
}

function requireNotClosed(day: DayState): void {
  if (day.closed) throw new EngineError('day-closed', 'The day is closed: every stack was bagged.');
}

/** `day.end`: draws the card for the hands left (MEC r9). */
export function endOfDay(state: TournamentState, now: number, rng: Rng): Outcome {
  const day = dayOf(state);
  requireNotClosed(day);
  if (day.endOfDay) throw new EngineError('day-already-ending', `The card was drawn already: ${day.endOfDay.card}, ${day.endOfDay.hands} hands.`);
  if (state.clock.status === 'idle') throw new EngineError('clock-not-running', 'The day has not started: start the clock first.');
  const room = loadRoom(seatingOf(state));
  if (room.tables.size === 0) throw new EngineError('no-tables', 'No table is open.');
  const card = drawHandsCard(rng);
  const start: Record<string, number> = {};
  for (const t of tablesInOpenOrder(room)) start[t.id] = t.handsPlayed;
  const endOfDay = { card: cardCode(card), hands: card.rank, at: now, start };
  const events: EngineEvent[] = [{ type: 'day.ending', card: endOfDay.card, hands: endOfDay.hands, at: now }];
  return { state: withDay(state, { ...day, endOfDay }), events, result: { card: endOfDay.card, hands: endOfDay.hands } };
}

/** `day.bag`: records bag-and-tag counts; each also becomes the entry's chip count. */
export function bag(state: TournamentState, counts: Record<string, number>, now: number): Outcome {
  const day = dayOf(state);
  requireNotClosed(day);
  if (!day.endOfDay) throw new EngineError('day-not-ending', 'Draw the card for the last hands (day.end) before bagging.');
  const e = ledger(state);
  const bagged = { ...day.bagged };
  // Each entry once (the counts are keyed by entry): the list is copied once for all of them.
  const counted = Object.entries(counts).map(([entryId, chips]) => {
    bagged[entryId] = { chips, at: now };
    return { ...activeEntry(e, entryId), chips };
  });
  return { state: withDay({ ...state, entries: replaceEntries(e, counted) }, { ...day, bagged }), events: [], result: { bagged: Object.keys(bagged).length } };
}

/** `day.close`: every player in play is bagged; the clock stops; the day is over. */
export function closeDay(state: TournamentState, now: number): Outcome {
  const day = dayOf(state);
  requireNotClosed(day);
  if (!day.endOfDay) throw new EngineError('day-not-ending', 'Draw the card for the last hands (day.end) first.');
  const e = ledger(state);
  const missing = e.entries.filter((x) => x.status === 'active' && !day.bagged[x.id]);
  if (missing.length) {
    const names = missing.slice(0, 5).map((x) => nameOf(e, x)).join(', ');
    throw new EngineError('not-bagged', `${missing.length} player${missing.length === 1 ? ' has' : 's have'} no bag count yet: ${names}${missing.length > 5 ? ', …' : ''}.`);
  }
  const events: EngineEvent[] = [];
  let next = state;
  if (state.clock.status === 'running') {
    const paused = pauseClock(state.clock, now);
    next = { ...state, clock: paused.clock };
    events.push(...paused.events);
  }
  const survivors = e.entries.filter((x) => x.status === 'active').length;
  events.push({ type: 'day.closed', survivors, at: now });
  return { state: withDay(next, { ...day, closed: { at: now } }), events, result: { survivors } };
}

/** The `field` topic's `day`: the card, each table's hands left, bag-and-tag progress. */
export function dayView(state: TournamentState): DayView | undefined {
  const day = state.day;
  if (!day) return undefined;
  const view: DayView = {
    bagged: Object.keys(day.bagged).length,
    baggedIds: Object.keys(day.bagged),
    closed: day.closed !== null,
  };
  if (day.endOfDay) {
    const room = loadRoom(seatingOf(state));
    const tables = tablesInOpenOrder(room)
      .filter((t) => day.endOfDay!.start[t.id] !== undefined)
      .map((t) => ({ tableId: t.id, table: t.number, handsLeft: Math.max(0, day.endOfDay!.hands - (t.handsPlayed - day.endOfDay!.start[t.id]!)) }));
    view.endOfDay = { card: day.endOfDay.card, hands: day.endOfDay.hands, at: day.endOfDay.at, tables, done: tables.every((t) => t.handsLeft === 0) };
  }
  if (day.flights) view.flights = day.flights.map((f) => ({ tournamentId: f.tournamentId, name: f.name, carried: f.carried.length, dropped: f.dropped.length }));
  return view;
}
