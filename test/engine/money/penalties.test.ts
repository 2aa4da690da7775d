import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HR_FOLD_OUT_OF_TURN_HANDS, missedHands, timeOutMs, type HandPenalty } from '../../../server/engine/money/penalties.js';
import { EngineError } from '../../../server/engine/errors.js';

const code = (c: string) => (e: unknown) => e instanceof EngineError && e.code === c;

test('missedHands: TDA 2017 r71 - a round is one hand per player at the table, offender included', () => {
  const cases: Array<[HandPenalty, number]> = [
    [{ kind: 'hands', hands: 1 }, 1],
    [{ kind: 'hands', hands: HR_FOLD_OUT_OF_TURN_HANDS }, 3], // HR house rule: fold out of turn
    [{ kind: 'rounds', rounds: 1, playersAtTable: 9 }, 9],
    [{ kind: 'rounds', rounds: 2, playersAtTable: 7 }, 14],
    [{ kind: 'rounds', rounds: 4, playersAtTable: 6 }, 24], // IP r9-2 b(i): up to four rounds
  ];
  for (const [penalty, hands] of cases) assert.equal(missedHands(penalty), hands, JSON.stringify(penalty));
  for (const bad of [{ kind: 'hands', hands: 0 }, { kind: 'rounds', rounds: 1.5, playersAtTable: 9 }, { kind: 'rounds', rounds: 1, playersAtTable: 1 }] as HandPenalty[]) {
    assert.throws(() => missedHands(bad), code('invalid-penalty'));
  }
});

test('timeOutMs: IP r9-2 b(ii) - time-outs in steps of ten minutes', () => {
  const cases: Array<[minutes: number, step: number | undefined, ms: number | null]> = [
    [10, undefined, 600_000],
    [30, undefined, 1_800_000],
    [15, undefined, null],
    [0, undefined, null],
    [-10, undefined, null],
    [15, 5, 900_000],
  ];
  for (const [minutes, step, ms] of cases) {
    if (ms === null) assert.throws(() => timeOutMs(minutes, step), code('invalid-penalty'), `${minutes}`);
    else assert.equal(timeOutMs(minutes, step), ms);
  }
});
