/**
 * The `seating` and `moves` topics, and `floorCall`: what the floor must do next, derived from
 * the room alone (seating/index.ts wiring: the break check first, then balancing). Nothing here
 * is stored; the balance suggestion is shown until a command applies it, never applied silently.
 */
import type { MovesView, PlannedMoveView, SeatingView, SeatPlace, SuggestionView, TableView } from '../../protocol/seating.js';
import {
  applyMove,
  capacity,
  checkBalance,
  checkBreak,
  positions,
  tablesInBreakOrder,
  tablesInOpenOrder,
  type BalanceCheck,
  type BalanceOptions,
  type BreakDecision,
  type Room,
  type SeatRef,
} from '../seating/index.js';
import { rulesOf, type RuleValues } from '../presets.js';
import { newcomersSittingOut } from '../seating/newcomers.js';
import { balanceReads } from '../seating/balance.js';
import type { TournamentState } from '../state.js';
import type { PlayerClockView } from '../../protocol/stream.js';
import { playerClockView } from '../stream/views.js';
import { loadRoom, seatingOf } from './state.js';
import { changedPlayers } from '../entries/players.js';
import { activeCount } from '../entries/ledger.js';
import { changesSince, entryAt } from '../entries/totals.js';
import type { Entry } from '../entries/model.js';
import { noteLines } from '../speed/views-changes.js';
import { slot } from '../speed/slots.js';
import { memoryKey, ViewMemory } from '../speed/view-memory.js';

export interface FloorCall {
  room: Room;
  /** A table break or the final table due now (TDA 2017 r9, r11); `none` otherwise. */
  decision: BreakDecision;
  balance: BalanceCheck;
}

const calls = slot<object, { call: FloorCall; entries: object }>('floor call');

/**
 * The break decision and the balance check. Before the first draw there is nothing to call:
 * an empty room would "fit at the final table" and a few seats assigned by hand would look
 * unbalanced.
 */

/** The newcomer rules a table line reads (seating/newcomers.ts); '' when none applies (TDA). */
function newcomerKey(state: TournamentState): string {
  const r = rulesOf(state.settings);
  return r.newcomerOnSmallBlindSitsOut || r.newcomerSitsOut === 'small-blind-and-button' ? `${r.newcomerOnSmallBlindSitsOut}:${r.newcomerSitsOut}` : '';
}
export function floorChecks(
  room: Room,
  rules: RuleValues,
  drawn: boolean,
  options: BalanceOptions = {},
): { decision: BreakDecision; balance: BalanceCheck } {
  if (!drawn || room.tables.size === 0) {
    return { decision: { kind: 'none', reason: 'The seat draw has not been made.' }, balance: { balanced: true, most: 0, fewest: 0, halted: [], waived: [] } };
  }
  // Both look at every table: once per room (a command that does not move anyone reuses them).
  const plain = Object.keys(options).length === 0;
  const known = plain ? checks.get(room) : undefined;
  if (known && known.rules === rules) return known.result;
  const result = { decision: checkBreak(room, room.seatedCount, rules), balance: checkBalance(room, rules, options) };
  if (plain) checks.set(room, { rules, result });
  return result;
}

const checks = slot<Room, { rules: RuleValues; result: { decision: BreakDecision; balance: BalanceCheck } }>('floor checks');

/**
 * Chip counts of the seated entries, for a balance that reads them (seating/balance.ts
 * balanceReads: the HR exception to the UTG move, "ako je riječ o igraču koji ima najviše
 * žetona (chip leader)").
 */
export function seatedChips(state: TournamentState, room: Room): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of state.entries.entries) if (e.status === 'active' && room.entries.has(e.id)) out.set(e.id, e.chips);
  return out;
}

/**
 * The break decision and the balance check for the room now (cached per seating state, and per
 * entries state too where the balance reads chip counts: balanceReads).
 */
export function floorCall(state: TournamentState): FloorCall {
  const seating = seatingOf(state);
  const byChips = balanceReads(state.settings.rules).chips;
  const cached = calls.get(seating);
  if (cached && (!byChips || cached.entries === state.entries)) return cached.call;
  const room = loadRoom(seating);
  const call = { room, ...floorChecks(room, state.settings.rules, seating.drawn, byChips ? { chips: seatedChips(state, room) } : {}) };
  calls.set(seating, { call, entries: state.entries });
  return call;
}

/** Entry id → player name. */
export function playerNames(state: TournamentState): Pick<ReadonlyMap<string, string>, 'get'> {
  // Looked up one entry at a time: a list of every name would cost the whole field per command.
  return { get: (entryId: string) => playerOf(state, entryId)?.name };
}

function place(room: Room, ref: SeatRef): SeatPlace {
  return { tableId: ref.tableId, table: room.tables.get(ref.tableId)?.number ?? 0, seat: ref.seat };
}

function withPlayerClock(state: TournamentState, tableId: string, names: Pick<ReadonlyMap<string, string>, 'get'>): { playerClock?: PlayerClockView } {
  const playerClock = playerClockView(state, tableId, names);
  return playerClock ? { playerClock } : {};
}

const NO_WAITING: SeatingView['waiting'] = [];

/** A waiting-list line, made once per (entry, player) objects (the diff then compares references). */
const waitingItems = new WeakMap<object, { player: unknown; item: SeatingView['waiting'][number] }>();

function waitingItem(entry: { id: string }, player: { name: string } | undefined): SeatingView['waiting'][number] {
  const known = waitingItems.get(entry);
  if (known && known.player === player) return known.item;
  const item = { entryId: entry.id, name: player?.name ?? null };
  waitingItems.set(entry, { player, item });
  return item;
}

/** The last waiting list made, and what it was made from. */
const LAST_WAITING = memoryKey<{ room: Room; list: readonly Entry[]; players: TournamentState['entries']['players']; waiting: SeatingView['waiting'] }>('waiting list');

/**
 * Active entries without a seat, in registration order. Before the draw that is the whole
 * field, so a registration must not walk it: from the last list, in the same room, only the
 * entries that changed are looked at (a new entry joins the end, a busted one leaves).
 */
function waitingList(state: TournamentState, room: Room, memory: ViewMemory): SeatingView['waiting'] {
  const list = state.entries.entries;
  const players = state.entries.players;
  const waits = (x: Entry) => x.status === 'active' && !room.entries.get(x.id);
  const prev = memory.get(LAST_WAITING);
  let waiting: SeatingView['waiting'] | null = null;
  if (prev && prev.room === room) {
    const changed = changesSince(prev.list, list);
    const names = changedPlayers(prev.players, players);
    if (changed && names && [...names].every((id) => prev.players.get(id) === undefined)) {
      const gone = new Set<string>();
      const joined: SeatingView['waiting'] = [];
      let ok = true;
      for (const i of changed) {
        const x = list[i]!;
        const was = prev.list[i];
        if (was === undefined) {
          if (waits(x)) joined.push(waitingItem(x, players.get(x.playerId)));
        } else if (waits(was) !== waits(x) || was.playerId !== x.playerId) {
          // Back in play without a seat: his place in the line is in the middle; made whole.
          if (!waits(was) || was.playerId !== x.playerId) ok = false;
          else gone.add(x.id);
        }
      }
      if (ok) {
        const kept = gone.size ? prev.waiting.filter((w) => !gone.has(w.entryId)) : prev.waiting;
        waiting = joined.length || gone.size ? [...kept, ...joined] : prev.waiting;
        if (!gone.size && joined.length) noteLines(waiting, prev.waiting, joined.map((_, k) => kept.length + k));
      }
    }
  }
  waiting ??= list.filter(waits).map((x) => waitingItem(x, players.get(x.playerId)));
  memory.set(LAST_WAITING, { room, list, players, waiting });
  return waiting;
}

/** A table's view, made once per (table, seated players, halt, waiver, player clock) objects. */
const tableViews = new WeakMap<object, { deps: unknown[]; view: TableView }>();
/** The players record the last seating view was made with. */
const LAST_PLAYERS = memoryKey<TournamentState['entries']['players']>('seating players');
/** The tables of the last seating view, and what all their lines read. */
const LAST_TABLES = memoryKey<{ order: readonly object[]; views: TableView[]; halted: string; waivers: string; clocks: unknown; hr: string }>('seating tables');

function playerOf(state: TournamentState, entryId: string | null) {
  if (!entryId) return undefined;
  const entry = entryAt(state.entries.entries, entryId);
  return entry ? state.entries.players.get(entry.playerId) : undefined;
}

/**
 * The posted break order as table numbers, made once per order: a table keeps its number while
 * it is open, and opening or closing one makes a new order. The same list from one command to
 * the next is also what lets the publisher skip it without comparing 1,000 numbers.
 */
const breakNumberLists = slot<readonly string[], number[]>('break order numbers');

function breakNumbers(room: Room): number[] {
  let numbers = breakNumberLists.get(room.breakOrder);
  if (!numbers) {
    numbers = tablesInBreakOrder(room).map((t) => t.number);
    breakNumberLists.set(room.breakOrder, numbers);
  }
  return numbers;
}

/** The seating topic, cached per (seating, entries, player clocks) objects. */
const seatingViews = slot<object, { entries: unknown; players: unknown; settings: unknown; clocks: unknown; view: SeatingView }>('seating view');

export function seatingView(state: TournamentState, memory: ViewMemory = new ViewMemory()): SeatingView {
  const seating = seatingOf(state);
  const cached = seatingViews.get(seating);
  if (cached && cached.clocks === state.playerClocks && cached.settings === state.settings) {
    if (cached.entries === state.entries) return cached.view;
    // Entries changed but nobody was renamed, moved or unseated (a chip count): the same view,
    // unless the balance reads chip counts (its declared inputs, balanceReads).
    if (
      !balanceReads(state.settings.rules).chips &&
      cached.players === state.entries.players &&
      cached.view.waiting === NO_WAITING &&
      activeCount(state.entries) === loadRoom(seating).seatedCount
    ) {
      seatingViews.set(seating, { ...cached, entries: state.entries });
      return cached.view;
    }
  }
  const { room, balance } = floorCall(state);
  const names = playerNames(state);
  // Players who changed (not only joined) since the last view: their tables need a look.
  const players = state.entries.players;
  const lastPlayers = memory.get(LAST_PLAYERS);
  const changed = lastPlayers ? changedPlayers(lastPlayers, players) : null;
  const renamed = changed !== null && [...changed].some((id) => lastPlayers!.get(id) !== undefined);
  memory.set(LAST_PLAYERS, players);
  const lastTables = memory.get(LAST_TABLES);
  const order = tablesInOpenOrder(room);
  const hr = newcomerKey(state);
  // Nothing that every table's line reads changed since the last view (nobody renamed, the
  // same halts, waivers and player clocks): a table object that is the same keeps its line, so
  // a bust looks again only at its own table, without a lookup per table.
  const prev =
    lastTables && changed && !renamed && lastTables.halted === balance.halted.join() && lastTables.waivers === room.haltWaivers.join() && lastTables.clocks === state.playerClocks && lastTables.hr === hr
      ? lastTables
      : null;
  // The positions whose line was made anew (all of them without a last view to start from).
  const remade: number[] = [];
  const tables: TableView[] = order.map((t, i) => {
    if (prev && prev.order[i] === t) return prev.views[i]!;
    remade.push(i);
    return tableView(t);
  });
  if (prev && prev.order.length <= order.length && remade.length <= order.length - prev.order.length + 64) noteLines(tables, prev.views, remade);
  memory.set(LAST_TABLES, { order, views: tables, halted: balance.halted.join(), waivers: room.haltWaivers.join(), clocks: state.playerClocks, hr });

  function tableView(t: (typeof order)[number]): TableView {
    const halted = balance.halted.includes(t.id);
    const waived = room.haltWaivers.includes(t.id);
    const clock = state.playerClocks?.[t.id];
    const known = tableViews.get(t);
    const hrNewcomer = newcomerKey(state);
    // Same table object, nobody renamed: its players are the same people with the same names.
    if (known && changed && !renamed && known.deps[1] === halted && known.deps[2] === waived && known.deps[3] === clock && known.deps[4] === hrNewcomer) return known.view;
    const deps: unknown[] = [t, halted, waived, clock, hrNewcomer, ...t.seats.map((entryId) => playerOf(state, entryId))];
    if (known && known.deps.length === deps.length && known.deps.every((d, i) => d === deps[i])) return known.view;
    const p = positions(t);
    // HR house rules: newcomers on the small blind (and, read from the Croatian r7/r9, the button)
    // miss that hand (seating/newcomers.ts).
    const sitsOut = hrNewcomer ? newcomersSittingOut(room, t, rulesOf(state.settings), p) : [];
    const view: TableView = {
      id: t.id,
      number: t.number,
      players: t.players,
      capacity: capacity(t),
      seats: t.seats.map((entryId, i) => {
        const seat = i + 1;
        const seatView: TableView['seats'][number] = { seat, entryId, name: entryId ? (names.get(entryId) ?? null) : null };
        if (t.outOfUse.includes(seat)) seatView.outOfUse = true;
        if (entryId && (p?.waiting.includes(seat) || sitsOut.includes(seat))) seatView.waiting = true;
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
  }
  // Everyone in play is seated (the usual case once the draw is made): nobody waits.
  const active = activeCount(state.entries);
  const waiting = active === room.seatedCount ? NO_WAITING : waitingList(state, room, memory);
  const view: SeatingView = {
    drawn: seating.drawn,
    tables,
    breakOrder: breakNumbers(room),
    seated: room.seatedCount,
    waiting,
  };
  seatingViews.set(seating, { entries: state.entries, players: state.entries.players, settings: state.settings, clocks: state.playerClocks, view });
  return view;
}

/** "Table 7 → Table 3, seat 4: the player due for the big blind next". */
export function suggestionText(s: Pick<SuggestionView, 'from' | 'to' | 'player' | 'exact'>): string {
  const who =
    s.player === 'utg' ? 'the UTG player' : s.player === 'big-blind-next' ? 'the player due for the big blind next' : 'the player due for the big blind next (button unknown: TD picks)';
  return `Table ${s.from.table} → Table ${s.to.table}, seat ${s.to.seat}${s.exact ? '' : ' (or the worst free seat)'}: ${who}`;
}

/** Most moves a plan lists (a balance rarely needs more than a few; bounded work per change). */
export const PLAN_MAX = 30;

/**
 * The balance moves that follow the suggestion, as the room stands (issue 23: "a table 3 short
 * took four Apply taps", each shown only after the one before): each is the suggestion the
 * check makes once the ones before are carried out, so `balance.apply` takes them one by one
 * exactly as listed unless something else changes the room meanwhile. Stops at a move the TD
 * picks (its choice decides the next) and at PLAN_MAX.
 */
export function balancePlan(room: Room, rules: RuleValues, first: BalanceCheck['suggestion'], options: BalanceOptions, names: Pick<ReadonlyMap<string, string>, 'get'>): PlannedMoveView[] {
  const plan: PlannedMoveView[] = [];
  if (!first?.exact) return plan;
  let next = applyMove(room, first.move).room;
  for (let i = 0; i < PLAN_MAX; i++) {
    // A table break or the final table would come first: the floor call says so after this move.
    if (checkBreak(next, next.seatedCount, rules).kind !== 'none') break;
    const s = checkBalance(next, rules, options).suggestion;
    if (!s) break;
    plan.push({ entryId: s.move.entryId, name: names.get(s.move.entryId) ?? null, from: place(next, s.move.from), to: place(next, s.move.to), exact: s.exact, player: s.player });
    if (!s.exact) break;
    next = applyMove(next, s.move).room;
  }
  return plan;
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
  const plan = suggestion
    ? balancePlan(room, state.settings.rules, balance.suggestion, balanceReads(state.settings.rules).chips ? { chips: seatedChips(state, room) } : {}, names)
    : [];
  return {
    ...(resized ? { resized: { ...resized } } : {}),
    ...(plan.length ? { plan } : {}),
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
    undo: undo && undo.version === seatingOf(state).version ? { label: undo.label, type: undo.type, at: undo.at } : null,
  };
}
