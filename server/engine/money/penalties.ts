/**
 * Penalty sizes (RULES.md "Penalties").
 *
 * - TDA 2017 r71 / PPN r71: verbal warning, missed hand(s), missed round(s), disqualification.
 *   "For missed rounds, the offender will miss one hand for every player (including him or
 *   her) at the table when the penalty is given multiplied by the number of penalty rounds."
 * - IP 2008 r9-2 b(i) gives rounds of one to four; b(ii): "De toernooistaf zal straffen
 *   opleggen van telkens tien minuten" - time-outs in steps of ten minutes.
 * - HR house rules: folding out of turn costs three missed hands.
 *
 * Hand penalties are served in hands: a player on penalty is dealt in and blinded (TDA r71,
 * IP r17), so the engine counts hands down; time-outs are durations the caller schedules.
 */
import { EngineError } from '../errors.js';
import { MINUTE_MS } from '../structure.js';

/** HR house rules: a fold out of turn costs three missed hands. */
export const HR_FOLD_OUT_OF_TURN_HANDS = 3;

/**
 * IP r45-2: a player who deliberately dodges his blinds or antes when changing seats misses one
 * round once seated: one hand per player at his (new) table, himself included (TDA 2017 r71's
 * round), e.g. 7 at a 7-handed table.
 */
export function blindDodgeHands(playersAtTable: number): number {
  return missedHands({ kind: 'rounds', rounds: 1, playersAtTable });
}

/** IP r9-2 b(ii): time-outs are given in steps of this many minutes. */
export const IP_TIME_OUT_STEP_MINUTES = 10;

export type HandPenalty =
  | { kind: 'hands'; hands: number }
  | {
      kind: 'rounds';
      rounds: number;
      /** Players at the offender's table when the penalty is given, the offender included. */
      playersAtTable: number;
    };

function wholeAtLeast(value: number, min: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new EngineError('invalid-penalty', `${what} must be a whole number of at least ${min} (got ${String(value)}).`, 'invalid');
  }
}

/**
 * Hands the offender misses. A round is one hand per player at the table when the penalty is
 * given, offender included (TDA 2017 r71), times the rounds: 2 rounds at a 7-handed table = 14.
 * The count is fixed when given; players leaving the table later do not shorten it.
 */
export function missedHands(penalty: HandPenalty): number {
  if (penalty.kind === 'hands') {
    wholeAtLeast(penalty.hands, 1, 'Missed hands');
    return penalty.hands;
  }
  wholeAtLeast(penalty.rounds, 1, 'Missed rounds');
  wholeAtLeast(penalty.playersAtTable, 2, 'Players at the table');
  return penalty.rounds * penalty.playersAtTable;
}

/**
 * An IP r9 time-out as a duration in ms. `minutes` must be a positive multiple of
 * `stepMinutes` (IP: 10; RuleValues.timeOutStepMinutes); throws `invalid-penalty` otherwise,
 * e.g. for 15 minutes.
 */
export function timeOutMs(minutes: number, stepMinutes: number = IP_TIME_OUT_STEP_MINUTES): number {
  wholeAtLeast(stepMinutes, 1, 'The time-out step');
  if (!Number.isSafeInteger(minutes) || minutes < stepMinutes || minutes % stepMinutes !== 0) {
    throw new EngineError('invalid-penalty', `A time-out is given in steps of ${stepMinutes} minutes (got ${String(minutes)}).`, 'invalid');
  }
  return minutes * MINUTE_MS;
}
