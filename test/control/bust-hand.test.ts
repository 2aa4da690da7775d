/**
 * Several busts in one hand from the phone (control/bust-hand/bust-hand.ts), without a browser:
 * the one `entry.bust` built from the marks and the seating topic, and the preview the TD sees
 * before confirming, checked against what the engine records from that same command
 * (IP r47-5: different tables share; MEC r7: at one table fewer chips finish lower; AP 8).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bustCommand, markedBusts, parseChips, placeText, previewHand, resultText, sameTable, tableOf } from '../../control/bust-hand/bust-hand.js';
import { localizer } from '../../web/lib/i18n.js';
import '../helpers/texts.js';
import type { SeatingView } from '../../server/protocol/seating.js';
import type { TournamentState } from '../../server/engine/state.js';
import { entry, field, payouts, players, run, tournament, withPlayers } from '../engine/entries/helpers.js';

/** A seating topic with the given entries per table id (table numbers 1, 2, ... in order). */
function seatingOf(tables: Record<string, string[]>): SeatingView {
  return {
    drawn: true,
    breakOrder: [],
    seated: Object.values(tables).flat().length,
    waiting: [],
    tables: Object.entries(tables).map(([id, ids], i) => ({
      id,
      number: i + 1,
      players: ids.length,
      capacity: 9,
      seats: ids.map((entryId, s) => ({ seat: s + 1, entryId, name: entryId })),
      button: null,
      smallBlind: null,
      bigBlind: null,
      halted: false,
      haltWaived: false,
      handsPlayed: 0,
    })),
  };
}

/** `n` entries of 20,000 chips and a ladder paying `paid` places (500 each below 1st). */
function bubble(n: number, paid: number): TournamentState {
  const s = withPlayers(tournament({ settings: { lateRegistrationLevel: null } }), n);
  return run(s, { type: 'payouts.set', amounts: [n * 1_000 - (paid - 1) * 500, ...new Array<number>(paid - 1).fill(500)] }).state;
}

const topics = (s: TournamentState) => ({ field: field(s), payouts: payouts(s), players: players(s) });
const finishOf = (s: TournamentState, id: string) => ({ entryId: id, place: entry(s, id).place, placeTo: entry(s, id).placeTo, prize: entry(s, id).prize });

describe('bust hand: the command', () => {
  const seating = seatingOf({ A: ['e1', 'e2'], B: ['e3'] });

  it('takes each table from the seating topic; a player without a seat gets a table of his own', () => {
    assert.deepEqual(tableOf(seating, 'e3'), { tableId: 'B', table: 2 });
    assert.deepEqual(tableOf(seating, 'e7'), { tableId: 'unseated:e7', table: null });
    assert.notEqual(tableOf(null, 'e7').tableId, tableOf(null, 'e8').tableId);
  });

  const s = bubble(10, 3);
  const cases: Array<{ name: string; marked: string[]; typed?: Record<string, string>; want: Record<string, unknown> | null }> = [
    { name: 'one bust: the single-bust command of today', marked: ['e3'], want: { type: 'entry.bust', entryIds: ['e3'] } },
    { name: 'IP r47-5: different tables need only the tables', marked: ['e1', 'e3'], want: { type: 'entry.bust', entryIds: ['e1', 'e3'], tables: { e1: 'A', e3: 'B' } } },
    {
      name: 'MEC r7: the same table adds the chips at the start of the hand, the last count until typed',
      marked: ['e1', 'e2', 'e3'],
      typed: { e1: '5000' },
      want: { type: 'entry.bust', entryIds: ['e1', 'e2', 'e3'], tables: { e1: 'A', e2: 'A', e3: 'B' }, startChips: { e1: 5000, e2: 20000 } },
    },
    { name: 'a chip field that is not a whole number of at least 1 holds the hand back', marked: ['e1', 'e2'], typed: { e2: '12.5' }, want: null },
    { name: 'nobody marked: nothing to send', marked: [], want: null },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const busts = markedBusts(c.marked, players(s), seating);
      assert.deepEqual(bustCommand(busts, c.typed ?? {}), c.want);
    });
  }

  it('leaves out marks of players no longer in play (busted from another phone)', () => {
    const after = run(s, { type: 'entry.bust', entryIds: ['e2'] }).state;
    assert.deepEqual(markedBusts(['e1', 'e2'], players(after), seating).map((b) => b.entryId), ['e1']);
    assert.deepEqual([...sameTable(markedBusts(['e1', 'e2', 'e3'], players(s), seating))], ['e1', 'e2']);
  });

  it('parses typed chips as whole numbers of at least 1', () => {
    assert.deepEqual(['12000', ' 7 ', '0', '-3', '1.5', '', 'abc', undefined].map(parseChips), [12000, 7, null, null, null, null, null, null]);
  });
});

describe('bust hand: the preview is what the engine records', () => {
  const cases: Array<{ name: string; state: TournamentState; tables: Record<string, string[]>; marked: string[]; typed?: Record<string, string>; places: Record<string, [number, number]> }> = [
    {
      name: 'MEC r7 example 1: 50 left, 49 paid, 2 bust at different tables -> both share 49th',
      state: run(bubble(50, 49), { type: 'handForHand.start' }).state,
      tables: { A: ['e1'], B: ['e2'] },
      marked: ['e1', 'e2'],
      places: { e1: [49, 50], e2: [49, 50] },
    },
    {
      name: 'MEC r7 example 2: 3 bust, 2 at one table and 1 at another -> the three share 48th-50th',
      state: run(bubble(50, 49), { type: 'handForHand.start' }).state,
      tables: { A: ['e1', 'e2'], B: ['e3'] },
      marked: ['e1', 'e2', 'e3'],
      typed: { e1: '5000', e2: '9000' },
      places: { e1: [48, 50], e2: [48, 50], e3: [48, 50] },
    },
    {
      name: 'IP r47-5: at one table the player with fewer chips at the start of the hand finishes lower',
      state: bubble(10, 3),
      tables: { A: ['e4', 'e5'] },
      marked: ['e4', 'e5'],
      typed: { e4: '30000', e5: '8000' },
      places: { e4: [9, 9], e5: [10, 10] },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const busts = markedBusts(c.marked, players(c.state), seatingOf(c.tables));
      const preview = previewHand(busts, c.typed ?? {}, topics(c.state));
      assert.ok(preview?.ok, JSON.stringify(preview));
      const command = bustCommand(busts, c.typed ?? {})!;
      const out = run(c.state, command);
      assert.deepEqual(
        [...preview.finishes].sort((a, b) => a.entryId.localeCompare(b.entryId)),
        c.marked.map((id) => finishOf(out.state, id)),
      );
      for (const [id, [place, placeTo]] of Object.entries(c.places)) assert.deepEqual([entry(out.state, id).place, entry(out.state, id).placeTo], [place, placeTo], id);
    });
  }

  it('AP 8: busts at different tables across the bubble without hand-for-hand are refused before sending', () => {
    const s = bubble(50, 49);
    const preview = previewHand(markedBusts(['e1', 'e2'], players(s), seatingOf({ A: ['e1'], B: ['e2'] })), {}, topics(s));
    assert.equal(preview?.ok, false);
    assert.match(preview && !preview.ok ? preview.message : '', /hand-for-hand/);
  });

  it('names the places the way the TD reads them, in English and Dutch', () => {
    const en = localizer('en');
    assert.equal(placeText(en, { place: 49, placeTo: 49 }), 'Place 49');
    assert.equal(placeText(en, { place: 48, placeTo: 50 }), 'Shares places 48–50');
    assert.equal(placeText(localizer('nl'), { place: 48, placeTo: 50 }), 'Deelt plaats 48–50');
    const s = bubble(10, 3);
    assert.equal(resultText(en, [{ entryId: 'e1', place: 9, placeTo: 10, prize: 0 }], players(s)), 'Out: P1 (Shares places 9–10)');
  });
});
