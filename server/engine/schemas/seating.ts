/**
 * Validation of the seating commands' arguments (server/protocol/seating-commands.ts,
 * docs/API.md "Seating"). Spread into `commandArgs` (commands.ts).
 */
import { z } from 'zod';
import type { SeatingCommandArgs } from '../../protocol/seating-commands.js';
import type { AssertNever, Drift } from './check.js';

const tableId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, "-" or "_"');
const entryId = z.string().min(1, 'is required').max(100);
const seat = z.number().int('must be a whole seat number').min(1).max(10);

export const seatingCommandArgs = {
  'table.add': z.strictObject({
    /** Default: `t<number>`. */
    tableId: tableId.optional(),
    /** The number on the table; default one above the highest open table. */
    number: z.number().int().min(1).max(9999).optional(),
    /** Seats at the table, 6..10; default the event's table size (rules.seatsPerTable). */
    seats: z.number().int('must be a whole number').min(6).max(10).optional(),
    outOfUse: z.array(seat).max(10).optional(),
    /** Where it enters the posted break order: `first` (default: breaks next) or `last` (a TV table). */
    breakPosition: z.enum(['first', 'last']).optional(),
  }),
  'table.remove': z.strictObject({ tableId }),
  'table.seatOutOfUse': z.strictObject({ tableId, seat, outOfUse: z.boolean().default(true) }),
  'table.breakOrder': z.strictObject({ tableIds: z.array(tableId).min(1).max(2000) }),
  'seating.draw': z.strictObject({}),
  'seat.assign': z.strictObject({ entryId, tableId, seat }),
  'seat.move': z.strictObject({ entryId, tableId, seat }),
  'seat.correct': z.strictObject({ entryId, foundAt: z.strictObject({ tableId, seat }) }),
  'button.set': z.strictObject({ tableId, seat }),
  'button.draw': z.strictObject({ tableId: tableId.optional() }),
  'hand.next': z.strictObject({ tableId: tableId.optional() }),
  /** TDA 2017 r35, PPN r35C: the hand at this table is re-dealt as the same hand. */
  'hand.misdeal': z.strictObject({ tableId }),
  /** IP 2008 r23-1, r23-3: every seated player redraws; the buttons are drawn again (r40). */
  'seating.redraw': z.strictObject({}),
  'balance.apply': z.strictObject({
    /** Optional: confirm (or, when the suggestion is not exact, choose) the player. */
    entryId: entryId.optional(),
    /** Optional: confirm (or choose) the destination seat at the suggested table. */
    seat: seat.optional(),
  }),
  'table.break': z.strictObject({ tableId: tableId.optional() }),
  'finalTable.form': z.strictObject({ tableId: tableId.optional() }),
  'table.waiveHalt': z.strictObject({ tableId, waived: z.boolean().default(true) }),
  'seating.undo': z.strictObject({}),
} as const;

// Each command accepts exactly the protocol's arguments (server/engine/schemas/check.ts).
export type Checks = AssertNever<Drift<typeof seatingCommandArgs, SeatingCommandArgs>>;
