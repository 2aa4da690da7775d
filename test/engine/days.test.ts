/**
 * Multi-day events: MEC r9 end of day ("Vijftien minuten voor het einde van de speeldag wordt het
 * nog te spelen aantal handen bepaald door een willekeurige speelkaart. Hiervoor worden de kaarten
 * 3 t/m 7 gebruikt."), bag and tag, and Day 2 from the Day 1 flights' survivors with their counts.
 * Stacks, pools and the duplicate policy worked out by hand below.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyCommand, parseCommand } from '../../server/engine/apply.js';
import { drawHandsCard } from '../../server/engine/days/end-of-day.js';
import { flightCarry } from '../../server/engine/days/day2.js';
import { lazyRng } from '../../server/engine/random.js';
import type { TournamentState } from '../../server/engine/state.js';
import type { FlightCarry } from '../../server/protocol/flights-commands.js';
import { entry, errorCode, field, MIN, payouts, run, runAll, T0, tournament } from './entries/helpers.js';
import { stateToJson } from '../../server/host/state-json.js';
import { snapshotRoom } from '../../server/engine/seating/index.js';

function flight(name: string, players: Array<[string, string?]>): TournamentState {
  let s = tournament({ settings: { lateRegistrationLevel: 1 } });
  s = { ...s, id: name.toLowerCase().replace(/\s+/g, '-'), settings: { ...s.settings, name } };
  for (const [player, country] of players) s = run(s, { type: 'entry.add', name: player, ...(country ? { country } : {}) }).state;
  return runAll(s, [{ type: 'table.add' }, { type: 'seating.draw' }, { type: 'clock.start' }]);
}

/** Plays the flight to its close: the card, one bust, the bag counts, the close at `closeAt`. */
function closeFlight(s: TournamentState, bust: string, counts: Record<string, number>, closeAt: number): TournamentState {
  s = run(s, { type: 'entry.bust', entryIds: [bust] }, closeAt - 20 * MIN).state;
  s = run(s, { type: 'day.end' }, closeAt - 15 * MIN).state;
  s = run(s, { type: 'day.bag', counts }, closeAt - MIN).state;
  return run(s, { type: 'day.close' }, closeAt).state;
}

describe('MEC r9: end of the day', () => {
  it('MEC r9: the card is one of the twenty cards 3 to 7 and sets that many hands; every number 3-7 can come up', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const card = drawHandsCard(lazyRng(i.toString(16).padStart(64, '0'))());
      assert.ok(card.rank >= 3 && card.rank <= 7, `rank ${card.rank}`);
      seen.add(card.rank);
    }
    assert.deepEqual([...seen].sort(), [3, 4, 5, 6, 7]);
  });

  it('MEC r9: every table plays exactly that many more hands, counted down with hand.next at that table; a replay draws the same card', () => {
    let s = flight('Day 1A', [['Anna'], ['Bob'], ['Cees']]);
    const out = run(s, { type: 'day.end' }, T0 + 100 * MIN);
    s = out.state;
    const { card, hands } = out.result as { card: string; hands: number };
    assert.equal(Number(card[0]), hands, `the card ${card} sets ${hands} hands`);
    assert.equal(field(s).day?.endOfDay?.tables[0]?.handsLeft, hands);
    assert.ok(out.events.some((e) => e.type === 'day.ending' && e.hands === hands));
    s = runAll(s, [{ type: 'hand.next', tableId: 't1' }, { type: 'hand.next', tableId: 't1' }], T0 + 102 * MIN);
    assert.equal(field(s).day?.endOfDay?.tables[0]?.handsLeft, hands - 2);
    assert.equal(field(s).day?.endOfDay?.done, false);
    for (let i = 2; i < hands + 2; i++) s = run(s, { type: 'hand.next', tableId: 't1' }, T0 + 103 * MIN).state;
    assert.equal(field(s).day?.endOfDay?.tables[0]?.handsLeft, 0, 'never below 0');
    assert.equal(field(s).day?.endOfDay?.done, true);
    // The same seed draws the same card (the log's seed is the command's).
    const again = applyCommand(flight('Day 1A', [['Anna'], ['Bob'], ['Cees']]), parseCommand({ type: 'day.end' }), { now: T0 + 100 * MIN, rng: lazyRng('00'.repeat(32)) });
    assert.equal((again.result as { card: string }).card, card);
    assert.equal(errorCode(() => run(s, { type: 'day.end' }, T0 + 104 * MIN)), 'day-already-ending');
  });

  it('bag and tag: every survivor gets a count before the day closes; the clock stops', () => {
    let s = flight('Day 1A', [['Anna'], ['Bob'], ['Cees']]);
    assert.equal(errorCode(() => run(s, { type: 'day.bag', counts: { e1: 30_000 } }, T0 + 90 * MIN)), 'day-not-ending');
    assert.equal(errorCode(() => run(s, { type: 'day.close' }, T0 + 90 * MIN)), 'day-not-ending');
    s = run(s, { type: 'day.end' }, T0 + 100 * MIN).state;
    const before = stateToJson(s);
    assert.equal(errorCode(() => run(s, { type: 'day.bag', counts: { e9: 30_000 } }, T0 + 110 * MIN)), 'unknown-entry');
    assert.equal(errorCode(() => run(s, { type: 'day.bag', counts: { e1: 0 } }, T0 + 110 * MIN)), 'invalid-command');
    assert.equal(stateToJson(s), before);
    s = run(s, { type: 'day.bag', counts: { e1: 30_000, e2: 18_000 } }, T0 + 110 * MIN).state;
    assert.equal(entry(s, 'e1').chips, 30_000, 'the bag count is the chip count');
    assert.equal(errorCode(() => run(s, { type: 'day.close' }, T0 + 111 * MIN)), 'not-bagged');
    s = run(s, { type: 'day.bag', counts: { e3: 12_000 } }, T0 + 111 * MIN).state;
    s = run(s, { type: 'day.close' }, T0 + 112 * MIN).state;
    assert.equal(s.clock.status, 'paused');
    assert.deepEqual(field(s).day && { bagged: field(s).day!.bagged, ids: field(s).day!.baggedIds, closed: field(s).day!.closed }, { bagged: 3, ids: ['e1', 'e2', 'e3'], closed: true });
    assert.equal(errorCode(() => run(s, { type: 'day.bag', counts: { e3: 11_000 } }, T0 + 113 * MIN)), 'day-closed');
  });
});

describe('Day 2 from the flights', () => {
  // Flight A (closes at 3:00): Anna 41,500 and Bob 12,000 survive, Dirk busts. Flight B (closes at
  // 2:30): Ánna (the same player, accent and case aside) 30,000 and Cees 25,000 survive, Eva busts.
  const flightA = () => closeFlight(flight('Day 1A', [['Anna'], ['Bob'], ['Dirk']]), 'e3', { e1: 41_500, e2: 12_000 }, T0 + 180 * MIN);
  const flightB = () => closeFlight(flight('Day 1B', [['ánna '], ['Cees'], ['Eva']]), 'e3', { e1: 30_000, e2: 25_000 }, T0 + 150 * MIN);
  const day2 = (rules: Record<string, unknown> = {}) => runAll(tournament({ settings: { rules } }), [{ type: 'table.add' }]);
  const carry = (): FlightCarry[] => [flightCarry(flightA()), flightCarry(flightB())];

  it('a flight feeds Day 2 only once closed', () => {
    const open = flight('Day 1C', [['X'], ['Y']]);
    assert.equal(errorCode(() => flightCarry(open)), 'flight-not-closed');
    assert.deepEqual(flightCarry(flightA()).survivors.map((x) => [x.name, x.chips]), [['Anna', 41_500], ['Bob', 12_000]]);
  });

  it('policy highest (default): Anna keeps her 41,500 from flight A, flight B\'s 30,000 leaves play; 3 players, 78,500 chips', () => {
    const out = run(day2(), { type: 'day2.import', flights: carry() }, T0 + 24 * 60 * MIN);
    const s = out.state;
    assert.deepEqual(s.entries.entries.map((x) => [s.entries.players.get(x.playerId)!.name, x.stack, x.fromFlight]), [
      ['Anna', 41_500, 'day-1a'],
      ['Bob', 12_000, 'day-1a'],
      ['Cees', 25_000, 'day-1b'],
    ]);
    assert.equal(field(s).totalChips, 78_500);
    assert.deepEqual((out.result as { dropped: unknown[] }).dropped, [{ name: 'ánna', flight: 'Day 1B', chips: 30_000, keptFrom: 'Day 1A' }]);
    // The pool is the flights' money: 3 + 3 buy-ins of 1,000 cents; the field is 6 entries.
    assert.equal(field(s).prizePool, 6_000);
    assert.equal(field(s).entries, 6);
    assert.equal(payouts(s).prizePool, 6_000);
    assert.deepEqual(field(s).day?.flights?.map((f) => [f.name, f.carried, f.dropped]), [['Day 1A', 2, 0], ['Day 1B', 1, 1]]);
  });

  it('seats are redrawn: every Day 2 player is seated by the import where tables are open', () => {
    const s = run(day2(), { type: 'day2.import', flights: carry() }, T0 + 24 * 60 * MIN).state;
    const seated = snapshotRoom(s.seating.room).tables.flatMap((t) => t.seats).filter(Boolean).sort();
    assert.deepEqual(seated, ['e1', 'e2', 'e3']);
    assert.equal(s.seating.drawn, true);
  });

  it('policy first: Anna keeps the stack of the flight that closed first (flight B, 30,000)', () => {
    const s = run(day2({ flightDuplicates: 'first' }), { type: 'day2.import', flights: carry() }, T0 + 24 * 60 * MIN).state;
    const anna = s.entries.entries.find((x) => s.entries.players.get(x.playerId)!.name.trim().toLowerCase() === 'ánna')!;
    assert.equal(anna.stack, 30_000);
    assert.equal(field(s).totalChips, 12_000 + 30_000 + 25_000);
  });

  it('policy refuse, a second import and a flight listed twice are refused and change nothing', () => {
    const refuse = day2({ flightDuplicates: 'refuse' });
    assert.equal(errorCode(() => run(refuse, { type: 'day2.import', flights: carry() })), 'duplicate-survivor');
    const [a] = carry();
    assert.equal(errorCode(() => run(day2(), { type: 'day2.import', flights: [a!, a!] })), 'invalid-command');
    const done = run(day2(), { type: 'day2.import', flights: carry() }).state;
    assert.equal(errorCode(() => run(done, { type: 'day2.import', flights: carry() })), 'day2-not-empty');
  });

  it('Day 2 resumes where the furthest flight stopped: flight A closed at 0:50 (item 4, 20:00 left), B at 0:55 (item 4, 15:00 left) -> item 4 with 15:00, idle', () => {
    const a = closeFlight(flight('Day 1A', [['Anna'], ['Bob'], ['Dirk']]), 'e3', { e1: 41_500, e2: 12_000 }, T0 + 50 * MIN);
    const b = closeFlight(flight('Day 1B', [['Cees'], ['Eva'], ['Fred']]), 'e3', { e1: 30_000, e2: 25_000 }, T0 + 55 * MIN);
    assert.deepEqual(flightCarry(a).clock, { index: 3, remainingMs: 20 * MIN });
    const out = run(day2(), { type: 'day2.import', flights: [flightCarry(a), flightCarry(b)] }, T0 + 24 * 60 * MIN);
    assert.deepEqual([out.state.clock.status, out.state.clock.index, out.state.clock.remainingMs], ['idle', 3, 15 * MIN]);
    assert.deepEqual((out.result as { resume: unknown }).resume, { index: 3, remainingMs: 15 * MIN });
    // Started, the level runs its 15 minutes from there.
    const started = run(out.state, { type: 'clock.start' }, T0 + 25 * 60 * MIN).state;
    assert.equal(started.clock.endsAt, T0 + 25 * 60 * MIN + 15 * MIN);
  });
});
