/**
 * Misdeals (`hand.misdeal`): the re-deal is the same hand.
 *
 * - TDA 2024 r35C (ONK): "De button blijft op dezelfde positie, er worden geen nieuwe spelers
 *   toegevoegd en de limieten blijven ongewijzigd. [...] Zowel de oorspronkelijke deal als de
 *   re-deal tellen voor een speler met straf als één hand en niet als twee afzonderlijke handen."
 * - PPN r35C: "Voor spelers die een penalty hadden tijdens de misdeal, geldt de re-deal en de
 *   misdeal als 1 hand, niet als 2 handen." TDA 2015 (Munkebjerg) r35: "Den oprindelige hånd og
 *   re-deal hånden tæller som én hånd"; TDA 2017 r35 (HR): "the re-deal is an exact re-play: the
 *   button does not move".
 *
 * A hand is counted by `hand.next` when it is dealt (TDA 2017 r23: a hand begins at the first
 * riffle). `hand.misdeal` takes back the last `hand.next` at the table: the button, the table's
 * hand count (and with it the MEC r9 hands left, days/end-of-day.ts) and the penalty hands served
 * go back to what they were before it (the served counts are kept with the hand when it is
 * dealt). So whether the floor taps it before or after tapping `hand.next` for the re-deal, the
 * misdeal and its re-deal count as one hand.
 *
 * "No hand in play" (`no-hand-in-play`, nothing changed): no `hand.next` was tapped at the table,
 * or the table changed since (a player moved, busted or joined; the button was set by hand; the
 * hand-for-hand hands move every button by themselves): there is no dealt hand to take back.
 */
import { EngineError } from '../errors.js';
import type { Outcome } from '../commands/types.js';
import type { TournamentState } from '../state.js';
import { getTable, positions, tablesInOpenOrder, type DealerState, type Room, type Table, type TableId } from '../seating/index.js';
import { putTable } from '../seating/room.js';
import type { Penalty } from '../entries/model.js';
import { loadRoom, seatingOf, withRoom, type SeatingState } from './state.js';

/** A table as it was before the last `hand.next` dealt there, and right after. */
export interface HandTaken {
  before: { dealer: DealerState | null; handsPlayed: number };
  /** The table's seats and button right after that `hand.next`: any change since voids the record. */
  after: { dealer: DealerState | null; handsPlayed: number; seats: (string | null)[] };
  /**
   * The hands served so far of each open hand penalty of a player seated there when the hand was
   * dealt, by penalty id: the hand serves at most one of each player's (entries/penalty-hands.ts),
   * and a misdeal gives back exactly the one it served.
   */
  served?: Record<string, number>;
}

function sameDealer(a: DealerState | null, b: DealerState | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The seating after `hand.next` moved the tables in `before` to `after`: one record per table
 * whose hand count went up (state.seating.handsTaken; absent in states stored before misdeals).
 */
export function recordHands(seating: SeatingState, before: Room, after: Room, penalties: readonly Penalty[], only?: TableId): SeatingState {
  const taken: Record<TableId, HandTaken> = { ...(seating.handsTaken ?? {}) };
  const open = penalties.filter((p) => !p.cleared && p.hands !== undefined);
  for (const t of only !== undefined ? [after.tables.get(only)!] : tablesInOpenOrder(after)) {
    const was = before.tables.get(t.id);
    if (!was || t.handsPlayed !== was.handsPlayed + 1) continue;
    const record: HandTaken = {
      before: { dealer: was.dealer, handsPlayed: was.handsPlayed },
      after: { dealer: t.dealer, handsPlayed: t.handsPlayed, seats: [...t.seats] },
    };
    const here = open.filter((p) => t.seats.includes(p.entryId));
    if (here.length) record.served = Object.fromEntries(here.map((p) => [p.id, p.served ?? 0]));
    taken[t.id] = record;
  }
  // Closed tables keep no record.
  for (const id of Object.keys(taken)) if (!after.tables.get(id)) delete taken[id];
  return { ...seating, handsTaken: taken };
}

function unchangedSince(table: Table, taken: HandTaken | undefined): taken is HandTaken {
  if (!taken) return false;
  const a = taken.after;
  return table.handsPlayed === a.handsPlayed && sameDealer(table.dealer, a.dealer) && table.seats.length === a.seats.length && table.seats.every((e, i) => e === a.seats[i]);
}

/**
 * The penalty hands the taken-back hand had served (entries/penalty-hands.ts): each penalty open
 * when it was dealt whose count went up by that one hand goes back to what it was, and is open
 * again if that hand had served it out. A penalty given or withdrawn (cleared short of its hands)
 * since stays as it is.
 */
function unserve(penalties: readonly Penalty[], servedBefore: Readonly<Record<string, number>> | undefined): Penalty[] | null {
  if (!servedBefore) return null;
  let changed = false;
  const next = penalties.map((p) => {
    const was = servedBefore[p.id];
    if (was === undefined || p.hands === undefined || (p.served ?? 0) !== was + 1) return p;
    if (p.cleared && (p.served ?? 0) < p.hands) return p;
    changed = true;
    const { cleared: _cleared, ...open } = p;
    return was < p.hands ? { ...open, served: was } : { ...p, served: was };
  });
  return changed ? next : null;
}

/** `hand.misdeal`: the hand dealt last at `tableId` is re-dealt (TDA 2017 r35 and the books above). */
export function misdeal(state: TournamentState, tableId: string): Outcome {
  const seating = seatingOf(state);
  const room = loadRoom(seating);
  const table = getTable(room, tableId);
  if (!table) throw new EngineError('unknown-table', `There is no open table "${tableId.slice(0, 40)}".`);
  const taken = seating.handsTaken?.[table.id];
  if (!unchangedSince(table, taken)) {
    throw new EngineError(
      'no-hand-in-play',
      `No hand is in play at table ${table.number} to re-deal: a misdeal re-deals the hand last dealt with "next hand", with the button where it was (TDA 2017 r35, PPN r35C), and the table has changed since or no hand was dealt there.`,
    );
  }
  const restored = putTable(room, { ...table, dealer: taken.before.dealer, handsPlayed: taken.before.handsPlayed });
  const { [table.id]: _gone, ...rest } = seating.handsTaken!;
  const nextSeating: SeatingState = { ...withRoom(seating, restored), handsTaken: rest };
  // The hand it served back to each player on penalty at this table (PPN r35C: misdeal + re-deal = 1 hand).
  const penalties = unserve(state.entries.penalties, taken.served);
  const entries = penalties ? { ...state.entries, penalties } : state.entries;
  const p = positions(restored.tables.get(table.id)!);
  return {
    state: { ...state, seating: nextSeating, entries },
    events: [],
    result: { tableId: table.id, table: table.number, hand: taken.before.handsPlayed + 1, button: p?.button ?? null },
  };
}
