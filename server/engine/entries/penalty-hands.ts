/**
 * Missed-hand penalties served in play (RULES.md "Penalties").
 *
 * - TDA 2017 r68, IP r67-5, TDA 2015: a penalty begins at the end of the current hand. A penalty
 *   is given during a hand, so the first hand he misses is the next one dealt at his table.
 * - TDA 2017 r71: a player on penalty is dealt in and blinded; the count is of hands dealt at
 *   his table (`hand.next` for that table or every table, and each hand-for-hand hand), wherever
 *   he sits: a move to another table carries the count on.
 *
 * Run after every command (apply.ts FOLLOW_UPS, after the seating follow-up that deals the
 * hand-for-hand hands): it compares the hands played at each penalised player's table before
 * and after the command. A penalty whose last hand was dealt is marked served (`cleared`) and
 * reported with `penalty.served`.
 */
import type { ApplyContext, EngineEvent, Outcome } from '../commands/types.js';
import type { TournamentState } from '../state.js';
import { seatOf } from '../seating/index.js';
import { loadRoom, seatingOf } from '../tables/state.js';
import type { Penalty } from './model.js';
import { nameOf } from './registration.js';

export function penaltyFollowUp(state: TournamentState, ctx: ApplyContext, before: TournamentState): Outcome {
  if (seatingOf(state) === seatingOf(before)) return { state, events: [] };
  const e = state.entries;
  const open = e.penalties.filter((p) => !p.cleared && p.hands !== undefined);
  if (open.length === 0) return { state, events: [] };
  const then = loadRoom(seatingOf(before));
  const now = loadRoom(seatingOf(state));
  const events: EngineEvent[] = [];
  const changed = new Map<string, Penalty>();
  // Hands dealt this command at each penalised player's table; one count per player, served
  // oldest penalty first.
  const dealt = new Map<string, number>();
  for (const p of open) {
    if (!dealt.has(p.entryId)) {
      const a = seatOf(then, p.entryId);
      const b = seatOf(now, p.entryId);
      const hands = a && b && a.tableId === b.tableId ? now.tables.get(b.tableId)!.handsPlayed - then.tables.get(a.tableId)!.handsPlayed : 0;
      dealt.set(p.entryId, Math.max(0, hands));
    }
    let left = dealt.get(p.entryId)!;
    if (left === 0) continue;
    const owed = p.hands! - (p.served ?? 0);
    const take = Math.min(owed, left);
    left -= take;
    dealt.set(p.entryId, left);
    const served = (p.served ?? 0) + take;
    const done = served >= p.hands!;
    changed.set(p.id, { ...p, served, ...(done ? { cleared: true } : {}) });
    if (done) {
      const entry = e.entries.find((x) => x.id === p.entryId);
      events.push({ type: 'penalty.served', entryId: p.entryId, name: entry ? nameOf(e, entry) : p.entryId, penaltyId: p.id, at: ctx.now });
    }
  }
  if (changed.size === 0) return { state, events: [] };
  return { state: { ...state, entries: { ...e, penalties: e.penalties.map((p) => changed.get(p.id) ?? p) } }, events };
}
