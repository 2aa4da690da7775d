/**
 * Player moves: the one way a seated entry changes seat.
 *
 * The engine never moves anybody on its own. Balancing and table breaks *suggest* moves
 * (status `announced`); the TD confirms them and the shell calls `applyMove` (status `done`).
 * A move carries its `from` seat, so a stale suggestion (the player busted or was moved
 * meanwhile) is refused instead of moving the wrong person.
 */
import { EngineError } from '../errors.js';
import {
  requireFreeSeat,
  requireSeat,
  requireSeated,
  requireTable,
  seatLabel,
  type EntryId,
  type Room,
  type SeatRef,
} from './room.js';
import { relayout } from './entries.js';

/**
 * `balance`: TDA 2017 r10. `break`: a player from a broken table (TDA 2017 r9).
 * `correct-seat`: a player found in the wrong seat goes to the seat he drew (TDA 2017 r6).
 * `final-table`: the final-table redraw (IP 2008 r49-2).
 */
export type MoveKind = 'balance' | 'break' | 'correct-seat' | 'final-table';

export type MoveStatus = 'announced' | 'done';

export interface Move {
  readonly kind: MoveKind;
  readonly entryId: EntryId;
  readonly from: SeatRef;
  readonly to: SeatRef;
  readonly status: MoveStatus;
}

/**
 * A move of a seated entry to a free seat, validated against the room now (for the TD's own
 * choice, or to change the player/seat of a suggestion whose button was unknown).
 */
export function planMove(room: Room, kind: 'balance' | 'break', entryId: EntryId, to: SeatRef): Move {
  const state = requireSeated(room, entryId);
  requireFreeSeat(requireTable(room, to.tableId), to.seat);
  return { kind, entryId, from: { tableId: state.tableId, seat: state.seat }, to: { ...to }, status: 'announced' };
}

/**
 * TDA 2017 r6: "A player starting in a wrong seat with a correct chip stack will move to the
 * correct seat with his or her current total chip stack." The room's record is the draw, so
 * the move goes from where the player was found to the seat the room holds for him; applying
 * it changes no seat in the room, it documents the correction (the stack travels with him).
 */
export function correctSeat(room: Room, entryId: EntryId, foundAt: SeatRef): Move {
  const state = requireSeated(room, entryId);
  requireSeat(requireTable(room, foundAt.tableId), foundAt.seat);
  if (foundAt.tableId === state.tableId && foundAt.seat === state.seat) {
    const table = requireTable(room, state.tableId);
    throw new EngineError('same-seat', `Entry ${entryId} already sits in the right seat, ${seatLabel(table, state.seat)}.`, 'invalid');
  }
  return { kind: 'correct-seat', entryId, from: { ...foundAt }, to: { tableId: state.tableId, seat: state.seat }, status: 'announced' };
}

/** Checks that `move.entryId` still sits at `move.from`; the codes say why not. */
function requireAt(room: Room, move: Move): void {
  const state = requireSeated(room, move.entryId);
  if (state.tableId !== move.from.tableId || state.seat !== move.from.seat) {
    const table = requireTable(room, state.tableId);
    throw new EngineError(
      'entry-not-at-seat',
      `Entry ${move.entryId} now sits at ${seatLabel(table, state.seat)}, not where this move starts; ask for a new suggestion.`,
    );
  }
}

/**
 * Carries out one announced move; returns the new room and the move marked `done`.
 * Refused: a busted or unseated player, a player no longer at `from`, a missing, out-of-use or
 * taken destination seat.
 */
export function applyMove(room: Room, move: Move): { room: Room; move: Move } {
  if (move.kind === 'correct-seat') {
    const state = requireSeated(room, move.entryId);
    if (state.tableId !== move.to.tableId || state.seat !== move.to.seat) {
      throw new EngineError('entry-not-at-seat', `Entry ${move.entryId} is no longer recorded at the seat this correction names.`);
    }
    return { room, move: { ...move, status: 'done' } };
  }
  if (move.kind === 'final-table') {
    throw new EngineError('invalid-move', 'Final-table moves are applied together with applyFinalTable.', 'invalid');
  }
  requireAt(room, move);
  requireFreeSeat(requireTable(room, move.to.tableId), move.to.seat);
  const next = relayout(room, [{ entryId: move.entryId, tableId: move.to.tableId, seat: move.to.seat, by: move.kind }]);
  return { room: next, move: { ...move, status: 'done' } };
}

/** Applies moves in order (a table break); all or nothing, since the room is a value. */
export function applyMoves(room: Room, moves: readonly Move[]): { room: Room; moves: Move[] } {
  let next = room;
  const done: Move[] = [];
  for (const m of moves) {
    const r = applyMove(next, m);
    next = r.room;
    done.push(r.move);
  }
  return { room: next, moves: done };
}
