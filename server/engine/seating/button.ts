/**
 * The dealer button, the blinds and who is dealt in, per table.
 *
 * Dead button (TDA 2017 r32, TDA 2024 r32, IP 2008 r41): the big blind always moves to the next
 * player clockwise; the small blind goes to the seat that had the big blind, and the button to
 * the seat that had the small blind. The engine therefore remembers the three seats of the last
 * hand (`DealerState` `played`), not only the button:
 *
 * - the small blind busts: the button lands on his empty seat, a *dead button*
 *   (TDA 2024 r32 example: "the button moves to B's empty seat and C becomes the small blind");
 * - the big blind busts: no small blind is posted the next hand (a *dead small blind*), the
 *   button goes to the old small blind and the big blind to the next player.
 *
 * So "the button moves one position", which is the next seat clockwise unless somebody was
 * seated or busted in between: the button never skips a player who is owed it, and nobody
 * escapes the big blind. A player who sits down between the small blind and the button is not
 * dealt in until the button passes him (TDA 2017 r7, r9; IP r24-2); `positions` lists him in
 * `waiting`. Heads-up the small blind is the button and the big blind still moves to the next
 * player, so nobody gets the big blind twice in a row (TDA 2017 r34, IP r42).
 *
 * IP 2008 r41-4 (Table.buttonRule `ip-2008`, the IP preset): "Wanneer zich een 'dode
 * button'-situatie voordoet, zal de 'dealerbutton' zodanig verplaatst worden dat aan zoveel
 * mogelijk spelers gedeeld kan worden, op voorwaarde dat de bestaande speler nog steeds een
 * volledige reeks blinds kan inzetten voordat hij de 'dealerbutton' krijgt." A dead button
 * arises (r41-3) when a new player sits between the small blind and the button: the button
 * then moves forward onto the last of them (the occupied seat just before the small blind), so
 * every newcomer is dealt in at once; the big blind still moves one player, and the player who
 * would have had the button pays a full set of blinds before he gets it. When the button lies
 * on the empty seat of a busted player nobody more can be dealt in by moving it backwards
 * without giving a player the button twice, so it stays there (the TDA dead button).
 */
import { EngineError } from '../errors.js';
import type { Rng } from '../random.js';
import {
  putTable,
  requireSeat,
  requireSeated,
  requireTable,
  tablesInOpenOrder,
  type DealerState,
  type EntryId,
  type Room,
  type Table,
  type TableId,
} from './room.js';

/** The seats of the next hand to be dealt at a table. */
export interface Positions {
  readonly button: number;
  readonly smallBlind: number;
  readonly bigBlind: number;
  /** First to act pre-flop: the first player dealt in after the big blind (heads-up: the button). */
  readonly utg: number;
  /** The button lies on an empty seat. */
  readonly deadButton: boolean;
  /** The small-blind seat is empty: only the big blind is posted. */
  readonly deadSmallBlind: boolean;
  /** Two players: the small blind is the button (TDA 2017 r34). */
  readonly headsUp: boolean;
  /** Occupied seats not dealt in: between the small blind and the button (TDA 2017 r7, r9). */
  readonly waiting: readonly number[];
}

const isOccupied = (table: Table, seat: number) => table.seats[seat - 1] != null;

/** Seats clockwise from `a` to `b` (0 when equal). */
export function clockwise(seatCount: number, a: number, b: number): number {
  return (((b - a) % seatCount) + seatCount) % seatCount;
}

/** The next occupied seat strictly after `seat`, clockwise (the seat itself after a full turn). */
function nextOccupied(table: Table, seat: number): number {
  const n = table.seats.length;
  for (let k = 1; k <= n; k++) {
    const s = ((seat - 1 + k) % n) + 1;
    if (isOccupied(table, s)) return s;
  }
  throw new Error('nextOccupied: empty table');
}

function previousOccupied(table: Table, seat: number): number {
  const n = table.seats.length;
  for (let k = 1; k <= n; k++) {
    const s = ((((seat - 1 - k) % n) + n) % n) + 1;
    if (isOccupied(table, s)) return s;
  }
  throw new Error('previousOccupied: empty table');
}

/**
 * The positions of the next hand, from the last hand's seats and who sits where now; null when
 * the button is unknown or fewer than two players sit at the table.
 */
export function positions(table: Table): Positions | null {
  const dealer = table.dealer;
  if (!dealer || table.players < 2) return null;
  const n = table.seats.length;
  const headsUp = table.players === 2;
  let button: number;
  let smallBlind: number;
  let bigBlind: number;
  if (dealer.kind === 'placed') {
    // IP r40: the button is put on a seat; the blinds are the next players after it.
    if (headsUp) {
      button = isOccupied(table, dealer.button) ? dealer.button : nextOccupied(table, dealer.button);
      smallBlind = button;
      bigBlind = nextOccupied(table, button);
    } else {
      button = dealer.button;
      smallBlind = nextOccupied(table, button);
      bigBlind = nextOccupied(table, smallBlind);
    }
  } else {
    // TDA 2017 r32: the big blind always moves to the next player.
    bigBlind = nextOccupied(table, dealer.bigBlind);
    if (headsUp) {
      // TDA 2017 r34: heads-up the small blind is the button.
      button = nextOccupied(table, bigBlind);
      smallBlind = button;
    } else {
      smallBlind = dealer.bigBlind;
      button = dealer.smallBlind;
      const toSmall = clockwise(n, button, smallBlind);
      const toBig = clockwise(n, smallBlind, bigBlind);
      if (toSmall === 0 || toBig === 0 || toSmall + toBig >= n) {
        // The big blind went round past the old blinds (players left and others sat down
        // behind them): keep the big blind moving forward and seat the small blind and the
        // button on the players before it.
        smallBlind = previousOccupied(table, bigBlind);
        button = previousOccupied(table, smallBlind);
      }
    }
  }
  if (!headsUp && table.buttonRule === 'ip-2008' && dealer.kind === 'played') {
    // IP r41-4: move the button forward onto the last player seated before the small blind.
    const last = previousOccupied(table, smallBlind);
    if (last !== bigBlind && clockwise(n, button, last) > 0 && clockwise(n, button, last) < clockwise(n, button, smallBlind)) button = last;
  }
  const waiting: number[] = [];
  if (!headsUp) {
    const gap = clockwise(n, button, smallBlind);
    for (let k = 1; k < gap; k++) {
      const s = ((button - 1 + k) % n) + 1;
      if (isOccupied(table, s)) waiting.push(s);
    }
  }
  let utg = button;
  if (!headsUp) {
    utg = nextOccupied(table, bigBlind);
    while (waiting.includes(utg)) utg = nextOccupied(table, utg);
  }
  return {
    button,
    smallBlind,
    bigBlind,
    utg,
    deadButton: !isOccupied(table, button),
    deadSmallBlind: !isOccupied(table, smallBlind),
    headsUp,
    waiting,
  };
}

/**
 * Whether a seated entry is dealt into the next hand at its table: false between the small
 * blind and the button (TDA 2017 r7), null when the button is unknown there.
 */
export function dealtInNextHand(room: Room, entryId: EntryId): boolean | null {
  const state = requireSeated(room, entryId);
  const p = positions(requireTable(room, state.tableId));
  return p ? !p.waiting.includes(state.seat) : null;
}

/**
 * HR house rule: "Igrač koji dođe s drugog stola i sjedne na poziciju small blind, propušta
 * ruku" - a player who comes from another table (a balance move or a table break) and sits down
 * on the small blind misses that hand. The small-blind seat of the next hand when its occupant
 * arrived from another table and no hand has been dealt there since; null otherwise.
 */
export function newcomerOnSmallBlind(room: Room, table: Table, p: Positions | null = positions(table)): number | null {
  if (!p || p.headsUp) return null;
  const entryId = table.seats[p.smallBlind - 1];
  if (!entryId) return null;
  const state = room.entries.get(entryId);
  if (state?.status !== 'seated' || (state.arrival.by !== 'balance' && state.arrival.by !== 'break')) return null;
  return state.arrival.hand === table.handsPlayed ? p.smallBlind : null;
}

/** Staff put the button on a seat for the next hand (at the start, after a redraw, a correction). */
export function setButton(room: Room, tableId: TableId, seat: number): Room {
  const table = requireTable(room, tableId);
  requireSeat(table, seat);
  return putTable(room, { ...table, dealer: { kind: 'placed', button: seat } });
}

/** IP 2008 r40: the button seat drawn at one table "is applied to all tournament tables". */
export function setButtonAllTables(room: Room, seat: number): Room {
  let next = room;
  for (const table of tablesInOpenOrder(room)) next = setButton(next, table.id, seat);
  return next;
}

/** Staff clear the button (unknown): balancing then names the rule instead of a seat. */
export function clearButton(room: Room, tableId: TableId): Room {
  const table = requireTable(room, tableId);
  return putTable(room, { ...table, dealer: null });
}

/**
 * A hand is dealt at the table: the positions of `positions(table)` become the last hand, and
 * the hand counter goes up. Call it once per hand, when the hand starts (TDA 2017 r23: a hand
 * begins at the first riffle). With the button unknown only the hand counter moves.
 */
export function advanceButton(room: Room, tableId: TableId): Room {
  const table = requireTable(room, tableId);
  if (!table.dealer) return putTable(room, { ...table, handsPlayed: table.handsPlayed + 1 });
  const p = positions(table);
  if (!p) {
    throw new EngineError('not-enough-players', `Table ${table.number} has ${table.players} player(s); no hand can be dealt.`);
  }
  const dealer: DealerState = { kind: 'played', button: p.button, smallBlind: p.smallBlind, bigBlind: p.bigBlind };
  return putTable(room, { ...table, dealer, handsPlayed: table.handsPlayed + 1 });
}

// ---------------------------------------------------------------------------------------------
// High card for the button (IP 2008 r27, r40, r49).

export type Suit = 's' | 'h' | 'd' | 'c';
/** IP 2008 r27: spades, hearts, diamonds, clubs, from high to low. */
export const SUIT_ORDER: readonly Suit[] = ['s', 'h', 'd', 'c'];

export interface Card {
  /** 2..14, the ace high. */
  readonly rank: number;
  readonly suit: Suit;
}

const RANK_CODES = '23456789TJQKA';

/** `As`, `Td`, `2c`. */
export function cardCode(card: Card): string {
  return `${RANK_CODES[card.rank - 2]}${card.suit}`;
}

/** Positive when `a` beats `b`: higher rank first, then the suit (IP r27). */
export function compareCards(a: Card, b: Card): number {
  return a.rank !== b.rank ? a.rank - b.rank : SUIT_ORDER.indexOf(b.suit) - SUIT_ORDER.indexOf(a.suit);
}

export function newDeck(): Card[] {
  const deck: Card[] = [];
  for (const suit of SUIT_ORDER) for (let rank = 14; rank >= 2; rank--) deck.push({ rank, suit });
  return deck;
}

export interface ButtonDraw {
  /** One card per seat, dealt in seat order from seat 1, with its code for display. */
  readonly dealt: readonly { readonly seat: number; readonly card: Card; readonly code: string }[];
  /** The seat of the highest card: the button. */
  readonly buttonSeat: number;
}

/**
 * Deals one card to each seat from seat 1 off a deck shuffled with the injected Rng; the
 * highest card by rank, then suit, gets the button (IP 2008 r40, r49-2a).
 */
export function drawForButton(seats: readonly number[], rng: Rng): ButtonDraw {
  if (seats.length === 0 || seats.length > 52) {
    throw new EngineError('invalid-draw', 'The button draw needs 1-52 seats.', 'invalid');
  }
  const deck = rng.shuffle(newDeck());
  const ordered = [...seats].sort((a, b) => a - b);
  const dealt = ordered.map((seat, i) => ({ seat, card: deck[i]!, code: cardCode(deck[i]!) }));
  let best = dealt[0]!;
  for (const d of dealt) if (compareCards(d.card, best.card) > 0) best = d;
  return { dealt, buttonSeat: best.seat };
}
