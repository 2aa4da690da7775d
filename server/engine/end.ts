/**
 * The end of the night (issue 23): a tournament is over when one entry is left in play and has
 * been crowned (entries/busts.ts `crownIfLast`), or when a deal ended play (entries/floor.ts
 * `applyDeal` with `endsPlay`). It is over in the same command's effect: this follow-up stops
 * the clock, and `clock.status` reads `finished` in every topic, route and list (views.ts,
 * routes/tournaments.ts). An undo of what ended it (the last bust, the deal) reopens it: the
 * clock gets back the status and the time left it had at the end (a running clock runs on from
 * there, not from the wall clock).
 *
 * Play commands after the end are refused with `tournament-finished` and change nothing.
 */
import { remainingAt, type ClockState } from './clock.js';
import { EngineError } from './errors.js';
import type { ApplyContext, Outcome } from './commands/types.js';
import type { CommandType } from '../protocol/commands.js';
import type { TournamentState } from './state.js';
import { ledger } from './entries/ledger.js';
import { entryTotals } from './entries/totals.js';
import { nameOf } from './entries/registration.js';

/** Whether play is over: the last entry in play holds 1st place, or a deal ended play. */
export function isOver(state: TournamentState): boolean {
  const e = ledger(state);
  if (e.deal?.endsPlay || e.seatsWon) return true;
  // From the counted totals (entries/totals.ts), not a walk of the field: this runs after every command.
  const t = entryTotals(e.entries);
  return t.active <= 1 && t.placed.has(1);
}

/** The tournament as the lists show it: finished once over (the clock says so, one source). */
export function isFinished(state: TournamentState): boolean {
  return state.clock.status === 'finished';
}

/** Stops the clock for good at `now`, keeping what an undo needs to put it back. */
export function finishClock(clock: ClockState, now: number): ClockState {
  if (clock.status === 'finished') return clock;
  return { ...clock, status: 'finished', endsAt: null, remainingMs: remainingAt(clock, now), finishedAt: now, finishedFrom: clock.status };
}

/** Puts a finished clock back as it stood at the end; a running one runs on from the time it had left. */
export function reopenClock(clock: ClockState, now: number): ClockState {
  const { finishedAt: _at, finishedFrom, ...rest } = clock;
  const status = finishedFrom ?? 'paused';
  return status === 'running' ? { ...rest, status, endsAt: now + clock.remainingMs } : { ...rest, status, endsAt: null };
}

/** Follow-up after every command (apply.ts): finishes or reopens the tournament as the field says. */
export function endFollowUp(state: TournamentState, ctx: ApplyContext): Outcome {
  const over = isOver(state);
  if (over === (state.clock.status === 'finished')) return { state, events: [] };
  // No event of its own: the command that ended it says so (`tournament.won`, `deal.applied`).
  return { state: { ...state, clock: over ? finishClock(state.clock, ctx.now) : reopenClock(state.clock, ctx.now) }, events: [] };
}

/**
 * Commands that play on, refused once the tournament is over: the clock, registration, busts,
 * chips, hand-for-hand, deals, penalties and absences. Undoing the last bust or the deal, the
 * payouts of a finished night, seating and the stream stay open.
 */
const CLOSED_AT_END: ReadonlySet<CommandType> = new Set<CommandType>([
  'clock.start', 'clock.pause', 'clock.resume', 'clock.adjust', 'level.next', 'level.previous', 'level.set',
  'entry.add', 'entry.reenter', 'entry.rebuy', 'entry.addon', 'entry.bust', 'alternate.add',
  'chips.set', 'chips.count', 'chips.colorUp',
  'handForHand.start', 'handForHand.nextHand', 'handForHand.stop',
  'deal.propose', 'deal.apply', 'penalty.add', 'entry.absent', 'entry.removeAbsent', 'day.end',
]);

/** Throws `tournament-finished` for a play command once the tournament is over. */
export function refuseAfterEnd(state: TournamentState, type: string): void {
  if (state.clock.status !== 'finished' || !CLOSED_AT_END.has(type as CommandType)) return;
  const e = ledger(state);
  const winner = e.entries.find((x) => x.status === 'active' && x.place === 1);
  const how = e.seatsWon
    ? 'play stopped at the seats; undo the last bust to reopen it.'
    : e.deal?.endsPlay
      ? 'a deal ended play; undo the deal to reopen it.'
      : `${winner ? nameOf(e, winner) : 'the last player'} has won it; undo the last bust to reopen it.`;
  throw new EngineError('tournament-finished', `The tournament is over: ${how}`);
}
