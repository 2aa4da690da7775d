/**
 * The `seating` and `moves` topics, and `floorCall`: what the floor must do next, derived from
 * the room alone (seating/index.ts wiring: the break check first, then balancing). Nothing here
 * is stored; the balance suggestion is shown until a command applies it, never applied silently.
 */
import type { MovesView, SeatingView, SeatPlace, SuggestionView, TableView } from '../../protocol/seating.js';
import {
  capacity,
  checkBalance,
  checkBreak,
  positions,
  tablesInOpenOrder,
  type BalanceCheck,
  type BreakDecision,
  type Room,
  type SeatRef,
} from '../seating/index.js';
import type { RuleValues } from '../presets.js';
import type { TournamentState } from '../state.js';
import type { PlayerClockView } from '../../protocol/stream.js';
import { playerClockView } from '../stream/views.js';
import { loadRoom, seatingOf } from './state.js';
import { changedPlayers } from '../entries/players.js';

export interface FloorCall {
  room: Room;
  /** A table break or the final table due now (TDA 2017 r9, r11); `none` otherwise. */
  decision: BreakDecision;
  balance: BalanceCheck;
}

const calls = new WeakMap<object, FloorCall>();

/**
 * The break decision and the balance check. Before the first draw there is nothing to call:
 * an empty room would "fit at the final table" and a few seats assigned by hand would look
 * unbalanced.
 */
export function floorChecks(room: Room, rules: RuleValues, drawn: boolean): { decision: BreakDecision; balance: BalanceCheck } {
  if (!drawn || room.tables.size === 0) {
    return { decision: { kind: 'none', reason: 'The seat draw has not been made.' }, balance: { balanced: true, most: 0, fewest: 0, halted: [], waived: [] } };
  }
  return { decision: checkBreak(room, room.seatedCount, rules), balance: checkBalance(room, rules) };
}

/** The break decision and the balance check for the room now (cached per seating state). */
export function floorCall(state: TournamentState): FloorCall {
  const cached = calls.get(seatingOf(state));
  if (cached) return cached;
  const seating = seatingOf(state);
  const room = loadRoom(seating);
  const call = { room, ...floorChecks(room, state.settings.rules, seating.drawn) };
  calls.set(seatingOf(state), call);
  return call;
}

/** Entry id → player name. */
export function playerNames(state: TournamentState): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of state.entries.entries) {
    const name = state.entries.players[e.playerId]?.name;
    if (name !== undefined) out.set(e.id, name);
  }
  return out;
}

function place(room: Room, ref: SeatRef): SeatPlace {
  return { tableId: ref.tableId, table: room.tables.get(ref.tableId)?.number ?? 0, seat: ref.seat };
}

function withPlayerClock(state: TournamentState, tableId: string, names: ReadonlyMap<string, string>): { playerClock?: PlayerClockView } {
  const playerClock = playerClockView(state, tableId, names);
  return playerClock ? { playerClock } : {};
}

const NO_WAITING: SeatingView['waiting'] = [];

/** A table's view, made once per (table, seated players, halt, waiver, player clock) objects. */
const tableViews = new WeakMap<object, { deps: unknown[]; view: TableView }>();
/** The players record the last seating view was made with. */
let lastPlayers: TournamentState['entries']['players'] | null = null;

/** The entry with this id: ids are `e<n>` in registration order, so found at once (checked). */
function entryById(state: TournamentState, id: string): { playerId: string } | undefined {
  const list = state.entries.entries;
  const at = Number(id.slice(1)) - 1;
  const guess = Number.isInteger(at) ? list[at] : undefined;
  return guess?.id === id ? guess : list.find((e) => e.id === id);
}

function playerOf(state: TournamentState, entryId: string | null) {
  if (!entryId) return undefined;
  const entry = entryById(state, entryId);
  return entry ? state.entries.players[entry.playerId] : undefined;
}

/** The seating topic, cached per (seating, entries, player clocks) objects. */
const seatingViews = new WeakMap<object, { entries: unknown; clocks: unknown; view: SeatingView }>();

export function seatingView(state: TournamentState): SeatingView {
  const seating = seatingOf(state);
  const cached = seatingViews.get(seating);
  if (cached && cached.entries === state.entries && cached.clocks === state.playerClocks) return cached.view;
  const { room, balance } = floorCall(state);
  const names = { get: (entryId: string) => playerOf(state, entryId)?.name } as ReadonlyMap<string, string>;
  // Players who changed (not only joined) since the last view: their tables need a look.
  const players = state.entries.players;
  const changed = lastPlayers ? changedPlayers(lastPlayers, players) : null;
  const renamed = changed !== null && [...changed].some((id) => lastPlayers![id] !== undefined);
  lastPlayers = players;
  const tables: TableView[] = tablesInOpenOrder(room).map((t) => {
    const halted = balance.halted.includes(t.id);
    const waived = room.haltWaivers.includes(t.id);
    const clock = state.playerClocks?.[t.id];
    const known = tableViews.get(t);
    // Same table object, nobody renamed: its players are the same people with the same names.
    if (known && changed && !renamed && known.deps[1] === halted && known.deps[2] === waived && known.deps[3] === clock) return known.view;
    const deps: unknown[] = [t, halted, waived, clock, ...t.seats.map((entryId) => playerOf(state, entryId))];
    if (known && known.deps.length === deps.length && known.deps.every((d, i) => d === deps[i])) return known.view;
    const p = positions(t);
    const view: TableView = {
      id: t.id,
      number: t.number,
      players: t.players,
      capacity: capacity(t),
      seats: t.seats.map((entryId, i) => {
        const seat = i + 1;
        const seatView: TableView['seats'][number] = { seat, entryId, name: entryId ? (names.get(entryId) ?? null) : null };
        if (t.outOfUse.includes(seat)) seatView.outOfUse = true;
        if (entryId && p?.waiting.includes(seat)) seatView.waiting = true;
        return seatView;
      }),
      button: p?.button ?? null,
      smallBlind: p?.smallBlind ?? null,
      bigBlind: p?.bigBlind ?? null,
      ...(p?.deadButton ? { deadButton: true as const } : {}),
      halted,
      haltWaived: waived,
      handsPlayed: t.handsPlayed,
      ...withPlayerClock(state, t.id, names),
    };
    tableViews.set(t, { deps, view });
    return view;
  });
  // Everyone in play is seated (the usual case once the draw is made): nobody waits.
  let active = 0;
  for (const e of state.entries.entries) if (e.status === 'active') active++;
  const waiting =
    active === room.seatedCount
      ? NO_WAITING
      : state.entries.entries.filter((e) => e.status === 'active' && !room.entries.get(e.id)).map((e) => ({ entryId: e.id, name: names.get(e.id) ?? null }));
  const view: SeatingView = {
    drawn: seating.drawn,
    tables,
    breakOrder: room.breakOrder.map((id) => room.tables.get(id)!.number),
    seated: room.seatedCount,
    waiting,
  };
  seatingViews.set(seating, { entries: state.entries, clocks: state.playerClocks, view });
  return view;
}

/** "Table 7 → Table 3, seat 4: the player due for the big blind next". */
export function suggestionText(s: Pick<SuggestionView, 'from' | 'to' | 'player' | 'exact'>): string {
  const who =
    s.player === 'utg' ? 'the UTG player' : s.player === 'big-blind-next' ? 'the player due for the big blind next' : 'the player due for the big blind next (button unknown: TD picks)';
  return `Table ${s.from.table} → Table ${s.to.table}, seat ${s.to.seat}${s.exact ? '' : ' (or the worst free seat)'}: ${who}`;
}

export function movesView(state: TournamentState): MovesView {
  const { room, decision, balance } = floorCall(state);
  const names = playerNames(state);
  let suggestion: SuggestionView | null = null;
  if (decision.kind === 'none' && balance.suggestion) {
    const s = balance.suggestion;
    const base = { from: place(room, s.move.from), to: place(room, s.move.to), player: s.player, exact: s.exact };
    suggestion = {
      entryId: s.move.entryId,
      name: names.get(s.move.entryId) ?? null,
      ...base,
      seat: s.seat,
      text: suggestionText(base),
      instruction: s.instruction,
      rule: s.rule,
      tables: s.tables,
      candidates: { entryIds: [...s.candidates.entryIds], seats: [...s.candidates.seats] },
    };
  }
  const breakTable = decision.kind === 'break' ? room.tables.get(decision.tableId)! : null;
  const { undo, finalTable, resized } = seatingOf(state);
  return {
    ...(resized ? { resized: { ...resized } } : {}),
    recent: seatingOf(state).moves.slice(-30).map((m) => ({ ...m, name: names.get(m.entryId) ?? null })),
    suggestion,
    blocked:
      decision.kind === 'none' && balance.blocked
        ? { reason: balance.blocked.reason, tables: balance.blocked.tableIds.map((id) => room.tables.get(id)?.number ?? 0) }
        : null,
    tableBreak:
      decision.kind === 'break' && breakTable
        ? { tableId: breakTable.id, table: breakTable.number, players: breakTable.players, reason: decision.reason }
        : null,
    finalTableCall: decision.kind === 'final-table' ? { size: decision.size, playersLeft: room.seatedCount, reason: decision.reason } : null,
    finalTable: finalTable
      ? { tableId: finalTable.tableId, table: finalTable.table, seats: finalTable.seats, buttonSeat: finalTable.buttonSeat, cards: finalTable.cards }
      : null,
    halted: balance.halted.map((id) => {
      const t = room.tables.get(id)!;
      return { tableId: id, table: t.number, players: t.players, most: balance.most };
    }),
    balanced: balance.balanced,
    undo: undo && undo.version === seatingOf(state).version ? { label: undo.label, at: undo.at } : null,
  };
}
