/**
 * Changing the table size during play, e.g. back from 10-handed to 9-handed (ONK MEC r5: "Als er
 * met 10 spelers per tafel wordt gespeeld, zal de toernooileiding de tafels zo snel mogelijk weer
 * terugbrengen naar 9-handed. De toernooileiding zal aankondigen wanneer de overgang van
 * 10-handed naar 9-handed tafels plaatsvindt.").
 *
 * At every table with more seats in use than the new size, seats go out of use until it has the
 * new size: empty seats first (the highest-numbered first: no one moves for a chair nobody sits
 * in), then the highest occupied seats (seat 10 first, the chair the floor takes away). Each
 * player of a removed seat moves like a player of a broken table (TDA 2017 r9's two-step
 * draw): a random table among those with a free seat and the fewest players, then a random
 * free seat there. The moves are announced on the moves board and carried out together; all or
 * nothing.
 */
import { EngineError } from '../errors.js';
import type { Rng } from '../random.js';
import { applyMoves, type Move } from './moves.js';
import { drawFreeSeat } from './table-break.js';
import { capacity, freeSeats, inUseSeats, setSeatOutOfUse, tablesInOpenOrder, type Room, type SeatRef, type TableId } from './room.js';

export interface ResizePlan {
  readonly seatsPerTable: number;
  /** Seats that go out of use, per table, after the moves. */
  readonly outOfUse: readonly SeatRef[];
  /** One move per player of a removed seat, status `announced`. */
  readonly moves: readonly Move[];
}

/**
 * Plans the change to `seatsPerTable` seats in use per table. Refuses (`resize-not-possible`)
 * when the players would not fit at the open tables: the TD opens tables first.
 */
export function planResize(room: Room, seatsPerTable: number, rng: Rng): ResizePlan {
  if (!Number.isInteger(seatsPerTable) || seatsPerTable < 2 || seatsPerTable > 10) {
    throw new EngineError('invalid-seat-count', `A table seats 2-10 players, not ${seatsPerTable}.`, 'invalid');
  }
  const tables = tablesInOpenOrder(room);
  const players = tables.reduce((n, t) => n + t.players, 0);
  const fits = tables.reduce((n, t) => n + Math.min(capacity(t), seatsPerTable), 0);
  if (players > fits) {
    const more = Math.ceil(players / seatsPerTable) - tables.length;
    throw new EngineError(
      'resize-not-possible',
      `${players} players do not fit at ${tables.length} tables of ${seatsPerTable}; open ${more} more table${more === 1 ? '' : 's'} first.`,
    );
  }
  const outOfUse: SeatRef[] = [];
  const displaced: { entryId: string; from: SeatRef }[] = [];
  const free = new Map<TableId, number[]>();
  const count = new Map<TableId, number>();
  for (const t of tables) {
    let excess = capacity(t) - seatsPerTable;
    const empty = freeSeats(t);
    const removed = new Set<number>();
    for (const s of [...empty].reverse()) if (excess > 0) (removed.add(s), excess--);
    const occupied = inUseSeats(t).filter((s) => !removed.has(s)).reverse();
    for (const s of occupied) {
      if (excess <= 0) break;
      removed.add(s);
      excess--;
      displaced.push({ entryId: t.seats[s - 1]!, from: { tableId: t.id, seat: s } });
    }
    for (const s of [...removed].sort((a, b) => a - b)) outOfUse.push({ tableId: t.id, seat: s });
    free.set(t.id, empty.filter((s) => !removed.has(s)));
    count.set(t.id, t.players - displaced.filter((d) => d.from.tableId === t.id).length);
  }
  // Players of removed seats in table order, seat order (as a broken table's, from seat 1).
  displaced.sort((a, b) => tables.findIndex((t) => t.id === a.from.tableId) - tables.findIndex((t) => t.id === b.from.tableId) || a.from.seat - b.from.seat);
  const moves = displaced.map(({ entryId, from }): Move => ({ kind: 'break', entryId, from, to: drawFreeSeat(tables, free, count, rng), status: 'announced' }));
  return { seatsPerTable, outOfUse, moves };
}

/** Carries out a resize plan: the moves, then the removed seats go out of use. */
export function applyResize(room: Room, plan: ResizePlan): { room: Room; moves: Move[] } {
  const done = applyMoves(room, plan.moves);
  let next = done.room;
  for (const ref of plan.outOfUse) next = setSeatOutOfUse(next, ref.tableId, ref.seat, true);
  return { room: next, moves: done.moves };
}
