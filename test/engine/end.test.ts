/**
 * The end of the night (issue 23, server/engine/end.ts): the bust that leaves one player in play
 * finishes the tournament in that command's effect (the clock stops, status `finished`); an undo
 * of that bust reopens it exactly as it stood; play commands after the end are refused with
 * `tournament-finished`. Time is injected: T0 is the start, MIN a minute.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isFinished } from '../../server/engine/end.js';
import { TOPIC_VIEWS } from '../../server/engine/views.js';
import type { TournamentState } from '../../server/engine/state.js';
import { errorCode, MIN, run, T0, tick, tournament, withPlayers } from './entries/helpers.js';

/** Three players, the clock started at T0 (level 1: 20 minutes), P1 out at T0 + 5 min. */
function threeLeftTwo(): TournamentState {
  let s = withPlayers(tournament(), 3);
  s = run(s, { type: 'clock.start' }, T0).state;
  return run(s, { type: 'entry.bust', entryIds: ['e1'] }, T0 + 5 * MIN).state;
}

describe('the end: the last bust finishes the tournament', () => {
  it('the bust that leaves one player stops the clock with the time left at the bust', () => {
    const s = run(threeLeftTwo(), { type: 'entry.bust', entryIds: ['e2'] }, T0 + 7 * MIN).state;
    // Level 1 runs 20 min from T0; the bust at T0 + 7 min leaves 20 - 7 = 13 min.
    assert.equal(s.clock.status, 'finished');
    assert.equal(s.clock.remainingMs, 13 * MIN);
    assert.equal(s.clock.endsAt, null);
    assert.equal(isFinished(s), true);
    const view = TOPIC_VIEWS.clock(s);
    assert.deepEqual([view.status, view.startedAt, view.finishedAt, view.endsAt], ['finished', T0, T0 + 7 * MIN, undefined]);
  });

  it('time passing after the end changes nothing (no level change at the old boundary)', () => {
    const s = run(threeLeftTwo(), { type: 'entry.bust', entryIds: ['e2'] }, T0 + 7 * MIN).state;
    // The level would have ended at T0 + 20 min; an hour later the clock is as it was.
    const later = tick(s, T0 + 80 * MIN);
    assert.equal(later.clock, s.clock);
  });

  it('a disqualification that leaves one player finishes it too (TDA 2017 r71)', () => {
    const s = run(threeLeftTwo(), { type: 'penalty.add', entryId: 'e2', kind: 'disqualification' }, T0 + 9 * MIN).state;
    assert.deepEqual([s.clock.status, s.clock.remainingMs], ['finished', 11 * MIN], '20 - 9 = 11 min left');
  });

  it('two players left is not the end; nor is a structure that ran out', () => {
    assert.equal(threeLeftTwo().clock.status, 'running');
    let s = withPlayers(tournament(), 3);
    s = run(s, { type: 'clock.start' }, T0).state;
    // The default structure: 20 + 20 + 10 + 20 + 20 + 10 + 20 = 120 minutes.
    s = tick(s, T0 + 121 * MIN);
    assert.equal(s.clock.status, 'ended');
    assert.equal(isFinished(s), false);
  });
});

describe('the end: an undo of the last bust reopens it as it stood', () => {
  const cases: Array<{ name: string; pauseAt?: number; undoAt: number; status: string; endsAt: number | null; remainingMs: number }> = [
    // Running at the bust (T0 + 7 min, 13 min left): runs on from the undo with 13 min left.
    { name: 'a running clock runs on with the time it had left', undoAt: T0 + 30 * MIN, status: 'running', endsAt: T0 + 30 * MIN + 13 * MIN, remainingMs: 13 * MIN },
    // Paused at T0 + 6 min (14 min left), bust at T0 + 7 min: paused again with 14 min.
    { name: 'a paused clock is paused again with the same time', pauseAt: T0 + 6 * MIN, undoAt: T0 + 30 * MIN, status: 'paused', endsAt: null, remainingMs: 14 * MIN },
  ];
  for (const c of cases) {
    it(c.name, () => {
      let s = threeLeftTwo();
      if (c.pauseAt !== undefined) s = run(s, { type: 'clock.pause' }, c.pauseAt).state;
      s = run(s, { type: 'entry.bust', entryIds: ['e2'] }, T0 + 7 * MIN).state;
      s = run(s, { type: 'entry.undoBust', entryId: 'e2' }, c.undoAt).state;
      assert.equal(s.clock.status, c.status);
      assert.equal(s.clock.endsAt, c.endsAt);
      if (c.status !== 'running') assert.equal(s.clock.remainingMs, c.remainingMs);
      assert.equal(s.clock.finishedAt, undefined);
      assert.equal(isFinished(s), false);
      assert.equal(TOPIC_VIEWS.clock(s).finishedAt, undefined);
    });
  }
});

describe('the end: play commands after it are refused, nothing changes', () => {
  const over = run(threeLeftTwo(), { type: 'entry.bust', entryIds: ['e2'] }, T0 + 7 * MIN).state;
  const refused: Array<Record<string, unknown>> = [
    { type: 'entry.bust', entryIds: ['e3'] },
    { type: 'clock.pause' },
    { type: 'clock.resume' },
    { type: 'clock.start', override: true },
    { type: 'clock.adjust', seconds: 60 },
    { type: 'level.next' },
    { type: 'level.set', index: 1 },
    { type: 'entry.add', name: 'Late' },
    { type: 'chips.set', entryId: 'e3', chips: 60_000 },
    { type: 'handForHand.start' },
    { type: 'deal.propose' },
  ];
  for (const command of refused) {
    it(`${command.type as string}: tournament-finished`, () => {
      const before = JSON.stringify(over);
      assert.equal(errorCode(() => run(over, command, T0 + 8 * MIN)), 'tournament-finished');
      assert.equal(JSON.stringify(over), before);
    });
  }
  it('the undo of the last bust is still allowed', () => {
    assert.equal(run(over, { type: 'entry.undoBust', entryId: 'e2' }, T0 + 8 * MIN).state.clock.status, 'running');
  });
});

describe('the end: the results the screens show', () => {
  it('the field topic carries the final table, 1st first, only once it is over', () => {
    const two = threeLeftTwo();
    assert.equal(TOPIC_VIEWS.field(two).finalTable, undefined);
    const s = run(two, { type: 'entry.bust', entryIds: ['e2'] }, T0 + 7 * MIN).state;
    const table = TOPIC_VIEWS.field(s).finalTable!;
    assert.deepEqual(table.map((f) => [f.place, f.name]), [[1, 'P3'], [2, 'P2'], [3, 'P1']]);
    // Three buy-ins of 10.00 to the pool (the fee is the house's): 3 x 1,000 = 3,000 cents paid out in all.
    assert.equal(table.reduce((sum, f) => sum + f.prize, 0), 3_000);
  });
});
