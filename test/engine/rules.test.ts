/**
 * Rules of the five houses as the presets encode them (issue 13, "Encoded wrong"), each in the
 * rule book's own terms (../shared/RULES.md, ../shared/seeds/).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS, rulesOf } from '../../server/engine/presets.js';
import { advanceButton, bustEntry, positions, seatEntry, setButton } from '../../server/engine/seating/index.js';
import { settingsSchema } from '../../server/engine/schemas/tournament.js';
import { TOPIC_VIEWS } from '../../server/engine/views.js';
import { layout } from '../helpers/room.js';
import { tournament as seatingTournament, register } from '../helpers/seating.js';
import { MIN, T0, entry, errorCode, field, lv, run, tournament, withPlayers } from './entries/helpers.js';

describe('IP 2008 r14-3: one registration per player per tournament', () => {
  it('"Een speler zal zich slechts eenmaal mogen inschrijven voor elk toernooi": no re-entry after a bust', () => {
    let s = run(withPlayers(tournament({ preset: 'ip-2008', settings: { lateRegistrationLevel: 3 } }), 3), { type: 'clock.start' }).state;
    s = run(s, { type: 'entry.bust', entryIds: ['e1'] }, T0 + 5 * MIN).state;
    assert.equal(errorCode(() => run(s, { type: 'entry.reenter', playerId: 'p1' }, T0 + 6 * MIN)), 'reentry-limit-reached');
    assert.equal(TOPIC_VIEWS.field(s).reentry.open, false, 'the field view says re-entry is closed');
  });
});

describe('player clock allowance: total, of which the last part counted down (RULES.md table)', () => {
  const cases = [
    ['ppn-2024', 30, 5, 'PPN r29: "30 seconden ... De laatste vijf seconden zal er een countdown zijn"'],
    ['tda-2017-hr', 30, 5, 'HR: 30 s, "posljednjih 5 sekundi se odbrojava na glas"'],
    ['tda-2024-onk', 30, 5, 'TDA 2024: 25 s + 5 s'],
    ['tda-2015-munkebjerg', 60, 10, 'TDA 2015: 50 s + 10 s'],
    ['ip-2008', 70, 10, 'IP r56-2: up to 1 min + 10 s counted aloud'],
  ] as const;
  for (const [preset, total, countdown, rule] of cases) {
    it(`${rule}: ${total} s in all, the last ${countdown} counted down`, () => {
      const h = seatingTournament(preset);
      h.run({ type: 'table.add', seats: 9 });
      const [id] = register(h, 1);
      h.run({ type: 'seat.assign', entryId: id, tableId: 't1', seat: 4 });
      const out = h.run({ type: 'playerClock.start', tableId: 't1', seat: 4 });
      const started = out.events.find((e) => e.type === 'playerClock.started') as { endsAt: number; at: number };
      assert.equal(started.endsAt - started.at, total * 1000);
      const clock = h.seating().tables[0]!.playerClock!;
      assert.deepEqual([clock.endsAt - clock.startedAt, clock.countdownMs], [total * 1000, countdown * 1000]);
    });
  }

  it('reads a stored allowance of the old shape (act + countdown) as its total', () => {
    const old = settingsSchema.parse({ rules: { playerClock: { actSeconds: 25, countdownSeconds: 5 } } });
    assert.deepEqual(old.rules.playerClock, { totalSeconds: 30, countdownSeconds: 5 });
    assert.deepEqual(rulesOf({ preset: 'tda-2024-onk', rules: { playerClock: { actSeconds: 50, countdownSeconds: 10 } as never } }).playerClock, {
      totalSeconds: 60,
      countdownSeconds: 10,
    });
    assert.equal(settingsSchema.safeParse({ rules: { playerClock: { totalSeconds: 10, countdownSeconds: 20 } } }).success, false);
  });
});

describe('player clock at zero differs by house', () => {
  it('TDA 2024 / ONK and PPN r29: dead facing a bet, otherwise checked; IP r56-2, TDA 2015, HR: dead', () => {
    const atZero = (p: keyof typeof PRESETS) => TOPIC_VIEWS.info(tournament({ preset: p })).playerClockAtZero;
    assert.equal(atZero('tda-2024-onk'), 'dead-facing-bet');
    assert.equal(atZero('ppn-2024'), 'dead-facing-bet');
    assert.equal(atZero('ip-2008'), 'dead');
    assert.equal(atZero('tda-2015-munkebjerg'), 'dead');
    assert.equal(atZero('tda-2017-hr'), 'dead');
  });
});

describe('HR house rules: balancing moves UTG, except the chip leader', () => {
  it('"osim ... ako je riječ o igraču koji ima najviše žetona (chip leader)": the server gives the rule the chip counts', () => {
    const h = seatingTournament('tda-2017-hr');
    h.run({ type: 'table.add', seats: 9 });
    h.run({ type: 'table.add', seats: 9 });
    const ids = register(h, 15);
    ids.slice(0, 9).forEach((entryId, i) => h.run({ type: 'seat.assign', entryId, tableId: 't1', seat: i + 1 }));
    ids.slice(9).forEach((entryId, i) => h.run({ type: 'seat.assign', entryId, tableId: 't2', seat: i + 1 }));
    h.run({ type: 'seating.draw' });
    h.run({ type: 'button.set', tableId: 't1', seat: 1 }); // small blind 2, big blind 3, UTG 4
    h.run({ type: 'button.set', tableId: 't2', seat: 1 });
    // Equal stacks: nobody is the chip leader; UTG (seat 4) moves.
    assert.deepEqual([h.moves().suggestion!.player, h.moves().suggestion!.from.seat], ['utg', 4]);
    // The UTG player gets the biggest stack: the next player after him moves instead.
    h.run({ type: 'chips.set', entryId: ids[3], chips: 60_000 });
    const s = h.moves().suggestion!;
    assert.equal(s.from.table, 1);
    assert.equal(s.from.seat, 5);
    assert.equal(s.entryId, ids[4]);
  });
});

describe('forfeiting a live stack to re-enter is a per-preset switch', () => {
  const live = (preset: keyof typeof PRESETS) =>
    run(withPlayers(tournament({ preset, settings: { lateRegistrationLevel: 2 } }), 3), { type: 'clock.start' }).state;

  it('ONK marks TDA r8B "N.V.T. bij het ONK Poker"; PPN r27: only "wanneer een speler al zijn chips heeft verloren"', () => {
    for (const preset of ['tda-2024-onk', 'ppn-2024'] as const) {
      const s = live(preset);
      assert.equal(errorCode(() => run(s, { type: 'entry.reenter', playerId: 'p2', forfeit: true }, T0 + 5 * MIN)), 'player-still-in-play', preset);
    }
  });

  it('TDA 2017 r7 / TDA 2015: a player may forfeit his stack to re-enter; the TD may switch it off per tournament', () => {
    const s = run(live('tda-2015-munkebjerg'), { type: 'entry.reenter', playerId: 'p2', forfeit: true }, T0 + 5 * MIN).state;
    assert.equal(entry(s, 'e2').out, 'forfeit');
    const off = run(live('tda-2015-munkebjerg'), { type: 'settings.set', rules: { forfeitReentry: false } }, T0 + MIN).state;
    assert.equal(errorCode(() => run(off, { type: 'entry.reenter', playerId: 'p2', forfeit: true }, T0 + 5 * MIN)), 'player-still-in-play');
  });
});

describe('IP r15-2: an alternate is never given a smaller stack', () => {
  it('the IP preset says alternates get a full stack while late entrants get the r16 deduction', () => {
    assert.equal(PRESETS['ip-2008'].rules.alternateStack, 'full');
    assert.equal(PRESETS['ip-2008'].rules.lateStack, 'ip-2008');
  });
});

describe('IP r41-4: the button moves so that as many players as possible are dealt in', () => {
  // Seats 1, 2, 4-7 taken; button 1, small blind 2, big blind 4. After that hand a new player
  // sits in seat 3, between the next small blind (4) and the next button (2).
  const room = (rule?: 'ip-2008') => {
    let r = layout(['A', 'a b . d e f g', rule ? { buttonRule: rule } : {}]);
    r = advanceButton(setButton(r, 'A', 1), 'A');
    return seatEntry(r, 'new', { tableId: 'A', seat: 3 });
  };

  it('TDA 2017 r32 (dead button): the newcomer between the small blind and the button waits', () => {
    const p = positions(room().tables.get('A')!)!;
    assert.deepEqual([p.button, p.smallBlind, p.bigBlind, p.waiting], [2, 4, 5, [3]]);
  });

  it('IP r41-4: the button moves onto the newcomer, who is dealt in; the big blind still moves one player', () => {
    const p = positions(room('ip-2008').tables.get('A')!)!;
    assert.deepEqual([p.button, p.smallBlind, p.bigBlind, p.waiting], [3, 4, 5, []]);
  });

  it('IP r41-4: after a bust the button stays on the empty seat (moving it back would give a player the button twice)', () => {
    let r = advanceButton(setButton(layout(['A', 'a b c d e', { buttonRule: 'ip-2008' }]), 'A', 1), 'A');
    r = bustEntry(r, 'b');
    const p = positions(r.tables.get('A')!)!;
    assert.deepEqual([p.button, p.deadButton, p.smallBlind, p.bigBlind], [2, true, 3, 4]);
  });

  it('tables opened under the IP preset follow r41-4; a late entry is dealt in at once', () => {
    const h = seatingTournament('ip-2008');
    h.run({ type: 'table.add', seats: 9 });
    const ids = register(h, 6);
    [1, 2, 4, 5, 6, 7].forEach((seat, i) => h.run({ type: 'seat.assign', entryId: ids[i], tableId: 't1', seat }));
    for (const seat of [8, 9]) h.run({ type: 'table.seatOutOfUse', tableId: 't1', seat });
    h.run({ type: 'seating.draw' });
    h.run({ type: 'button.set', tableId: 't1', seat: 1 });
    h.run({ type: 'hand.next' });
    h.run({ type: 'entry.add', name: 'Late' }); // the only free seat: 3
    const t = h.seating().tables[0]!;
    assert.deepEqual([t.button, t.smallBlind, t.bigBlind], [3, 4, 5]);
    assert.equal(t.seats[2]!.waiting, undefined);
  });
});

describe('TDA 2024 AP 11: antes are never reduced', () => {
  it('refuses a structure that goes from an ante or BBA back to no ante', () => {
    for (const type of ['ante', 'bba'] as const) {
      const structure = [lv(100, 200, 20, type === 'bba' ? 200 : 25, type), lv(150, 300)];
      assert.equal(errorCode(() => tournament({ structure })), 'invalid-structure', type);
    }
    assert.doesNotThrow(() => tournament({ structure: [lv(25, 50), lv(50, 100, 20, 100, 'bba'), lv(75, 150, 20, 150, 'bba')] }));
  });
});

describe('disqualification (TDA 2017 r71, PPN r71D, IP r9): the chips leave play, he finishes at the place he holds', () => {
  it('the field does not move up: the next player out takes the place below him', () => {
    let s = run(withPlayers(tournament(), 5), { type: 'clock.start' }).state;
    s = run(s, { type: 'penalty.add', entryId: 'e1', kind: 'disqualification' }, T0 + MIN).state;
    assert.deepEqual([entry(s, 'e1').out, entry(s, 'e1').place], ['disqualified', 5]);
    assert.equal(field(s).totalChips, 80_000, '"Chips of a disqualified player shall be removed from play"');
    s = run(s, { type: 'entry.bust', entryIds: ['e2'] }, T0 + 2 * MIN).state;
    assert.equal(entry(s, 'e2').place, 4);
    assert.equal(entry(s, 'e1').place, 5, 'his place is not taken back');
  });
});

describe('entry.bust: the tables map names real tables (IP r47-5, MEC r7)', () => {
  const seated = () => {
    const h = seatingTournament('tda-2024-onk');
    h.run({ type: 'table.add', seats: 9 });
    h.run({ type: 'table.add', seats: 9 });
    const ids = register(h, 4);
    h.run({ type: 'seat.assign', entryId: ids[0], tableId: 't1', seat: 1 });
    h.run({ type: 'seat.assign', entryId: ids[1], tableId: 't1', seat: 2 });
    h.run({ type: 'seat.assign', entryId: ids[2], tableId: 't2', seat: 1 });
    h.run({ type: 'seat.assign', entryId: ids[3], tableId: 't2', seat: 2 });
    return { h, ids };
  };

  it('refuses a same-table bust recorded as two tables, and an id that is no open table', () => {
    const { h, ids } = seated();
    assert.equal(h.refuse({ type: 'entry.bust', entryIds: [ids[0], ids[1]], tables: { [ids[0]!]: 't1', [ids[1]!]: 't2' } }), 'invalid-busts');
    assert.equal(h.refuse({ type: 'entry.bust', entryIds: [ids[0], ids[2]], tables: { [ids[0]!]: 'A', [ids[2]!]: 'B' } }), 'unknown-table');
  });

  it("fills in a seated player's table: two at one table need their starting chips (MEC r7), two tables share", () => {
    const { h, ids } = seated();
    assert.equal(h.refuse({ type: 'entry.bust', entryIds: [ids[0], ids[1]] }), 'invalid-busts');
    h.run({ type: 'entry.bust', entryIds: [ids[0], ids[2]] });
    const places = h.state.entries.entries.filter((e) => e.out === 'bust').map((e) => [e.place, e.placeTo]);
    assert.deepEqual(places, [[3, 4], [3, 4]], 'busts at different tables share 3rd-4th');
  });
});

describe('HR house rules: at least 8 players to start', () => {
  it('refuses clock.start with 7 players, starts with 8, and the TD may override explicitly', () => {
    const seven = withPlayers(tournament({ preset: 'tda-2017-hr' }), 7);
    assert.equal(errorCode(() => run(seven, { type: 'clock.start' })), 'too-few-players');
    assert.equal(run(seven, { type: 'clock.start', override: true }).state.clock.status, 'running');
    assert.equal(run(withPlayers(tournament({ preset: 'tda-2017-hr' }), 8), { type: 'clock.start' }).state.clock.status, 'running');
  });

  it('a preset that names no minimum starts with any number of players', () => {
    assert.equal(run(tournament({ preset: 'tda-2024-onk' }), { type: 'clock.start' }).state.clock.status, 'running');
    // A busted player does not count towards the minimum.
    let s = run(withPlayers(tournament({ preset: 'tda-2017-hr' }), 8), { type: 'entry.bust', entryIds: ['e8'] }).state;
    assert.equal(errorCode(() => run(s, { type: 'clock.start' })), 'too-few-players');
    s = run(s, { type: 'settings.set', rules: { minPlayersToStart: 7 } }).state;
    assert.equal(run(s, { type: 'clock.start' }).state.clock.status, 'running');
  });
});

describe('ONK MEC r4: the stack of a player absent 30 minutes may be removed', () => {
  const onk = () => run(withPlayers(tournament({ preset: 'tda-2024-onk' }), 4), { type: 'clock.start' }).state;

  it('"na 30 minuten afwezigheid": refused at 29 minutes, done at 30; "De speler eindigt op de positie waarop hij zich bevindt"', () => {
    let s = run(onk(), { type: 'entry.absent', entryId: 'e2', absent: true }, T0 + 10 * MIN).state;
    assert.equal(TOPIC_VIEWS.players(s).entries[1]!.absentSince, T0 + 10 * MIN);
    assert.equal(errorCode(() => run(s, { type: 'entry.removeAbsent', entryId: 'e2' }, T0 + 39 * MIN)), 'not-absent-long-enough');
    const out = run(s, { type: 'entry.removeAbsent', entryId: 'e2' }, T0 + 40 * MIN);
    s = out.state;
    assert.deepEqual([entry(s, 'e2').out, entry(s, 'e2').place], ['absent', 4]);
    assert.equal(field(s).totalChips, 60_000, 'his stack leaves play');
    assert.ok(out.events.some((e) => e.type === 'entry.out' && e.reason === 'absent'));
    s = run(s, { type: 'entry.bust', entryIds: ['e1'] }, T0 + 41 * MIN).state;
    assert.equal(entry(s, 'e1').place, 3);
  });

  it('a player back at the table is no longer absent; a preset without the rule refuses it', () => {
    let s = run(onk(), { type: 'entry.absent', entryId: 'e2', absent: true }, T0 + 10 * MIN).state;
    s = run(s, { type: 'entry.absent', entryId: 'e2', absent: false }, T0 + 20 * MIN).state;
    assert.equal(TOPIC_VIEWS.players(s).entries[1]!.absentSince, undefined);
    assert.equal(errorCode(() => run(s, { type: 'entry.removeAbsent', entryId: 'e2' }, T0 + 60 * MIN)), 'not-absent-long-enough');
    const ppn = run(run(withPlayers(tournament({ preset: 'ppn-2024' }), 2), { type: 'clock.start' }).state, { type: 'entry.absent', entryId: 'e1', absent: true }).state;
    assert.equal(errorCode(() => run(ppn, { type: 'entry.removeAbsent', entryId: 'e1' }, T0 + 60 * MIN)), 'no-absent-removal');
  });
});

describe('penalties in play (TDA 2017 r68, r71; IP r67-5, r9; HR house rules)', () => {
  const room = (preset: keyof typeof PRESETS = 'tda-2024-onk') => {
    const h = seatingTournament(preset);
    h.run({ type: 'table.add', seats: 9 });
    h.run({ type: 'table.add', seats: 9 });
    const ids = register(h, 12);
    ids.forEach((entryId, i) => h.run({ type: 'seat.assign', entryId, tableId: i < 7 ? 't1' : 't2', seat: (i % 7) + 1 }));
    h.run({ type: 'seating.draw' });
    return { h, ids };
  };
  const penalty = (h: ReturnType<typeof room>['h'], entryId: string) => TOPIC_VIEWS.players(h.state).entries.find((e) => e.id === entryId)!.penalties;

  it('TDA 2017 r71 example: "one hand for every player (including him or her) at the table" - 2 rounds at a 7-handed table = 14, read from the seating', () => {
    const { h, ids } = room();
    const out = h.run({ type: 'penalty.add', entryId: ids[0], kind: 'missed-rounds', rounds: 2 });
    assert.equal((out.result as { hands: number }).hands, 14);
    assert.equal(h.refuse({ type: 'penalty.add', entryId: ids[0], kind: 'missed-rounds', rounds: 1, playersAtTable: 9 }), 'invalid-penalty');
  });

  it('TDA 2017 r68 / IP r67-5: it begins at the end of the current hand and counts down with the hands dealt at his table only', () => {
    const { h, ids } = room();
    h.run({ type: 'penalty.add', entryId: ids[0], kind: 'missed-hands', hands: 2 });
    assert.equal(penalty(h, ids[0]!)![0]!.served, undefined, 'the current hand is not one of them');
    h.run({ type: 'hand.next', tableId: 't2' });
    assert.equal(penalty(h, ids[0]!)![0]!.served, undefined, 'a hand at another table does not count');
    h.run({ type: 'hand.next', tableId: 't1' });
    assert.equal(penalty(h, ids[0]!)![0]!.served, 1);
    const done = h.run({ type: 'hand.next' });
    assert.ok(done.events.some((e) => e.type === 'penalty.served'));
    assert.equal(penalty(h, ids[0]!), undefined, 'served: no longer shown');
  });

  it('HR house rules: a fold out of turn costs three missed hands', () => {
    const { h, ids } = room('tda-2017-hr');
    const out = h.run({ type: 'penalty.add', entryId: ids[3], kind: 'fold-out-of-turn' });
    assert.equal((out.result as { hands: number }).hands, 3);
  });

  it('IP r9-2 b(i) and TDA 2015: one to four penalty rounds', () => {
    for (const preset of ['ip-2008', 'tda-2015-munkebjerg'] as const) {
      const { h, ids } = room(preset);
      assert.equal(h.refuse({ type: 'penalty.add', entryId: ids[0], kind: 'missed-rounds', rounds: 5 }), 'invalid-penalty');
      assert.equal((h.run({ type: 'penalty.add', entryId: ids[0], kind: 'missed-rounds', rounds: 4 }).result as { hands: number }).hands, 28);
    }
  });
});

describe('dealer cues are a per-tournament switch (TDA 2024 AP 7, AP 20)', () => {
  it('on for the TDA-based presets, off for IP 2008, and the TD can switch them', () => {
    assert.equal(TOPIC_VIEWS.info(tournament({ preset: 'tda-2024-onk' })).dealerCues, true);
    assert.equal(TOPIC_VIEWS.info(tournament({ preset: 'ip-2008' })).dealerCues, false);
    const off = run(tournament({ preset: 'tda-2024-onk' }), { type: 'settings.set', rules: { dealerCues: false } }).state;
    assert.equal(TOPIC_VIEWS.info(off).dealerCues, false);
  });
});

describe('HR house rules: "Igrač koji dođe s drugog stola i sjedne na poziciju small blind, propušta ruku"', () => {
  const moved = (preset: keyof typeof PRESETS) => {
    const h = seatingTournament(preset);
    h.run({ type: 'table.add', seats: 9 });
    h.run({ type: 'table.add', seats: 9 });
    const ids = register(h, 8);
    ids.slice(0, 5).forEach((entryId, i) => h.run({ type: 'seat.assign', entryId, tableId: 't1', seat: i + 1 }));
    [1, 3, 4].forEach((seat, i) => h.run({ type: 'seat.assign', entryId: ids[5 + i], tableId: 't2', seat }));
    h.run({ type: 'seating.draw' });
    h.run({ type: 'button.set', tableId: 't2', seat: 1 });
    // A player from table 1 sits down in seat 2 of table 2: the small blind of the next hand.
    h.run({ type: 'seat.move', entryId: ids[4], tableId: 't2', seat: 2 });
    return h;
  };
  const seat2 = (h: ReturnType<typeof moved>) => h.seating().tables[1]!.seats[1]!;

  it('under the HR preset the newcomer on the small blind misses that hand, and is dealt in from the next', () => {
    const h = moved('tda-2017-hr');
    assert.equal(h.seating().tables[1]!.smallBlind, 2);
    assert.equal(seat2(h).waiting, true);
    h.run({ type: 'hand.next', tableId: 't2' });
    assert.equal(seat2(h).waiting, undefined);
  });

  it('TDA 2017 r7: elsewhere a player on the small blind is dealt in', () => {
    assert.equal(seat2(moved('tda-2015-munkebjerg')).waiting, undefined);
  });
});
