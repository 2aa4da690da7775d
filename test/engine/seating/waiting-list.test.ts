/**
 * The waiting list (active entries without a seat, in registration order) is kept from the last
 * one as entries change (tables/views.ts): here checked by hand through a registration, a bust,
 * its undo and the draw, before and after which the whole field waits.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyCommand, parseCommand } from '../../../server/engine/apply.js';
import { createTournamentState, type TournamentState } from '../../../server/engine/state.js';
import { lazyRng } from '../../../server/engine/random.js';
import { seatingView } from '../../../server/engine/tables/views.js';
import { sampleTournament } from '../../../server/sample.js';

let now = 1_000_000;
function run(state: TournamentState, command: Record<string, unknown>): TournamentState {
  now += 1000;
  return applyCommand(state, parseCommand(command), { now, rng: lazyRng(`w${now}`) }).state;
}
const waiting = (s: TournamentState) => seatingView(s).waiting.map((w) => w.entryId);

describe('the waiting list', () => {
  it('follows registrations, a bust and its undo (back in his place in the line), and empties at the draw', () => {
    let s = createTournamentState('w', sampleTournament(), now);
    for (const name of ['Ann', 'Bob', 'Cas', 'Dirk']) s = run(s, { type: 'entry.add', name });
    assert.deepEqual(waiting(s), ['e1', 'e2', 'e3', 'e4']);
    s = run(s, { type: 'clock.start' });
    s = run(s, { type: 'entry.bust', entryIds: ['e2'] });
    assert.deepEqual(waiting(s), ['e1', 'e3', 'e4'], 'a busted player leaves the line');
    s = run(s, { type: 'entry.add', name: 'Eva' });
    assert.deepEqual(waiting(s), ['e1', 'e3', 'e4', 'e5']);
    s = run(s, { type: 'entry.undoBust', entryId: 'e2' });
    assert.deepEqual(waiting(s), ['e1', 'e2', 'e3', 'e4', 'e5'], 'back in play, in registration order');
    assert.equal(seatingView(s).waiting.find((w) => w.entryId === 'e2')?.name, 'Bob');
    s = run(s, { type: 'table.add' });
    s = run(s, { type: 'seating.draw' });
    assert.deepEqual(waiting(s), []);
  });
});
