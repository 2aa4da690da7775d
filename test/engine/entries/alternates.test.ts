/**
 * Alternates (IP 2008 r15): an ordered list, seated first come first served when a seat frees
 * (r15-1), never with a smaller starting stack (r15-2), while late entrants under IP r16-4 lose
 * chips for the play they missed. Expected stacks worked out by hand below.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TournamentState } from '../../../server/engine/state.js';
import { entry, errorCode, field, lv, MIN, players, run, runAll, T0, tournament, withPlayers } from './helpers.js';
import { stateToJson } from '../../../server/host/state-json.js';
import { snapshotRoom } from '../../../server/engine/seating/index.js';

// Level 1 25/50, level 2 50/100 with a 10 ante, level 3 100/200 with a 25 ante; 20 minutes each.
const structure = [lv(25, 50), lv(50, 100, 20, 10, 'ante'), lv(100, 200, 20, 25, 'ante')];

/** IP 2008: one 6-seat table, sold out with 6 players, seats drawn, clock started at T0. */
function soldOut(preset: 'ip-2008' | 'tda-2024-onk' = 'ip-2008'): TournamentState {
  let s = withPlayers(tournament({ preset, structure, settings: { lateRegistrationLevel: 3 } }), 6);
  s = runAll(s, [{ type: 'table.add', seats: 6 }, { type: 'seating.draw' }, { type: 'clock.start' }]);
  return s;
}

const seated = (s: TournamentState, entryId: string) => snapshotRoom(s.seating.room).tables.some((t) => t.seats.includes(entryId));

describe('alternates (IP r15)', () => {
  it('IP r15-1: the list is kept in order and nobody is seated while every seat is taken', () => {
    let s = soldOut();
    const a = run(s, { type: 'alternate.add', name: 'Alt A' }, T0 + 45 * MIN);
    assert.deepEqual(a.result, { alternateId: 'a1', position: 1 });
    s = run(a.state, { type: 'alternate.add', name: 'Alt B', country: 'NL' }, T0 + 46 * MIN).state;
    assert.deepEqual(field(s).alternates, [
      { id: 'a1', name: 'Alt A', position: 1 },
      { id: 'a2', name: 'Alt B', position: 2 },
    ]);
    assert.equal(field(s).entries, 6, 'an alternate is no entry until seated');
  });

  it('IP r15-1 and r15-2: when a seat frees the first alternate is seated with the full starting stack, not the r16-4 late stack', () => {
    let s = soldOut();
    s = runAll(s, [{ type: 'alternate.add', name: 'Alt A' }, { type: 'alternate.add', name: 'Alt B' }], T0 + 45 * MIN);
    const out = run(s, { type: 'entry.bust', entryIds: ['e1'] }, T0 + 45 * MIN);
    s = out.state;
    // e7 is Alt A: the full 20,000, though two 20-minute periods are missed at 45 minutes.
    assert.equal(entry(s, 'e7').stack, 20_000);
    assert.equal(entry(s, 'e7').alternate, true);
    assert.equal(s.entries.players.get(entry(s, 'e7').playerId)!.name, 'Alt A');
    assert.ok(seated(s, 'e7'), 'the alternate takes the freed seat in the same command');
    assert.ok(out.events.some((e) => e.type === 'entry.added' && e.entryId === 'e7' && e.alternate === true));
    assert.deepEqual(field(s).alternates, [{ id: 'a2', name: 'Alt B', position: 1 }]);
    assert.equal(players(s).entries.find((x) => x.id === 'e7')!.alternate, true);
    // A late entrant at the same moment (a room with a free seat): 20,000 - (25+50) - (50+100 + 9 x 10) = 19,685.
    let late = withPlayers(tournament({ preset: 'ip-2008', structure, settings: { lateRegistrationLevel: 3 } }), 5);
    late = runAll(late, [{ type: 'table.add', seats: 6 }, { type: 'seating.draw' }, { type: 'clock.start' }]);
    late = run(late, { type: 'entry.add', name: 'Late' }, T0 + 45 * MIN).state;
    assert.equal(entry(late, 'e6').stack, 19_685);
  });

  it('an alternate takes a free seat at once when the room is not full', () => {
    let s = withPlayers(tournament({ preset: 'ip-2008', structure, settings: { lateRegistrationLevel: 3 } }), 5);
    s = runAll(s, [{ type: 'table.add', seats: 6 }, { type: 'seating.draw' }, { type: 'clock.start' }]);
    s = run(s, { type: 'alternate.add', name: 'Alt A' }, T0 + 45 * MIN).state;
    assert.equal(entry(s, 'e6').stack, 20_000);
    assert.equal(field(s).alternates, undefined);
  });

  it('rules.alternateStack late-stack: the tournament may give alternates the late stack instead', () => {
    let s = run(soldOut(), { type: 'settings.set', rules: { alternateStack: 'late-stack' } }).state;
    s = runAll(s, [{ type: 'alternate.add', name: 'Alt A' }, { type: 'entry.bust', entryIds: ['e1'] }], T0 + 45 * MIN);
    assert.equal(entry(s, 'e7').stack, 19_685);
  });

  it('every preset gives alternates a full stack (TDA 2017 r7, IP r15-2)', async () => {
    const { PRESETS } = await import('../../../server/engine/presets.js');
    for (const p of Object.values(PRESETS)) assert.equal(p.rules.alternateStack, 'full', p.id);
  });

  it('after registration closes nobody more is seated from the list, and no alternate can join', () => {
    let s = run(soldOut(), { type: 'alternate.add', name: 'Alt A' }, T0 + 10 * MIN).state;
    // Late registration ends with level 3 (60 minutes).
    s = run(s, { type: 'entry.bust', entryIds: ['e1'] }, T0 + 61 * MIN).state;
    assert.equal(field(s).entries, 6);
    assert.equal(field(s).alternates?.length, 1);
    assert.equal(errorCode(() => run(s, { type: 'alternate.add', name: 'Alt B' }, T0 + 62 * MIN)), 'registration-closed');
  });

  it('alternate.remove takes a player off the list; bad input is refused and changes nothing', () => {
    let s = runAll(soldOut(), [{ type: 'alternate.add', name: 'Alt A' }, { type: 'alternate.add', name: 'Alt B' }], T0 + MIN);
    const before = stateToJson(s);
    assert.equal(errorCode(() => run(s, { type: 'alternate.remove', alternateId: 'a9' }, T0 + MIN)), 'unknown-alternate');
    assert.equal(errorCode(() => run(s, { type: 'alternate.add', name: 'alt a' }, T0 + MIN)), 'alternate-exists');
    // An empty name is a bad name (schemas/names.ts), one code for every way a name is wrong.
    assert.equal(errorCode(() => run(s, { type: 'alternate.add', name: '' }, T0 + MIN)), 'invalid-name');
    assert.equal(stateToJson(s), before);
    s = run(s, { type: 'alternate.remove', alternateId: 'a1' }, T0 + MIN).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e2'] }, T0 + 2 * MIN).state;
    assert.equal(s.entries.players.get(entry(s, 'e7').playerId)!.name, 'Alt B', 'the next in line is seated');
  });

  it('a busted player may queue as an alternate to re-enter (TDA 2017 r7): seated in turn as his next entry, with a full stack', () => {
    let s = soldOut('tda-2024-onk');
    s = run(s, { type: 'alternate.add', name: 'Alt A' }, T0 + 5 * MIN).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e1'] }, T0 + 10 * MIN).state;
    assert.equal(s.entries.players.get(entry(s, 'e7').playerId)!.name, 'Alt A', 'first come, first served');
    const before = stateToJson(s);
    assert.equal(errorCode(() => run(s, { type: 'alternate.add', playerId: 'p2' }, T0 + 11 * MIN)), 'player-still-in-play');
    assert.equal(errorCode(() => run(s, { type: 'alternate.add', playerId: 'p99' }, T0 + 11 * MIN)), 'unknown-player');
    assert.equal(errorCode(() => run(s, { type: 'alternate.add', name: 'X', playerId: 'p1' }, T0 + 11 * MIN)), 'invalid-command');
    assert.equal(stateToJson(s), before);
    s = run(s, { type: 'alternate.add', playerId: 'p1' }, T0 + 11 * MIN).state;
    assert.deepEqual(field(s).alternates, [{ id: 'a2', name: 'P1', position: 1 }]);
    s = run(s, { type: 'entry.bust', entryIds: ['e2'] }, T0 + 12 * MIN).state;
    assert.deepEqual([entry(s, 'e8').playerId, entry(s, 'e8').n, entry(s, 'e8').alternate, entry(s, 'e8').stack], ['p1', 2, true, 20_000]);
    assert.ok(seated(s, 'e8'));
  });

  it('PPN r27: a player who used his one re-entry cannot queue as an alternate', () => {
    let s = withPlayers(tournament({ preset: 'ppn-2024', structure, settings: { lateRegistrationLevel: 3 } }), 6);
    s = runAll(s, [{ type: 'table.add', seats: 6 }, { type: 'seating.draw' }, { type: 'clock.start' }]);
    s = run(s, { type: 'entry.bust', entryIds: ['e1'] }, T0 + MIN).state;
    s = run(s, { type: 'entry.reenter', playerId: 'p1' }, T0 + 2 * MIN).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e7'] }, T0 + 3 * MIN).state;
    assert.equal(errorCode(() => run(s, { type: 'alternate.add', playerId: 'p1' }, T0 + 4 * MIN)), 'reentry-limit-reached');
  });
});
