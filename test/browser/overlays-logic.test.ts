/**
 * The overlays' own rules, without a browser: what the alerts announce and in which order, how
 * the leaderboard's rank marks are measured, and which payout row is the next pay jump.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FieldView, PayoutsView, PlayerEntryView, PlayersView } from '../../server/protocol/entries-views.js';
import type { PublicEvent } from '../../server/protocol/messages.js';
import type { ItemView } from '../../server/protocol/views.js';
import { alertsFor } from '../../overlays/stream/alerts/alert-text.js';
import { streamLocalizer } from '../../overlays/stream/lib/l10n.js';
import '../helpers/texts.js';
import { RankTracker } from '../../overlays/stream/lib/ranking.js';
import { ladderRows, nextJump, visibleRows } from '../../overlays/stream/payouts/ladder.js';

const l10n = streamLocalizer('en');
const ITEMS: ItemView[] = [
  { index: 0, n: 1, sb: 25, bb: 50, ms: 1_200_000 },
  { index: 1, n: 2, sb: 50, bb: 100, bba: 100, ms: 1_200_000 },
  { index: 2, break: true, ms: 900_000 },
];
const field = (playersLeft: number, paidPlaces = 4) => ({ playersLeft, paidPlaces }) as FieldView;
const entry = (id: string, chips: number, extra: Partial<PlayerEntryView> = {}): PlayerEntryView =>
  ({ id, playerId: id, name: id.toUpperCase(), n: 1, status: 'active', chips, rebuys: 0, addons: 0, ...extra }) as PlayerEntryView;
const players = (...entries: PlayerEntryView[]): PlayersView => ({ entries, lastBust: [] });
const ctx = (events: PublicEvent[], fieldBefore?: FieldView, fieldAfter?: FieldView) =>
  alertsFor(events, { l10n, currency: 'EUR', items: ITEMS, fieldBefore, field: fieldAfter, newLeader: null });

describe('alerts', () => {
  it('announce each kind of event', () => {
    const texts = ctx([
      { type: 'level.changed', index: 1, at: 0, cause: 'clock' },
      { type: 'level.changed', index: 2, at: 0, cause: 'clock' },
      { type: 'handForHand.started', at: 0 },
      { type: 'finalTable.formed', tableId: 't1', table: 3, buttonSeat: 1, at: 0 },
      { type: 'tournament.won', entryId: 'e1', name: 'Anna Jansen', prize: 123_000, at: 0 },
      { type: 'entry.added', entryId: 'e9', playerId: 'p9', name: 'Late', n: 1, at: 0 },
    ]).map((a) => `${a.kind}: ${a.title} | ${a.text}`);
    assert.deepEqual(texts, [
      'level: Blinds up | Level 2 · 50 / 100 · BBA 100',
      'break: Break | 15 minutes',
      'hand-for-hand: Hand for hand | Every table plays one hand at a time',
      'final-table: Final table | Table 3 is the final table',
      'winner: Champion | Anna Jansen wins €1,230',
    ]);
  });

  it('put the bubble after the eliminations of the hand that burst it, once', () => {
    const events: PublicEvent[] = [
      { type: 'entry.busted', entryId: 'a', name: 'A', place: 5, placeTo: 6, prize: 0, at: 0 },
      { type: 'entry.busted', entryId: 'b', name: 'B', place: 5, placeTo: 6, prize: 0, at: 0 },
      { type: 'handForHand.stopped', reason: 'bubble', at: 0 },
    ];
    // Both signs of the bubble at once: hand-for-hand stopped for it, and 6 -> 4 left with 4 paid.
    assert.deepEqual(
      ctx(events, field(6), field(4)).map((a) => a.text),
      ['A, 5th-6th', 'B, 5th-6th', '4 players in the money'],
    );
    // Without hand-for-hand, the field reaching the places paid is the bubble too.
    assert.deepEqual(ctx(events.slice(0, 1), field(5), field(4)).map((a) => a.kind), ['bust', 'bubble']);
    // Already in the money: no bubble.
    assert.deepEqual(ctx(events.slice(0, 1), field(4), field(3)).map((a) => a.kind), ['bust']);
  });

  it('name the prize only when there is one', () => {
    const [paid, unpaid] = ctx([
      { type: 'entry.busted', entryId: 'a', name: 'Anna Jansen', place: 14, placeTo: 14, prize: 123_000, at: 0 },
      { type: 'entry.busted', entryId: 'b', name: 'Bram', place: 15, placeTo: 15, prize: 0, at: 0 },
    ]);
    assert.equal(paid!.text, 'Anna Jansen, 14th, €1,230');
    assert.equal(unpaid!.text, 'Bram, 15th');
  });
});

describe('rank marks', () => {
  it('are measured at a chip change against the ranking seen just before, and kept until the next', () => {
    const tracker = new RankTracker();
    let update = tracker.update(players(entry('a', 300), entry('b', 200), entry('c', 100)));
    assert.equal(update.chipChange, false, 'the first state is no change');
    assert.equal(tracker.moves.size, 0);
    // A late entry is not a chip count.
    update = tracker.update(players(entry('a', 300), entry('b', 200), entry('c', 100), entry('d', 150)));
    assert.equal(update.chipChange, false);
    update = tracker.update(players(entry('a', 300), entry('b', 200), entry('c', 400), entry('d', 150)));
    assert.equal(update.chipChange, true);
    assert.equal(update.previousLeader?.id, 'a');
    assert.deepEqual(Object.fromEntries(tracker.moves), { c: 3, a: -1, b: -1, d: -1 });
    // A bust is no chip count: the marks stay.
    update = tracker.update(players(entry('a', 300), entry('b', 0, { status: 'busted' }), entry('c', 400), entry('d', 150)));
    assert.equal(update.chipChange, false);
    assert.deepEqual(Object.fromEntries(tracker.moves), { c: 3, a: -1, b: -1, d: -1 });
    assert.deepEqual(update.ranking.map((e) => e.id), ['c', 'a', 'd']);
  });
});

describe('payout ladder', () => {
  const payouts: PayoutsView = {
    currency: 'EUR',
    prizePool: 0,
    source: 'template',
    places: [
      { place: 1, amount: 1000, paid: false },
      { place: 2, amount: 600, paid: false },
      { place: 3, amount: 300, paid: false },
      { place: 4, amount: 200, paid: false },
      { place: 5, amount: 200, paid: true },
      { place: 6, amount: 200, paid: true },
    ],
  };
  const busted = players(entry('x', 0, { status: 'busted', place: 6, placeTo: 6 }), entry('y', 0, { status: 'busted', place: 5, placeTo: 5 }), entry('z', 0, { status: 'busted', place: 7 }));

  it('groups equal places and names who took them', () => {
    const rows = ladderRows(payouts, busted);
    assert.deepEqual(rows.map((r) => [r.from, r.to, r.paid, r.names.join()]), [
      [1, 1, false, ''],
      [2, 2, false, ''],
      [3, 3, false, ''],
      [4, 6, false, 'Y,X'],
    ]);
  });

  it('highlights the min cash before the money, then the row above the place the next player out finishes in', () => {
    const rows = ladderRows(payouts, busted);
    assert.equal(nextJump(rows, field(9, 6)), 3, 'before the money: 4th-6th');
    assert.equal(nextJump(rows, field(4, 6)), 2, '4 left: the next out gets the 4th-6th money; the jump is to 3rd');
    assert.equal(nextJump(rows, field(2, 6)), 0, 'heads-up: 1st');
    assert.equal(nextJump(rows, field(1, 6)), -1, 'over');
    assert.deepEqual(visibleRows(rows, 3, 3).map((r) => r.index), [1, 2, 3], 'a short window keeps the jump');
  });

  it('after a deal (issue 23): the deal by name, highest first, under it the places paid before; no pay jump', () => {
    // 1st-4th unpaid (2,100 left) shared by a deal: Anna 900, Bram 500, Cees 400, Daan 300.
    const dealt: PayoutsView = { ...payouts, deal: { amounts: { e3: 400, e1: 900, e4: 300, e2: 500 }, names: { e1: 'Anna', e2: 'Bram', e3: 'Cees', e4: 'Daan' }, reserve: 0 } };
    const paidBefore = { ...payouts.places[3]!, paid: true };
    const rows = ladderRows({ ...dealt, places: [...payouts.places.slice(0, 3), paidBefore, ...payouts.places.slice(4)] }, busted);
    assert.deepEqual(rows.map((r) => [r.deal === true, r.names.join(), r.amount]), [
      [true, 'Anna', 900],
      [true, 'Bram', 500],
      [true, 'Cees', 400],
      [true, 'Daan', 300],
      [false, 'Y,X', 200],
    ]);
    assert.equal(nextJump(rows, field(4, 6)), -1);
  });
});
