/**
 * Commands for alternates (IP r15), unsold seats (IP r16-3, r35), going back from 10-handed to
 * 9-handed (MEC r5) and multi-day events (MEC r9, bag and tag, Day 2 from the flights). The
 * rules live in ../entries/alternates.ts, ../entries/unsold.ts, ../seating/resize.ts and
 * ../days/; docs/API.md documents each command.
 */
import { flightsCommandArgs as A } from '../schemas/flights.js';
import { addAlternate, removeAlternate } from '../entries/alternates.js';
import { countUnsold, placeUnsold, takeUnsold } from '../entries/unsold.js';
import { bag, closeDay, endOfDay } from '../days/end-of-day.js';
import { importFlights } from '../days/day2.js';
import { EngineError } from '../errors.js';
import { applyResize, planResize } from '../seating/index.js';
import { loadRoom, seatingOf, withRoom } from '../tables/state.js';
import type { SeatingEvent } from '../../protocol/seating.js';
import { changed, moveEvents, moveLines } from './seating.js';
import { defineCommand, type CommandTable } from './types.js';

export const flightsCommands = {
  'alternate.add': defineCommand({
    args: A['alternate.add'],
    summary: 'Put a player on the alternate list; he is seated, first come first served, when a seat frees (IP r15-1), with a full stack (IP r15-2).',
    apply: (state, input, { now }) => addAlternate(state, input, now),
  }),
  'alternate.remove': defineCommand({
    args: A['alternate.remove'],
    summary: 'Take a player off the alternate list (withdrew, or absent when called).',
    apply: (state, { alternateId }) => removeAlternate(state, alternateId),
  }),
  'tables.resize': defineCommand({
    args: A['tables.resize'],
    summary: 'Change the table size during play, e.g. back from 10-handed to 9-handed (MEC r5): seats go out of use and their players move like a table break.',
    apply: (state, { seatsPerTable }, ctx) => {
      const from = state.settings.rules.seatsPerTable;
      const room = loadRoom(seatingOf(state));
      const plan = planResize(room, seatsPerTable, ctx.rng());
      if (seatsPerTable === from && plan.outOfUse.length === 0) {
        throw new EngineError('resize-not-possible', `The tables are already ${seatsPerTable}-handed.`);
      }
      const done = applyResize(room, plan);
      const resized = { seatsPerTable, from, moves: done.moves.length, at: ctx.now };
      const seating = { ...withRoom(seatingOf(state), done.room, moveLines(done.moves, 'resize', [done.room, room], ctx.now)), resized };
      const next = { ...state, settings: { ...state.settings, rules: { ...state.settings.rules, seatsPerTable } } };
      const events: SeatingEvent[] = [...moveEvents(next, seating, done.moves.length), { type: 'tables.resized', ...resized }];
      return changed(next, seating, events, {
        seatsPerTable,
        outOfUse: plan.outOfUse.map((r) => ({ tableId: r.tableId, table: room.tables.get(r.tableId)!.number, seat: r.seat })),
        moves: seating.moves.slice(seating.moves.length - done.moves.length),
      });
    },
  }),
  'unsold.place': defineCommand({
    args: A['unsold.place'],
    summary: 'Put a starting stack at each unsold seat (IP r35-1), under the IP late-stack rule; default every seat left empty after the draw.',
    apply: (state, { seats }, { now }) => placeUnsold(state, seats, now),
  }),
  'unsold.count': defineCommand({
    args: A['unsold.count'],
    summary: "Record what is left of an unsold seat's stack after blinds and antes (IP r17).",
    apply: (state, { tableId, seat, chips }) => countUnsold(state, tableId, seat, chips),
  }),
  'unsold.take': defineCommand({
    args: A['unsold.take'],
    summary: "A late entrant takes an unsold seat with what is left of its stack (IP r16-3).",
    apply: (state, input, { now }) => takeUnsold(state, input, now),
  }),
  'day.end': defineCommand({
    args: A['day.end'],
    summary: 'End of a multi-day day (MEC r9): a card 3-7 drawn with the logged seed sets the hands every table still plays; hand.next counts them down per table.',
    apply: (state, _a, ctx) => endOfDay(state, ctx.now, ctx.rng()),
  }),
  'day.bag': defineCommand({
    args: A['day.bag'],
    summary: "Bag and tag: record survivors' chip counts (each also becomes the entry's chip count).",
    apply: (state, { counts }, { now }) => bag(state, counts, now),
  }),
  'day.close': defineCommand({
    args: A['day.close'],
    summary: 'Close the day once every player in play is bagged; the clock stops. A closed flight can feed a Day 2.',
    apply: (state, _a, { now }) => closeDay(state, now),
  }),
  'day2.import': defineCommand({
    args: A['day2.import'],
    summary: "Day 2 from the flights' bagged survivors (the route POST /api/tournaments/:id/day2 fills the arguments); duplicates by rules.flightDuplicates; seats redrawn.",
    apply: (state, { flights }, ctx) => importFlights(state, flights, ctx.now, () => ctx.rng()),
  }),
} satisfies CommandTable;
