/**
 * The seating engine: pure functions over an immutable `Room` (no I/O, no clock, every random
 * choice from an injected Rng). The shell feeds it commands and records the seeds.
 *
 * - room.ts: the model; add/remove tables, seats out of use, break order, halt waivers.
 * - entries.ts: seating an entry by hand, busts, and the one place seats change hands.
 * - draw.ts: the random draw and late entries (TDA 2017 r6, r7).
 * - button.ts: button, blinds and dead button (TDA 2017 r32, r34); high card (IP r27, r40).
 * - moves.ts: the one way players change seats: announced moves applied explicitly.
 * - balance.ts: balancing and halting (TDA 2017 r10).
 * - table-break.ts: breaking tables (TDA 2017 r9, TDA 2024 r10B).
 * - final-table.ts: the final table (TDA 2017 r11, IP r49).
 * - snapshot.ts: to and from plain JSON.
 *
 * Wiring, after every bust or entry: `checkBreak` first (a break or the final table may make
 * balancing moot), then `checkBalance`, showing each suggestion to the TD and applying the
 * confirmed one with `applyMove`, until it reports balanced. Call `advanceButton` once per hand.
 */
export {
  addTable,
  capacity,
  createRoom,
  freeSeatCount,
  freeSeats,
  getTable,
  inUseSeats,
  occupant,
  removeTable,
  seatOf,
  seatedAt,
  setBreakOrder,
  setSeatOutOfUse,
  tableIndex,
  tablesInBreakOrder,
  tablesInOpenOrder,
  waiveHalt,
  MAX_SEATS,
  MIN_SEATS,
  type Arrival,
  type ArrivalKind,
  type DealerState,
  type EntryId,
  type EntryState,
  type NewTable,
  type Room,
  type SeatRef,
  type Table,
  type TableId,
  type TableIndex,
  type TableKind,
} from './room.js';
export { bustEntry, seatEntry, unbustEntry } from './entries.js';
export { drawSeats, seatLateEntry, type Seating } from './draw.js';
export {
  advanceButton,
  cardCode,
  clearButton,
  compareCards,
  dealtInNextHand,
  newcomerOnSmallBlind,
  drawForButton,
  newDeck,
  positions,
  setButton,
  setButtonAllTables,
  SUIT_ORDER,
  type ButtonDraw,
  type Card,
  type Positions,
  type Suit,
} from './button.js';
export { applyMove, applyMoves, correctSeat, planMove, type Move, type MoveKind, type MoveStatus } from './moves.js';
export {
  checkBalance,
  worstSeat,
  type BalanceCheck,
  type BalanceOptions,
  type BalanceSuggestion,
  type SourceTablePolicy,
  type WorstSeatPosition,
} from './balance.js';
export { applyBreak, checkBreak, planBreak, type BreakDecision, type BreakOptions, type BreakPlan } from './table-break.js';
export { applyResize, planResize, type ResizePlan } from './resize.js';
export { applyFinalTable, finalTableSize, planFinalTable, type FinalTablePlan } from './final-table.js';
export { restoreRoom, snapshotRoom, type RoomSnapshot, type TableSnapshot } from './snapshot.js';
