/**
 * Bounties (issue 25): who eliminated whom, knockout, progressive knockout and mystery bounty,
 * each night's amounts worked out by hand in the test (docs/RULES.md "Bounties"), the undo of
 * each, bad input refused with nothing changed, and a property test that the money adds up.
 */
import { snapshotRoom } from '../../server/engine/seating/index.js';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EngineError } from '../../server/engine/errors.js';
import { activeEntries, pool } from '../../server/engine/entries/ledger.js';
import type { TournamentState } from '../../server/engine/state.js';
import { errorCode, field, players, run, runAll, T0, tournament, withPlayers } from './entries/helpers.js';

/** A player's line: the bounty on his head and what he won. */
const line = (s: TournamentState, id: string) => players(s).entries.find((x) => x.id === id)!;
const won = (s: TournamentState, id: string) => line(s, id).knockouts?.amount ?? 0;
const head = (s: TournamentState, id: string) => line(s, id).bounty;
const bust = (entryIds: string[], eliminators: Record<string, string[]>, extra: Record<string, unknown> = {}) => ({ type: 'entry.bust', entryIds, eliminators, ...extra });

function night(n: number, bounty: Record<string, unknown>): TournamentState {
  return withPlayers(tournament({ settings: { lateRegistrationLevel: null, bounty } }), n);
}

describe('knockout', () => {
  it('a KO night of 4 at 5.00 a head: single, split (odd cent to the first named) and the winner own, by hand', () => {
    let s = night(4, { format: 'knockout', amount: 501 });
    assert.equal(field(s).bounty?.pool, 4 * 501, 'bounty pool kept apart from the prize pool');
    assert.equal(field(s).prizePool, 4 * 1_000, 'the prize pool is the buy-ins only');
    // e1 busted by e2: the whole 5.01 to e2.
    const out = run(s, bust(['e1'], { e1: ['e2'] }));
    s = out.state;
    const ev = out.events.find((e) => e.type === 'entry.busted') as { eliminators?: unknown };
    assert.deepEqual(ev.eliminators, [{ entryId: 'e2', name: 'P2', bounty: 501 }]);
    assert.equal(won(s, 'e2'), 501);
    assert.equal(head(s, 'e2'), 501, 'a KO bounty does not grow');
    // e3 busted in a split pot, e4 and e2: 501 / 2 = 250 r 1 -> e4 (named first) 251, e2 250.
    s = run(s, bust(['e3'], { e3: ['e4', 'e2'] })).state;
    assert.equal(won(s, 'e4'), 251);
    assert.equal(won(s, 'e2'), 501 + 250);
    // e2 busted by e4: 501 to e4, who wins and collects his own 501.
    s = run(s, bust(['e2'], { e2: ['e4'] })).state;
    assert.equal(won(s, 'e4'), 251 + 501 + 501);
    assert.deepEqual(field(s).bounty && { paid: field(s).bounty!.paid, onHeads: field(s).bounty!.onHeads }, { paid: 2004, onHeads: 0 });
    assert.deepEqual(line(s, 'e1').eliminatedBy, ['e2']);
    assert.deepEqual(line(s, 'e3').eliminatedBy, ['e4', 'e2']);
    // Undo of the last bust takes back his bounty and the winner's own.
    s = run(s, { type: 'entry.undoBust', entryId: 'e2' }).state;
    assert.equal(won(s, 'e4'), 251);
    assert.equal(head(s, 'e2'), 501);
    assert.equal(field(s).bounty!.paid, 501 + 251 + 250);
  });

  it('bad input is refused and changes nothing', () => {
    const s = night(4, { format: 'knockout', amount: 500 });
    const after = run(s, bust(['e1'], { e1: ['e2'] })).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.bust', entryIds: ['e1'] })), 'eliminator-required');
    assert.equal(errorCode(() => run(s, bust(['e1'], { e1: ['e1'] }))), 'invalid-eliminator');
    assert.equal(errorCode(() => run(after, bust(['e3'], { e3: ['e1'] }))), 'invalid-eliminator', 'already out');
    assert.equal(errorCode(() => run(s, bust(['e1', 'e3'], { e1: ['e3'], e3: ['e2'] }, { tables: { e1: 'A', e3: 'B' } }))), 'invalid-eliminator', 'busts in the same hand');
    assert.equal(errorCode(() => run(s, bust(['e1'], { e1: ['e2', 'e3'] }, { splits: { e1: [60, 30] } }))), 'invalid-bounty-split');
    assert.equal(errorCode(() => run(s, bust(['e1'], { e1: ['e9'] }))), 'unknown-entry');
    assert.equal(s.entries.hands.length, 0);
    assert.equal(s.bounties, undefined);
  });

  it('an eliminator must sit at the busted player\'s table once tables are open', () => {
    let s = night(4, { format: 'knockout', amount: 500 });
    s = runAll(s, [
      { type: 'table.add', number: 1, seats: 9 },
      { type: 'table.add', number: 2, seats: 9 },
    ]);
    s = run(s, { type: 'seating.draw' }).state;
    const tableOf = (id: string) => (players(s).entries.find((x) => x.id === id) ? seatTable(s, id) : null);
    const other = ['e2', 'e3', 'e4'].find((id) => tableOf(id) !== tableOf('e1'));
    const same = ['e2', 'e3', 'e4'].find((id) => tableOf(id) === tableOf('e1'));
    // The fixed seed seats one of them with e1 and two at the other table.
    assert.ok(other && same);
    assert.equal(errorCode(() => run(s, bust(['e1'], { e1: [other] }))), 'invalid-eliminator');
    assert.equal(run(s, bust(['e1'], { e1: [same] })).state.bounties?.paid, 500);
  });

  it('the eliminator can be corrected afterwards (named again, or named for a bust without a bounty)', () => {
    let s = night(4, { format: 'knockout', amount: 500 });
    s = run(s, bust(['e1'], { e1: ['e2'] })).state;
    s = run(s, { type: 'entry.setEliminators', entryId: 'e1', eliminators: ['e3'] }).state;
    assert.equal(won(s, 'e2'), 0);
    assert.equal(won(s, 'e3'), 500);
    assert.equal(errorCode(() => run(s, { type: 'entry.setEliminators', entryId: 'e1', eliminators: ['e1'] })), 'invalid-eliminator');
    assert.equal(errorCode(() => run(s, { type: 'entry.setEliminators', entryId: 'e2', eliminators: ['e3'] })), 'invalid-eliminator', 'e2 is in play');
    // Without a bounty format the eliminator is recorded all the same (who eliminated whom).
    let plain = withPlayers(tournament(), 3);
    plain = run(plain, { type: 'entry.bust', entryIds: ['e1'] }).state;
    plain = run(plain, { type: 'entry.setEliminators', entryId: 'e1', eliminators: ['e2'] }).state;
    assert.deepEqual(line(plain, 'e1').eliminatedBy, ['e2']);
    assert.equal(line(plain, 'e2').bounty, undefined, 'no bounty format, no bounty');
  });
});

/** The table an entry sits at (the seating topic). */
function seatTable(s: TournamentState, id: string): string | null {
  for (const t of snapshotRoom(s.seating.room).tables) if (t.seats.includes(id)) return t.id;
  return null;
}

describe('progressive knockout', () => {
  it('a PKO night of 5 at 10.01 a head: a double bust, a split pot, the final two and the winner own, by hand', () => {
    let s = night(5, { format: 'progressive', amount: 1001 });
    // Hand 1: e2 busts e1 and e4 at one table. Each head 1001: 500 (half, rounded down) paid,
    // 501 onto e2's head: e2 won 1000 and carries 1001 + 501 + 501 = 2003.
    s = run(s, bust(['e1', 'e4'], { e1: ['e2'], e4: ['e2'] }, { tables: { e1: 'A', e4: 'A' }, startChips: { e1: 100, e4: 200 } })).state;
    assert.equal(won(s, 'e2'), 1000);
    assert.equal(head(s, 'e2'), 2003);
    // Hand 2: e2 busted in a pot split by e3 and e5. 2003: paid 1001 (501 to e3, named first,
    // 500 to e5), grown 1002 (501 each): e3 and e5 carry 1502.
    s = run(s, bust(['e2'], { e2: ['e3', 'e5'] })).state;
    assert.deepEqual([won(s, 'e3'), won(s, 'e5'), head(s, 'e3'), head(s, 'e5')], [501, 500, 1502, 1502]);
    assert.equal(field(s).bounty!.biggest![0]!.bounty, 1502);
    // Hand 3: e5 busts e3, the last elimination (final two: the whole 1502), and wins: his own 1502.
    const pre3 = s;
    s = run(s, bust(['e3'], { e3: ['e5'] })).state;
    assert.equal(won(s, 'e5'), 500 + 1502 + 1502);
    assert.equal(won(s, 'e2') + won(s, 'e3') + won(s, 'e5'), 5 * 1001, 'every cent of the bounty pool paid');
    assert.deepEqual({ ...field(s).bounty, biggest: undefined }, { format: 'progressive', pool: 5005, paid: 5005, onHeads: 0, biggest: undefined });
    // Undo of hand 3: e5 back to 500 won and 1502 on his head, e3 back with his 1502.
    s = run(s, { type: 'entry.undoBust', entryId: 'e3' }).state;
    assert.deepEqual(players(s), players(pre3));
    assert.equal(field(s).bounty!.paid, 1000 + 1001);
  });

  it('final two by share: the last elimination pays half, the rest comes back to the winner as his own', () => {
    let s = night(2, { format: 'progressive', amount: 1001, finalTwo: 'share' });
    s = run(s, bust(['e1'], { e1: ['e2'] })).state;
    // 1001: 500 paid, 501 grown; the winner collects 1001 + 501 = 1502 of his own: 2002 in all.
    assert.equal(won(s, 'e2'), 500 + 1502);
    assert.equal(s.bounties!.knockouts.find((k) => k.own)!.paid[0], 1502);
  });

  it('undo of one of a double bust records the other again with the same eliminator', () => {
    let s = night(4, { format: 'progressive', amount: 1000, share: 40 });
    s = run(s, bust(['e1', 'e4'], { e1: ['e2'], e4: ['e2'] }, { tables: { e1: 'A', e4: 'B' } })).state;
    // 40 %: 400 paid and 600 grown per head.
    assert.deepEqual([won(s, 'e2'), head(s, 'e2')], [800, 2200]);
    s = run(s, { type: 'entry.undoBust', entryId: 'e1' }).state;
    assert.deepEqual([won(s, 'e2'), head(s, 'e2'), head(s, 'e1')], [400, 1600, 1000]);
    assert.deepEqual(line(s, 'e4').eliminatedBy, ['e2']);
  });

  it('a correction moves the bounty that grew from it: e2 busted e1 and then e3, but e3 took e1', () => {
    let s = night(4, { format: 'progressive', amount: 1000 });
    s = run(s, bust(['e1'], { e1: ['e2'] })).state; // e2: 500 won, head 1500
    s = run(s, bust(['e2'], { e2: ['e3'] })).state; // e3: 750 won, head 1750
    s = run(s, { type: 'entry.setEliminators', entryId: 'e1', eliminators: ['e3'] }).state;
    // Now: e3 took e1 (500, head 1500), then e2's plain 1000 (500, head 2000).
    assert.deepEqual([won(s, 'e2'), won(s, 'e3'), head(s, 'e3')], [0, 1000, 2000]);
  });

  it('rebuys and add-ons carry their bounty parts; re-entries bring a new bounty', () => {
    let s = withPlayers(
      tournament({ settings: { lateRegistrationLevel: 2, rebuy: { price: 700, chips: 10_000, untilIndex: 3 }, bounty: { format: 'knockout', amount: 500, rebuy: 200 } } }),
      3,
    );
    s = run(s, { type: 'entry.rebuy', entryId: 'e1' }).state;
    assert.equal(head(s, 'e1'), 700);
    s = run(s, bust(['e1'], { e1: ['e2'] })).state;
    assert.equal(won(s, 'e2'), 700);
    s = run(s, { type: 'entry.reenter', playerId: 'p1' }).state;
    assert.equal(head(s, 'e4'), 500);
    assert.equal(field(s).bounty!.pool, 4 * 500 + 200);
  });
});

describe('mystery bounty', () => {
  const prizes = [
    { amount: 2_000, count: 1 },
    { amount: 1_000, count: 3 },
    { amount: 500, count: 2 },
  ];

  function mystery(): TournamentState {
    let s = night(6, { format: 'mystery', amount: 1_000, mysteryFrom: 2 });
    return s;
  }

  it('a list that does not add up to the bounty pool (6 x 10.00) is refused', () => {
    const s = mystery();
    assert.equal(errorCode(() => run(s, { type: 'bounty.post', prizes: [{ amount: 2_000, count: 1 }, { amount: 1_000, count: 3 }] })), 'mystery-list-mismatch');
    assert.equal(s.bounties, undefined);
  });

  it('before the stage nothing is paid; from level 2 each elimination draws one envelope, every one drawn once, replayed alike', () => {
    let s = run(mystery(), { type: 'bounty.post', prizes }).state;
    s = run(s, { type: 'clock.start' }).state;
    // Level 1: e1 by e2 pays nothing (before the stage).
    s = run(s, bust(['e1'], { e1: ['e2'] })).state;
    assert.equal(won(s, 'e2'), 0);
    assert.equal(line(s, 'e2').knockouts?.count, 1);
    s = run(s, { type: 'level.next' }).state;
    const order = [
      ['e2', 'e6'],
      ['e3', 'e6'],
      ['e4', 'e5'],
      ['e5', 'e6'],
    ];
    const states: TournamentState[] = [];
    for (const [out, by] of order) {
      s = run(s, bust([out!], { [out!]: [by!] })).state;
      states.push(s);
    }
    // Four draws and the winner's envelopes left: with the one from level 1, the pool's 6,000.
    const drawn = s.bounties!.knockouts.filter((k) => k.drawn !== undefined).map((k) => prizes[k.drawn!]!.amount);
    assert.equal(drawn.length, 4);
    const own = s.bounties!.knockouts.find((k) => k.own)!;
    assert.equal(drawn.reduce((a, c) => a + c, 0) + own.paid[0]!, 6_000);
    // The posted list: of its 6 envelopes 4 drawn, the 2 left are the winner's; no line over-drawn.
    const left = s.bounties!.mystery!.left;
    assert.equal(left.reduce((a, c) => a + c, 0), 2);
    prizes.forEach((p, i) => assert.equal(drawn.filter((a) => a === p.amount).length, p.count - left[i]!));
    assert.equal(own.paid[0], prizes.reduce((a, p, i) => a + p.amount * left[i]!, 0));
    // The winner collected them: the field reports none left (and nothing on heads).
    assert.deepEqual(field(s).bounty!.mysteryLeft!.map((p) => p.count), [0, 0, 0]);
    assert.equal(field(s).bounty!.onHeads, 0);
    // A replay with the same seeds draws the same.
    let again = run(run(mystery(), { type: 'bounty.post', prizes }).state, { type: 'clock.start' }).state;
    again = run(again, bust(['e1'], { e1: ['e2'] })).state;
    again = run(again, { type: 'level.next' }).state;
    for (const [out, by] of order) again = run(again, bust([out!], { [out!]: [by!] })).state;
    assert.deepEqual(again.bounties, s.bounties);
    // Undo of the last bust puts its envelope and the winner's back.
    const undone = run(s, { type: 'entry.undoBust', entryId: 'e5' }).state;
    assert.deepEqual(undone.bounties, states[2]!.bounties);
    // The list is fixed once drawn.
    assert.equal(errorCode(() => run(s, { type: 'bounty.post', prizes })), 'invalid-bounty');
  });
});

describe('the own bounty at an end that is not a bust', () => {
  const deal = (amounts: Record<string, number>) => ({ type: 'deal.apply', confirmed: true, belowGuarantee: true, endsPlay: true, amounts });
  /** A deal that ends play places by counted chips: every player in play counted at what he holds. */
  const counted = (s: TournamentState) => run(s, { type: 'chips.count', counts: activeEntries(s.entries).map((x) => ({ entryId: x.id, chips: x.chips })) }).state;

  it('PKO, a deal that ends play: every player in it collects his own head; deal.undo takes them back', () => {
    let s = night(4, { format: 'progressive', amount: 1_000 });
    // e2 busts e1: 500 paid, 500 onto e2's head (1,500).
    s = run(s, bust(['e1'], { e1: ['e2'] })).state;
    s = counted(s);
    const before = s;
    // The three left share the 4,000 prize pool and end play: e2 collects 1,500, e3 and e4 1,000 each.
    s = run(s, deal({ e2: 2_000, e3: 1_000, e4: 1_000 }), T0 + 60_000).state;
    assert.equal(s.clock.status, 'finished');
    assert.deepEqual([won(s, 'e2'), won(s, 'e3'), won(s, 'e4')], [500 + 1_500, 1_000, 1_000]);
    assert.deepEqual([head(s, 'e2'), head(s, 'e3'), head(s, 'e4')], [0, 0, 0]);
    const f = field(s).bounty!;
    assert.deepEqual([f.pool, f.paid, f.onHeads], [4_000, 4_000, 0], 'nothing left on heads');
    assert.deepEqual(f.biggest, [], 'no head in play');
    // Undo of the deal: play goes on, the heads are back.
    s = run(s, { type: 'deal.undo' }).state;
    assert.deepEqual(players(s), players(before));
    assert.deepEqual(s.bounties, before.bounties);
  });

  it('KO, a disqualification that leaves one player: the winner collects his own and the disqualified player\'s (nobody can claim it)', () => {
    let s = night(3, { format: 'knockout', amount: 500 });
    s = run(s, bust(['e3'], { e3: ['e2'] })).state; // 500 to e2
    s = run(s, { type: 'penalty.add', entryId: 'e1', kind: 'disqualification' }).state;
    assert.equal(s.clock.status, 'finished');
    // e2 wins: 500 for e3, his own 500, and e1's 500 (his chips left play: nobody won them).
    assert.equal(won(s, 'e2'), 1_500);
    assert.deepEqual([head(s, 'e2'), head(s, 'e1')], [0, 0]);
    assert.deepEqual([field(s).bounty!.paid, field(s).bounty!.onHeads], [1_500, 0]);
    // Receiving it is no elimination: e2 eliminated one player; e1 has no eliminator.
    assert.equal(line(s, 'e2').knockouts?.count, 1);
    assert.equal(line(s, 'e1').eliminatedBy, undefined);
    assert.equal(errorCode(() => run(s, { type: 'entry.setEliminators', entryId: 'e1', eliminators: ['e2'] })), 'invalid-eliminator', 'a disqualified player busted in no hand');
  });

  it('KO under unclaimed: house: the disqualified player\'s bounty is the house\'s at the end', () => {
    let s = night(3, { format: 'knockout', amount: 500, unclaimed: 'house' });
    s = run(s, bust(['e3'], { e3: ['e2'] })).state;
    s = run(s, { type: 'penalty.add', entryId: 'e1', kind: 'disqualification' }).state;
    assert.equal(won(s, 'e2'), 1_000, '500 for e3 and his own');
    assert.equal(head(s, 'e1'), 500);
    assert.deepEqual([field(s).bounty!.paid, field(s).bounty!.onHeads, field(s).bounty!.keptByHouse], [1_000, 500, 500]);
  });

  it('PKO, a disqualification mid-field, then a deal of three that ends play: his grown head shared, odd cent to 1st', () => {
    // Five at 10.01: e1 busted by e2 (PKO 50%: 500 paid, 501 onto e2: head 1,502).
    let s = night(5, { format: 'progressive', amount: 1_001 });
    s = run(s, bust(['e1'], { e1: ['e2'] })).state;
    assert.equal(head(s, 'e2'), 1_502);
    // e2 disqualified: his 1,502 stays on his head while play goes on.
    s = run(s, { type: 'penalty.add', entryId: 'e2', kind: 'disqualification' }).state;
    assert.equal(head(s, 'e2'), 1_502);
    s = counted(s);
    const before = s;
    // e3, e4, e5 deal and end play (places by chips, equal stacks in registration order: e3 1st).
    // Own heads 1,001 each; e2's 1,502 / 3 = 500 r 2 -> e3 501, e4 501, e5 500.
    s = run(s, deal({ e3: 2_000, e4: 1_500, e5: 1_500 }), T0 + 60_000).state;
    assert.equal(s.clock.status, 'finished');
    assert.deepEqual(['e3', 'e4', 'e5'].map((id) => won(s, id)), [1_001 + 501, 1_001 + 501, 1_001 + 500]);
    assert.deepEqual([field(s).bounty!.paid, field(s).bounty!.onHeads], [5 * 1_001, 0]);
    // Undo of the deal: play goes on, his head is his again.
    s = run(s, { type: 'deal.undo' }).state;
    assert.deepEqual(s.bounties, before.bounties);
    assert.equal(head(s, 'e2'), 1_502);
  });

  it('KO, the last bust wins after a removal for absence: the absent player\'s bounty to the winner; undoing the bust takes it back', () => {
    let s = night(3, { format: 'knockout', amount: 700 });
    s = run(s, { type: 'entry.absent', entryId: 'e1', absent: true }).state;
    s = run(s, { type: 'entry.removeAbsent', entryId: 'e1' }, T0 + 31 * 60_000).state;
    const before = s;
    s = run(s, bust(['e3'], { e3: ['e2'] }), T0 + 32 * 60_000).state;
    assert.equal(s.clock.status, 'finished');
    // e2: 700 for e3, his own 700, e1's 700.
    assert.equal(won(s, 'e2'), 2_100);
    assert.equal(field(s).bounty!.onHeads, 0);
    s = run(s, { type: 'entry.undoBust', entryId: 'e3' }, T0 + 33 * 60_000).state;
    assert.deepEqual([won(s, 'e2'), head(s, 'e1'), field(s).bounty!.paid], [0, 700, 0]);
    assert.deepEqual(players(s), players(before));
  });

  it('mystery, a deal that ends play before the stage: the envelopes left shared, the odd cent to 1st', () => {
    let s = night(6, { format: 'mystery', amount: 1_001, mysteryFrom: 2 });
    s = run(s, bust(['e1'], { e1: ['e2'] })).state; // before the stage: nothing paid
    assert.equal(won(s, 'e2'), 0);
    // Five left deal and end play; places by chips, equal stacks in registration order: e2 1st.
    // 6,006 left: 6,006 / 5 = 1,201 r 1 -> e2 1,202, the others 1,201.
    s = run(counted(s), deal({ e2: 2_000, e3: 1_000, e4: 1_000, e5: 1_000, e6: 1_000 }), T0 + 60_000).state;
    assert.deepEqual(['e2', 'e3', 'e4', 'e5', 'e6'].map((id) => won(s, id)), [1_202, 1_201, 1_201, 1_201, 1_201]);
    assert.deepEqual([field(s).bounty!.paid, field(s).bounty!.onHeads], [6_006, 0]);
    s = run(s, { type: 'deal.undo' }).state;
    assert.deepEqual([field(s).bounty!.paid, field(s).bounty!.onHeads], [0, 6_006]);
  });

  it('a correction after the end works the own heads out again', () => {
    let s = night(3, { format: 'progressive', amount: 1_000 });
    s = run(s, bust(['e1'], { e1: ['e2'] })).state; // e2: 500 won, head 1,500
    s = run(counted(s), deal({ e2: 2_000, e3: 1_000 }), T0 + 60_000).state; // e2 own 1,500, e3 own 1,000
    assert.deepEqual([won(s, 'e2'), won(s, 'e3')], [2_000, 1_000]);
    // It was e3 who took e1: e3 500 + own 1,500; e2 own 1,000.
    s = run(s, { type: 'entry.setEliminators', entryId: 'e1', eliminators: ['e3'] }).state;
    assert.deepEqual([won(s, 'e2'), won(s, 'e3')], [1_000, 2_000]);
    assert.deepEqual([field(s).bounty!.paid, field(s).bounty!.onHeads], [3_000, 0]);
  });
});

describe('bounties: money always adds up (fast-check)', () => {
  const op = fc.oneof(
    fc.record({ k: fc.constant('add' as const) }),
    fc.record({ k: fc.constant('reenter' as const), player: fc.nat(10) }),
    fc.record({ k: fc.constant('rebuy' as const), pick: fc.nat(50) }),
    fc.record({ k: fc.constant('bust' as const), picks: fc.array(fc.nat(50), { minLength: 1, maxLength: 2 }), by: fc.array(fc.nat(50), { minLength: 1, maxLength: 3 }) }),
    fc.record({ k: fc.constant('undo' as const), pick: fc.nat(2) }),
    fc.record({ k: fc.constant('correct' as const), pick: fc.nat(50), by: fc.nat(50) }),
    fc.record({ k: fc.constant('deal' as const), endsPlay: fc.boolean() }),
    fc.record({ k: fc.constant('dq' as const), pick: fc.nat(50) }),
    fc.record({ k: fc.constant('undoDeal' as const) }),
  );
  type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

  function command(s: TournamentState, o: Op): Record<string, unknown> {
    const active = activeEntries(s.entries);
    const pick = (n: number) => active[n % Math.max(1, active.length)]?.id ?? 'e1';
    switch (o.k) {
      case 'add':
        return { type: 'entry.add', name: `N${s.entries.entries.length}` };
      case 'reenter':
        return { type: 'entry.reenter', playerId: `p${o.player + 1}` };
      case 'rebuy':
        return { type: 'entry.rebuy', entryId: pick(o.pick) };
      case 'bust': {
        const ids = [...new Set(o.picks.map(pick))];
        const others = active.filter((x) => !ids.includes(x.id)).map((x) => x.id);
        const by = [...new Set(o.by.map((n) => others[n % Math.max(1, others.length)] ?? 'e1'))];
        return bust(ids, Object.fromEntries(ids.map((id) => [id, by])), ids.length > 1 ? { tables: Object.fromEntries(ids.map((id, i) => [id, `T${i}`])) } : {});
      }
      case 'undo':
        return { type: 'entry.undoBust', entryId: s.entries.hands.at(-1)?.busts[o.pick]?.entryId ?? s.entries.hands.at(-1)?.busts[0]?.entryId ?? 'e1' };
      case 'correct': {
        const out = s.entries.entries.filter((x) => x.out === 'bust');
        return { type: 'entry.setEliminators', entryId: out[o.pick % Math.max(1, out.length)]?.id ?? 'e1', eliminators: [pick(o.by)] };
      }
      case 'deal': {
        const left = active.filter((x) => x.place === undefined);
        const rest = pool(s).pool - s.entries.entries.reduce((a, x) => a + (x.prize ?? 0), 0);
        const each = Math.floor(rest / Math.max(1, left.length));
        return { type: 'deal.apply', confirmed: true, belowGuarantee: true, ...(o.endsPlay ? { endsPlay: true } : {}), amounts: Object.fromEntries(left.map((x, i) => [x.id, each + (i === 0 ? rest - each * left.length : 0)])) };
      }
      case 'dq':
        return { type: 'penalty.add', entryId: pick(o.pick), kind: 'disqualification' };
      case 'undoDeal':
        return { type: 'deal.undo' };
    }
  }

  /** Collected = prize pool + fees + bounties paid + bounties still on heads, to the cent. */
  function check(s: TournamentState, bountyPart: number, rebuyPart: number): void {
    const e = s.entries;
    const rebuys = e.entries.reduce((a, x) => a + x.rebuys, 0);
    const collected = e.entries.length * (1_000 + 100 + bountyPart) + rebuys * (700 + 50 + rebuyPart);
    const fees = e.entries.length * 100 + rebuys * 50;
    const lines = players(s).entries;
    const paid = lines.reduce((a, x) => a + (x.knockouts?.amount ?? 0), 0);
    const f = field(s).bounty!;
    assert.equal(paid, f.paid, 'paid per player = paid in all');
    const format = s.settings.bounty!.format;
    const onHeads = format === 'mystery' ? f.onHeads : lines.reduce((a, x) => a + (x.bounty ?? 0), 0);
    assert.equal(onHeads, f.onHeads, 'on heads per player = on heads in all');
    assert.equal(field(s).prizePool + fees + paid + onHeads, collected, 'collected = prizes + fees + bounties paid + bounties on heads');
    assert.ok(paid >= 0 && onHeads >= 0);
    if (s.clock.status === 'finished' && format !== 'mystery') {
      // At the end nobody has a bounty left: every bust names its eliminators here, and the heads
      // nobody can claim (disqualified) went to the players who finished in play.
      // Under `unclaimed: 'house'` those heads stay, and are the house's.
      const house = s.settings.bounty!.unclaimed === 'house';
      const unclaimable = (id: string) => ['disqualified', 'absent', 'forfeit'].includes(e.entries.find((x) => x.id === id)?.out ?? '');
      for (const x of lines) if (!(house && unclaimable(x.id))) assert.equal(x.bounty, 0, `${x.id} (${x.status}) has a bounty on his head at the end`);
      const kept = lines.filter((x) => house && unclaimable(x.id)).reduce((a, x) => a + (x.bounty ?? 0), 0);
      assert.equal(f.keptByHouse ?? 0, kept, 'kept by the house = the unclaimed heads');
    }
    if (s.clock.status === 'finished' && format === 'mystery') assert.equal(f.onHeads, 0, 'the envelopes left paid at the end');
  }

  for (const format of ['knockout', 'progressive', 'mystery'] as const) {
    it(`${format}: holds after any sequence of entries, re-entries, rebuys, busts, undos, corrections, deals and disqualifications, the unclaimed heads to the players or the house`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 1, max: 2_001 }), fc.integer({ min: 1, max: 100 }), fc.constantFrom('players', 'house'), fc.array(op, { maxLength: 30 }), (n, amount, share, unclaimed, ops) => {
          const bounty = { format, amount, share, rebuy: 301, unclaimed };
          let s = withPlayers(tournament({ settings: { lateRegistrationLevel: 5, rebuy: { price: 700, fee: 50, chips: 10_000, untilIndex: 3 }, bounty } }), n);
          check(s, amount, 301);
          ops.forEach((o, i) => {
            try {
              s = run(s, command(s, o), T0 + i).state;
            } catch (err) {
              if (!(err instanceof EngineError)) throw err;
            }
            check(s, amount, 301);
          });
        }),
        { numRuns: 200 },
      );
    });
  }
});
