/**
 * Balancing tables and halting play (TDA 2017 r10, TDA 2024 r11, IP 2008 r25, PPN r11).
 *
 * `checkBalance` looks at the player counts after a bust or an entry and suggests ONE move;
 * the TD confirms it and the shell applies it with `applyMove`. Repeat until balanced.
 *
 * Which table gives a player ("a predetermined procedure", TDA 2017 r10C) - ours, documented
 * and configurable with `sourceTable`:
 * - from a fullest table; among ties the one that breaks next in the posted break order
 *   (`next-to-break`, default: its players have to move anyway, so taking one now saves a
 *   move later) or the lowest table number (`lowest-number`);
 * - to the shortest table that has a usable free seat; among ties the one that breaks last in
 *   the posted order, so the moved player is the least likely to move again soon.
 *
 * Which player and which seat (TDA 2017 r10A): "the player to be big blind next moves to the
 * worst position, including single big blind if available, even if that means the seat is the
 * big blind twice. Worst position is never the small blind." The worst position is the free
 * seat where the newcomer has to post the big blind soonest: the seat that makes him the next
 * big blind if there is one ("the big blind if available"), otherwise the free seat closest
 * after the big blind (PPN r11A: "de eerst beschikbare plaats na de big blind"), and never a
 * seat that would make him the small blind. Seats between the button and the small blind come
 * last (he would sit out a hand there). If the only free seats would make him the small
 * blind, no move is suggested for that table (`blocked`): after one more hand the seat is
 * behind the button and the check suggests it.
 *
 * HR house rule (`balanceMove: 'utg'`): "Kada Floor manager prebacuje igrača na drugi stol,
 * prebacuje onog igrača koji je UTG", except a player who recently came from another table and
 * the chip leader; we then take the next player clockwise after UTG (never a blind). If every
 * candidate is excepted, UTG moves anyway.
 */
import type { RuleValues } from '../presets.js';
import { clockwise, positions, type Positions } from './button.js';
import type { Move } from './moves.js';
import {
  capacity,
  freeSeats,
  seatLabel,
  seatedAt,
  tableLabel,
  tableIndex,
  type EntryId,
  type Room,
  type Table,
  type TableId,
} from './room.js';

export type SourceTablePolicy = 'next-to-break' | 'lowest-number';

/**
 * What the balance reads besides the room and the rules, as the rules set it: the chip counts
 * only where the player moved is chosen by them (the HR exception to the UTG move: the chip
 * leader stays). A view that caches the balance keys its cache on these inputs (tables/views.ts),
 * so it never has to know which rule reads what.
 */
export function balanceReads(rules: Pick<RuleValues, 'balanceMove'>): { chips: boolean } {
  return { chips: rules.balanceMove === 'utg' };
}

export interface BalanceOptions {
  /** Chip counts by entry, for the HR chip-leader exception; missing counts are fine. */
  chips?: ReadonlyMap<EntryId, number>;
  /** How the table a player is taken from is chosen (see the file comment). */
  sourceTable?: SourceTablePolicy;
  /**
   * Whether short tables halt (TDA 2017 r10D: full-table events; 6-handed and turbo events at
   * the TD's discretion). Default: tables of 7 or more seats.
   */
  halting?: boolean;
  /**
   * HR rule: an arrival from another table counts as recent for this many hands at its new
   * table (default: one orbit, the table's seat count).
   */
  recentArrivalHands?: number;
}

export type WorstSeatPosition = 'big-blind' | 'closest-to-big-blind';

export interface BalanceSuggestion {
  /** Ready to apply; when `exact` is false it holds the first candidates and the TD may change them (planMove). */
  readonly move: Move;
  /** false when the button is unknown at either table: the TD picks following `instruction`. */
  readonly exact: boolean;
  readonly rule: string;
  /** The instruction for the floor, naming the rule-book procedure. */
  readonly instruction: string;
  readonly player: 'big-blind-next' | 'utg' | 'td-choice';
  readonly seat: WorstSeatPosition | 'td-choice';
  /** The entries and seats the TD may choose from when `exact` is false (else just the move's). */
  readonly candidates: { readonly entryIds: readonly EntryId[]; readonly seats: readonly number[] };
  /** HR rule: players passed over, and why. */
  readonly passedOver: readonly { readonly entryId: EntryId; readonly reason: 'recent-arrival' | 'chip-leader' }[];
  /** Why these two tables (the predetermined procedure). */
  readonly tables: string;
}

export interface BalanceCheck {
  /** Player counts differ by no more than the tolerance. */
  readonly balanced: boolean;
  readonly most: number;
  readonly fewest: number;
  /** Tables where play stops until a player arrives (TDA 2017 r10D), without waived ones. */
  readonly halted: readonly TableId[];
  /** Tables that would halt but the TD waived it. */
  readonly waived: readonly TableId[];
  readonly suggestion?: BalanceSuggestion;
  /** Unbalanced, yet no move can be suggested now. */
  readonly blocked?: { readonly reason: 'small-blind-only' | 'no-free-seat'; readonly tableIds: readonly TableId[] };
}

const RULE_TDA = 'TDA 2017 r10A (TDA 2024 r11A, IP 2008 r25-2a, PPN r11A)';
const RULE_HR = 'HR house rules (balancing moves the UTG player)';
const PROBE = '\u0000probe';

/**
 * The worst position for a newcomer at `table` (file comment); null when every free seat would
 * make him the small blind or no seat is free; `unknown` when the button is unknown (or nobody
 * sits there, so no seat is worse than another).
 */
export function worstSeat(table: Table): { seat: number; position: WorstSeatPosition } | null | 'unknown' {
  const free = freeSeats(table);
  if (free.length === 0) return null;
  if (!table.dealer || table.players === 0) return 'unknown';
  const n = table.seats.length;
  const now = positions(table);
  // Visit free seats clockwise from just after the small blind: the big-blind gap comes first.
  const start = now ? now.smallBlind : 0;
  const ordered = [...free].sort((a, b) => clockwise(n, start, a) - clockwise(n, start, b));
  let best: { seat: number; rank: number } | null = null;
  for (const seat of ordered) {
    const seats = table.seats.slice();
    seats[seat - 1] = PROBE;
    const p = positions({ ...table, seats, players: table.players + 1 });
    if (!p || p.smallBlind === seat) continue; // never the small blind
    const rank = p.bigBlind === seat ? 0 : clockwise(n, p.bigBlind, seat);
    if (!best || rank < best.rank) best = { seat, rank };
  }
  if (!best) return null;
  return { seat: best.seat, position: best.rank === 0 ? 'big-blind' : 'closest-to-big-blind' };
}

interface PlayerChoice {
  entryId: EntryId;
  seat: number;
  exact: boolean;
  candidates: EntryId[];
  passedOver: { entryId: EntryId; reason: 'recent-arrival' | 'chip-leader' }[];
}

/** HR exceptions at the source table: recent arrivals from other tables and the chip leader. */
function exceptions(room: Room, table: Table, options: BalanceOptions): Map<EntryId, 'recent-arrival' | 'chip-leader'> {
  const out = new Map<EntryId, 'recent-arrival' | 'chip-leader'>();
  const recentHands = options.recentArrivalHands ?? table.seats.length;
  let top = -Infinity;
  for (const { entryId } of seatedAt(table)) {
    const state = room.entries.get(entryId);
    if (state?.status === 'seated' && (state.arrival.by === 'balance' || state.arrival.by === 'break')) {
      if (table.handsPlayed - state.arrival.hand < recentHands) out.set(entryId, 'recent-arrival');
    }
    const chips = options.chips?.get(entryId);
    if (chips !== undefined && chips > top) top = chips;
  }
  // The chip leader is the biggest known stack at the table; unknown stacks cannot be compared.
  // Equal stacks (the start of play) make nobody the chip leader.
  const leaders = top > -Infinity ? seatedAt(table).filter(({ entryId }) => options.chips?.get(entryId) === top) : [];
  if (leaders.length < table.players) {
    for (const { entryId } of leaders) if (!out.has(entryId)) out.set(entryId, 'chip-leader');
  }
  return out;
}

function choosePlayer(room: Room, source: Table, rules: RuleValues, options: BalanceOptions): PlayerChoice {
  const seated = seatedAt(source);
  const p: Positions | null = positions(source);
  if (rules.balanceMove === 'big-blind-next') {
    if (p) {
      const entryId = source.seats[p.bigBlind - 1]!;
      return { entryId, seat: p.bigBlind, exact: true, candidates: [entryId], passedOver: [] };
    }
    const first = seated[0]!;
    return { ...first, exact: false, candidates: seated.map((s) => s.entryId), passedOver: [] };
  }
  const except = exceptions(room, source, options);
  if (p) {
    const n = source.seats.length;
    const order = seated
      .filter((s) => s.seat !== p.smallBlind && s.seat !== p.bigBlind && !p.waiting.includes(s.seat))
      .sort((a, b) => clockwise(n, p.utg, a.seat) - clockwise(n, p.utg, b.seat));
    const passedOver: PlayerChoice['passedOver'] = [];
    for (const s of order) {
      const reason = except.get(s.entryId);
      if (!reason) return { ...s, exact: true, candidates: [s.entryId], passedOver };
      passedOver.push({ entryId: s.entryId, reason });
    }
    const utg = source.seats[p.utg - 1]!;
    return { entryId: utg, seat: p.utg, exact: true, candidates: [utg], passedOver: [] };
  }
  const allowed = seated.filter((s) => !except.has(s.entryId));
  const pool = allowed.length > 0 ? allowed : seated;
  return { ...pool[0]!, exact: false, candidates: pool.map((s) => s.entryId), passedOver: [] };
}

/**
 * Checks the player counts and, when they differ by more than `rules.balanceTolerance`
 * (at least 1: counts cannot always divide evenly), suggests one move. Never changes the room.
 */
export function checkBalance(room: Room, rules: RuleValues, options: BalanceOptions = {}): BalanceCheck {
  const { breaking: tables, kinds } = tableIndex(room);
  if (tables.length === 0) return { balanced: true, most: 0, fewest: 0, halted: [], waived: [] };
  // The counts by kind of table: this runs after every registration and bust, and the tables
  // are walked only when some are short enough to halt or to need a move.
  let most = -1;
  let fewest = Infinity;
  for (const kind of kinds.values()) {
    if (kind.players > most) most = kind.players;
    if (kind.players < fewest) fewest = kind.players;
  }
  const halted: TableId[] = [];
  const waived: TableId[] = [];
  if ((options.halting ?? rules.seatsPerTable > 6) && most - fewest >= rules.haltShortBy) {
    // TDA 2017 r10D: "Full-table play will halt on tables 3 or more players short of the table
    // with the most players" (haltShortBy).
    for (const t of tables) {
      // An empty table has no play to halt: it is broken, not halted.
      if (t.players > 0 && most - t.players >= rules.haltShortBy) {
        (room.haltWaivers.includes(t.id) ? waived : halted).push(t.id);
      }
    }
  }
  const tolerance = Math.max(1, rules.balanceTolerance);
  if (most - fewest <= tolerance) return { balanced: true, most, fewest, halted, waived };

  // Source: a fullest table, by the predetermined procedure.
  let source: Table | null = null;
  for (const t of tables) {
    if (t.players !== most) continue;
    if (!source) source = t;
    else if (options.sourceTable === 'lowest-number' && t.number < source.number) source = t;
  }
  // Destinations: at least two players fewer than the source (else moving changes nothing),
  // a free seat; shortest first, then the one breaking last.
  const ranked: { table: Table; breakIndex: number }[] = [];
  tables.forEach((table, breakIndex) => {
    if (table.players <= most - 2 && capacity(table) > table.players) ranked.push({ table, breakIndex });
  });
  const targets = ranked
    .sort((a, b) => a.table.players - b.table.players || b.breakIndex - a.breakIndex)
    .map((r) => r.table);
  if (!source || targets.length === 0) {
    const full = tables.filter((t) => t.players <= most - 2).map((t) => t.id);
    return { balanced: false, most, fewest, halted, waived, blocked: { reason: 'no-free-seat', tableIds: full } };
  }
  const blockedSb: TableId[] = [];
  for (const target of targets) {
    const ws = worstSeat(target);
    if (ws === null) {
      blockedSb.push(target.id);
      continue;
    }
    const player = choosePlayer(room, source, rules, options);
    const seats = ws === 'unknown' ? freeSeats(target) : [ws.seat];
    const exact = player.exact && ws !== 'unknown';
    const move: Move = {
      kind: 'balance',
      entryId: player.entryId,
      from: { tableId: source.id, seat: player.seat },
      to: { tableId: target.id, seat: seats[0]! },
      status: 'announced',
    };
    const tieRule = options.sourceTable === 'lowest-number' ? 'the lowest table number' : 'the next to break in the posted order';
    return {
      balanced: false,
      most,
      fewest,
      halted,
      waived,
      suggestion: {
        move,
        exact,
        rule: rules.balanceMove === 'utg' ? RULE_HR : RULE_TDA,
        instruction: instruction(rules, source, target, player, ws, exact),
        player: player.exact ? (rules.balanceMove === 'utg' ? 'utg' : 'big-blind-next') : 'td-choice',
        seat: ws === 'unknown' ? 'td-choice' : ws.position,
        candidates: { entryIds: player.candidates, seats },
        passedOver: player.passedOver,
        tables:
          `From ${tableLabel(source)} (${source.players} players, the most; ties: ${tieRule}) ` +
          `to ${tableLabel(target)} (${target.players} players, the fewest; ties: the last to break).`,
      },
    };
  }
  return { balanced: false, most, fewest, halted, waived, blocked: { reason: 'small-blind-only', tableIds: blockedSb } };
}

function instruction(
  rules: RuleValues,
  source: Table,
  target: Table,
  player: PlayerChoice,
  ws: { seat: number; position: WorstSeatPosition } | 'unknown',
  exact: boolean,
): string {
  if (exact && ws !== 'unknown') {
    const role = rules.balanceMove === 'utg' ? 'UTG' : 'big blind next';
    const seatName = ws.position === 'big-blind' ? 'the big blind' : 'the free seat closest to the big blind';
    return `Move entry ${player.entryId} (${role}, ${seatLabel(source, player.seat)}) to ${seatLabel(target, ws.seat)}, ${seatName}.`;
  }
  const who =
    rules.balanceMove === 'utg'
      ? `the UTG player at ${tableLabel(source)} (not a player who recently arrived from another table, not the chip leader)`
      : `the player due for the big blind next at ${tableLabel(source)}`;
  const where = `the seat in the worst position at ${tableLabel(target)}: the big blind if free, otherwise the free seat closest after it, never the small blind`;
  const unknown = [player.exact ? null : tableLabel(source), ws === 'unknown' ? tableLabel(target) : null]
    .filter(Boolean)
    .join(' and ');
  return `Button unknown at ${unknown}: move ${who} to ${where}. Proposed: entry ${player.entryId} from ${seatLabel(source, player.seat)}.`;
}
