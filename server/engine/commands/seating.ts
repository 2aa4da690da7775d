/**
 * Seating commands (issue: seating engine): room set-up, the draw, manual seats, button and
 * hands, and carrying out what the floor call suggests (balance, table break, final table).
 * Every change of the room goes through `withRoom`, which records one undo step; every random
 * choice uses the command's logged Rng, so a replay of the log draws the same seats.
 * docs/API.md ("Seating") documents each command.
 */
import { seatingCommandArgs as A } from '../schemas/seating.js';
import type { SeatingEvent } from '../../protocol/seating.js';
import { EngineError } from '../errors.js';
import {
  addTable,
  advanceButton,
  applyBreak,
  applyFinalTable,
  applyMove,
  correctSeat,
  drawForButton,
  drawSeats,
  dealtInNextHand,
  inUseSeats,
  planBreak,
  planFinalTable,
  planMove,
  positions,
  getTable,
  removeTable,
  seatEntry,
  seatedAt,
  setBreakOrder,
  setButton,
  setButtonAllTables,
  setSeatOutOfUse,
  tablesInOpenOrder,
  waiveHalt,
  type Move,
  type Room,
  type Table,
} from '../seating/index.js';
import type { TournamentState } from '../state.js';
import { rulesOf } from '../presets.js';
import { boardMove, loadRoom, seatingOf, withRoom, type BoardMove, type SeatingState } from '../tables/state.js';
import { floorCall, playerNames, suggestionText } from '../tables/views.js';
import { advanceAll } from '../tables/follow-up.js';
import { misdeal, recordHands } from '../tables/misdeal.js';
import { redrawSeats } from '../tables/redraw.js';
import { defineCommand, type CommandTable, type Outcome } from './types.js';

function requireTableOpen(room: Room, tableId: string): Table {
  const table = getTable(room, tableId);
  if (!table) throw new EngineError('unknown-table', `There is no open table "${tableId}".`);
  return table;
}

type Undo = { label: string; type: string; at: number };

export function changed(state: TournamentState, seating: SeatingState, events: SeatingEvent[] = [], result?: unknown): Outcome {
  const out: Outcome = { state: { ...state, seating }, events };
  if (result !== undefined) out.result = result;
  return out;
}

/** The entry must exist in the entries domain and be active. */
function requireActiveEntry(state: TournamentState, entryId: string): void {
  const entry = state.entries.entries.find((e) => e.id === entryId);
  if (!entry) throw new EngineError('unknown-entry', `There is no entry "${entryId.slice(0, 40)}".`);
  if (entry.status === 'busted') throw new EngineError('entry-busted', `Entry ${entryId} has busted out.`);
}

export function moveLines(moves: readonly Move[], kind: BoardMove['kind'], rooms: readonly Room[], at: number): Omit<BoardMove, 'n'>[] {
  return moves.map(({ ...m }) => {
    const { n: _n, ...line } = boardMove(0, m, kind, rooms, at);
    return line;
  });
}

export function moveEvents(state: TournamentState, seating: SeatingState, count: number): SeatingEvent[] {
  const names = playerNames(state);
  return seating.moves.slice(-count).map((m) => ({ type: 'table.move' as const, move: { ...m, name: names.get(m.entryId) ?? null } }));
}

/** Applies one move of a seated player and records it on the board (balance, manual, correction). */
function recordMove(state: TournamentState, move: Move, kind: BoardMove['kind'], undo: Undo): Outcome {
  const room = loadRoom(seatingOf(state));
  const done = applyMove(room, move);
  const seating = withRoom(seatingOf(state), done.room, moveLines([done.move], kind, [done.room, room], undo.at), undo);
  return changed(state, seating, moveEvents(state, seating, 1), { move: seating.moves[seating.moves.length - 1] });
}

/**
 * A hand is dealt at `tableId`, or at every table with two or more players (hand-for-hand, or a
 * screen that counts hands for the whole room): the button moves on by the dead-button rule
 * (TDA 2017 r32). Exported for the hand-for-hand command of the entries domain.
 */
export function advanceHands(state: TournamentState, tableId?: string): TournamentState {
  const before = loadRoom(seatingOf(state));
  const room = tableId !== undefined ? advanceButton(before, requireTableOpen(before, tableId).id) : advanceAll(before);
  return { ...state, seating: withRoom(seatingOf(state), room) };
}

/** `hand.next`: advanceHands, remembering each table's hand so a misdeal can take it back. */
function dealHands(state: TournamentState, tableId?: string): TournamentState {
  const before = loadRoom(seatingOf(state));
  const next = advanceHands(state, tableId);
  const seating = seatingOf(next);
  return { ...next, seating: recordHands(seating, before, loadRoom(seating), state.entries.penalties, tableId) };
}

export const seatingCommands = {
  'table.add': defineCommand({
    args: A['table.add'],
    summary: 'Open a table (6-10 seats, optional seats out of use, its place in the posted break order).',
    apply: (state, args, { now }) => {
      const room = loadRoom(seatingOf(state));
      const number = args.number ?? tablesInOpenOrder(room).reduce((max, t) => Math.max(max, t.number), 0) + 1;
      const tableId = args.tableId ?? `t${number}`;
      const next = addTable(room, {
        id: tableId,
        number,
        seats: args.seats ?? state.settings.rules.seatsPerTable,
        outOfUse: args.outOfUse ?? [],
        breakPosition: args.breakPosition ?? 'first',
        buttonRule: rulesOf(state.settings).buttonRule,
      });
      const seating = withRoom(seatingOf(state), next, [], { label: `Open table ${number}`, type: 'table.add', at: now });
      return changed(state, seating, [], { tableId, number });
    },
  }),
  'table.remove': defineCommand({
    args: A['table.remove'],
    summary: 'Close an empty table (break an occupied one with table.break).',
    apply: (state, { tableId }, { now }) => {
      const room = loadRoom(seatingOf(state));
      const table = requireTableOpen(room, tableId);
      const seating = withRoom(seatingOf(state), removeTable(room, tableId), [], { label: `Close table ${table.number}`, type: 'table.remove', at: now });
      return changed(state, seating);
    },
  }),
  'table.seatOutOfUse': defineCommand({
    args: A['table.seatOutOfUse'],
    summary: 'Take an empty seat out of use, or (outOfUse: false) put it back in use.',
    apply: (state, { tableId, seat, outOfUse }, { now }) => {
      const room = loadRoom(seatingOf(state));
      const table = requireTableOpen(room, tableId);
      const label = `${outOfUse ? 'Seat out of use' : 'Seat back in use'}: table ${table.number} seat ${seat}`;
      const seating = withRoom(seatingOf(state), setSeatOutOfUse(room, tableId, seat, outOfUse), [], { label, type: 'table.seatOutOfUse', at: now });
      return changed(state, seating);
    },
  }),
  'table.breakOrder': defineCommand({
    args: A['table.breakOrder'],
    summary: 'Post the table break order: every open table once, the first breaks next (IP 2008 r24).',
    apply: (state, { tableIds }, { now }) => {
      const room = loadRoom(seatingOf(state));
      const seating = withRoom(seatingOf(state), setBreakOrder(room, tableIds), [], { label: 'Break order', type: 'table.breakOrder', at: now });
      return changed(state, seating);
    },
  }),
  'seating.draw': defineCommand({
    args: A['seating.draw'],
    summary: 'Random seat draw for every active entry without a seat (TDA 2017 r6); later entries are then seated by themselves.',
    apply: (state, _args, ctx) => {
      const room = loadRoom(seatingOf(state));
      if (room.tables.size === 0) throw new EngineError('no-tables', 'Open tables before the seat draw.');
      const ids = state.entries.entries.filter((e) => e.status === 'active' && !room.entries.get(e.id)).map((e) => e.id);
      const { room: next, seatings } = drawSeats(room, ids, ctx.rng());
      const seating = { ...withRoom(seatingOf(state), next, [], { label: `Seat draw (${ids.length})`, type: 'seating.draw', at: ctx.now }), drawn: true };
      const result = {
        seated: seatings.length,
        seatings: seatings.map((s) => ({ entryId: s.entryId, tableId: s.tableId, table: next.tables.get(s.tableId)!.number, seat: s.seat, dealtIn: s.dealtIn })),
      };
      return changed(state, seating, [{ type: 'seats.drawn', count: seatings.length, at: ctx.now }], result);
    },
  }),
  'seat.assign': defineCommand({
    args: A['seat.assign'],
    summary: 'Seat an entry without a seat at a seat the TD chose (special needs, TDA 2017 r8).',
    apply: (state, { entryId, tableId, seat }, { now }) => {
      requireActiveEntry(state, entryId);
      const room = loadRoom(seatingOf(state));
      const next = seatEntry(room, entryId, { tableId, seat });
      const number = next.tables.get(tableId)!.number;
      const seating = withRoom(seatingOf(state), next, [], { label: `Seat ${entryId}: table ${number} seat ${seat}`, type: 'seat.assign', at: now });
      const to = { tableId, table: number, seat };
      return changed(state, seating, [{ type: 'seat.assigned', entryId, to, dealtIn: dealtInNextHand(next, entryId), by: 'manual', at: now }], { to });
    },
  }),
  'seat.move': defineCommand({
    args: A['seat.move'],
    summary: 'Move a seated player to a free seat the TD chose.',
    apply: (state, { entryId, tableId, seat }, { now }) => {
      const room = loadRoom(seatingOf(state));
      const move = planMove(room, 'balance', entryId, { tableId, seat });
      const to = room.tables.get(tableId)!.number;
      return recordMove(state, move, 'manual', { label: `Move ${entryId} to table ${to} seat ${seat}`, type: 'seat.move', at: now });
    },
  }),
  'seat.correct': defineCommand({
    args: A['seat.correct'],
    summary: 'A player found in the wrong seat moves to the seat he drew, with his current stack (TDA 2017 r6).',
    apply: (state, { entryId, foundAt }, { now }) => {
      const room = loadRoom(seatingOf(state));
      const move = correctSeat(room, entryId, foundAt);
      return recordMove(state, move, 'correct-seat', { label: `Wrong-seat correction: ${entryId}`, type: 'seat.correct', at: now });
    },
  }),
  'button.set': defineCommand({
    args: A['button.set'],
    summary: 'Put the dealer button on a seat at a table for the next hand.',
    apply: (state, { tableId, seat }, { now }) => {
      const room = loadRoom(seatingOf(state));
      const table = requireTableOpen(room, tableId);
      const seating = withRoom(seatingOf(state), setButton(room, tableId, seat), [], { label: `Button: table ${table.number} seat ${seat}`, type: 'button.set', at: now });
      return changed(state, seating);
    },
  }),
  'button.draw': defineCommand({
    args: A['button.draw'],
    summary: 'High card for the button at one table from seat 1; that seat holds at every table (IP 2008 r40).',
    apply: (state, { tableId }, ctx) => {
      const room = loadRoom(seatingOf(state));
      const table = tableId !== undefined ? requireTableOpen(room, tableId) : tablesInOpenOrder(room)[0];
      if (!table) throw new EngineError('no-tables', 'Open a table before drawing for the button.');
      const occupied = seatedAt(table).map((s) => s.seat);
      const draw = drawForButton(occupied.length ? occupied : inUseSeats(table), ctx.rng());
      const seating = withRoom(seatingOf(state), setButtonAllTables(room, draw.buttonSeat), [], {
        label: `Button draw: seat ${draw.buttonSeat}`,
        type: 'button.draw',
        at: ctx.now,
      });
      return changed(state, seating, [], { table: table.number, buttonSeat: draw.buttonSeat, cards: draw.dealt.map((d) => ({ seat: d.seat, card: d.code })) });
    },
  }),
  'hand.next': defineCommand({
    args: A['hand.next'],
    summary: 'A new hand is dealt at a table (or every table): the button moves on (TDA 2017 r32).',
    apply: (state, { tableId }) => ({ state: dealHands(state, tableId), events: [] }),
  }),
  'seating.redraw': defineCommand({
    args: A['seating.redraw'],
    summary: 'Every seated player draws a new seat over the open tables (IP 2008 r23-1, r23-3: before the final table, as the TD posted); then draw for the button (r40).',
    apply: (state, _args, ctx) => redrawSeats(state, ctx),
  }),
  'hand.misdeal': defineCommand({
    args: A['hand.misdeal'],
    summary: 'A misdeal at a table: the hand is re-dealt as the same hand; the last "next hand" there is taken back (button, hand count, penalty hands; TDA 2017 r35, PPN r35C).',
    apply: (state, { tableId }) => misdeal(state, tableId),
  }),
  'balance.apply': defineCommand({
    args: A['balance.apply'],
    summary: 'Carry out the balance move shown in the moves topic (TDA 2017 r10).',
    apply: (state, args, { now }) => {
      const { room, decision, balance } = floorCall(state);
      if (decision.kind === 'break') throw new EngineError('no-suggestion', `A table breaks first: ${decision.reason}`);
      if (decision.kind === 'final-table') throw new EngineError('no-suggestion', `Form the final table instead: ${decision.reason}`);
      const s = balance.suggestion;
      if (!s) {
        const why = balance.balanced ? 'the tables are balanced' : `no move is possible now (${balance.blocked?.reason ?? 'blocked'})`;
        throw new EngineError('no-suggestion', `There is no balance move to apply: ${why}.`);
      }
      let entryId = s.move.entryId;
      let seat = s.move.to.seat;
      if (args.entryId !== undefined && args.entryId !== entryId) {
        if (s.exact || !s.candidates.entryIds.includes(args.entryId)) {
          throw new EngineError('stale-plan', `The suggestion changed: it now moves entry ${entryId}. Check the moves board and confirm again.`);
        }
        entryId = args.entryId;
      }
      if (args.seat !== undefined && args.seat !== seat) {
        if (s.exact || !s.candidates.seats.includes(args.seat)) {
          throw new EngineError('stale-plan', `The suggestion changed: it now names seat ${seat}. Check the moves board and confirm again.`);
        }
        seat = args.seat;
      }
      const move = planMove(room, 'balance', entryId, { tableId: s.move.to.tableId, seat });
      const from = room.tables.get(move.from.tableId)!.number;
      const to = room.tables.get(move.to.tableId)!.number;
      const label = suggestionText({ from: { tableId: '', table: from, seat: 0 }, to: { tableId: '', table: to, seat }, player: s.player, exact: true });
      return recordMove(state, move, 'balance', { label: `Balance: ${label}`, type: 'balance.apply', at: now });
    },
  }),
  'table.break': defineCommand({
    args: A['table.break'],
    summary: 'Break the table due in the posted order (or the one named): every player draws a new seat (TDA 2017 r9 / TDA 2024 r10B).',
    apply: (state, args, ctx) => {
      const { room, decision } = floorCall(state);
      const tableId = args.tableId ?? (decision.kind === 'break' ? decision.tableId : undefined);
      if (tableId === undefined) {
        const why = decision.kind === 'final-table' ? `form the final table instead (${decision.reason})` : decision.reason;
        throw new EngineError('no-table-break', `No table is due to break: ${why}`);
      }
      const broken = requireTableOpen(room, tableId);
      const plan = planBreak(room, tableId, state.settings.rules, ctx.rng());
      const done = applyBreak(room, plan);
      const seating = withRoom(seatingOf(state), done.room, moveLines(done.moves, 'break', [done.room, room], ctx.now), {
        label: `Break table ${broken.number}`,
        type: 'table.break',
        at: ctx.now,
      });
      const events: SeatingEvent[] = [
        ...moveEvents(state, seating, done.moves.length),
        { type: 'table.broken', tableId, table: broken.number, moves: done.moves.length, at: ctx.now },
      ];
      return changed(state, seating, events, { table: broken.number, method: plan.method, moves: seating.moves.slice(-done.moves.length) });
    },
  }),
  'finalTable.form': defineCommand({
    args: A['finalTable.form'],
    summary: 'Form the final table: every player redraws a seat, the high card from seat 1 gets the button (IP 2008 r49, TDA 2017 r11).',
    apply: (state, args, ctx) => {
      const room = loadRoom(seatingOf(state));
      if (args.tableId !== undefined) requireTableOpen(room, args.tableId);
      const plan = planFinalTable(room, state.settings.rules, ctx.rng(), args.tableId !== undefined ? { tableId: args.tableId } : {});
      const done = applyFinalTable(room, plan);
      const host = done.room.tables.get(plan.tableId)!;
      const base = withRoom(seatingOf(state), done.room, moveLines(done.moves, 'final-table', [done.room, room], ctx.now), {
        label: `Final table at table ${host.number}`,
        type: 'finalTable.form',
        at: ctx.now,
      });
      const record = {
        tableId: plan.tableId,
        table: host.number,
        seats: plan.seats,
        buttonSeat: plan.buttonDraw.buttonSeat,
        cards: plan.buttonDraw.dealt.map((d) => ({ seat: d.seat, card: d.code })),
        at: ctx.now,
      };
      const seating = { ...base, finalTable: record };
      const events: SeatingEvent[] = [
        ...moveEvents(state, seating, done.moves.length),
        { type: 'finalTable.formed', tableId: plan.tableId, table: host.number, buttonSeat: record.buttonSeat, at: ctx.now },
      ];
      return changed(state, seating, events, { ...record, positions: positions(host) });
    },
  }),
  'table.waiveHalt': defineCommand({
    args: A['table.waiveHalt'],
    summary: 'Waive (or restore) the halt of a short table (TDA 2017 r10D: "TDs may waive halting play").',
    apply: (state, { tableId, waived }, { now }) => {
      const room = loadRoom(seatingOf(state));
      const table = requireTableOpen(room, tableId);
      const label = `${waived ? 'Waive' : 'Restore'} halt: table ${table.number}`;
      return changed(state, withRoom(seatingOf(state), waiveHalt(room, tableId, waived), [], { label, type: 'table.waiveHalt', at: now }));
    },
  }),
  'seating.undo': defineCommand({
    args: A['seating.undo'],
    summary: 'Undo the last seating action, if the room has not changed since.',
    apply: (state) => {
      const { undo, version } = seatingOf(state);
      if (!undo) throw new EngineError('nothing-to-undo', 'There is no seating action to undo.');
      if (undo.version !== version) {
        throw new EngineError('nothing-to-undo', `"${undo.label}" can no longer be undone: the room changed since (a bust, an entry or a hand).`);
      }
      const seating: SeatingState = { ...undo.before, version: version + 1, undo: null };
      return changed(state, seating, [], { undone: undo.label });
    },
  }),
} satisfies CommandTable;
