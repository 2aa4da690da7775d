/**
 * Seating on the wire: the `seating` and `moves` topics and the seating events.
 * Shared by the server, the overlays and the control panel (no Node imports).
 * docs/API.md ("Seating") describes every field.
 */
import type { PlayerClockView } from './stream.js';

/** A seat named the way the floor calls it: table number and seat. `tableId` is for commands. */
export interface SeatPlace {
  tableId: string;
  /** The number on the table. */
  table: number;
  seat: number;
}

export interface SeatView {
  seat: number;
  /** null: empty seat. */
  entryId: string | null;
  name: string | null;
  /** The seat is out of use (no player may sit there). */
  outOfUse?: true;
  /**
   * Seated, but not dealt in until the button passes (between the small blind and the button,
   * TDA 2017 r7), or, under the HR preset, a newcomer from another table on the small blind, who
   * misses that hand (HR house rules: "sjedne na poziciju small blind, propušta ruku").
   */
  waiting?: true;
}

export interface TableView {
  id: string;
  number: number;
  players: number;
  /** Seats in use. */
  capacity: number;
  seats: SeatView[];
  /** Seats of the next hand; null while the button is unknown. */
  button: number | null;
  smallBlind: number | null;
  bigBlind: number | null;
  deadButton?: true;
  /** Play stops here until a player arrives (TDA 2017 r10D). */
  halted: boolean;
  /** The TD waived the halt. */
  haltWaived: boolean;
  handsPlayed: number;
  /** A player on the clock at this table (protocol/stream.ts). */
  playerClock?: PlayerClockView;
}

/** The `seating` topic: every table and seat. */
export interface SeatingView {
  /** The first seat draw happened: later entries get a seat by themselves. */
  drawn: boolean;
  /** In the order the tables were opened. */
  tables: TableView[];
  /** The posted break order, by table number: the first breaks next (IP 2008 part I §1). */
  breakOrder: number[];
  seated: number;
  /** Active entries without a seat: waiting for the draw, or for a free seat (the room is full). */
  waiting: { entryId: string; name: string | null }[];
}

/** `resize`: a player of a seat taken away when the table size goes down (MEC r5: 10 to 9). */
export type MoveKindView = 'balance' | 'break' | 'correct-seat' | 'final-table' | 'manual' | 'resize';

/** One line of the table-moves board. */
export interface MoveView {
  /** Running number of the move in this tournament. */
  n: number;
  kind: MoveKindView;
  entryId: string;
  name: string | null;
  from: SeatPlace | null;
  to: SeatPlace;
  status: 'announced' | 'done';
  /** Server time of the command that recorded it. */
  at: number;
}

/** The current balance suggestion (TDA 2017 r10), shown until a command applies it. */
export interface SuggestionView {
  entryId: string;
  name: string | null;
  from: SeatPlace;
  to: SeatPlace;
  /** false: the button is unknown at a table; the TD picks from `candidates` following `instruction`. */
  exact: boolean;
  /** Who moves: the player due for the big blind next (TDA), UTG (HR house rule), or the TD's choice. */
  player: 'big-blind-next' | 'utg' | 'td-choice';
  /** The seat: the big blind, the free seat closest to it, or the TD's choice. */
  seat: 'big-blind' | 'closest-to-big-blind' | 'td-choice';
  /** In words, English: "Table 7 → Table 3, seat 4: the player due for the big blind next". */
  text: string;
  /** The engine's instruction naming the rule-book procedure (English). */
  instruction: string;
  rule: string;
  /** Why these two tables (the predetermined source-table procedure). */
  tables: string;
  candidates: { entryIds: string[]; seats: number[] };
}

/** A balance move after the suggestion (`MovesView.plan`). */
export interface PlannedMoveView {
  entryId: string;
  name: string | null;
  from: SeatPlace;
  to: SeatPlace;
  /** false: the TD picks (the button is unknown); the plan ends with it. */
  exact: boolean;
  player: SuggestionView['player'];
}

/** The `moves` topic: the table-moves board and what the floor must do next. */
export interface MovesView {
  /** Most recent last; at most 30. */
  recent: MoveView[];
  suggestion: SuggestionView | null;
  /**
   * The balance moves needed after `suggestion`, in order (absent: none, or no suggestion): each
   * becomes the suggestion once the one before is applied, if nothing else changed the room.
   */
  plan?: PlannedMoveView[];
  /** Unbalanced but no move possible now (only small-blind seats free, or no free seat). */
  blocked: { reason: 'small-blind-only' | 'no-free-seat'; tables: number[] } | null;
  /** A table must break now (posted order); `table.break` carries it out. */
  tableBreak: { tableId: string; table: number; players: number; reason: string } | null;
  /** The players left fit at the final table; `finalTable.form` redraws them. */
  finalTableCall: { size: number; playersLeft: number; reason: string } | null;
  /** The final table as formed: its seats and the cards dealt for the button (IP 2008 r49). */
  finalTable: { tableId: string; table: number; seats: number; buttonSeat: number; cards: { seat: number; card: string }[] } | null;
  halted: { tableId: string; table: number; players: number; most: number }[];
  balanced: boolean;
  /**
   * What `seating.undo` would undo now; null: nothing. `label` is the server's English line (logs,
   * API users); `type` the command it takes back, which screens name in their own language.
   */
  undo: { label: string; type: string; at: number } | null;
  /** The latest change of the table size during play (MEC r5), announced on the screens; absent before any. */
  resized?: { seatsPerTable: number; from: number; moves: number; at: number };
}

/** Events a screen reacts to (seat-draw list, moves board, halted notice). */
export type SeatingEvent =
  | { type: 'seats.drawn'; count: number; at: number }
  | {
      type: 'seat.assigned';
      entryId: string;
      to: SeatPlace;
      /** false: seated between the small blind and the button, not dealt in yet (TDA 2017 r7); null: button unknown. */
      dealtIn: boolean | null;
      by: 'late' | 'manual' | 'returned';
      at: number;
    }
  | { type: 'seat.unavailable'; entryId: string; at: number }
  | { type: 'table.move'; move: MoveView }
  | { type: 'table.halted'; tableId: string; table: number; players: number; most: number; at: number }
  | { type: 'table.broken'; tableId: string; table: number; moves: number; at: number }
  /** The table size changed during play (MEC r5: announced); `moves` players change tables. */
  | { type: 'tables.resized'; seatsPerTable: number; from: number; moves: number; at: number }
  | { type: 'finalTable.formed'; tableId: string; table: number; buttonSeat: number; at: number };

export const SEATING_EVENT_TOPIC = {
  'seats.drawn': 'seating',
  'seat.assigned': 'seating',
  'seat.unavailable': 'seating',
  'table.move': 'moves',
  'table.halted': 'moves',
  'table.broken': 'moves',
  'tables.resized': 'moves',
  'finalTable.formed': 'moves',
} as const satisfies Record<SeatingEvent['type'], 'seating' | 'moves'>;
