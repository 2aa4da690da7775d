/**
 * The arguments of the seating commands as a client sends them (docs/API.md "Seating"). Table
 * ids are 1 to 40 letters, digits, "-" or "_"; seats 1..10. server/engine/schemas/seating.ts
 * validates them (checked at compile time against these types).
 */
import type { NoArgs } from './commands.js';

export interface SeatingCommandArgs {
  'table.add': {
    /** Default: `t<number>`. */
    tableId?: string;
    /** The number on the table (1..9999); default one above the highest open table. */
    number?: number;
    /** Seats at the table, 6..10; default the event's table size (rules.seatsPerTable). */
    seats?: number;
    /** Seats not in use, at most 10. */
    outOfUse?: number[];
    /** Where it enters the posted break order: `first` (default: breaks next) or `last` (a TV table). */
    breakPosition?: 'first' | 'last';
  };
  'table.remove': { tableId: string };
  /** `outOfUse` defaults to true. */
  'table.seatOutOfUse': { tableId: string; seat: number; outOfUse?: boolean };
  /** 1 to 2000 tables, first to break first. */
  'table.breakOrder': { tableIds: string[] };
  'seating.draw': NoArgs;
  'seat.assign': { entryId: string; tableId: string; seat: number };
  'seat.move': { entryId: string; tableId: string; seat: number };
  'seat.correct': { entryId: string; foundAt: { tableId: string; seat: number } };
  'button.set': { tableId: string; seat: number };
  'button.draw': { tableId?: string };
  'hand.next': { tableId?: string };
  /** A misdeal: the hand last dealt at the table is re-dealt as the same hand (TDA 2017 r35, PPN r35C). */
  'hand.misdeal': { tableId: string };
  /** IP 2008 r23-1 / r23-3: every seated player draws a new seat (before the final table, as the TD posted). */
  'seating.redraw': NoArgs;
  'balance.apply': {
    /** Optional: confirm (or, when the suggestion is not exact, choose) the player. */
    entryId?: string;
    /** Optional: confirm (or choose) the destination seat at the suggested table. */
    seat?: number;
  };
  'table.break': { tableId?: string };
  'finalTable.form': { tableId?: string };
  /** `waived` defaults to true. */
  'table.waiveHalt': { tableId: string; waived?: boolean };
  'seating.undo': NoArgs;
}
