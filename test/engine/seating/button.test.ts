/**
 * Button, blinds and the dead button (TDA 2017 r32, TDA 2024 r32, r34; IP 2008 r40-r42, r27).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { seededRng } from '../../../server/engine/random.js';
import {
  advanceButton,
  bustEntry,
  cardCode,
  compareCards,
  dealtInNextHand,
  drawForButton,
  newDeck,
  positions,
  seatEntry,
  setButton,
  setButtonAllTables,
  type Room,
} from '../../../server/engine/seating/index.js';
import { layout } from '../../helpers/room.js';
import { errorCode as code } from '../../helpers/engine.js';

/** Tables from a compact layout: `'a b . d'` = seats 1-4, seat 3 empty. */


const pos = (room: Room, id = 'A') => positions(room.tables.get(id)!);

describe('button placement and movement', () => {
  it('IP r40: the blinds are the players after the placed button; seat 1 is left of the dealer', () => {
    const room = setButton(layout(['A', 'a b c d e f g h i']), 'A', 1);
    const p = pos(room)!;
    assert.deepEqual([p.button, p.smallBlind, p.bigBlind, p.utg], [1, 2, 3, 4]);
    assert.equal(p.deadButton, false);
    assert.deepEqual(p.waiting, []);
  });

  it('moves one player clockwise each hand and skips empty seats when nobody left', () => {
    let room = setButton(layout(['A', 'a . c d . f']), 'A', 1);
    assert.deepEqual([pos(room)!.button, pos(room)!.smallBlind, pos(room)!.bigBlind], [1, 3, 4]);
    room = advanceButton(room, 'A');
    assert.deepEqual([pos(room)!.button, pos(room)!.smallBlind, pos(room)!.bigBlind], [3, 4, 6]);
    room = advanceButton(room, 'A');
    assert.deepEqual([pos(room)!.button, pos(room)!.smallBlind, pos(room)!.bigBlind], [4, 6, 1]);
    assert.equal(room.tables.get('A')!.handsPlayed, 2);
  });

  it('TDA 2024 r32 example: the small blind busts, the button goes to his empty seat (dead button)', () => {
    // "Speler A zit op de button. Speler B (small blind) wordt geëlimineerd. Speler C (big blind)
    // blijft zitten. De volgende hand schuift de button naar speler B's lege stoel en speler C
    // wordt de small blind."
    // The hand with A on the button, B small blind, C big blind is dealt.
    let room = advanceButton(setButton(layout(['A', 'A B C D E']), 'A', 1), 'A');
    room = bustEntry(room, 'B');
    const p = pos(room)!;
    assert.equal(p.button, 2);
    assert.equal(p.deadButton, true);
    assert.equal(p.smallBlind, 3, 'C is the small blind');
    assert.equal(p.bigBlind, 4, 'the big blind moves to the next player');
  });

  it('TDA 2017 r32: the big blind busts, the big blind still moves to the next player (dead small blind)', () => {
    let room = advanceButton(setButton(layout(['A', 'A B C D E']), 'A', 1), 'A');
    room = bustEntry(room, 'C');
    const p = pos(room)!;
    assert.deepEqual([p.button, p.smallBlind, p.bigBlind, p.utg], [2, 3, 4, 5]);
    assert.equal(p.deadSmallBlind, true);
    assert.equal(p.deadButton, false);
  });

  it('TDA 2017 r7/r9: a player seated between the small blind and the button waits for the button to pass', () => {
    // Last hand: button 1, small blind 3, big blind 5; seats 2 and 4 empty.
    let room = advanceButton(setButton(layout(['A', 'a . c . e f']), 'A', 1), 'A');
    room = seatEntry(room, 'new', { tableId: 'A', seat: 4 });
    // Next hand: button 3 (old small blind), small blind 5 (old big blind): seat 4 lies between.
    const p = pos(room)!;
    assert.deepEqual([p.button, p.smallBlind, p.bigBlind], [3, 5, 6]);
    assert.deepEqual(p.waiting, [4]);
    assert.equal(dealtInNextHand(room, 'new'), false);
    room = advanceButton(room, 'A');
    assert.deepEqual(pos(room)!.waiting, []);
    assert.equal(dealtInNextHand(room, 'new'), true);
  });

  it('TDA 2017 r34: heads-up the small blind is the button and nobody gets the big blind twice in a row', () => {
    for (const bust of ['A', 'B', 'C']) {
      let room = advanceButton(setButton(layout(['A', 'A B C']), 'A', 1), 'A'); // A button, B sb, C bb
      room = bustEntry(room, bust);
      const p = pos(room)!;
      assert.equal(p.headsUp, true);
      assert.equal(p.button, p.smallBlind, 'the small blind is the button');
      assert.equal(p.utg, p.button, 'the button acts first pre-flop');
      assert.notEqual(room.tables.get('A')!.seats[p.bigBlind - 1], 'C', `after ${bust} busts, C (last big blind) is not big blind again`);
      // And it alternates afterwards.
      const first = p.bigBlind;
      room = advanceButton(room, 'A');
      assert.notEqual(pos(room)!.bigBlind, first);
      room = advanceButton(room, 'A');
      assert.equal(pos(room)!.bigBlind, first);
    }
  });

  it('keeps the big blind moving forward when the old blinds are passed by players sitting down', () => {
    // Heads-up last hand (button/small blind 1, big blind 4); a third player sits between them.
    let room = advanceButton(setButton(layout(['A', 'a . . d . .']), 'A', 1), 'A');
    room = seatEntry(room, 'x', { tableId: 'A', seat: 2 });
    const p = pos(room)!;
    assert.equal(p.bigBlind, 1, 'the big blind moves on from seat 4 to the next player');
    assert.equal(p.smallBlind, 4);
    assert.equal(p.button, 2);
  });

  it('unknown button: no positions; advancing counts the hand only; one player cannot be dealt a hand', () => {
    let room = layout(['A', 'a b c']);
    assert.equal(pos(room), null);
    room = advanceButton(room, 'A');
    assert.equal(room.tables.get('A')!.handsPlayed, 1);
    assert.equal(dealtInNextHand(room, 'a'), null);
    const lonely = setButton(layout(['A', 'a . .']), 'A', 1);
    assert.equal(code(() => advanceButton(lonely, 'A')), 'not-enough-players');
  });

  it('setButton refuses a seat that does not exist; IP r40 applies one seat to all tables', () => {
    const room = layout(['A', 'a b c'], ['B', 'd e f g']);
    assert.equal(code(() => setButton(room, 'A', 4)), 'seat-not-found');
    assert.equal(code(() => setButton(room, 'Z', 1)), 'unknown-table');
    const all = setButtonAllTables(room, 2);
    assert.equal(pos(all, 'A')!.button, 2);
    assert.equal(pos(all, 'B')!.button, 2);
  });
});

describe('high card for the button (IP r27, r40, r49)', () => {
  it('IP r27: spades > hearts > diamonds > clubs, after the rank', () => {
    const c = (rank: number, suit: 's' | 'h' | 'd' | 'c') => ({ rank, suit });
    assert.ok(compareCards(c(14, 's'), c(14, 'h')) > 0);
    assert.ok(compareCards(c(14, 'h'), c(14, 'd')) > 0);
    assert.ok(compareCards(c(14, 'd'), c(14, 'c')) > 0);
    assert.ok(compareCards(c(14, 'c'), c(13, 's')) > 0);
    assert.equal(cardCode(c(10, 'd')), 'Td');
    assert.equal(new Set(newDeck().map(cardCode)).size, 52);
  });

  it('deals one card per seat from seat 1 and gives the button to the highest card', () => {
    const draw = drawForButton([3, 1, 2, 4, 5, 6, 7, 8, 9, 10], seededRng('button-draw'));
    assert.deepEqual(draw.dealt.map((d) => d.seat), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.equal(new Set(draw.dealt.map((d) => d.code)).size, 10, 'ten different cards');
    const best = draw.dealt.reduce((a, b) => (compareCards(b.card, a.card) > 0 ? b : a));
    assert.equal(draw.buttonSeat, best.seat);
    // Same seed, same cards: the draw can be replayed from the command log.
    assert.deepEqual(drawForButton([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], seededRng('button-draw')), draw);
  });
});
