/**
 * Property: after any sequence of entries, re-entries, rebuys, busts, undos, payouts,
 * colour-ups and disqualifications, the money adds up (money in = money paid + money left)
 * and every chip is accounted for (issued - removed = chips in play).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EngineError } from '../../../server/engine/errors.js';
import { activeEntries, payoutsInForce, pool, prizesAwarded } from '../../../server/engine/entries/ledger.js';
import type { TournamentState } from '../../../server/engine/state.js';
import { field, payouts, run, T0, tournament, withPlayers } from './helpers.js';

const op = fc.oneof(
  fc.record({ k: fc.constant('add' as const), name: fc.constantFrom('Ann', 'Bob', 'Cas', 'Dirk') }),
  fc.record({ k: fc.constant('reenter' as const), player: fc.nat(12), forfeit: fc.boolean() }),
  fc.record({ k: fc.constant('rebuy' as const), pick: fc.nat(50) }),
  fc.record({ k: fc.constant('bust' as const), picks: fc.array(fc.nat(50), { minLength: 1, maxLength: 3 }), tables: fc.array(fc.constantFrom('A', 'B'), { minLength: 3, maxLength: 3 }), chips: fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 3, maxLength: 3 }) }),
  fc.record({ k: fc.constant('undo' as const), pick: fc.nat(3) }),
  fc.record({ k: fc.constant('chips' as const), pick: fc.nat(50), chips: fc.integer({ min: 0, max: 200_000 }) }),
  fc.record({ k: fc.constant('payouts' as const), custom: fc.boolean() }),
  fc.record({ k: fc.constant('hfh' as const) }),
  fc.record({ k: fc.constant('colorUp' as const), pick: fc.nat(50), count: fc.nat(3) }),
  fc.record({ k: fc.constant('dq' as const), pick: fc.nat(50) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function command(s: TournamentState, o: Op): Record<string, unknown> | null {
  const active = activeEntries(s.entries);
  const pick = (n: number) => active[n % Math.max(1, active.length)]?.id ?? 'e1';
  switch (o.k) {
    case 'add': return { type: 'entry.add', name: o.name };
    case 'reenter': return { type: 'entry.reenter', playerId: `p${o.player + 1}`, forfeit: o.forfeit };
    case 'rebuy': return { type: 'entry.rebuy', entryId: pick(o.pick) };
    case 'bust': {
      const ids = [...new Set(o.picks.map(pick))];
      return { type: 'entry.bust', entryIds: ids, tables: Object.fromEntries(ids.map((id, i) => [id, o.tables[i]!])), startChips: Object.fromEntries(ids.map((id, i) => [id, o.chips[i]!])) };
    }
    case 'undo': return { type: 'entry.undoBust', entryId: s.entries.hands.at(-1)?.busts[o.pick % 3]?.entryId ?? s.entries.hands.at(-1)?.busts[0]?.entryId ?? 'e1' };
    case 'chips': return { type: 'chips.set', entryId: pick(o.pick), chips: o.chips };
    case 'payouts': {
      if (!o.custom) return { type: 'payouts.set', amounts: null };
      const p = pool(s).pool;
      return { type: 'payouts.set', amounts: [p - Math.floor(p / 3), Math.floor(p / 3)] };
    }
    case 'hfh': return s.entries.handForHand.active ? { type: 'handForHand.stop' } : { type: 'handForHand.start' };
    case 'colorUp': return { type: 'chips.colorUp', denomination: 25, leftovers: [{ entryId: pick(o.pick), count: o.count }] };
    case 'dq': return { type: 'penalty.add', entryId: pick(o.pick), kind: 'disqualification' };
  }
}

function check(s: TournamentState): void {
  const e = s.entries;
  const left = activeEntries(e).filter((x) => x.place === undefined);
  const inPool = pool(s).pool;
  const stillToPay = e.deal
    ? left.reduce((sum, x) => sum + e.deal!.amounts[x.id]!, 0) + (left.length ? e.deal.reserve : 0)
    : payoutsInForce(s).slice(0, left.length).reduce((a, b) => a + b, 0);
  assert.equal(prizesAwarded(e) + stillToPay, inPool, 'money in = money paid + money left');
  if (!e.payouts.locked) assert.equal(payoutsInForce(s).reduce((a, b) => a + b, 0), e.entries.length ? inPool : 0, 'the ladder adds up to the pool');
  const rebuyChips = e.entries.reduce((sum, x) => sum + x.rebuys, 0) * 10_000;
  const issued = e.entries.length * 20_000 + rebuyChips;
  const removed = e.removals.reduce((sum, r) => sum + r.chips, 0);
  assert.equal(field(s).totalChips, issued - removed, 'chips in play = stacks + rebuys - removed');
  assert.ok(field(s).totalChips >= 0);
  assert.equal(payouts(s).prizePool, inPool);
}

describe('entries: money and chips always add up', () => {
  it('holds after any sequence of commands (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.array(op, { maxLength: 40 }), (n, ops) => {
        let s = withPlayers(
          tournament({ settings: { chipSet: [25, 100, 500], rebuy: { price: 700, chips: 10_000, untilIndex: 3 }, lateRegistrationLevel: 5 } }),
          n,
        );
        check(s);
        ops.forEach((o, i) => {
          const c = command(s, o);
          if (!c) return;
          try {
            s = run(s, c, T0 + i).state;
          } catch (err) {
            if (!(err instanceof EngineError)) throw err;
          }
          check(s);
        });
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * Property: in a satellite (seats of 30.00 from 10.00 entries, the rest to the next place or
 * shared), after any sequence of busts (also several at different tables), undos, counts,
 * disqualifications and removals (each house rule for the prize), deals of the leftover cash (each
 * house rule) and their undos, the money adds up to the cent: pool = prizes paid + money still to
 * pay + prizes the house kept; once play stopped at the seats every seat winner holds a whole seat
 * (also when a seat passed down from a player who held one already).
 */
describe('satellites: money always adds up (fast-check)', () => {
  const sop = fc.oneof(
    fc.record({ k: fc.constant('bust' as const), picks: fc.array(fc.nat(50), { minLength: 1, maxLength: 3 }), tables: fc.array(fc.constantFrom('A', 'B'), { minLength: 3, maxLength: 3 }), chips: fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 3, maxLength: 3 }) }),
    fc.record({ k: fc.constant('undo' as const), pick: fc.nat(3) }),
    fc.record({ k: fc.constant('chips' as const), pick: fc.nat(50), chips: fc.integer({ min: 1, max: 100_000 }) }),
    fc.record({ k: fc.constant('hfh' as const) }),
    fc.record({ k: fc.constant('dq' as const), pick: fc.nat(50) }),
    fc.record({ k: fc.constant('deal' as const), tilt: fc.nat(100), byPlace: fc.boolean(), endsPlay: fc.boolean() }),
    fc.record({ k: fc.constant('undoDeal' as const) }),
    fc.record({ k: fc.constant('held' as const), pick: fc.nat(50) }),
  );
  type SOp = typeof sop extends fc.Arbitrary<infer T> ? T : never;

  function satCommand(s: TournamentState, o: SOp): Record<string, unknown> {
    const active = activeEntries(s.entries);
    const pick = (n: number) => active[n % Math.max(1, active.length)]?.id ?? 'e1';
    switch (o.k) {
      case 'deal': {
        // The leftover after the seats still to win, split two ways by `tilt` percent.
        const seatValue = s.settings.satellite!.seatValue;
        const seats = field(s).satellite!.seatsLeft;
        const ladder = payoutsInForce(s).slice(0, active.length).reduce((a, b) => a + b, 0);
        const left = ladder - Math.min(seats, active.length) * seatValue;
        const n = o.byPlace ? Math.max(1, active.length - seats) : Math.max(1, active.length);
        const first = Math.floor((left * o.tilt) / 100);
        const rest = Array.from({ length: n - 1 }, (_, i) => Math.floor((left - first) / (n - 1)) + (i === 0 ? (left - first) % (n - 1) : 0));
        const list = n === 1 ? [left] : [first, ...rest];
        return o.byPlace
          ? { type: 'deal.apply', amounts: {}, places: list, confirmed: true, ...(o.endsPlay ? { endsPlay: true } : {}) }
          : { type: 'deal.apply', amounts: Object.fromEntries(active.map((x, i) => [x.id, list[i] ?? 0])), confirmed: true, ...(o.endsPlay ? { endsPlay: true } : {}) };
      }
      case 'undoDeal': return { type: 'deal.undo' };
      case 'held': return { type: 'satellite.seatHeld', entryId: pick(o.pick), held: true };
      default: return command(s, o)!;
    }
  }

  function satCheck(s: TournamentState): void {
    const e = s.entries;
    const left = activeEntries(e).filter((x) => x.place === undefined);
    const ladder = payoutsInForce(s).slice(0, left.length).reduce((a, b) => a + b, 0);
    const dealt = left.reduce((a, x) => a + (e.deal?.amounts[x.id] ?? 0), 0) + (left.length && e.deal ? e.deal.reserve : 0);
    const kept = e.entries.reduce((a, x) => a + (x.forfeited ?? 0), 0);
    assert.equal(prizesAwarded(e) + ladder + dealt + kept, pool(s).pool, 'pool = paid + still to pay + kept by the house');
    const seatValue = s.settings.satellite!.seatValue;
    for (const id of e.seatsWon?.entries ?? []) {
      const x = e.entries.find((y) => y.id === id)!;
      assert.ok((x.prize ?? 0) >= seatValue, `${id} holds a whole seat`);
    }
    if (e.seatsWon) assert.equal(s.clock.status, 'finished');
  }

  it('holds after any sequence of commands, under every house rule', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 14 }),
        fc.constantFrom('next-place', 'shared'),
        fc.constantFrom('no-seat', 'everyone'),
        fc.constantFrom('keep', 'next-place', 'house'),
        fc.constantFrom('share-cash', 'bigger-stack', 'play-off'),
        fc.constantFrom('pass-down', 'pay-value'),
        fc.array(sop, { maxLength: 40 }),
        (n, remainder, satelliteDealCash, disqualifiedPrize, satelliteLastSeat, satelliteSeatHeld, ops) => {
          let s = withPlayers(
            tournament({ settings: { buyIn: 1_000, fee: 100, lateRegistrationLevel: null, satellite: { seatValue: 3_000, remainder }, rules: { satelliteDealCash, disqualifiedPrize, satelliteLastSeat, satelliteSeatHeld } } }),
            n,
          );
          satCheck(s);
          ops.forEach((o, i) => {
            try {
              s = run(s, satCommand(s, o), T0 + i * 1_000).state;
            } catch (err) {
              if (!(err instanceof EngineError)) throw err;
            }
            satCheck(s);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
