/**
 * The `payouts` topic (protocol/entries-views.ts PayoutsTopic): while the ladder follows the pool
 * it goes out as the template's shares and the pool, and screens work the amounts out with the
 * engine's rule (rules/payouts.ts). A registration then sends the new pool, not every place; a
 * bust in the money sends the one place paid. Amounts below are worked out by hand from the
 * default template for 28-36 entries (40 / 25 / 16 / 11 / 8 %), places below 1st rounded down
 * to 1.00 (100 cents), 1st gets the rest.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ViewTracker } from '../../server/host/view-tracker.js';
import { applyOps } from '../../server/protocol/ops.js';
import { screenViews } from '../../server/protocol/rules/payouts.js';
import { TOPICS, type WireViews } from '../../server/protocol/views.js';
import { TOPIC_VIEWS } from '../../server/engine/views.js';
import type { TournamentState } from '../../server/engine/state.js';
import { run, tournament, withPlayers } from '../engine/entries/helpers.js';

/** A screen: the snapshot and every patch as they arrive on the wire (JSON). */
function screen(state: TournamentState) {
  const tracker = new ViewTracker(state);
  let wire = JSON.parse(JSON.stringify(Object.fromEntries(TOPICS.map((t) => [t, TOPIC_VIEWS[t](state)])))) as Partial<WireViews>;
  return {
    /** Applies what `next` changed; returns the payouts operation as sent (or undefined). */
    step(next: TournamentState): Record<string, unknown> | undefined {
      const ops = tracker.update(next).map((o) => JSON.parse(o.json));
      wire = applyOps(wire, ops);
      return ops.find((o) => o.topic === 'payouts');
    },
    ladder: () => screenViews(wire).payouts!.places.map((p) => [p.amount, p.paid]),
  };
}

describe('the payouts topic', () => {
  it('a registration sends the new pool; the screen works out every amount as the engine does', () => {
    let s = withPlayers(tournament(), 30); // buy-in 10.00: pool 300.00
    const tv = screen(s);
    assert.deepEqual(tv.ladder(), [[12_000, false], [7_500, false], [4_800, false], [3_300, false], [2_400, false]]);
    s = run(s, { type: 'entry.add', name: 'P31' }).state; // pool 310.00
    assert.deepEqual(tv.step(s), { topic: 'payouts', fields: { prizePool: 31_000 } });
    // 25 % of 310.00 = 77.50 -> 77.00; 16 % = 49.60 -> 49.00; 11 % = 34.10 -> 34.00; 8 % = 24.80 -> 24.00.
    assert.deepEqual(tv.ladder(), [[12_600, false], [7_700, false], [4_900, false], [3_400, false], [2_400, false]]);
  });

  it('the first bust in the money locks the ladder and sends the one place paid', () => {
    let s = withPlayers(tournament(), 30);
    for (let i = 1; i <= 25; i++) s = run(s, { type: 'entry.bust', entryIds: [`e${i}`] }).state; // places 30..6
    const tv = screen(s);
    s = run(s, { type: 'entry.bust', entryIds: ['e26'] }).state; // 5th: 24.00
    // The place goes out whole: as a patch it would be no shorter.
    assert.deepEqual(tv.step(s), { topic: 'payouts', fields: { source: 'locked' }, put: { places: [{ place: 5, paid: true }] } });
    assert.deepEqual(tv.ladder(), [[12_000, false], [7_500, false], [4_800, false], [3_300, false], [2_400, true]]);
  });

  it('amounts the TD set go out as amounts', () => {
    let s = withPlayers(tournament(), 30);
    const tv = screen(s);
    s = run(s, { type: 'payouts.set', amounts: [20_000, 10_000] }).state;
    // The shares went away: the topic is sent whole, with the amounts.
    const op = tv.step(s)!;
    assert.match(JSON.stringify(op), /"source":"custom"/);
    assert.match(JSON.stringify(op), /"amount":20000/);
    assert.deepEqual(tv.ladder(), [[20_000, false], [10_000, false]]);
  });
});
